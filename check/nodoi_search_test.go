package check_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

const spinTitle = "Charges ride the spin wave: magnon drag in thin films"

// TestNoDOI: an entry without a DOI is looked up by title and first author
// in every searcher, each candidate compared field by field; the DOI of the
// one that agrees is suggested, two are ambiguous (both no_doi, a bad
// verdict), and a paper of the entry's title that disagrees on another
// field (here the year) makes the entry a mismatch naming it.
func TestNoDOI(t *testing.T) {
	bib := "@article{mueller2020,\n  title = {Charges ride the {S}pin wave},\n  author = {M\\\"uller, Hans and Okafor, Ada},\n  year = {2020}\n}\n"
	rec := func(doi, title string, year int) oracles.Record {
		return oracles.Record{DOI: doi, Title: title, Year: year, Authors: []string{"Müller H", "Okafor A"}}
	}
	tests := []struct {
		name          string
		epmc, cr      oracles.Record
		wantSuggested string
		wantCand      int
		wantErr       string
		wantVerdict   string
	}{
		{"one candidate, found by both services", rec("10.5555/magnon.1", spinTitle, 2020), rec("10.5555/magnon.1", spinTitle, 2021),
			"10.5555/magnon.1", 1, "no DOI; found 10.5555/magnon.1", check.VerdictNoDOI},
		{"two candidates", rec("10.5555/magnon.1", spinTitle, 2020), rec("10.5555/magnon.2", "Charges ride the spin wave", 2020),
			"", 2, "no DOI; ambiguous: 2 candidates agree with the entry", check.VerdictNoDOI},
		{"the entry's paper, another year", rec("10.5555/other.1", "Deep learning for protein folding", 2020), rec("10.5555/magnon.3", spinTitle, 2015),
			"", 1, "no DOI; the paper of this title is 10.5555/magnon.3: year: 2020, the record 2015", check.VerdictMismatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			epmc := oracletest.NewFakeSearcher("europepmc", all(tt.epmc))
			cr := oracletest.NewFakeSearcher("crossref", all(tt.cr))
			c := check.New(oracletest.NewFake("europepmc", nil, nil), []oracles.Searcher{epmc, cr}, check.Options{})
			rep, row := one(t, c, "refs.bib", bib)
			if row.Verdict != tt.wantVerdict || row.SuggestedDOI != tt.wantSuggested || row.Candidates != tt.wantCand || row.Error != tt.wantErr || rep.Status() != check.NotVerified {
				t.Errorf("row %+v, want suggested %q, %d candidates, %q", row, tt.wantSuggested, tt.wantCand, tt.wantErr)
			}
			if row.Oracle != "europepmc,crossref" || row.Locations[0].Line != 1 || row.Entry == nil || row.Entry.Label != "mueller2020" || row.Entry.Author != "Müller, Hans" {
				t.Errorf("oracle %q location %+v entry %+v", row.Oracle, row.Locations, row.Entry)
			}
			want := []oracles.Query{{Title: "Charges ride the Spin wave", Author: "Müller"}}
			if diff := cmp.Diff(want, epmc.Queries()); diff != "" {
				t.Errorf("Europe PMC queries (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(want, cr.Queries()); diff != "" {
				t.Errorf("Crossref queries (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNoDOISearchesWhatTheEntrySays: the entry's title goes to the searcher
// as written, quotes and wildcards included: quoting it is the searcher's
// job (europepmc.QueryString cleans it), and the author is the first
// author's family name.
func TestNoDOISearchesWhatTheEntrySays(t *testing.T) {
	s := oracletest.NewFakeSearcher("europepmc", all())
	c := check.New(oracletest.NewFake("europepmc", nil, nil), []oracles.Searcher{s}, check.Options{})
	one(t, c, "refs.ris", "TY  - JOUR\nTI  - Spin\" OR AUTH:\"x* \\ waves?\nAU  - Smith AB\nPY  - 2020\nER  - \n")
	want := []oracles.Query{{Title: `Spin" OR AUTH:"x* \ waves?`, Author: "Smith"}}
	if diff := cmp.Diff(want, s.Queries()); diff != "" {
		t.Errorf("queries (-want +got):\n%s", diff)
	}
}

// TestNoDOIWithoutSearch: with no searcher, a failing one, or offline, an
// entry without a DOI is still no_doi, and the row says why nothing was
// suggested; offline, no searcher is asked.
func TestNoDOIWithoutSearch(t *testing.T) {
	const bib = "@article{k,\n  title = {Charges ride the spin wave},\n  year = {2020}\n}\n"
	broken := oracletest.NewFakeSearcher("broken", func(oracles.Query) ([]oracles.Record, error) { return nil, errors.New("boom") })
	fine := oracletest.NewFakeSearcher("fine", all())
	tests := []struct {
		name      string
		searchers []oracles.Searcher
		offline   bool
		want      string
		oracle    string
	}{
		{"no searcher", nil, false, "no DOI; no oracle to search by title", ""},
		{"a searcher fails, none answers", []oracles.Searcher{broken}, false, "no DOI; search failed: broken: boom", ""},
		{"one fails, the other finds nothing", []oracles.Searcher{broken, fine}, false, "no DOI; search failed: broken: boom", "fine"},
		{"offline", []oracles.Searcher{fine}, true, "no DOI; not searched offline", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			asked := len(fine.Queries())
			c := check.New(oracletest.NewFake("f", nil, nil), tt.searchers, check.Options{Offline: tt.offline})
			_, row := one(t, c, "refs.bib", bib)
			if row.Verdict != check.VerdictNoDOI || row.Error != tt.want || row.Oracle != tt.oracle {
				t.Errorf("row %+v, want no_doi: %q by %q", row, tt.want, tt.oracle)
			}
			if tt.offline && len(fine.Queries()) != asked {
				t.Error("an offline check searched")
			}
		})
	}
}

// TestNoDOICFF: a CITATION.cff reference that names a paper without a DOI
// is searched like a BibTeX entry (no_doi, the one candidate suggested,
// located at its title's line); software without a DOI is not; Fixed
// leaves a CFF file as it is.
func TestNoDOICFF(t *testing.T) {
	cff := "cff-version: 1.2.0\ntitle: tool\nreferences:\n" +
		"- type: software\n  title: R\n  authors:\n  - name: R Core Team\n" +
		"- type: article\n  title: Charges ride the spin wave\n  year: 2020\n  authors:\n  - family-names: Müller\n    given-names: Hans\n"
	s := oracletest.NewFakeSearcher("europepmc", all(oracles.Record{DOI: "10.5555/magnon.1", Title: spinTitle, Year: 2020}))
	c := check.New(oracletest.NewFake("europepmc", nil, nil), []oracles.Searcher{s}, check.Options{})
	rep, row := one(t, c, "CITATION.cff", cff)
	if row.Verdict != "no_doi" || row.SuggestedDOI != "10.5555/magnon.1" || row.Entry == nil || row.Entry.Label != "references[1]" || row.Locations[0].Line != 8 {
		t.Errorf("row %+v entry %+v locations %+v, want no_doi suggesting 10.5555/magnon.1 for references[1] at line 8", row, row.Entry, row.Locations)
	}
	if n := len(s.Queries()); n != 1 {
		t.Errorf("%d searches, want one (the software is not looked up)", n)
	}
	fixed, fixes, err := rep.Fixed(check.Document{Name: "CITATION.cff", Text: cff})
	if err != nil || fixed != cff || len(fixes) != 0 {
		t.Errorf("Fixed of a CFF file: %d fixes, %v; want it unchanged", len(fixes), err)
	}
	if got := check.FixSummary("fixed.cff", fixes); !strings.Contains(got, "0 DOI(s) added, 0 corrected") {
		t.Errorf("summary %q", got)
	}
}

// TestCheckSearchesConcurrently: many entries without a DOI are searched
// at once, each answered on its own row, in entry order.
func TestCheckSearchesConcurrently(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		b.WriteString("@article{k" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ",\n  title = {Paper number " + strings.Repeat("x", i+1) + " about spin},\n  year = {2020}\n}\n")
	}
	rep := check.New(oracletest.NewFake("f", nil, nil), []oracles.Searcher{oracletest.NewFakeSearcher("s", func(q oracles.Query) ([]oracles.Record, error) {
		return []oracles.Record{{DOI: "10.5555/n" + strings.Repeat("1", strings.Count(q.Title, "x")), Title: q.Title, Year: 2020}}, nil
	})}, check.Options{}).Check(context.Background(), []check.Document{{Name: "refs.bib", Text: b.String()}})
	if len(rep.DOIs) != 30 {
		t.Fatalf("%d rows, want 30", len(rep.DOIs))
	}
	for i, row := range rep.DOIs {
		if want := "10.5555/n" + strings.Repeat("1", i+1); row.SuggestedDOI != want {
			t.Errorf("row %d suggests %q, want %q", i, row.SuggestedDOI, want)
		}
	}
}

// TestNoDOIWarn: under --no-doi=warn a reference that stays no_doi is a
// warning that does not fail the check, offline, without searchers and
// after a search that found nothing or too much; a file of warnings only
// passes (it was read); the default fails; and a no-DOI entry the search
// shows to describe a real paper wrongly is still a mismatch, never
// warned.
func TestNoDOIWarn(t *testing.T) {
	const entry = "@book{x, author={Doe, Jane}, title={A book of tools}, publisher={P}, year=2020}\n"
	other := oracles.Record{DOI: "10.5555/tools.1", Title: "A book of tools", Year: 2011, Authors: []string{"Doe J"}}
	tests := []struct {
		name        string
		policy      string
		offline     bool
		searchers   []oracles.Searcher
		wantWarning bool
		wantVerdict string
		wantStatus  check.Status
	}{
		{"warn, offline", check.NoDOIWarn, true, nil, true, check.VerdictNoDOI, check.AllFound},
		{"warn, no searcher", check.NoDOIWarn, false, nil, true, check.VerdictNoDOI, check.AllFound},
		{"warn, nothing found", check.NoDOIWarn, false, []oracles.Searcher{oracletest.NewFakeSearcher("crossref", all())}, true, check.VerdictNoDOI, check.AllFound},
		{"warn, the paper described wrongly", check.NoDOIWarn, false, []oracles.Searcher{oracletest.NewFakeSearcher("crossref", all(other))}, false, check.VerdictMismatch, check.NotVerified},
		{"error, offline", check.NoDOIError, true, nil, false, check.VerdictNoDOI, check.NotVerified},
		{"default, offline", "", true, nil, false, check.VerdictNoDOI, check.NotVerified},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := check.New(oracletest.NewFake("europepmc", nil, nil), tt.searchers, check.Options{NoDOI: tt.policy, Offline: tt.offline})
			rep, row := one(t, c, "refs.bib", entry)
			if row.Warning != tt.wantWarning || row.Verdict != tt.wantVerdict {
				t.Errorf("row %+v: want verdict %s, warning %v", row, tt.wantVerdict, tt.wantWarning)
			}
			wantWarnings, wantBad := 0, 1
			if tt.wantWarning {
				wantWarnings, wantBad = 1, 0
			}
			if rep.Warnings != wantWarnings || rep.Bad() != wantBad || rep.Status() != tt.wantStatus {
				t.Errorf("report warnings %d bad %d status %v, want %d %d %v", rep.Warnings, rep.Bad(), rep.Status(), wantWarnings, wantBad, tt.wantStatus)
			}
		})
	}
}

// An entry of a bibliography read whole that gives neither a DOI nor a
// title is no_doi, failing by default and warned under --no-doi=warn:
// never not_checked, which would leave the exit code alone.
func TestNoDOINoTitle(t *testing.T) {
	for _, give := range []struct{ file, text string }{
		{"refs.bib", "@article{x, author={Rahib, L.}, journal={Pancreas}, year={2025}}\n"},
		{"refs.ris", "TY  - JOUR\nAU  - Rahib, L.\nJO  - Pancreas\nPY  - 2025\nER  - \n"},
		{"refs.json", `[{"type":"article-journal","author":[{"family":"Rahib"}],"container-title":"Pancreas"}]`},
		{"CITATION.cff", "cff-version: 1.2.0\nreferences:\n  - type: article\n    journal: Pancreas\n"},
	} {
		for _, policy := range []string{check.NoDOIError, check.NoDOIWarn} {
			c := check.New(oracletest.NewFake("europepmc", nil, nil), nil, check.Options{NoDOI: policy, Offline: true})
			rep, row := one(t, c, give.file, give.text)
			wantStatus := check.NotVerified
			if policy == check.NoDOIWarn {
				wantStatus = check.AllFound
			}
			if row.Verdict != check.VerdictNoDOI || row.Warning != (policy == check.NoDOIWarn) || rep.Status() != wantStatus || !strings.Contains(row.Error, "no title") {
				t.Errorf("%s, %s: row %+v status %v, want no_doi saying it has no title, status %v", give.file, policy, row, rep.Status(), wantStatus)
			}
		}
	}
}
