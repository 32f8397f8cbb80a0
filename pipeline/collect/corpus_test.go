package collect

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/leads"
)

func loadTestCorpus(t *testing.T) Corpus {
	t.Helper()
	docs, err := ParseDocs(readTestdata(t, "corpus", "europepmc-core.json"))
	if err != nil {
		t.Fatal(err)
	}
	return Corpus{Docs: docs}
}

func TestOfflineCollectorOverSnapshotCorpus(t *testing.T) {
	c := NewSearchCollector(loadTestCorpus(t), "snapshot", testOptions(t))
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

func TestCorpusSearchSemantics(t *testing.T) {
	corpus := loadTestCorpus(t)
	tests := []struct {
		name string
		give contract.Lead
		want []string // DOIs, in corpus order
	}{
		{
			name: "orcid",
			give: contract.Lead{ORCID: "0000-0002-6307-9196"},
			want: []string{"10.1111/bjhp.12807"},
		},
		{
			name: "orcid outside the window",
			give: contract.Lead{ORCID: "0000-0002-6307-9196", Since: "2026-01-01"},
		},
		{
			name: "author prefix and topic",
			give: contract.Lead{Name: "Singh J", Topic: "methylation"},
			want: []string{"10.1016/j.molcel.2019.07.008"},
		},
		{
			name: "author with wrong initials",
			give: contract.Lead{Name: "Singh X"},
		},
		{
			name: "quoted phrase is a phrase",
			give: contract.Lead{Topic: `"urban mobility"`},
			want: []string{"10.12688/openreseurope.23222.2"},
		},
		{
			name: "window only",
			give: contract.Lead{Topic: "BRCA1", Since: "2010-01-01", Until: "2010-12-31"},
			want: []string{"10.1158/0008-5472.can-09-4563"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lead, err := leads.ValidateLead(tt.give)
			if err != nil {
				t.Fatal(err)
			}
			docs, err := corpus.Search(context.Background(), BuildQuery(lead), 100)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range docs {
				got = append(got, d.Record.DOI)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func TestCorpusSearchLimitAndContext(t *testing.T) {
	corpus := loadTestCorpus(t)
	docs, err := corpus.Search(context.Background(), Query{Terms: []string{"cancer"}}, 3)
	if err != nil || len(docs) != 3 {
		t.Fatalf("got %d docs, %v; want 3", len(docs), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := corpus.Search(ctx, Query{Terms: []string{"cancer"}}, 3); err == nil {
		t.Error("a cancelled search succeeded")
	}
}

// TestCorpusSearchShortDates checks that a record whose first publication
// date is shorter than YYYY-MM-DD does not crash a date-bounded search: its
// year is taken from the record, else from the date, and a record with no
// usable date is outside every window.
func TestCorpusSearchShortDates(t *testing.T) {
	mk := func(doi, date string, year int) Doc {
		d := doc(doi, "Cancer screening", "About cancer.", year)
		d.FirstPublished = date
		return d
	}
	corpus := Corpus{Docs: []Doc{
		mk("10.1/full", "2021-03-04", 0),
		mk("10.1/month", "2021-03", 0),
		mk("10.1/year", "2019", 0),
		mk("10.1/junk", "n/a", 0),
		mk("10.1/empty", "", 0),
		mk("10.1/recyear", "2021", 2021),
		mk("10.1/long", "2021-03-04T10:00:00Z", 0),
	}}
	tests := []struct {
		name         string
		since, until string
		want         []string
	}{
		{name: "until only", until: "2020-12-31", want: []string{"10.1/year"}},
		{name: "since only", since: "2021-01-01", want: []string{"10.1/full", "10.1/month", "10.1/recyear", "10.1/long"}},
		{name: "both", since: "2021-03-04", until: "2021-12-31", want: []string{"10.1/full", "10.1/month", "10.1/recyear", "10.1/long"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := corpus.Search(context.Background(), Query{Terms: []string{"cancer"}, Since: tt.since, Until: tt.until}, 100)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, dois(docs)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestCorpusTopicWordsMeanAllOfThem: a record must match every topic word
// or phrase, as in Europe PMC; AnyTopicWord widens to any of them.
func TestCorpusTopicWordsMeanAllOfThem(t *testing.T) {
	corpus := loadTestCorpus(t)
	tests := []struct {
		give contract.Lead
		want int // hits
	}{
		{contract.Lead{Topic: "cancer screening"}, 2},
		{contract.Lead{Topic: "screening cancer"}, 2},
		{contract.Lead{Topic: "cancer screening", AnyTopicWord: true}, 23},
		{contract.Lead{Topic: "breast cancer"}, 5},
		{contract.Lead{Topic: `"breast cancer"`}, 4}, // a phrase stays a phrase
		{contract.Lead{Topic: "cancer"}, 23},
		{contract.Lead{Topic: "cancer zebrafishquantum"}, 0},
		{contract.Lead{Topic: "cancer zebrafishquantum", AnyTopicWord: true}, 23},
	}
	for _, tt := range tests {
		t.Run(tt.give.Topic, func(t *testing.T) {
			docs, err := corpus.Search(context.Background(), BuildQuery(tt.give), 1000)
			if err != nil {
				t.Fatal(err)
			}
			if len(docs) != tt.want {
				t.Errorf("%+v: %d hits, want %d", tt.give, len(docs), tt.want)
			}
		})
	}
	_, err := corpus.Search(context.Background(), BuildQuery(contract.Lead{Query: "TITLE:cancer"}), 10)
	if !errors.Is(err, leads.ErrInvalidLead) {
		t.Errorf("raw query offline: got %v, want ErrInvalidLead", err)
	}
}
