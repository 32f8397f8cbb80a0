// Package cache wraps any oracle so that a DOI already answered is not
// asked again: in memory within a process and, with a store, on disk across
// runs and processes. Answers are keyed by the oracle's identity
// (oracles.IdentityOf: its name, base URL and every setting that can change
// an answer) and the DOI, so a mirror's answers are never served for the
// real service, nor the other way round. Found answers are reused for TTL;
// NotFound answers only for NegativeTTL, a short time of their own, since a
// DOI not registered today may be registered tomorrow; Unknown answers are
// never cached, so an outage cannot outlive itself. Every answer served from
// the cache carries the time it was stored (oracles.Result.CachedAt).
package cache

import (
	"context"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/oracles"
)

// DefaultTTL is how long a Found answer is reused.
const DefaultTTL = 7 * 24 * time.Hour

// Options configures a cache. Zero fields take their defaults.
type Options struct {
	// Store, when set, keeps answers on disk across runs and processes.
	Store *Store
	// Dir, when set and Store is not, opens a store of the cache's own in
	// Dir (see Open). A process that wraps several oracles opens one
	// Store and passes it to each instead.
	Dir string
	// TTL is how long a Found answer is reused; default DefaultTTL.
	TTL time.Duration
	// NegativeTTL is how long a NotFound answer is reused; 0 means
	// NotFound is never cached.
	NegativeTTL time.Duration
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Logger receives counts of hits and misses; default zap.NewNop().
	Logger *zap.Logger
}

// entry is a cached answer in memory.
type entry struct {
	status   oracles.Status
	record   oracles.Record
	storedAt time.Time
	expires  time.Time
}

// cached is the caching oracle.
type cached struct {
	inner    oracles.Oracle
	name     string
	identity string
	ttl      time.Duration
	neg      time.Duration
	now      func() time.Time
	log      *zap.Logger

	// store is opened on first use when only a directory was given.
	storeOnce sync.Once
	storeDir  string
	store     *Store

	mu  sync.Mutex
	mem map[string]entry
	// nextSweep is when put next drops expired entries from mem; sweeps
	// run at most once per sweepEvery, so expired answers never asked
	// again do not pile up in a long process.
	nextSweep  time.Time
	sweepEvery time.Duration
}

// Unwrapper is implemented by the oracle Wrap returns, for callers that
// need the oracle underneath.
type Unwrapper interface {
	Unwrap() oracles.Oracle
}

// Wrap returns an oracle with o's name and identity that answers from the
// cache when it can and asks o only for the rest. A store read or write
// failure is logged and treated as a miss: the cache can cost a request,
// never an answer.
func Wrap(o oracles.Oracle, opts Options) oracles.Oracle {
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	c := &cached{
		inner:    o,
		name:     o.Name(),
		identity: oracles.IdentityOf(o),
		ttl:      opts.TTL,
		neg:      opts.NegativeTTL,
		now:      opts.Now,
		log:      opts.Logger.With(zap.String("oracle", o.Name())),
		mem:      map[string]entry{},
		store:    opts.Store,
		storeDir: opts.Dir,
	}
	c.sweepEvery = c.ttl
	if c.neg > 0 && c.neg < c.sweepEvery {
		c.sweepEvery = c.neg
	}
	c.nextSweep = c.now().Add(c.sweepEvery)
	return c
}

func (c *cached) Name() string { return c.name }

// Unwrap returns the oracle underneath the cache.
func (c *cached) Unwrap() oracles.Oracle { return c.inner }

// Identity is the wrapped oracle's identity.
func (c *cached) Identity() string { return c.identity }

func (c *cached) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(c.name, dois)
	now := c.now()
	var misses []string
	for _, d := range valid {
		if r, ok := c.fromMemory(d, now); ok {
			out[d] = r
			continue
		}
		misses = append(misses, d)
	}
	memHits := len(valid) - len(misses)
	misses = c.fromStore(ctx, misses, now, out)
	c.log.Debug("cache lookup", zap.Int("memory_hits", memHits), zap.Int("store_hits", len(valid)-memHits-len(misses)), zap.Int("misses", len(misses)))
	if len(misses) == 0 {
		return out
	}
	answers := c.inner.Lookup(ctx, misses)
	keep := map[string]row{}
	for k, r := range answers {
		out[k] = r
		if e, ok := c.cacheable(r, c.now()); ok {
			c.remember(k, e)
			keep[k] = row{status: e.status, record: e.record, storedAt: e.storedAt}
		}
	}
	if st := c.openStore(); st != nil {
		if err := st.put(ctx, c.identity, keep); err != nil {
			c.log.Warn("cache write failed", zap.Error(err))
		}
	}
	return out
}

// result is the answer an entry gives for doi.
func (c *cached) result(doi string, e entry) oracles.Result {
	r := oracles.Result{DOI: doi, Status: e.status, Oracle: c.name, CachedAt: e.storedAt}
	if e.status == oracles.Found {
		rec := cloneRecord(e.record)
		r.Record = &rec
	}
	return r
}

// fromMemory returns a fresh answer for doi from memory.
func (c *cached) fromMemory(doi string, now time.Time) (oracles.Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.mem[doi]
	if ok && !now.Before(e.expires) {
		delete(c.mem, doi)
		ok = false
	}
	if !ok {
		return oracles.Result{}, false
	}
	return c.result(doi, e), true
}

// fromStore fills out with the fresh stored answers for dois and returns
// the DOIs it has none for.
func (c *cached) fromStore(ctx context.Context, dois []string, now time.Time, out map[string]oracles.Result) []string {
	st := c.openStore()
	if st == nil || len(dois) == 0 {
		return dois
	}
	rows, err := st.get(ctx, c.identity, dois)
	if err != nil {
		c.log.Warn("cache read failed", zap.Error(err))
	}
	var misses []string
	for _, d := range dois {
		r, ok := rows[d]
		if !ok {
			misses = append(misses, d)
			continue
		}
		e, fresh := c.fresh(d, r, now)
		if !fresh {
			misses = append(misses, d)
			continue
		}
		c.remember(d, e)
		out[d] = c.result(d, e)
	}
	return misses
}

// fresh turns a stored row into an entry, and reports whether it may still
// be served: within its TTL, not stored in the future, and a Found record
// for the DOI asked.
func (c *cached) fresh(d string, r row, now time.Time) (entry, bool) {
	ttl := c.ttl
	if r.status == oracles.NotFound {
		ttl = c.neg
	}
	e := entry{status: r.status, record: r.record, storedAt: r.storedAt, expires: r.storedAt.Add(ttl)}
	if ttl <= 0 || !now.Before(e.expires) || r.storedAt.After(now) {
		return e, false
	}
	if r.status == oracles.Found && !sameDOI(r.record.DOI, d) {
		return e, false
	}
	return e, true
}

// cacheable is the entry to keep for a fresh answer, if it may be kept.
func (c *cached) cacheable(r oracles.Result, now time.Time) (entry, bool) {
	switch {
	case r.Err != nil:
	case r.Status == oracles.Found && r.Record != nil:
		return entry{status: oracles.Found, record: cloneRecord(*r.Record), storedAt: now.UTC(), expires: now.Add(c.ttl)}, true
	case r.Status == oracles.NotFound && c.neg > 0:
		return entry{status: oracles.NotFound, storedAt: now.UTC(), expires: now.Add(c.neg)}, true
	}
	return entry{}, false
}

// remember keeps e in memory.
func (c *cached) remember(doi string, e entry) {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sweepLocked(now)
	c.mem[doi] = e
}

// sweepLocked drops every expired entry from mem, at most once per
// sweepEvery. c.mu must be held.
func (c *cached) sweepLocked(now time.Time) {
	if now.Before(c.nextSweep) {
		return
	}
	for doi, e := range c.mem {
		if !now.Before(e.expires) {
			delete(c.mem, doi)
		}
	}
	c.nextSweep = now.Add(c.sweepEvery)
}

// openStore returns the store, opening the cache's own on first use when
// only a directory was given; nil when there is none or it cannot be
// opened (logged once).
func (c *cached) openStore() *Store {
	c.storeOnce.Do(func() {
		if c.store != nil || c.storeDir == "" {
			return
		}
		st, err := Open(c.storeDir)
		if err != nil {
			c.log.Warn("cache store unavailable", zap.Error(err))
			return
		}
		c.store = st
	})
	return c.store
}

func cloneRecord(r oracles.Record) oracles.Record {
	r.Authors = append([]string(nil), r.Authors...)
	r.PubTypes = append([]string(nil), r.PubTypes...)
	return r
}
