package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// crossrefWorkMeta is a /works answer with authors and a year.
func crossrefWorkMeta(doi, title string, year int, families ...string) string {
	var authors []string
	for _, f := range families {
		authors = append(authors, fmt.Sprintf(`{"given":"A.","family":%q,"sequence":"first"}`, f))
	}
	return fmt.Sprintf(`{"status":"ok","message-type":"work","message":{"DOI":%q,"title":[%q],"type":"journal-article",`+
		`"issued":{"date-parts":[[%d,5,1]]},"author":[%s]}}`, doi, title, year, strings.Join(authors, ","))
}

// TestCheckMismatch: a real DOI of the wrong paper is a mismatch when the
// entry's title, year or first author disagree with the record, in BibTeX,
// RIS and CSL JSON; a subtitle left out or a year off by one is not.
func TestCheckMismatch(t *testing.T) {
	const (
		d1 = "10.5555/paper.1"
		d2 = "10.5555/paper.2"
	)
	known := map[string]string{
		d1: crossrefWorkMeta(d1, "Charges ride the spin wave: magnon drag in thin films", 2020, "Müller", "Okafor"),
		d2: crossrefWorkMeta(d2, "Methylphenidate exposure in adolescents", 2012, "Lindqvist"),
	}
	srv, _ := fakeCrossrefServer(t, known, nil)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	bib := func(title, year, author string) string {
		return fmt.Sprintf("@article{k,\n  title = {%s},\n  author = {%s},\n  year = {%s},\n  doi = {%s}\n}\n", title, author, year, d1)
	}
	tests := []struct {
		name, file, text string
		want             string // verdict of d1
		why              string // in the row's error
	}{
		{"bibtex matching", "a.bib", bib("Charges ride the {S}pin wave", "2020", "Muller, Hans and Okafor, Ada"), "found", ""},
		{"subtitle left out, year off by one", "b.bib", bib("Charges ride the spin wave", "2021", "Hans Müller"), "found", ""},
		{"wrong title", "c.bib", bib("Deep learning for protein folding", "2020", "Müller, Hans"), "mismatch", "title similarity"},
		{"wrong year", "d.bib", bib("Charges ride the spin wave", "2017", "Müller, Hans"), "mismatch", "year 2017, record 2020"},
		{"wrong first author", "e.bib", bib("Charges ride the spin wave", "2020", "Smith, Jane and Müller, Hans"), "mismatch", `first author "Smith, Jane"`},
		{"ris wrong title", "f.ris", "TY  - JOUR\nTI  - A different paper entirely\nAU  - Müller, Hans\nPY  - 2020\nDO  - " + d1 + "\nER  - \n", "mismatch", "title similarity"},
		{"csl json wrong year", "g.json", `[{"DOI":"` + d1 + `","title":"Charges ride the spin wave","author":[{"family":"Okafor","given":"Ada"}],"issued":{"date-parts":[[2009]]}}]`, "mismatch", "year 2009"},
		{"markdown line with no journal and year is not compared", "h.md", "Smith J. Deep learning. 1999. doi:" + d1 + "\n", "found", ""},
		{"markdown APA line wrong title", "i.md", "- Müller, H. (2020). Deep learning for protein folding. Nature, 1, 2. doi:" + d1 + "\n", "mismatch", "title similarity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := writeFile(t, dir, tt.file, tt.text)
			_, stdout, _, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--json", doc)
			var rep checkReport
			if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil {
				t.Fatalf("%v (%v)\n%s", jerr, err, stdout)
			}
			if len(rep.DOIs) != 1 {
				t.Fatalf("rows %+v", rep.DOIs)
			}
			row := rep.DOIs[0]
			if row.Verdict != tt.want || !strings.Contains(row.Error, tt.why) {
				t.Errorf("verdict %q (%s), want %q with %q", row.Verdict, row.Error, tt.want, tt.why)
			}
			if tt.want == "mismatch" {
				if rep.ExitCode != exitNotVerified || !strings.Contains(row.Error, "record \"Charges ride the spin wave: magnon drag") {
					t.Errorf("exit %d, error %q: want 3 and both titles", rep.ExitCode, row.Error)
				}
			}
		})
	}
	// The threshold is the user's: 4 of 6 words shared (0.67) is a
	// mismatch at the default 0.8 and found at 0.6.
	doc := writeFile(t, dir, "z.bib", bib("Charges ride the wave of magnons", "2020", "Müller, Hans"))
	code, stdout, _, _ := runCheckCLI(t, nil, "", "--config", cfg, "check", doc)
	if code != exitNotVerified || !strings.Contains(stdout, "mismatch") || !strings.Contains(stdout, "title similarity 0.67") {
		t.Errorf("default threshold: exit %d\n%s", code, stdout)
	}
	code, stdout, _, _ = runCheckCLI(t, nil, "", "--config", cfg, "check", "--title-similarity", "0.6", doc)
	if code != exitOK {
		t.Errorf("--title-similarity 0.6: exit %d\n%s", code, stdout)
	}
	code, _, _, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--title-similarity", "1.5", doc)
	if code != exitUsage || err == nil || !strings.Contains(err.Error(), "--title-similarity") {
		t.Errorf("--title-similarity 1.5: exit %d (%v), want a usage error", code, err)
	}
}
