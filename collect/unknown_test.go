package collect

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

// Offline, a source the corpus does not hold is kept out as unknown, with
// the corpus named, even when the file has its title and abstract (the
// gate could not confirm it); online, an oracle that cannot answer fails
// the collection, never a thinner ledger.
func TestUnknownSources(t *testing.T) {
	corpus, err := snapshot.Default()
	if err != nil {
		t.Fatal(err)
	}
	held := "10.1002/hpja.70052"
	path := filepath.Join(t.TempDir(), "refs.json")
	jsonl := `{"doi":"` + held + `"}` + "\n" +
		`{"doi":"10.1038/s41586-020-2649-2","title":"Array programming with NumPy","abstract":"NumPy is the primary array programming library for the Python language."}` + "\n" +
		`{"doi":"10.9999/also.outside"}` + "\n"
	if err := os.WriteFile(path, []byte(jsonl), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := testOptions(t)
	opts.LookupAll = true
	l, err := NewFileCollector(path, snapshot.NewOracle(corpus), opts).Collect(context.Background(), contract.Lead{Topic: "screening"})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 1 || l.Entries[0].DOI != held {
		t.Errorf("entries %+v, want only %s", l.Entries, held)
	}
	if l.Excluded[ExcludedUnknown] != 2 || l.Excluded[ExcludedNotFound] != 0 {
		t.Errorf("excluded %v, want 2 unknown and no not_found", l.Excluded)
	}
	if want := "2 sources unknown offline: not in the embedded corpus of 34 records"; l.Unknown != want {
		t.Errorf("Unknown = %q, want %q", l.Unknown, want)
	}

	down := oracleFunc(func(dois []string) map[string]oracles.Result {
		return oracles.UnknownAll("europepmc", dois, &oracles.RateLimitedError{Oracle: "europepmc"})
	})
	_, err = NewFileCollector(path, down, testOptions(t)).Collect(context.Background(), contract.Lead{Topic: "screening"})
	if !errors.Is(err, oracles.ErrUnavailable) {
		t.Errorf("online, rate limited: err = %v, want one wrapping oracles.ErrUnavailable", err)
	}
}

// oracleFunc is an oracle answering with f.
type oracleFunc func(dois []string) map[string]oracles.Result

func (oracleFunc) Name() string { return "europepmc" }
func (f oracleFunc) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	return f(dois)
}
