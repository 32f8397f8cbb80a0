package collect

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

func TestParseSourcesFormats(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		give     []byte
		wantRecs int
		wantDOIs int
		wantHas  string // a DOI that must be read, normalised
	}{
		{name: "RIS", file: "HVI_Johannesburg_references.ris", wantRecs: 10, wantDOIs: 10, wantHas: "10.1029/2018gl080306"},
		{name: "RIS with records lacking DO", file: "ProgressReport2019_references.ris", wantRecs: 45, wantDOIs: 33, wantHas: "10.1016/s0169-5347(00)01874-7"},
		{name: "BibTeX with SICI and %23", file: "IKPLS_paper.bib", wantRecs: 21, wantDOIs: 16, wantHas: "10.1002/(sici)1099-128x(199701)11:1<73::aid-cem435>3.0.co;2-#"},
		{name: "BibTeX with leading space and URLs", file: "RandomForestsGLS_paper.bib", wantRecs: 12, wantDOIs: 9, wantHas: "10.1023/a:1010933404324"},
		{name: "BibTeX Zotero", file: "ssalib_paper.bib", wantRecs: 19, wantDOIs: 17, wantHas: "10.1175/1520-0442(1996)009<3373:mcsdio>2.0.co;2"},
		{name: "CSL-JSON", file: "cetacean_mutation_rate_bibliography.json", wantRecs: 25, wantDOIs: 21, wantHas: "10.1038/s41586-023-05752-y"},
		{name: "Europe PMC response", file: "../europepmc/bx-scholar-mcp__europepmc_by_doi.json", wantRecs: 1, wantDOIs: 1, wantHas: "10.1016/j.molcel.2019.07.008"},
		{
			name: "DOI list", file: "refs.txt",
			give:     []byte("# my refs\n10.1016/J.MOLCEL.2019.07.008\n\nhttps://doi.org/10.1002/hpja.70059\nnot a doi\n10.1/x\" OR \"cancer\n"),
			wantRecs: 4, wantDOIs: 2, wantHas: "10.1002/hpja.70059",
		},
		{
			name: "JSON Lines of entries", file: "refs.jsonl",
			give:     []byte(`{"doi":"10.1002/hpja.70059","title":"T","authors":["A B"],"year":2025}` + "\n\n" + `{"DOI":"https://doi.org/10.1111/ans.70196","year":"2025"}` + "\n"),
			wantRecs: 2, wantDOIs: 2, wantHas: "10.1111/ans.70196",
		},
		{
			name: "JSON array sniffed without extension", file: "refs",
			give:     []byte(`[{"doi":"10.1002/hpja.70059","title":"T","abstract":"A."}]`),
			wantRecs: 1, wantDOIs: 1, wantHas: "10.1002/hpja.70059",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.give
			if data == nil {
				data = readTestdata(t, "bibliographies", tt.file)
			}
			docs, _, err := parseSources(filepath.Base(tt.file), data)
			if err != nil {
				t.Fatal(err)
			}
			n, has := 0, false
			for _, d := range docs {
				if d.Record.DOI != "" {
					n++
				}
				has = has || d.Record.DOI == tt.wantHas
			}
			if len(docs) != tt.wantRecs || n != tt.wantDOIs || !has {
				t.Errorf("got %d records, %d DOIs, has %s = %v; want %d, %d, true", len(docs), n, tt.wantHas, has, tt.wantRecs, tt.wantDOIs)
			}
		})
	}
}

func TestParseSourcesBibTeXFields(t *testing.T) {
	docs, _, err := parseSources("IKPLS_paper.bib", readTestdata(t, "bibliographies", "IKPLS_paper.bib"))
	if err != nil {
		t.Fatal(err)
	}
	d := docs[1] // wold1983food: accents in authors, no DOI
	if d.ID != "wold1983food" || d.Record.Year != 1983 || d.Record.Authors[6] != "Sjöström, M." {
		t.Errorf("got %+v", d)
	}
}

func TestParseSourcesErrors(t *testing.T) {
	tests := []struct{ file, give string }{
		{"refs.json", `{"resultList": `},
		{"refs.json", `{"version":"6.9","resultList":{"result":[]}}`},
		{"refs.jsonl", "{\"doi\":\"10.1/x\"}\n{oops\n"},
		{"refs.json", `[{"doi": 12}]`},
	}
	for _, tt := range tests {
		if _, _, err := parseSources(tt.file, []byte(tt.give)); !errors.Is(err, ErrSources) || !strings.Contains(err.Error(), tt.file) {
			t.Errorf("parseSources(%s, %q) = %v, want ErrSources naming the file", tt.file, tt.give, err)
		}
	}
}

// doiServer is a fake Europe PMC answering DOI:"…" OR DOI:"…" lookups from
// recorded core records.
func doiServer(t *testing.T, fixtures ...string) *europepmctest.Server {
	var recs []json.RawMessage
	for _, f := range fixtures {
		recs = append(recs, europepmctest.Records(t, filepath.Join(testdata, "europepmc", f))...)
	}
	return europepmctest.NewServer(t, recs...)
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFileCollectorFillsMissingMetadata(t *testing.T) {
	srv := doiServer(t, "bx-scholar-mcp__europepmc_by_doi.json", "europepmc-evidence-mcp__search_retracted_core.json", "pyEuropePMC__search_cancer_core.json")
	path := writeFile(t, "refs.txt", strings.Join([]string{
		"10.1016/J.MOLCEL.2019.07.008", // found: title and abstract filled in
		"https://doi.org/10.1002/hpja.70059",
		"10.3928/02793695-20260701-01", // retracted
		"10.1088/1748-9326/ab28b0",     // not in Europe PMC's answer
		"not a doi",
		"10.1002/hpja.70059", // duplicate
	}, "\n"))
	c := NewFileCollector(path, testClient(t, srv.URL), testOptions(t))
	l, err := c.Collect(context.Background(), contract.Lead{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{ExcludedRetracted: 1, ExcludedNotFound: 1, ExcludedNoDOI: 1, ExcludedDuplicate: 1}
	if len(l.Entries) != 2 || !equalCounts(l.Excluded, want) {
		t.Fatalf("entries %d excluded %v; want 2 and %v", len(l.Entries), l.Excluded, want)
	}
	e, ok := l.ByDOI("10.1016/j.molcel.2019.07.008")
	if !ok || !strings.HasPrefix(e.Title, "Reaction Mechanisms of Pol IV") || len(e.Abstract) < 500 || e.Origin != "file:refs.txt" || e.PMID != "31398324" {
		t.Errorf("molcel entry = %+v", e)
	}
	assertNotes(t, l, "file:refs.txt: 6 source(s) read", "not found by any oracle (10.1088/1748-9326/ab28b0)", `line 5 "not a doi"`, "are retracted (10.3928/02793695-20260701-01)")
}

func TestFileCollectorKeepsFileTextWhenOracleHasNone(t *testing.T) {
	srv := doiServer(t, "europepmc-evidence-mcp__search_retracted_core.json")
	path := writeFile(t, "refs.jsonl", `{"doi":"10.1016/j.jse.2026.06.002","abstract":"The file's own abstract."}`+"\n")
	opts := testOptions(t)
	opts.IncludeRetracted = true
	l, err := NewFileCollector(path, testClient(t, srv.URL), opts).Collect(context.Background(), contract.Lead{Topic: "follow-up"})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 1 {
		t.Fatalf("entries = %+v", l.Entries)
	}
	e := l.Entries[0]
	if e.Abstract != "The file's own abstract." || !strings.HasPrefix(e.Title, "WITHDRAWN") || !e.Retracted {
		t.Errorf("entry = %+v; want the oracle's title and flags with the file's abstract", e)
	}
}

func TestFileCollectorUnavailable(t *testing.T) {
	srv := doiServer(t)
	srv.SetStatus(http.StatusServiceUnavailable)
	path := writeFile(t, "refs.bib", "@article{a, title={T}, doi={10.1002/hpja.70059}}")
	_, err := NewFileCollector(path, testClient(t, srv.URL), testOptions(t)).Collect(context.Background(), contract.Lead{})
	if !errors.Is(err, oracles.ErrUnavailable) {
		t.Fatalf("got %v, want ErrUnavailable", err)
	}
	if srv.Requests() != 2 {
		t.Errorf("calls = %d, want 2 (one retry)", srv.Requests())
	}
}

func TestFileCollectorWithoutOracleAndBadFile(t *testing.T) {
	path := writeFile(t, "refs.ris", "TY  - JOUR\nTI  - Title here\nAB  - An abstract.\nDO  - 10.1002/hpja.70059\nER  - \nTY  - JOUR\nDO  - 10.1002/hpja.70052\nER  - \n")
	l, err := NewFileCollector(path, nil, testOptions(t)).Collect(context.Background(), contract.Lead{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 1 || l.Entries[0].Title != "Title here" || l.Excluded[ExcludedNoText] != 1 {
		t.Errorf("entries %+v excluded %v", l.Entries, l.Excluded)
	}
	_, err = NewFileCollector(filepath.Join(t.TempDir(), "missing.bib"), nil, testOptions(t)).Collect(context.Background(), contract.Lead{})
	if !errors.Is(err, ErrSources) {
		t.Errorf("missing file: got %v, want ErrSources", err)
	}
}

// TestFileCollectorKeepsEuropePMCRecordsTheOracleCannotConfirm: a saved
// search response is complete; an oracle that cannot answer leaves its
// records as the file has them (the gate asks again and decides).
func TestFileCollectorKeepsEuropePMCRecordsTheOracleCannotConfirm(t *testing.T) {
	srv := doiServer(t)
	srv.SetStatus(http.StatusServiceUnavailable)
	path := writeFile(t, "core.json", string(readTestdata(t, "europepmc", "pyEuropePMC__search_cancer_core.json")))
	l, err := NewFileCollector(path, testClient(t, srv.URL), testOptions(t)).Collect(context.Background(), contract.Lead{Topic: "cancer screening"})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) == 0 || l.Entries[0].DOI != "10.1002/hpja.70059" || l.Entries[0].Origin != "file:core.json" {
		t.Errorf("entries = %+v", l.Entries)
	}
	if l.Excluded[ExcludedNoDOI] != 1 || l.Excluded[ExcludedErratum] != 2 {
		t.Errorf("excluded = %v", l.Excluded)
	}
}

// TestParseSourcesBOM checks that a leading UTF-8 byte-order mark changes
// nothing, whatever parser the file goes to.
func TestParseSourcesBOM(t *testing.T) {
	const bom = "\ufeff"
	ris := "TY  - JOUR\nTI  - First\nDO  - 10.1000/first\nER  - \nTY  - JOUR\nTI  - Second\nDO  - 10.1000/second\nER  - \n"
	tests := []struct {
		name     string
		file     string
		give     string
		wantDOIs []string
	}{
		{name: "RIS by extension", file: "refs.ris", give: ris, wantDOIs: []string{"10.1000/first", "10.1000/second"}},
		{name: "RIS sniffed", file: "refs", give: ris, wantDOIs: []string{"10.1000/first", "10.1000/second"}},
		{name: "DOI list", file: "refs.txt", give: "10.1000/first\n10.1000/second\n", wantDOIs: []string{"10.1000/first", "10.1000/second"}},
		{name: "BibTeX", file: "refs.bib", give: "@article{a, doi={10.1000/first}}\n@article{b, doi={10.1000/second}}\n", wantDOIs: []string{"10.1000/first", "10.1000/second"}},
		{name: "JSON Lines", file: "refs.jsonl", give: `{"doi":"10.1000/first"}` + "\n" + `{"doi":"10.1000/second"}`, wantDOIs: []string{"10.1000/first", "10.1000/second"}},
		{name: "JSON array", file: "refs.json", give: `[{"doi":"10.1000/first"},{"doi":"10.1000/second"}]`, wantDOIs: []string{"10.1000/first", "10.1000/second"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, prefix := range []string{"", bom} {
				docs, _, err := parseSources(tt.file, []byte(prefix+tt.give))
				if err != nil {
					t.Fatalf("BOM %v: %v", prefix != "", err)
				}
				var got []string
				for _, d := range docs {
					got = append(got, d.Record.DOI)
				}
				if strings.Join(got, ",") != strings.Join(tt.wantDOIs, ",") {
					t.Errorf("BOM %v: got DOIs %q, want %q", prefix != "", got, tt.wantDOIs)
				}
			}
		})
	}
}

// TestFileCollectorOracleMetadataWins: a reference the oracle has is the
// oracle's record, whatever the file says of its title, authors, journal,
// year or identifiers; the file's abstract is what the writer is shown
// (the gate checks quotes against the oracle's), and the ledger notes
// which fields disagreed. One record then backs the
// rendered reference, the numbers a cited title backs and the quotes.
func TestFileCollectorOracleMetadataWins(t *testing.T) {
	srv := doiServer(t, "pyEuropePMC__search_cancer_core.json")
	tests := []struct {
		name, file string
	}{
		{"bibtex", `@article{x, title={A randomised trial showing 95% survival}, author={Nobel, Alfred and Curie, Marie},
 journal={The New England journal of medicine}, year={2019}, doi={10.1002/hpja.70059}, pmid={12345678},
 abstract={An abstract the file made up.}}`},
		{"csl", `[{"DOI":"10.1002/hpja.70059","title":"A randomised trial showing 95% survival",
 "author":[{"family":"Nobel","given":"Alfred"}],"container-title":"The New England journal of medicine",
 "issued":{"date-parts":[[2019]]},"PMID":"12345678","PMCID":"PMC9999999","abstract":"An abstract the file made up."}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ext := map[string]string{"bibtex": "refs.bib", "csl": "refs.json"}[tt.name]
			l, err := NewFileCollector(writeFile(t, ext, tt.file), testClient(t, srv.URL), testOptions(t)).Collect(context.Background(), contract.Lead{Topic: "carcinoma"})
			if err != nil {
				t.Fatal(err)
			}
			e, ok := l.ByDOI("10.1002/hpja.70059")
			if !ok {
				t.Fatalf("entries = %+v", l.Entries)
			}
			if !strings.HasPrefix(e.Title, "Co-Designed Culturally") || e.Year != 2025 || e.PMID != "40437959" || e.PMCID != "PMC12120539" ||
				!strings.HasPrefix(e.Journal, "Health promotion") || len(e.Authors) == 0 || e.Authors[0] != "Kwok C" || e.Abstract != "An abstract the file made up." {
				t.Errorf("entry = %+v; want the oracle's record", e)
			}
			assertNotes(t, l, "the oracle's metadata replaces the file's where they disagree: 10.1002/hpja.70059 (title, authors, journal, year, PMID")
		})
	}
}

func TestMetadataDiff(t *testing.T) {
	o := oracles.Record{Title: "A <i>population</i>-based analysis.", Authors: []string{"Xiang Z", "Ma J"}, Journal: "Cancer epidemiology",
		Year: 2025, OnlineYear: 2024, PMID: "40527231", PMCID: "PMC1"}
	tests := []struct {
		give oracles.Record
		want []string
	}{
		{oracles.Record{Title: "A population based analysis", Authors: []string{"Xiang, Zhisheng"}, Journal: "CANCER EPIDEMIOLOGY", Year: 2024, PMID: " 40527231", PMCID: "pmc1"}, nil},
		{oracles.Record{}, nil},
		{oracles.Record{Title: "Another analysis"}, []string{"title"}},
		{oracles.Record{Authors: []string{"Nobel A"}}, []string{"authors"}},
		{oracles.Record{Journal: "Lancet"}, []string{"journal"}},
		{oracles.Record{Year: 2019}, []string{"year"}},
		{oracles.Record{PMID: "1"}, []string{"PMID"}},
		{oracles.Record{PMCID: "PMC2"}, []string{"PMCID"}},
	}
	for _, tt := range tests {
		if got := metadataDiff(tt.give, o); !cmp.Equal(got, tt.want, cmpopts.EquateEmpty()) {
			t.Errorf("metadataDiff(%+v) = %v, want %v", tt.give, got, tt.want)
		}
	}
	if got := metadataDiff(oracles.Record{Year: 2023}, oracles.Record{Year: 2025, PrintYear: 2023}); got != nil {
		t.Errorf("a print year is the record's year: %v", got)
	}
}

func TestDisagreeNotes(t *testing.T) {
	if got := disagreeNotes("file:a", nil); got != nil {
		t.Errorf("no disagreement: %v", got)
	}
	got := disagreeNotes("file:a", []string{"1", "2", "3", "4", "5", "6", "7"})
	want := []string{"file:a: the oracle's metadata replaces the file's where they disagree: 1; 2; 3; 4; 5 and 2 more"}
	if !cmp.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := disagreeNotes("file:a", []string{"1", "2", "3", "4", "5"}); !strings.HasSuffix(got[0], "5") {
		t.Errorf("five are all shown: %v", got)
	}
}
