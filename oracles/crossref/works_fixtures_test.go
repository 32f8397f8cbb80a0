package crossref_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles/crossref"
)

// TestRecordedWorksVenues reads the 45 real works of check/testdata/crossref-works
// (see its PROVENANCE.txt): every one parses, a preprint's venue is its
// server, a journal article's venue its container title with the short
// title and ISSNs beside it, relations to the other version are read and
// HTML markup in titles is gone.
func TestRecordedWorksVenues(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "check", "testdata", "crossref-works", "*.json"))
	if err != nil || len(files) != 45 {
		t.Fatalf("%d recorded works (%v), want 45", len(files), err)
	}
	type summary struct {
		Journal        string
		JournalAbbrevs []string
		ISSN           []string
		Volume, Pages  string
		Online, Print  int
		Preprint       bool
		PublishedDOI   string
	}
	want := map[string]summary{
		"prereview__biorxiv.json":   {Journal: "bioRxiv", JournalAbbrevs: []string{"Cold Spring Harbor Laboratory", "Microbiology"}, Preprint: true},
		"prereview__metaarxiv.json": {Journal: "MetaArXiv", JournalAbbrevs: []string{"Center for Open Science"}, Preprint: true},
		"prereview__chemrxiv.json": {Journal: "American Chemical Society (ACS)", JournalAbbrevs: []string{"Chemistry"}, Preprint: true,
			PublishedDOI: "10.1002/anie.202215847"},
		"prereview__csh-press-journal.json": {Journal: "Genome Research", JournalAbbrevs: []string{"Genome Res."}, ISSN: []string{"1088-9051", "1549-5469"},
			Volume: "35", Pages: "432-445", Online: 2025, Print: 2025},
		"prereview__jmir-journal.json": {Journal: "JMIR mHealth and uHealth", JournalAbbrevs: []string{"JMIR Mhealth Uhealth"}, ISSN: []string{"2291-5222"},
			Volume: "6", Pages: "e23", Online: 2018},
	}
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		w, err := crossref.ParseWork(body)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		rec := w.Record()
		if rec.DOI == "" || rec.Title == "" || rec.Journal == "" || strings.ContainsAny(rec.Title, "<>") || strings.Contains(rec.Title, "&lt;") {
			t.Errorf("%s: DOI %q, journal %q, title %q: want all set and the title without markup", filepath.Base(f), rec.DOI, rec.Journal, rec.Title)
		}
		if rec.Preprint != (w.Type == "posted-content") {
			t.Errorf("%s: preprint %v for type %s", filepath.Base(f), rec.Preprint, w.Type)
		}
		if s, ok := want[filepath.Base(f)]; ok {
			got := summary{rec.Journal, rec.JournalAbbrevs, rec.ISSN, rec.Volume, rec.Pages, rec.OnlineYear, rec.PrintYear, rec.Preprint, rec.PublishedDOI}
			if d := cmp.Diff(s, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", filepath.Base(f), d)
			}
		}
	}
}
