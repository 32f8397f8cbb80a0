package check_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// fixtureRecords reads testdata/bibliographies/records.tsv: the records
// the DOIs of the real reference lists should have (see its provenance).
func fixtureRecords(t *testing.T) []oracles.Record {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "bibliographies", "records.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []oracles.Record
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 4 && len(cols) != 5 {
			t.Fatalf("records.tsv: %q has %d columns, want 4 or 5", sc.Text(), len(cols))
		}
		online := 0
		if len(cols) == 5 {
			online, _ = strconv.Atoi(cols[4])
		}
		y, err := strconv.Atoi(cols[1])
		if err != nil {
			t.Fatal(err)
		}
		// The file gives one author of each paper, not the list: the
		// record holds none, so that a reference's whole list is not
		// compared with a list of one.
		out = append(out, oracles.Record{DOI: cols[0], Year: y, Title: cols[3], OnlineYear: online})
	}
	return out
}

// checker checks against a fake oracle knowing records, with no searcher.
func checker(records []oracles.Record) *check.Checker {
	return check.New(oracletest.NewFake("europepmc", records, nil), nil, check.Options{})
}

func fixtureDocs(t *testing.T) []check.Document {
	t.Helper()
	var docs []check.Document
	for _, name := range []string{"zombi2_references.md", "Glycoproteomics_Graph_Tool_README.md", "AdaptiveResonanceLib_CITATIONS.txt", "cffr_CITATION.cff"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "bibliographies", name))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, check.Document{Name: name, Text: string(data)})
	}
	return docs
}

// TestCheckRealReferenceListsNoFalseMismatch checks the real Markdown,
// text and CFF reference lists against the records their DOIs have: every
// entry read is compared, and none is a mismatch. Then each DOI's record is
// swapped for another paper's, as a fabricated reference would pair them:
// nearly every compared entry must become a mismatch.
func TestCheckRealReferenceListsNoFalseMismatch(t *testing.T) {
	recs := fixtureRecords(t)
	docs := fixtureDocs(t)
	rep := checker(recs).Check(context.Background(), docs)
	compared := 0
	for _, row := range rep.DOIs {
		if row.Entry != nil && row.DOI != "" {
			compared++
		}
		if row.Verdict == check.VerdictMismatch {
			t.Errorf("false mismatch: %s: %s", row.DOI, row.Error)
		}
	}
	if compared != len(recs) {
		t.Errorf("%d entries compared, want one per record (%d)", compared, len(recs))
	}
	t.Logf("%d DOIs, %d compared with their record, %d mismatch", len(rep.DOIs), compared, rep.Summary[check.VerdictMismatch])

	// Swap: each DOI gets the title, year and author of the record 7
	// places on, a different paper.
	swapped := make([]oracles.Record, len(recs))
	for i, r := range recs {
		o := recs[(i+7)%len(recs)]
		swapped[i] = oracles.Record{DOI: r.DOI, Title: o.Title, Year: o.Year}
	}
	rep = checker(swapped).Check(context.Background(), docs)
	caught := 0
	for _, row := range rep.DOIs {
		if row.Verdict == check.VerdictMismatch && row.DOI != "" {
			caught++
		}
	}
	t.Logf("records swapped: %d of %d compared entries are a mismatch", caught, compared)
	if caught < compared*95/100 {
		t.Errorf("only %d of %d wrong papers caught", caught, compared)
	}
}

// TestCheckMismatchLinesAndCFF: a real DOI attached to the wrong paper's
// title, year or authors is a mismatch in APA, Vancouver, Nature,
// Chicago, a numbered Markdown list and a CFF reference; the right paper
// with a subtitle, italics, a question mark or a year in its volume is
// found; a line that cannot be read is not compared.
func TestCheckMismatchLinesAndCFF(t *testing.T) {
	const d = "10.5555/magnon.1"
	rec := oracles.Record{DOI: d, Title: "Do charges ride the spin wave? Magnon drag in thin films", Year: 2020,
		Authors: []string{"Hans Müller", "Ada Okafor"}}
	c := checker([]oracles.Record{rec})
	cff := func(title, year, family string) string {
		return "cff-version: 1.2.0\nreferences:\n- type: article\n  title: '" + title + "'\n  year: " + year +
			"\n  authors:\n  - family-names: " + family + "\n    given-names: H.\n  - family-names: Okafor\n    given-names: Ada\n  doi: " + d + "\n"
	}
	tests := []struct {
		name, file, text string
		want             string // verdict
		why              string // in the error
	}{
		{"apa right", "a.md", "Müller, H., & Okafor, A. (2020). Do charges ride the spin wave? *Phys. Rev.*, 2019(3), 1–5. https://doi.org/" + d, "found", ""},
		{"apa wrong title", "a.md", "Müller, H., & Okafor, A. (2020). Deep learning for protein structure prediction. Nature, 1, 2. https://doi.org/" + d, "mismatch", "title: "},
		{"apa wrong year", "a.txt", "Müller, H. (2014). Do charges ride the spin wave? Phys. Rev., 1, 2. doi:" + d, "mismatch", "year: 2014, the record 2020"},
		{"apa wrong author", "a.txt", "Smith, J., & Müller, H. (2020). Do charges ride the spin wave? Phys. Rev., 1, 2. doi:" + d, "mismatch", "authors: author 1"},
		{"vancouver right, year in volume", "v.md", "Müller H, Okafor A. Do charges ride the spin wave? Magnon drag in thin films. Phys Rev B. 2020;2021(3):1-5. doi: " + d, "found", ""},
		{"vancouver wrong title", "v.md", "Müller H, Okafor A. Aspirin for the prevention of stroke: a trial. Lancet. 2020;1:2. doi: " + d, "mismatch", "title: "},
		{"vancouver wrong year", "v.md", "Müller H. Do charges ride the spin wave? Phys Rev B. 2011 Jan;1:2. doi: " + d, "mismatch", "year: 2011"},
		{"numbered markdown wrong title", "n.md", "# References\n\n1. Okafor A, Müller H. Graph databases in systems biology. Brief Bioinform. 2020;25:1.\n   [doi](https://doi.org/" + d + ")\n2. Smith J. Other. 2019.\n", "mismatch", "title: "},
		{"numbered markdown italics right", "n.md", "1. **Müller & Okafor (2020)** — *Do charges ride the spin wave?* Phys. Rev. [" + d + "](https://doi.org/" + d + ")\n", "found", ""},
		{"nature wrong author", "n.txt", "Lindqvist, K. & Okafor, A. Do charges ride the spin wave? Phys. Rev. B 1, 2 (2020). https://doi.org/" + d, "mismatch", "authors: author 1"},
		{"chicago wrong title", "c.md", "- Müller, Hans. “Gene Ontology: Tool for the Unification of Biology.” Nature Genetics 25, no. 1 (May 2020): 25–29. https://doi.org/" + d + ".", "mismatch", "title: "},
		{"apa title in quotes, right", "q.md", "- Müller, H., & Okafor, A. (2020). \"Do charges ride the spin wave?\" Phys. Rev. doi:" + d, "found", ""},
		{"apa title in quotes, wrong", "q.md", "- Müller, H. (2020). “Aspirin for the prevention of stroke.” Lancet. doi:" + d, "mismatch", "title: "},
		{"apa title opening with a quoted phrase", "q.md", "- Müller, H., & Okafor, A. (2020). \"Do charges\" ride the spin wave? Magnon drag in thin films. doi:" + d, "found", ""},
		{"group author is no person to compare", "g.md", "- Magnon Consortium. (2020). Do charges ride the spin wave? Phys. Rev. doi:" + d, "found", ""},
		{"prose naming an author is not compared", "p.md", "See Müller (2014). Deep learning changed everything, doi:" + d, "found", ""},
		{"unreadable line not compared", "u.md", "- Deep learning for protein structure prediction, see https://doi.org/" + d, "found", ""},
		{"cff right", "CITATION.cff", cff("Do charges ride the spin wave?", "2020", "Müller"), "found", ""},
		{"cff wrong title", "CITATION.cff", cff("Aspirin for the prevention of stroke", "2020", "Müller"), "mismatch", "title: "},
		{"cff wrong year", "CITATION.cff", cff("Do charges ride the spin wave?", "'2008'", "Müller"), "mismatch", "year: 2008"},
		{"cff wrong author", "CITATION.cff", cff("Do charges ride the spin wave?", "2020", "Lindqvist"), "mismatch", "authors: author 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := c.Check(context.Background(), []check.Document{{Name: tt.file, Text: tt.text}})
			rows := slices.DeleteFunc(slices.Clone(rep.DOIs), func(r check.Row) bool { return r.DOI == "" })
			if len(rows) != 1 {
				t.Fatalf("rows %+v", rep.DOIs)
			}
			row := rows[0]
			if row.Verdict != tt.want || !strings.Contains(row.Error, tt.why) {
				t.Errorf("verdict %q (%s), want %q with %q", row.Verdict, row.Error, tt.want, tt.why)
			}
			if tt.want == "mismatch" && (rep.Status() != check.NotVerified || len(row.Mismatches) == 0) {
				t.Errorf("status %v, mismatches %+v: want not verified, the fields named", rep.Status(), row.Mismatches)
			}
			if tt.name == "unreadable line not compared" && row.Entry != nil {
				t.Errorf("entry %+v compared", row.Entry)
			}
		})
	}
}

// TestCheckEveryEntryOfADOI: a document (or two) that cites one DOI twice,
// once for the right paper and once for another, is a mismatch whichever
// comes first, naming the entry that does not fit; two right entries are
// found.
func TestCheckEveryEntryOfADOI(t *testing.T) {
	const d = "10.5555/magnon.1"
	rec := oracles.Record{DOI: d, Title: "Do charges ride the spin wave? Magnon drag in thin films", Year: 2020,
		Authors: []string{"Hans Müller", "Ada Okafor"}}
	c := checker([]oracles.Record{rec})
	right := "Müller H, Okafor A. Do charges ride the spin wave? Magnon drag in thin films. Phys Rev B. 2020;3:1-5. doi:" + d
	wrong := "Müller H, Okafor A. Aspirin for the prevention of stroke: a randomised trial. Lancet. 2020;1:2. doi:" + d
	bib := func(key, title string) string {
		return "@article{" + key + ",\n  title = {" + title + "},\n  author = {Müller, Hans and Okafor, Ada},\n  year = {2020},\n  doi = {" + d + "}\n}\n"
	}
	tests := []struct {
		name  string
		docs  []check.Document
		want  string
		label string
	}{
		{"markdown, wrong second", []check.Document{{Name: "r.md", Text: "1. " + right + "\n2. " + wrong + "\n"}}, "mismatch", "line 2"},
		{"markdown, wrong first", []check.Document{{Name: "r.md", Text: "1. " + wrong + "\n2. " + right + "\n"}}, "mismatch", "line 1"},
		{"markdown, both right", []check.Document{{Name: "r.md", Text: "1. " + right + "\n2. " + right + "\n"}}, "found", ""},
		{"bibtex, wrong second", []check.Document{{Name: "r.bib", Text: bib("good", rec.Title) + bib("bad", "Aspirin for the prevention of stroke")}}, "mismatch", "bad"},
		{"two documents, wrong in the second", []check.Document{{Name: "a.md", Text: "1. " + right + "\n"}, {Name: "b.bib", Text: bib("bad", "Aspirin for the prevention of stroke")}}, "mismatch", "bad"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := c.Check(context.Background(), tt.docs)
			if len(rep.DOIs) != 1 {
				t.Fatalf("rows %+v", rep.DOIs)
			}
			row := rep.DOIs[0]
			if row.Verdict != tt.want {
				t.Fatalf("verdict %q (%s), want %q", row.Verdict, row.Error, tt.want)
			}
			if tt.want == "mismatch" {
				if !strings.Contains(row.Error, "one of 2 entries citing this DOI") || row.Entry == nil || row.Entry.Label != tt.label {
					t.Errorf("error %q, entry %+v: want the entry %q named as one of 2", row.Error, row.Entry, tt.label)
				}
			}
		})
	}
}
