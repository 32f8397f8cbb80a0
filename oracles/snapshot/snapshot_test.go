package snapshot_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

func TestEmbeddedCorpusMatchesTestdata(t *testing.T) {
	want, err := os.ReadFile("../../testdata/corpus/europepmc-core.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snapshot.Embedded(), want) {
		t.Fatal("oracles/snapshot/corpus/europepmc-core.json differs from testdata/corpus/europepmc-core.json; copy one over the other")
	}
}

func TestOracleLookup(t *testing.T) {
	c, err := snapshot.Default()
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() < 25 {
		t.Fatalf("corpus has %d records, want at least 25", c.Len())
	}
	o := snapshot.NewOracle(c)
	got := o.Lookup(context.Background(), []string{
		"10.1016/J.MOLCEL.2019.07.008", "10.1234/not-there", `10.1/x" OR "cancer`, "10.3928/02793695-20260701-01",
	})
	if r := got["10.1016/j.molcel.2019.07.008"]; r.Status != oracles.Found || r.Record.DOI != "10.1016/j.molcel.2019.07.008" {
		t.Errorf("molcel: got %v %+v, want found with its record", r.Status, r.Record)
	}
	// A DOI outside the corpus is unknown, never not_found: the corpus
	// is small, so leaving a paper out proves nothing.
	r := got["10.1234/not-there"]
	var nc *oracles.NotInCorpusError
	if r.Status != oracles.Unknown || !errors.As(r.Err, &nc) || oracles.CauseOf(r) != oracles.CauseNotInCorpus {
		t.Errorf("absent DOI: got %v (%v), want unknown, not in the offline corpus", r.Status, r.Err)
	} else if got, want := nc.Describe(), fmt.Sprintf("not in the embedded corpus of %d records", c.Len()); got != want {
		t.Errorf("cause: got %q, want %q", got, want)
	}
	if r := got[`10.1/x" OR "cancer`]; r.Status != oracles.Unknown || !errors.Is(r.Err, doi.ErrInvalid) {
		t.Errorf("hostile DOI: got %v %v, want unknown with doi.ErrInvalid", r.Status, r.Err)
	}
	if r := got["10.3928/02793695-20260701-01"]; r.Status != oracles.Found || !r.Record.Retracted {
		t.Errorf("retracted record: got %v retracted=%v, want found and retracted", r.Status, r.Record != nil && r.Record.Retracted)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for d, r := range o.Lookup(ctx, []string{"10.1016/j.molcel.2019.07.008"}) {
		if r.Status != oracles.Unknown {
			t.Errorf("cancelled lookup of %s: got %v, want unknown", d, r.Status)
		}
	}
}
