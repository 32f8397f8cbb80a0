package cache_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
)

// fakeOracle answers from fixed statuses and records every DOI it is asked.
type fakeOracle struct {
	status map[string]oracles.Status // absent: NotFound

	mu    sync.Mutex
	asked []string
}

func (f *fakeOracle) Name() string { return "fake" }

func (f *fakeOracle) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(f.Name(), dois)
	f.mu.Lock()
	f.asked = append(f.asked, valid...)
	f.mu.Unlock()
	for _, d := range valid {
		st, ok := f.status[d]
		if !ok {
			st = oracles.NotFound
		}
		switch st {
		case oracles.Found:
			out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: f.Name(),
				Record: &oracles.Record{DOI: d, Title: "Title of " + d, Authors: []string{"Smith A"}, Retracted: strings.Contains(d, "retracted")}}
		case oracles.NotFound:
			out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: f.Name()}
		default:
			out[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: f.Name(), Err: oracles.ErrUnavailable}
		}
	}
	return out
}

// takeAsked returns and clears the DOIs asked so far.
func (f *fakeOracle) takeAsked() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	a := f.asked
	f.asked = nil
	slices.Sort(a)
	return a
}

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

const (
	foundDOI     = "10.1234/found"
	retractedDOI = "10.1234/retracted"
	absentDOI    = "10.1234/absent"
	downDOI      = "10.1234/down"
)

func newFake() *fakeOracle {
	return &fakeOracle{status: map[string]oracles.Status{
		foundDOI: oracles.Found, retractedDOI: oracles.Found, downDOI: oracles.Unknown,
	}}
}

func TestCacheReuse(t *testing.T) {
	tests := []struct {
		name      string
		opts      cache.Options
		advance   time.Duration
		give      []string
		wantAgain []string // asked of the inner oracle on the second lookup
	}{
		{"found reused", cache.Options{}, time.Hour, []string{foundDOI, retractedDOI}, nil},
		{"found expires after TTL", cache.Options{TTL: time.Hour}, time.Hour, []string{foundDOI}, []string{foundDOI}},
		{"unknown never cached", cache.Options{NegativeTTL: time.Hour}, 0, []string{downDOI}, []string{downDOI}},
		{"not found not cached by default", cache.Options{}, 0, []string{absentDOI}, []string{absentDOI}},
		{"not found cached for NegativeTTL", cache.Options{NegativeTTL: time.Minute}, 30 * time.Second, []string{absentDOI}, nil},
		{"not found expires", cache.Options{NegativeTTL: time.Minute}, time.Minute, []string{absentDOI}, []string{absentDOI}},
		{"only misses are asked", cache.Options{}, 0, []string{foundDOI, absentDOI, downDOI}, []string{absentDOI, downDOI}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			clk := &clock{t: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
			tt.opts.Now = clk.Now
			tt.opts.Logger = zaptest.NewLogger(t)
			o := cache.Wrap(f, tt.opts)
			if o.Name() != "fake" {
				t.Errorf("Name() = %q, want the wrapped oracle's", o.Name())
			}
			first := o.Lookup(context.Background(), tt.give)
			f.takeAsked()
			clk.Advance(tt.advance)
			second := o.Lookup(context.Background(), tt.give)
			if got := f.takeAsked(); !slices.Equal(got, tt.wantAgain) {
				t.Errorf("second lookup asked %v, want %v", got, tt.wantAgain)
			}
			for _, d := range tt.give {
				a, b := first[d], second[d]
				if a.Status != b.Status || (a.Record == nil) != (b.Record == nil) {
					t.Errorf("%s: first %s, then %s: the cache changed the answer", d, a.Status, b.Status)
				}
				if b.Record != nil && (b.Record.DOI != d || b.Record.Retracted != a.Record.Retracted || b.Oracle != "fake") {
					t.Errorf("%s: cached answer %+v differs from %+v", d, *b.Record, *a.Record)
				}
			}
		})
	}
}

func TestCacheInvalidDOINeverAsked(t *testing.T) {
	f := newFake()
	o := cache.Wrap(f, cache.Options{})
	give := `10.1/x" OR "cancer`
	got := o.Lookup(context.Background(), []string{give, "DOI:" + strings.ToUpper(foundDOI)})
	if r := got[give]; r.Status != oracles.Unknown || !errors.Is(r.Err, doi.ErrInvalid) {
		t.Errorf("%q: got %s (err %v), want unknown with doi.ErrInvalid", give, r.Status, r.Err)
	}
	if got[foundDOI].Status != oracles.Found {
		t.Errorf("%s: got %s, want found under its normalised key", foundDOI, got[foundDOI].Status)
	}
	if asked := f.takeAsked(); !slices.Equal(asked, []string{foundDOI}) {
		t.Errorf("inner oracle asked %v, want only %s", asked, foundDOI)
	}
}

func TestCacheCallerCannotCorruptIt(t *testing.T) {
	f := newFake()
	o := cache.Wrap(f, cache.Options{})
	o.Lookup(context.Background(), []string{foundDOI})[foundDOI].Record.Title = "changed"
	r := o.Lookup(context.Background(), []string{foundDOI})[foundDOI]
	r.Record.Authors[0] = "changed"
	r = o.Lookup(context.Background(), []string{foundDOI})[foundDOI]
	if r.Record.Title != "Title of "+foundDOI || r.Record.Authors[0] != "Smith A" {
		t.Errorf("cached record = %+v, want it untouched by callers", *r.Record)
	}
}

func TestCacheOnDisk(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{t: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	opts := cache.Options{Dir: dir, TTL: 24 * time.Hour, NegativeTTL: time.Hour, Now: clk.Now, Logger: zaptest.NewLogger(t)}
	give := []string{foundDOI, retractedDOI, absentDOI, downDOI}

	f := newFake()
	first := cache.Wrap(f, opts).Lookup(context.Background(), give)
	for _, d := range give {
		if !first[d].CachedAt.IsZero() {
			t.Errorf("%s: a fresh answer says it came from the cache", d)
		}
	}
	if got := storedRows(t, dir); !slices.Equal(got, []string{absentDOI + " not_found", foundDOI + " found", retractedDOI + " found"}) {
		t.Fatalf("stored rows = %v, want the found and not-found answers only", got)
	}

	// A new process: memory is empty, the store answers, with the time
	// each answer was stored.
	stored := clk.Now()
	clk.Advance(30 * time.Minute)
	f2 := newFake()
	got := cache.Wrap(f2, opts).Lookup(context.Background(), give)
	if asked := f2.takeAsked(); !slices.Equal(asked, []string{downDOI}) {
		t.Errorf("after restart asked %v, want only the unknown %v", asked, downDOI)
	}
	if r := got[retractedDOI]; r.Status != oracles.Found || !r.Record.Retracted || !r.CachedAt.Equal(stored) {
		t.Errorf("%s from the store = %s %+v cached at %s, want found, retracted, cached at %s", retractedDOI, r.Status, r.Record, r.CachedAt, stored)
	}
	if r := got[absentDOI]; r.Status != oracles.NotFound || !r.CachedAt.Equal(stored) {
		t.Errorf("%s from the store = %s cached at %s, want not_found cached at %s", absentDOI, r.Status, r.CachedAt, stored)
	}

	// Past the negative TTL, not_found is asked again; found is still kept.
	clk.Advance(time.Hour)
	f3 := newFake()
	cache.Wrap(f3, opts).Lookup(context.Background(), []string{foundDOI, absentDOI})
	if asked := f3.takeAsked(); !slices.Equal(asked, []string{absentDOI}) {
		t.Errorf("past the negative TTL asked %v, want only %s", asked, absentDOI)
	}

	// Past the TTL the found answer is stale.
	clk.Advance(25 * time.Hour)
	f4 := newFake()
	cache.Wrap(f4, opts).Lookup(context.Background(), []string{foundDOI})
	if asked := f4.takeAsked(); !slices.Equal(asked, []string{foundDOI}) {
		t.Errorf("after TTL asked %v, want %s again", asked, foundDOI)
	}
}

// storedRows lists the store's rows as "doi status", sorted.
func storedRows(t *testing.T, dir string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", cache.Path(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT doi, status FROM answers ORDER BY doi`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var d string
		var st int
		if err := rows.Scan(&d, &st); err != nil {
			t.Fatal(err)
		}
		out = append(out, d+" "+oracles.Status(st).String())
	}
	return out
}

func TestCacheIgnoresCorruptRows(t *testing.T) {
	dir := t.TempDir()
	opts := cache.Options{Dir: dir, Logger: zaptest.NewLogger(t)}
	cache.Wrap(newFake(), opts).Lookup(context.Background(), []string{foundDOI})
	db, err := sql.Open("sqlite", cache.Path(dir))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE answers SET record = '{"doi":"10.1234/fou'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	f := newFake()
	got := cache.Wrap(f, opts).Lookup(context.Background(), []string{foundDOI})
	if got[foundDOI].Status != oracles.Found || !got[foundDOI].CachedAt.IsZero() {
		t.Errorf("got %s, want found from the inner oracle", got[foundDOI].Status)
	}
	if asked := f.takeAsked(); len(asked) != 1 {
		t.Errorf("asked %v, want the DOI asked again after a corrupt row", asked)
	}
}

// A store that cannot be opened costs requests, never answers.
func TestCacheWithABrokenStore(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(cache.Path(dir), []byte("not a database, not at all, no"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := newFake()
	got := cache.Wrap(f, cache.Options{Dir: dir, Logger: zaptest.NewLogger(t)}).Lookup(context.Background(), []string{foundDOI, absentDOI})
	if got[foundDOI].Status != oracles.Found || got[absentDOI].Status != oracles.NotFound {
		t.Errorf("got %v", got)
	}
}

// namedFake is a fakeOracle with an identity: two of them share a name,
// as Europe PMC and a mirror of it do.
type namedFake struct {
	*fakeOracle
	id string
}

func (n namedFake) Identity() string { return n.id }

// Two oracles of one name and different identities, one store: each is
// served only its own answers.
func TestCacheKeysByIdentity(t *testing.T) {
	st, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	real := namedFake{newFake(), "fake https://real.example"}
	mirror := namedFake{&fakeOracle{status: map[string]oracles.Status{foundDOI: oracles.NotFound}}, "fake http://127.0.0.1:1"}
	opts := cache.Options{Store: st, NegativeTTL: time.Hour, Logger: zaptest.NewLogger(t)}
	cache.Wrap(real, opts).Lookup(context.Background(), []string{foundDOI})
	cache.Wrap(mirror, opts).Lookup(context.Background(), []string{foundDOI})

	r2 := namedFake{newFake(), real.id}
	if got := cache.Wrap(r2, opts).Lookup(context.Background(), []string{foundDOI}); got[foundDOI].Status != oracles.Found || len(r2.takeAsked()) != 0 {
		t.Errorf("the real oracle after a mirror: %s", got[foundDOI].Status)
	}
	m2 := namedFake{newFake(), mirror.id}
	if got := cache.Wrap(m2, opts).Lookup(context.Background(), []string{foundDOI}); got[foundDOI].Status != oracles.NotFound || len(m2.takeAsked()) != 0 {
		t.Errorf("the mirror after the real oracle: %s", got[foundDOI].Status)
	}
	if id := oracles.IdentityOf(cache.Wrap(real, opts)); id != real.id {
		t.Errorf("the cache's identity = %q, want the wrapped oracle's %q", id, real.id)
	}
}

func TestClear(t *testing.T) {
	dir := t.TempDir()
	cache.Wrap(newFake(), cache.Options{Dir: dir}).Lookup(context.Background(), []string{foundDOI})
	legacy := filepath.Join(dir, "europepmc")
	keep := filepath.Join(dir, "mine")
	for _, p := range []string{legacy, keep} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(legacy, strings.Repeat("ab", 32)+".json"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(keep, "notes.txt"), []byte("mine"), 0o644)
	removed, err := cache.Clear(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(cache.Path(dir)); !os.IsNotExist(err) {
		t.Errorf("the store is still there: %v", err)
	}
	if _, err := os.Stat(legacy); !os.IsNotExist(err) {
		t.Errorf("the legacy folder is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(keep, "notes.txt")); err != nil {
		t.Errorf("a folder of someone else's was touched: %v", err)
	}
	if !slices.Contains(removed, cache.Path(dir)) || !slices.Contains(removed, legacy) {
		t.Errorf("removed = %v", removed)
	}
	if _, err := cache.Clear(filepath.Join(dir, "absent")); err != nil {
		t.Errorf("clearing a cache that is not there: %v", err)
	}
}
