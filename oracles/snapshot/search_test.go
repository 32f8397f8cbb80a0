package snapshot

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
)

func defaultOracle(t *testing.T) *Oracle {
	t.Helper()
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return NewOracle(c)
}

func hitDOIs(res oracles.SearchResult) []string {
	var out []string
	for _, h := range res.Hits {
		out = append(out, h.Record.DOI)
	}
	return out
}

func TestSearchSemantics(t *testing.T) {
	o := defaultOracle(t)
	tests := []struct {
		name string
		give oracles.Query
		want []string // DOIs, in corpus order
	}{
		{"orcid", oracles.Query{ORCID: "0000-0002-6307-9196"}, []string{"10.1111/bjhp.12807"}},
		{"orcid wins over a name", oracles.Query{ORCID: "0000-0002-6307-9196", Author: "Nobody X"}, []string{"10.1111/bjhp.12807"}},
		{"orcid outside the window", oracles.Query{ORCID: "0000-0002-6307-9196", Since: "2026-01-01"}, nil},
		{"author prefix and topic", oracles.Query{Author: "Singh J", Terms: []string{"methylation"}}, []string{"10.1016/j.molcel.2019.07.008"}},
		{"author with wrong initials", oracles.Query{Author: "Singh X"}, nil},
		{"quoted phrase is a phrase", oracles.Query{Terms: []string{"urban mobility"}}, []string{"10.12688/openreseurope.23222.2"}},
		{"window only", oracles.Query{Terms: []string{"BRCA1"}, Since: "2010-01-01", Until: "2010-12-31"}, []string{"10.1158/0008-5472.can-09-4563"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := o.Search(context.Background(), tt.give, 100)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, hitDOIs(res)); diff != "" {
				t.Errorf("hits (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSearchTopicWordsMeanAllOfThem: a record must match every topic word
// or phrase, as in Europe PMC; Any widens to any of them.
func TestSearchTopicWordsMeanAllOfThem(t *testing.T) {
	o := defaultOracle(t)
	tests := []struct {
		terms []string
		any   bool
		want  int // hits
	}{
		{[]string{"cancer", "screening"}, false, 2},
		{[]string{"screening", "cancer"}, false, 2},
		{[]string{"cancer", "screening"}, true, 24}, // a recorded full text says "screening"
		{[]string{"breast", "cancer"}, false, 5},
		{[]string{"breast cancer"}, false, 4}, // a phrase stays a phrase
		{[]string{"cancer"}, false, 23},
		{[]string{"cancer", "zebrafishquantum"}, false, 0},
		{[]string{"cancer", "zebrafishquantum"}, true, 23},
	}
	for _, tt := range tests {
		res, err := o.Search(context.Background(), oracles.Query{Terms: tt.terms, Any: tt.any}, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) != tt.want {
			t.Errorf("%q any=%v: %d hits, want %d", tt.terms, tt.any, len(res.Hits), tt.want)
		}
	}
}

// TestSearchTitle: a bibliographic query matches the title's words in
// order, and the family name as an author.
func TestSearchTitle(t *testing.T) {
	o := defaultOracle(t)
	tests := []struct {
		give oracles.Query
		want []string
	}{
		{oracles.Query{Title: "artificial intelligence in Urban Mobility", Author: "Cai"}, []string{"10.12688/openreseurope.23222.2"}},
		{oracles.Query{Title: "artificial intelligence in Urban Mobility", Author: "Smith"}, nil},
		{oracles.Query{Title: "mobility urban"}, nil},
	}
	for _, tt := range tests {
		res, err := o.Search(context.Background(), tt.give, 10)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, hitDOIs(res)); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", tt.give, diff)
		}
	}
}

// TestSearchWritesEuropePMCSyntax: the query a ledger records for the
// offline corpus is the one Europe PMC would be sent.
func TestSearchWritesEuropePMCSyntax(t *testing.T) {
	res, err := defaultOracle(t).Search(context.Background(), oracles.Query{Author: "Singh J", Terms: []string{"methylation"}, Since: "2019-01-01"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if want := `AUTH:"Singh J" AND "methylation" AND FIRST_PDATE:[2019-01-01 TO 9999-12-31]`; res.Query != want {
		t.Errorf("query %q, want %q", res.Query, want)
	}
}

func TestSearchRefusesAndStops(t *testing.T) {
	o := defaultOracle(t)
	for _, q := range []oracles.Query{{}, {Raw: "TITLE:cancer"}} {
		_, err := o.Search(context.Background(), q, 10)
		var qe *oracles.QueryError
		if !errors.Is(err, oracles.ErrQuery) || !errors.As(err, &qe) || errors.Is(err, oracles.ErrUnavailable) {
			t.Errorf("Search(%+v) = %v, want a QueryError", q, err)
		}
	}
	res, err := o.Search(context.Background(), oracles.Query{Terms: []string{"cancer"}}, 3)
	if err != nil || len(res.Hits) != 3 {
		t.Fatalf("got %d hits, %v; want 3", len(res.Hits), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := o.Search(ctx, oracles.Query{Terms: []string{"cancer"}}, 3); err == nil {
		t.Error("a cancelled search succeeded")
	}
}

// TestSearchShortDates checks that a record whose first publication date
// is shorter than YYYY-MM-DD does not crash a date-bounded search: its
// year is taken from the record, else from the date, and a record with no
// usable date is outside every window.
func TestSearchShortDates(t *testing.T) {
	mk := func(d, date string, year int) doc {
		return doc{hit: oracles.Hit{Record: oracles.Record{DOI: d, Title: "Cancer screening", Abstract: "About cancer.", Year: year}}, firstPublished: date}
	}
	c := &Corpus{byDOI: map[string]oracles.Record{}}
	for _, d := range []doc{
		mk("10.1/full", "2021-03-04", 0),
		mk("10.1/month", "2021-03", 0),
		mk("10.1/year", "2019", 0),
		mk("10.1/junk", "n/a", 0),
		mk("10.1/empty", "", 0),
		mk("10.1/recyear", "2021", 2021),
		mk("10.1/long", "2021-03-04T10:00:00Z", 0),
	} {
		c.add(d)
	}
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
			res, err := NewOracle(c).Search(context.Background(), oracles.Query{Terms: []string{"cancer"}, Since: tt.since, Until: tt.until}, 100)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, hitDOIs(res)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
