package check_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// benchDocs are a 2,000-entry BibTeX file and a 2,000-line Markdown
// reference list, each entry citing its own DOI, and the records of those
// DOIs.
func benchDocs() ([]check.Document, []oracles.Record) {
	var bibtex, md strings.Builder
	var recs []oracles.Record
	for i := range 2000 {
		title := fmt.Sprintf("Spin waves in thin films, part %d", i)
		fmt.Fprintf(&bibtex, "@article{k%d,\n  title = {%s},\n  author = {Müller, Hans},\n  year = {2019},\n  doi = {10.5555/bib.%d}\n}\n", i, title, i)
		fmt.Fprintf(&md, "%d. Müller H, Okafor A. %s. Phys Rev B. 2019;1:2. doi:10.5555/md.%d\n", i+1, title, i)
		recs = append(recs, oracles.Record{DOI: fmt.Sprintf("10.5555/bib.%d", i), Title: title, Year: 2019, Authors: []string{"Hans Müller"}},
			oracles.Record{DOI: fmt.Sprintf("10.5555/md.%d", i), Title: title, Year: 2019, Authors: []string{"Hans Müller"}})
	}
	return []check.Document{{Name: "refs.bib", Text: bibtex.String()}, {Name: "refs.md", Text: md.String()}}, recs
}

// BenchmarkCheckReadsOnce checks 4,000 entries against an in-memory
// oracle: the cost is reading and comparing the documents, each read once
// (bib.Parse), not the lookups.
func BenchmarkCheckReadsOnce(b *testing.B) {
	docs, recs := benchDocs()
	c := check.New(oracletest.NewFake("fake", recs, nil), nil, check.Options{})
	for b.Loop() {
		if rep := c.Check(context.Background(), docs); rep.Summary[check.VerdictFound] != 4000 {
			b.Fatalf("summary %v", rep.Summary)
		}
	}
}
