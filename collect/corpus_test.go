package collect

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

func loadTestCorpus(t *testing.T) *snapshot.Oracle {
	t.Helper()
	c, err := snapshot.Load(readTestdata(t, "corpus", "europepmc-core.json"))
	if err != nil {
		t.Fatal(err)
	}
	return snapshot.NewOracle(c)
}

func TestOfflineCollectorOverSnapshotCorpus(t *testing.T) {
	c := NewSearchCollector(loadTestCorpus(t), testOptions(t))
	l, err := c.Collect(context.Background(), contract.Lead{Topic: "cancer screening", AnyTopicWord: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) < 3 {
		t.Fatalf("entries = %d, want at least 3 (excluded %v)", len(l.Entries), l.Excluded)
	}
	for i, want := range []string{"10.1002/hpja.70059", "10.1002/hpja.70052"} {
		if got := l.Entries[i].DOI; got != want {
			t.Errorf("S%d = %s, want %s", i+1, got, want)
		}
	}
	for _, e := range l.Entries {
		if e.Origin != "snapshot" || e.Retracted || e.Erratum {
			t.Errorf("%s: origin %q retracted %v erratum %v", e.DOI, e.Origin, e.Retracted, e.Erratum)
		}
	}
	// 23 records mention cancer or screening: one has no DOI, one is a
	// correction notice, the rest are citable and cut by the budget.
	if l.Excluded[ExcludedNoDOI] != 1 || l.Excluded[ExcludedErratum] != 1 || len(l.Entries)+l.Excluded[ExcludedBudget] != 21 {
		t.Errorf("entries %d, excluded %v; want 1 no_doi, 1 erratum, 21 citable", len(l.Entries), l.Excluded)
	}
}

// TestOfflineCollectorRefusesARawQuery: the snapshot cannot run a raw
// Europe PMC query, and the collector says the lead is at fault.
func TestOfflineCollectorRefusesARawQuery(t *testing.T) {
	c := NewSearchCollector(loadTestCorpus(t), testOptions(t))
	_, err := c.Collect(context.Background(), contract.Lead{Query: "TITLE:cancer"})
	if !errors.Is(err, leads.ErrInvalidLead) || !strings.Contains(err.Error(), "invalid lead: query: a raw Europe PMC query needs Europe PMC") {
		t.Errorf("raw query offline: got %v, want ErrInvalidLead", err)
	}
}
