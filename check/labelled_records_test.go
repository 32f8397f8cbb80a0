package check_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/evidence"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// testdataRecords reads every record of the recorded oracle responses in
// testdata/ (Europe PMC searches, the Europe PMC cassette, Crossref works),
// each parsed by its oracle's own parser, by DOI; a DOI in two files gets
// one record, the fuller one's fields first.
func testdataRecords(t testing.TB) map[string]oracles.Record {
	t.Helper()
	root := filepath.Join("..", "testdata")
	out := map[string]oracles.Record{}
	add := func(r oracles.Record) {
		if r.DOI == "" {
			return
		}
		if have, ok := out[r.DOI]; ok {
			// Core records have what lite ones lack: keep the one with more
			// journal detail first.
			if len(r.JournalAbbrevs) > len(have.JournalAbbrevs) || len(r.ISSN) > len(have.ISSN) {
				r, have = have, r
				out[r.DOI] = have.Merge(r)
				return
			}
			out[r.DOI] = have.Merge(r)
			return
		}
		out[r.DOI] = r
	}
	epmc, _ := filepath.Glob(filepath.Join(root, "europepmc", "*.json"))
	for _, f := range epmc {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cassette struct {
			Body json.RawMessage `json:"body"`
		}
		if json.Unmarshal(body, &cassette) == nil && len(cassette.Body) > 0 {
			var s string
			if json.Unmarshal(cassette.Body, &s) == nil {
				body = []byte(s)
			} else {
				body = cassette.Body
			}
		}
		resp, err := europepmc.ParseResponse(body)
		if err != nil {
			continue // the fields list, not a search
		}
		for _, r := range resp.ResultList.Result {
			add(r.Record())
		}
	}
	works, _ := filepath.Glob(filepath.Join("testdata", "crossref-works", "*.json"))
	works = append(works, filepath.Join(root, "crossref", "habanero__work_10.1371_journal.pone.0033693.json"))
	for _, f := range works {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		w, err := crossref.ParseWork(body)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		add(*w.Record())
	}
	if len(out) < 100 {
		t.Fatalf("only %d records in testdata", len(out))
	}
	return out
}

// fullRecords are the records with full metadata that a valid reference
// can describe: a DOI, a title, authors, a venue and a year, not a notice
// and not retracted (those have verdicts of their own), sorted by DOI.
func fullRecords(all map[string]oracles.Record) []oracles.Record {
	var out []oracles.Record
	for _, r := range all {
		c := evidence.OfRecord(r)
		if r.Title == "" || len(r.Authors) == 0 || r.Journal == "" || r.Year == 0 || c.IsNotice() || r.Retracted || r.RetractionNotice {
			continue
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].DOI < out[j].DOI })
	return out
}

// standIn is an oracle that knows every record of testdata and a searcher
// over them that, like Crossref's bibliographic query, ranks by how many of
// the query title's words a record's title holds and always answers its
// best five: a fabricated reference meets the real paper it was made from
// and must be told apart from it by the comparison.
func standIn(all map[string]oracles.Record) (oracles.Oracle, oracles.Searcher) {
	recs := make([]oracles.Record, 0, len(all))
	for _, r := range all {
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].DOI < recs[j].DOI })
	titles := make([]map[string]bool, len(recs))
	for i, r := range recs {
		titles[i] = words(r.Title)
	}
	search := oracletest.NewFakeSearcher("standin", func(q oracles.Query) ([]oracles.Record, error) {
		qw := words(q.Title)
		type hit struct {
			r     oracles.Record
			score float64
		}
		var hits []hit
		for i, r := range recs {
			rw := titles[i]
			shared := 0
			for w := range qw {
				if rw[w] {
					shared++
				}
			}
			if len(qw) == 0 || shared == 0 {
				continue
			}
			hits = append(hits, hit{r, float64(shared) / float64(max(len(qw), len(rw)))})
		}
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
		var out []oracles.Record
		for _, h := range hits[:min(5, len(hits))] {
			out = append(out, h.r)
		}
		return out, nil
	})
	return oracletest.NewFake("standin", recs, nil), search
}

// words is the lower-case word set of a title.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		out[w] = true
	}
	return out
}

// TestTestdataRecords: the stand-in knows the records of testdata, and at
// least 100 have full metadata.
func TestTestdataRecords(t *testing.T) {
	all := testdataRecords(t)
	full := fullRecords(all)
	if len(full) < 100 {
		t.Errorf("%d full records of %d, want 100 at least", len(full), len(all))
	}
	var preprints []string
	for _, r := range full {
		if r.Preprint {
			preprints = append(preprints, r.DOI)
		}
	}
	t.Logf("%d records, %d with full metadata, %d of them preprints", len(all), len(full), len(preprints))
	if !slices.Contains(preprints, "10.1101/2025.02.05.636615") {
		t.Errorf("the bioRxiv preprint is not among the full records")
	}
}
