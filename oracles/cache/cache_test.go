package cache_test

import (
	"context"
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
	cache.Wrap(f, opts).Lookup(context.Background(), give)
	files, err := filepath.Glob(filepath.Join(dir, "fake", "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		t.Fatalf("files on disk = %v, want 2 (found answers only, no temporary files)", files)
	}
	for _, p := range files {
		if strings.Contains(filepath.Base(p), "10.1234") || !strings.HasSuffix(p, ".json") {
			t.Errorf("file %s: want a hash name ending .json", p)
		}
	}

	// A new process: memory is empty, disk answers the found DOIs.
	f2 := newFake()
	got := cache.Wrap(f2, opts).Lookup(context.Background(), give)
	if asked := f2.takeAsked(); !slices.Equal(asked, []string{absentDOI, downDOI}) {
		t.Errorf("after restart asked %v, want only the uncached %v", asked, []string{absentDOI, downDOI})
	}
	if r := got[retractedDOI]; r.Status != oracles.Found || !r.Record.Retracted {
		t.Errorf("%s from disk = %s %+v, want found and retracted", retractedDOI, r.Status, r.Record)
	}

	// Past the TTL the disk copy is stale.
	clk.Advance(25 * time.Hour)
	f3 := newFake()
	cache.Wrap(f3, opts).Lookup(context.Background(), []string{foundDOI})
	if asked := f3.takeAsked(); !slices.Equal(asked, []string{foundDOI}) {
		t.Errorf("after TTL asked %v, want %s again", asked, foundDOI)
	}
}

func TestCacheIgnoresCorruptFiles(t *testing.T) {
	dir := t.TempDir()
	opts := cache.Options{Dir: dir, Logger: zaptest.NewLogger(t)}
	cache.Wrap(newFake(), opts).Lookup(context.Background(), []string{foundDOI})
	files, _ := filepath.Glob(filepath.Join(dir, "fake", "*.json"))
	if len(files) != 1 {
		t.Fatalf("files = %v, want 1", files)
	}
	if err := os.WriteFile(files[0], []byte(`{"oracle":"fake","doi":"10.1234/fou`), 0o644); err != nil {
		t.Fatal(err)
	}
	f := newFake()
	got := cache.Wrap(f, opts).Lookup(context.Background(), []string{foundDOI})
	if got[foundDOI].Status != oracles.Found {
		t.Errorf("got %s, want found from the inner oracle", got[foundDOI].Status)
	}
	if asked := f.takeAsked(); len(asked) != 1 {
		t.Errorf("asked %v, want the DOI asked again after a corrupt file", asked)
	}
}
