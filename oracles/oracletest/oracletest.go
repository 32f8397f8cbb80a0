package oracletest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// MaxBodyBytes is the largest body the oracle under test may accept: the
// oversized-body fault sends more than this. FastOptions sets it.
const MaxBodyBytes = 1 << 20

// Absent are well-formed DOIs that no Handler knows; the suite asks them
// expecting NotFound.
var absent = []string{"10.99999/no.such.doi", "10.5555/citeloop-absent-1"}

// Hostile are strings that would change the meaning of a query if they
// reached the wire. Each must be answered Unknown with doi.ErrInvalid without
// any request.
var hostile = []string{
	`10.1/x" OR "cancer`,
	`10.1234/x" OR "cancer`,
	`10.1234/a\b`,
	"10.1234/a b",
	"10.1234/a\nb",
	"10.1234/a\x00b",
	"",
	"not a doi",
}

// Harness describes the oracle under test.
type Harness struct {
	// New builds the oracle under test against baseURL, with fast retry
	// settings (2 attempts, ms backoff, ~200ms timeout; see FastOptions) and
	// a body cap of at most MaxBodyBytes.
	New func(t *testing.T, baseURL string) oracles.Oracle
	// Handler speaks the oracle's real wire protocol and knows exactly the
	// records in known (built from recorded fixtures); any other DOI is
	// answered "not found" the way the real API does.
	Handler func(t *testing.T, known []oracles.Record) http.Handler
	// Known are at least two real records (DOIs with mixed case somewhere is
	// fine).
	Known []oracles.Record
}

// FastOptions are httpx options suited to New: 2 attempts, millisecond
// backoff, a 200 ms per-attempt timeout, no rate limit, and a body cap of
// MaxBodyBytes.
func FastOptions(name string) httpx.Options {
	return httpx.Options{
		Name:          name,
		Contact:       "conformance@example.org",
		Timeout:       200 * time.Millisecond,
		MaxAttempts:   2,
		MinBackoff:    time.Millisecond,
		MaxBackoff:    5 * time.Millisecond,
		RatePerSecond: -1,
		MaxConcurrent: 8,
		MaxBodyBytes:  MaxBodyBytes,
	}
}

// env is one oracle under test with its server and request counter.
type env struct {
	oracle   oracles.Oracle
	requests *atomic.Int64
	// composite oracles name the members that decided in Result.Oracle.
	composite bool
	// partial oracles answer a DOI they do not hold Unknown with
	// oracles.ErrNotInCorpus, never NotFound.
	partial bool
}

// wantAbsent checks the answer for a DOI the oracle does not know:
// NotFound, or, for a partial oracle (an offline corpus), Unknown with
// oracles.ErrNotInCorpus.
func (e env) wantAbsent(t *testing.T, got map[string]oracles.Result, id string) {
	t.Helper()
	if !e.partial {
		wantStatus(t, got, id, oracles.NotFound)
		return
	}
	wantStatus(t, got, id, oracles.Unknown)
	if key, err := doi.Normalize(id); err == nil && !errors.Is(got[key].Err, oracles.ErrNotInCorpus) {
		t.Errorf("%s: unknown with %v, want a cause wrapping oracles.ErrNotInCorpus", key, got[key].Err)
	}
}

// setup starts a server serving h (wrapped to count requests) and builds the
// oracle against it.
func (h Harness) setup(t *testing.T, handler http.Handler) env {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return env{oracle: h.New(t, srv.URL), requests: &n}
}

func (h Harness) real(t *testing.T) env {
	t.Helper()
	return h.setup(t, h.Handler(t, h.Known))
}

// lookup calls Lookup with a safety deadline and checks the invariants every
// answer must hold.
func (e env) lookup(t *testing.T, ctx context.Context, dois []string) map[string]oracles.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	got := e.oracle.Lookup(ctx, dois)
	name := e.oracle.Name()
	if e.composite {
		name = ""
	}
	for _, p := range Problems(name, dois, got) {
		t.Error(p)
	}
	return got
}

func knownDOIs(t *testing.T, known []oracles.Record) []string {
	t.Helper()
	out := make([]string, 0, len(known))
	for _, r := range known {
		d, err := doi.Normalize(r.DOI)
		if err != nil {
			t.Fatalf("Harness.Known has an invalid DOI: %v", err)
		}
		out = append(out, d)
	}
	return out
}

// Run runs the conformance suite against the oracle h describes.
func Run(t *testing.T, h Harness) {
	t.Helper()
	if h.New == nil || h.Handler == nil {
		t.Fatal("oracletest: Harness.New and Harness.Handler are required")
	}
	if len(h.Known) < 2 {
		t.Fatalf("oracletest: Harness.Known has %d records, want at least 2", len(h.Known))
	}
	known := knownDOIs(t, h.Known)

	runContract(t, known, h.real)
	t.Run("faults", func(t *testing.T) {
		for _, f := range faults {
			t.Run(f.name, func(t *testing.T) {
				e := h.setup(t, f.wrap(h.Handler(t, h.Known), known))
				ask := append([]string(nil), known...)
				switch {
				case f.firstOnly:
					ask = known[:1]
				case !f.knownOnly:
					ask = append(ask, absent...)
				}
				got := e.lookup(t, context.Background(), ask)
				for _, d := range ask {
					r := got[d]
					if r.Status != oracles.Unknown {
						t.Errorf("%s: got %s, want unknown", d, r.Status)
						continue
					}
					if !errors.Is(r.Err, oracles.ErrUnavailable) {
						t.Errorf("%s: error %v does not wrap oracles.ErrUnavailable", d, r.Err)
					}
				}
				if e.requests.Load() == 0 {
					t.Errorf("no request reached the faulty server")
				}
			})
		}
	})
}

// runContract runs the part of the suite every oracle must pass, HTTP or
// not. newEnv builds a fresh oracle knowing exactly known; its request
// counter counts what reached the wire (or the wrapped oracle).
func runContract(t *testing.T, known []string, newEnv func(t *testing.T) env) {
	t.Helper()
	t.Run("found", func(t *testing.T) {
		e := newEnv(t)
		for _, d := range known {
			got := e.lookup(t, context.Background(), []string{d})
			wantStatus(t, got, d, oracles.Found)
		}
	})
	t.Run("not found", func(t *testing.T) {
		e := newEnv(t)
		got := e.lookup(t, context.Background(), absent)
		for _, d := range absent {
			e.wantAbsent(t, got, d)
		}
	})
	t.Run("mixed batch", func(t *testing.T) {
		e := newEnv(t)
		ask := []string{known[0], absent[0], known[1], absent[1]}
		got := e.lookup(t, context.Background(), ask)
		wantStatus(t, got, known[0], oracles.Found)
		wantStatus(t, got, known[1], oracles.Found)
		e.wantAbsent(t, got, absent[0])
		e.wantAbsent(t, got, absent[1])
	})
	t.Run("case insensitive", func(t *testing.T) {
		e := newEnv(t)
		for _, d := range known {
			got := e.lookup(t, context.Background(), []string{strings.ToUpper(d)})
			wantStatus(t, got, d, oracles.Found)
		}
	})
	t.Run("every asked DOI answered", func(t *testing.T) {
		e := newEnv(t)
		ask := []string{
			"https://doi.org/" + known[0], "doi:" + strings.ToUpper(known[0]), known[0],
			known[1], absent[0], hostile[0], hostile[2],
		}
		got := e.lookup(t, context.Background(), ask)
		if want := 5; len(got) != want {
			t.Errorf("Lookup answered %d keys, want %d (one per distinct normalised DOI, one per invalid input)", len(got), want)
		}
		wantStatus(t, got, known[0], oracles.Found)
		wantStatus(t, got, known[1], oracles.Found)
		e.wantAbsent(t, got, absent[0])
	})
	t.Run("empty input", func(t *testing.T) {
		e := newEnv(t)
		got := e.lookup(t, context.Background(), nil)
		if len(got) != 0 {
			t.Errorf("Lookup(nil) = %d answers, want 0", len(got))
		}
		if n := e.requests.Load(); n != 0 {
			t.Errorf("Lookup(nil) made %d requests, want 0", n)
		}
	})
	t.Run("invalid DOI never reaches the wire", func(t *testing.T) {
		e := newEnv(t)
		got := e.lookup(t, context.Background(), hostile)
		for _, d := range hostile {
			r, ok := got[d]
			if !ok {
				t.Errorf("%q: not answered under its raw form", d)
				continue
			}
			if r.Status != oracles.Unknown || !errors.Is(r.Err, doi.ErrInvalid) {
				t.Errorf("%q: got %s (err %v), want unknown with doi.ErrInvalid", d, r.Status, r.Err)
			}
		}
		if n := e.requests.Load(); n != 0 {
			t.Errorf("hostile DOIs made %d requests, want 0", n)
		}
	})
	t.Run("context already cancelled", func(t *testing.T) {
		e := newEnv(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		ask := append([]string{absent[0]}, known...)
		got := e.lookup(t, ctx, ask)
		for _, d := range ask {
			if r := got[d]; r.Status != oracles.Unknown || r.Err == nil {
				t.Errorf("%s: got %s (err %v), want unknown with an error", d, r.Status, r.Err)
			}
		}
		if n := e.requests.Load(); n != 0 {
			t.Errorf("a cancelled lookup made %d requests, want 0", n)
		}
	})
	t.Run("concurrent lookups", func(t *testing.T) {
		e := newEnv(t)
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				d := known[i%len(known)]
				got := e.lookup(t, context.Background(), []string{d, absent[i%len(absent)]})
				wantStatus(t, got, d, oracles.Found)
			})
		}
		wg.Wait()
	})
}

func wantStatus(t *testing.T, got map[string]oracles.Result, id string, want oracles.Status) {
	t.Helper()
	key, err := doi.Normalize(id)
	if err != nil {
		t.Fatalf("wantStatus(%q): %v", id, err)
	}
	r, ok := got[key]
	if !ok {
		t.Errorf("%s: no answer", key)
		return
	}
	if r.Status != want {
		t.Errorf("%s: got %s (err %v), want %s", key, r.Status, r.Err, want)
	}
}

// Problems lists every way got breaks the Oracle contract for a lookup of
// asked by the oracle named name: a DOI not answered or answered under the
// wrong key, an answer for a DOI not asked, a Found without a record whose
// DOI equals the key, a NotFound or Found carrying an error, an Unknown
// without one, an invalid DOI not answered Unknown with doi.ErrInvalid. An
// empty result means the answer is well formed. An empty name skips the
// check that Result.Oracle is name (policies name their deciding members).
func Problems(name string, asked []string, got map[string]oracles.Result) []string {
	var out []string
	want := map[string]bool{}
	for _, a := range asked {
		key, err := doi.Normalize(a)
		if err != nil {
			want[a] = true
			r, ok := got[a]
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("invalid %q: not answered under its raw form", a))
			case r.Status != oracles.Unknown || !errors.Is(r.Err, doi.ErrInvalid):
				out = append(out, fmt.Sprintf("invalid %q: got %s (err %v), want unknown with doi.ErrInvalid", a, r.Status, r.Err))
			}
			continue
		}
		want[key] = true
		if _, ok := got[key]; !ok {
			out = append(out, fmt.Sprintf("%s: asked but not answered", key))
		}
	}
	for key, r := range got {
		if !want[key] {
			out = append(out, fmt.Sprintf("%s: answered but not asked", key))
			continue
		}
		if r.DOI != key {
			out = append(out, fmt.Sprintf("%s: Result.DOI is %q", key, r.DOI))
		}
		if name != "" && r.Oracle != name {
			out = append(out, fmt.Sprintf("%s: Result.Oracle is %q, want %q", key, r.Oracle, name))
		}
		switch r.Status {
		case oracles.Found:
			switch {
			case r.Record == nil:
				out = append(out, fmt.Sprintf("%s: found without a record", key))
			case !doi.Same(r.Record.DOI, key):
				out = append(out, fmt.Sprintf("%s: found with a record for %q", key, r.Record.DOI))
			}
			if r.Err != nil {
				out = append(out, fmt.Sprintf("%s: found with an error: %v", key, r.Err))
			}
		case oracles.NotFound:
			if r.Record != nil || r.Err != nil {
				out = append(out, fmt.Sprintf("%s: not found with a record or error (%v)", key, r.Err))
			}
		case oracles.Unknown:
			if r.Err == nil {
				out = append(out, fmt.Sprintf("%s: unknown without a cause", key))
			}
			if r.Record != nil {
				out = append(out, fmt.Sprintf("%s: unknown with a record", key))
			}
		default:
			out = append(out, fmt.Sprintf("%s: status %d is not a Status", key, r.Status))
		}
	}
	return out
}
