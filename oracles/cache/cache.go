// Package cache wraps any oracle so that a DOI already found is not asked
// again: in memory within a process and, with a directory, on disk across
// runs for a TTL. Unknown answers are never cached, so an outage cannot
// outlive itself; NotFound is cached only in memory and only when asked to.
package cache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// DefaultTTL is how long a Found answer is reused.
const DefaultTTL = 7 * 24 * time.Hour

// Options configures a cache. Zero fields take their defaults.
type Options struct {
	// Dir, when set, keeps Found answers on disk across runs: one JSON file
	// per DOI under Dir/<oracle name>/, named by a hash of the DOI.
	Dir string
	// TTL is how long a Found answer is reused; default DefaultTTL.
	TTL time.Duration
	// NegativeTTL is how long a NotFound answer is reused, in memory only;
	// 0 means NotFound is never cached.
	NegativeTTL time.Duration
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Logger receives counts of hits and misses; default zap.NewNop().
	Logger *zap.Logger
}

// entry is a cached answer.
type entry struct {
	status  oracles.Status
	record  oracles.Record
	expires time.Time
}

// diskEntry is the on-disk form of a Found answer.
type diskEntry struct {
	Oracle   string         `json:"oracle"`
	DOI      string         `json:"doi"`
	StoredAt time.Time      `json:"stored_at"`
	Record   oracles.Record `json:"record"`
}

// cached is the caching oracle.
type cached struct {
	inner oracles.Oracle
	name  string
	dir   string
	ttl   time.Duration
	neg   time.Duration
	now   func() time.Time
	log   *zap.Logger

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

// Wrap returns an oracle with o's name that answers from the cache when it
// can and asks o only for the rest. Found answers are reused for TTL (in
// memory, and on disk when Dir is set); NotFound only in memory for
// NegativeTTL; Unknown never. A cache read or write failure is logged and
// treated as a miss: the cache can cost a request, never an answer.
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
		inner: o,
		name:  o.Name(),
		ttl:   opts.TTL,
		neg:   opts.NegativeTTL,
		now:   opts.Now,
		log:   opts.Logger.With(zap.String("oracle", o.Name())),
		mem:   map[string]entry{},
	}
	c.sweepEvery = c.ttl
	if c.neg > 0 && c.neg < c.sweepEvery {
		c.sweepEvery = c.neg
	}
	c.nextSweep = c.now().Add(c.sweepEvery)
	if opts.Dir != "" {
		c.dir = filepath.Join(opts.Dir, safeName(c.name))
	}
	return c
}

func (c *cached) Name() string { return c.name }

// Unwrap returns the oracle underneath the cache.
func (c *cached) Unwrap() oracles.Oracle { return c.inner }

func (c *cached) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(c.name, dois)
	var misses []string
	for _, d := range valid {
		if r, ok := c.get(d); ok {
			out[d] = r
			continue
		}
		misses = append(misses, d)
	}
	c.log.Debug("cache lookup", zap.Int("hits", len(valid)-len(misses)), zap.Int("misses", len(misses)))
	if len(misses) == 0 {
		return out
	}
	for k, r := range c.inner.Lookup(ctx, misses) {
		out[k] = r
		c.put(k, r)
	}
	return out
}

// get returns a fresh cached answer for doi, from memory or disk.
func (c *cached) get(doi string) (oracles.Result, bool) {
	now := c.now()
	c.mu.Lock()
	e, ok := c.mem[doi]
	if ok && !now.Before(e.expires) {
		delete(c.mem, doi)
		ok = false
	}
	c.mu.Unlock()
	if !ok {
		if e, ok = c.readDisk(doi, now); !ok {
			return oracles.Result{}, false
		}
		c.mu.Lock()
		c.mem[doi] = e
		c.mu.Unlock()
	}
	r := oracles.Result{DOI: doi, Status: e.status, Oracle: c.name}
	if e.status == oracles.Found {
		rec := cloneRecord(e.record)
		r.Record = &rec
	}
	return r, true
}

// put caches what may be cached of r.
func (c *cached) put(doi string, r oracles.Result) {
	now := c.now()
	switch {
	case r.Status == oracles.Found && r.Record != nil && r.Err == nil:
		rec := cloneRecord(*r.Record)
		c.mu.Lock()
		c.sweepLocked(now)
		c.mem[doi] = entry{status: oracles.Found, record: rec, expires: now.Add(c.ttl)}
		c.mu.Unlock()
		if err := c.writeDisk(doi, rec, now); err != nil {
			c.log.Warn("cache write failed", zap.Error(err))
		}
	case r.Status == oracles.NotFound && c.neg > 0 && r.Err == nil:
		c.mu.Lock()
		c.sweepLocked(now)
		c.mem[doi] = entry{status: oracles.NotFound, expires: now.Add(c.neg)}
		c.mu.Unlock()
	}
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

// path is the file for doi: a hash, so no DOI character reaches the file
// system.
func (c *cached) path(doi string) string {
	sum := sha256.Sum256([]byte(doi))
	return filepath.Join(c.dir, hex.EncodeToString(sum[:])+".json")
}

func (c *cached) readDisk(id string, now time.Time) (entry, bool) {
	if c.dir == "" {
		return entry{}, false
	}
	b, err := os.ReadFile(c.path(id))
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			c.log.Warn("cache read failed", zap.Error(err))
		}
		return entry{}, false
	}
	var d diskEntry
	if err := json.Unmarshal(b, &d); err != nil || d.DOI != id || d.Oracle != c.name || !doi.Same(d.Record.DOI, id) {
		c.log.Debug("cache file ignored", zap.String("id", id))
		return entry{}, false
	}
	expires := d.StoredAt.Add(c.ttl)
	if !now.Before(expires) || d.StoredAt.After(now) {
		return entry{}, false
	}
	return entry{status: oracles.Found, record: d.Record, expires: expires}, true
}

// writeDisk stores a Found answer atomically: a temporary file in the same
// directory, then a rename, so a reader never sees half a file.
func (c *cached) writeDisk(doi string, rec oracles.Record, now time.Time) error {
	if c.dir == "" {
		return nil
	}
	b, err := json.Marshal(diskEntry{Oracle: c.name, DOI: doi, StoredAt: now.UTC(), Record: rec})
	if err != nil {
		return fmt.Errorf("cache: encode %s: %w", doi, err)
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	tmp, err := os.CreateTemp(c.dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("cache: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("cache: close %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), c.path(doi)); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

func cloneRecord(r oracles.Record) oracles.Record {
	r.Authors = append([]string(nil), r.Authors...)
	r.PubTypes = append([]string(nil), r.PubTypes...)
	return r
}

// safeName keeps an oracle name usable as a directory name.
func safeName(s string) string {
	b := []byte(s)
	for i, ch := range b {
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_') {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "oracle"
	}
	return string(b)
}
