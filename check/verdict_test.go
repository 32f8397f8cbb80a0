package check_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestVerdicts: the verdict of each DOI follows the oracle's answer and the
// record's flags; one row per distinct DOI with one location per document
// citing it, titles safe for a terminal.
func TestVerdicts(t *testing.T) {
	fake := oracletest.NewFake("crossref", []oracles.Record{
		{DOI: "10.1038/nnano.2014.279", Title: "Charges ride the spin wave"},
		{DOI: "10.1371/journal.pone.0033693", Title: "Methylphenidate \x1b[31mExposure"},
		{DOI: "10.1234/retracted.1", Title: "A retracted paper", Retracted: true},
		{DOI: "10.5555/notice.retraction", Title: "Retraction", RetractionNotice: true},
		{DOI: "10.5555/notice.correction", Title: "Correction", Erratum: true},
		{DOI: "10.5555/preprint.1", Title: "Early", Preprint: true, PublishedDOI: "10.5555/published.1", PublishedBy: "crossref"},
		{DOI: "10.5555/down.1", Title: "Asked, never answered"},
	}, nil)
	c := check.New(downOracle{fake, map[string]bool{"10.5555/down.1": true}}, nil, check.Options{})
	text := "See doi:10.1038/NNANO.2014.279 and https://doi.org/10.1371/journal.pone.0033693.\n" +
		"10.1234/retracted.1 10.5555/notice.retraction 10.5555/notice.correction\n" +
		"10.5555/preprint.1 10.1371/notarealdoi 10.5555/down.1 10.1111/bjhp.12807\u20112\n"
	rep := c.Check(context.Background(), []check.Document{{Name: "refs.txt", Text: text}, {Name: "<stdin>", Text: "again: doi:10.1038/nnano.2014.279"}})
	type row struct {
		Verdict, Title    string
		Lines             []int
		Notice, Preprint  bool
		Published, Errors string
		Kind              string
	}
	got := map[string]row{}
	for _, r := range rep.DOIs {
		var lines []int
		for _, l := range r.Locations {
			lines = append(lines, l.Line)
		}
		got[r.DOI] = row{r.Verdict, r.Title, lines, r.RetractionNotice, r.Preprint, r.PublishedDOI, r.Error, r.Notice}
	}
	want := map[string]row{
		"10.1038/nnano.2014.279":       {Verdict: "found", Title: "Charges ride the spin wave", Lines: []int{1, 1}},
		"10.1371/journal.pone.0033693": {Verdict: "found", Title: "Methylphenidate [31mExposure", Lines: []int{1}},
		"10.1234/retracted.1":          {Verdict: "retracted", Title: "A retracted paper", Lines: []int{2}},
		"10.5555/notice.retraction":    {Verdict: "retracted", Title: "Retraction", Lines: []int{2}, Notice: true, Kind: "retraction"},
		"10.5555/notice.correction":    {Verdict: "found", Title: "Correction", Lines: []int{2}, Kind: "correction"},
		"10.5555/preprint.1":           {Verdict: "found", Title: "Early", Lines: []int{3}, Preprint: true, Published: "10.5555/published.1"},
		"10.1371/notarealdoi":          {Verdict: "not_found", Lines: []int{3}},
		"10.5555/down.1":               {Verdict: "unknown", Lines: []int{3}, Errors: "crossref: 503: oracle unavailable"},
	}
	for d, r := range got {
		if r.Verdict == "invalid" {
			if !strings.HasPrefix(d, "10.1111/bjhp.12807\u2011") || r.Errors == "" {
				t.Errorf("invalid row %q %+v: want the whole token, with why", d, r)
			}
			delete(got, d)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	// A cited correction is found with its mark (evidence.Classify): the
	// bibliography cites it on purpose.
	if rep.Status() != check.NotVerified || rep.Bad() != 4 || rep.Summary[check.VerdictUnknown] != 1 {
		t.Errorf("status %v, %d bad, summary %v: want not verified (a wrong DOI wins over an unknown one)", rep.Status(), rep.Bad(), rep.Summary)
	}
}

// TestStatus: a wrong citation wins over an unanswered one, an unanswered
// one over success, and a check of no DOI at all is Empty, never success.
func TestStatus(t *testing.T) {
	fake := oracletest.NewFake("f", []oracles.Record{{DOI: "10.1234/a", Title: "A"}, {DOI: "10.1234/b", Title: "B"}}, nil)
	c := check.New(downOracle{fake, map[string]bool{"10.1234/b": true}}, nil, check.Options{})
	tests := []struct {
		give string
		want check.Status
	}{
		{"doi:10.1234/a", check.AllFound},
		{"doi:10.1234/a doi:10.1234/b", check.Unknown},
		{"doi:10.1234/a doi:10.1234/b doi:10.1234/gone", check.NotVerified},
		{"no identifiers here", check.Empty},
	}
	for _, tt := range tests {
		rep := c.Check(context.Background(), []check.Document{{Name: "d.md", Text: tt.give}})
		if got := rep.Status(); got != tt.want {
			t.Errorf("%q: status %v, want %v (%s)", tt.give, got, tt.want, rep.Problem())
		}
	}
}

// TestOfflineCorpus: a DOI the offline corpus lacks is unknown, never
// not_found, and the report says why.
func TestOfflineCorpus(t *testing.T) {
	c := check.New(oracletest.NewFake("snapshot", []oracles.Record{{DOI: "10.1234/a", Title: "A"}}, nil), nil, check.Options{Offline: true})
	rep := c.Check(context.Background(), []check.Document{{Name: "-", Text: "doi:10.1234/a doi:10.99999/not.in.corpus"}})
	if rep.Status() != check.Unknown || rep.Problem() != "1 of 2 references unknown: not in the offline corpus" {
		t.Errorf("status %v, problem %q", rep.Status(), rep.Problem())
	}
}

// TestRowJSON: the report's JSON names every field a front end reads.
func TestRowJSON(t *testing.T) {
	row := check.Row{DOI: "10.1/p", Verdict: check.VerdictFound, Oracle: "europepmc", Preprint: true, PublishedAs: "MED 42732137", PublishedBy: "europepmc",
		Entry: &check.Entry{Label: "k", Author: "Müller, H."}, Locations: []check.Location{{File: "a.md", Line: 1, Raw: "10.1/P"}}}
	b, err := json.Marshal(row)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"published_by":"europepmc"`, `"published_as":"MED 42732137"`, `"preprint":true`, `"first_author":"Müller, H."`, `"locations":[{"file":"a.md","line":1,"raw":"10.1/P"}]`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("JSON lacks %s:\n%s", key, b)
		}
	}
}

// TestInvalidTokenWhole: "10.1111/bjhp.12807‑2" (U+2011) is one invalid
// token, never the DOI 10.1111/bjhp.12807 found, in plain text and
// Markdown.
func TestInvalidTokenWhole(t *testing.T) {
	c := check.New(oracletest.NewFake("snapshot", []oracles.Record{{DOI: "10.1111/bjhp.12807", Title: "T"}}, nil), nil, check.Options{})
	for _, text := range []string{
		"Cited as 10.1111/bjhp.12807\u20112 in the draft.\n",
		"- [paper](https://doi.org/10.1111/bjhp.12807\u20112)\n",
		"**doi:10.1111/bjhp.12807\u20132**\n",
	} {
		rep, row := one(t, c, "<stdin>", text)
		if row.Verdict != check.VerdictInvalid || !strings.HasPrefix(row.DOI, "10.1111/bjhp.12807\u2011") && !strings.HasPrefix(row.DOI, "10.1111/bjhp.12807\u2013") ||
			rep.Summary[check.VerdictFound] != 0 || rep.Status() != check.NotVerified {
			t.Errorf("%q: report %+v, want the whole token as invalid", text, rep.DOIs)
		}
	}
}
