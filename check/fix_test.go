package check_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestFix: WriteFix writes a copy with the DOI of a no_doi entry added and
// the DOI of a mismatch entry corrected, in BibTeX, RIS and CSL JSON; the
// copy parses back with bib, the original is byte for byte unchanged, an
// ambiguous entry is left alone, and the fixed copy checks clean of what
// was fixed.
func TestFix(t *testing.T) {
	const (
		spin    = "Charges ride the spin wave"
		protein = "Deep learning for protein folding"
		twin    = "Twin studies of sleep"
		wrong   = "10.5555/wrong.1"
	)
	muller := []string{"Hans Müller"}
	methyl := oracles.Record{DOI: wrong, Title: "Methylphenidate exposure in adolescents", Year: 2012, Authors: []string{"A. Lindqvist"}}
	found := map[string][]oracles.Record{
		spin:    {{DOI: "10.5555/spin.1", Title: spin + ": magnon drag", Year: 2020, Authors: muller}},
		protein: {{DOI: "10.5555/protein.1", Title: protein, Year: 2019, Authors: muller}, methyl},
		twin:    {{DOI: "10.5555/twin.1", Title: twin, Year: 2018, Authors: muller}, {DOI: "10.5555/twin.2", Title: twin, Year: 2018, Authors: muller}},
	}
	known := []oracles.Record{methyl, found[spin][0], found[protein][0]}
	newChecker := func() *check.Checker {
		return check.New(oracletest.NewFake("crossref", known, nil), []oracles.Searcher{oracletest.NewFakeSearcher("crossref", byTitle(found))}, check.Options{})
	}
	tests := []struct {
		name, file, text string
		want             map[string]string // entry title -> DOI in the fixed copy
		summary          string
		unfixable        bool // the copy keeps its mismatch
	}{
		{
			name: "bibtex",
			file: "refs.bib",
			text: "@article{spin,\n  title = {" + spin + "},\n  author = {Müller, Hans},\n  year = {2020}\n}\n\n" +
				"@article{protein,\n  title = {" + protein + "},\n  author = {Müller, Hans},\n  year = {2019},\n  doi = {" + wrong + "}\n}\n\n" +
				"@article{twin,\n  title = {" + twin + "},\n  author = {Müller, Hans},\n  year = {2018}\n}\n",
			want:    map[string]string{spin: "10.5555/spin.1", protein: "10.5555/protein.1", twin: ""},
			summary: "1 DOI(s) added, 1 corrected",
		},
		{
			// One DOI on the right paper's entry and on another's: --fix
			// cannot tell which entry to change (extraction gives the DOI's
			// first line), so it changes neither.
			name: "bibtex, one DOI on two entries",
			file: "refs.bib",
			text: "@article{methyl,\n  title = {Methylphenidate exposure in adolescents},\n  author = {Lindqvist, K.},\n  year = {2012},\n  doi = {" + wrong + "}\n}\n\n" +
				"@article{protein,\n  title = {" + protein + "},\n  author = {Müller, Hans},\n  year = {2019},\n  doi = {" + wrong + "}\n}\n",
			want:      map[string]string{"Methylphenidate exposure in adolescents": wrong, protein: wrong},
			summary:   "0 DOI(s) added, 0 corrected",
			unfixable: true,
		},
		{
			name: "ris",
			file: "refs.ris",
			text: "TY  - JOUR\nTI  - " + spin + "\nAU  - Müller, Hans\nPY  - 2020\nER  - \n\n" +
				"TY  - JOUR\nTI  - " + protein + "\nAU  - Müller, Hans\nPY  - 2019\nDO  - https://doi.org/" + wrong + "\nER  - \n",
			want:    map[string]string{spin: "10.5555/spin.1", protein: "10.5555/protein.1"},
			summary: "1 DOI(s) added, 1 corrected",
		},
		{
			name: "csl json",
			file: "refs.json",
			text: `[{"id":"a","title":"` + spin + `","author":[{"family":"Müller","given":"Hans"}],"issued":{"date-parts":[[2020]]}},` +
				`{"id":"b","DOI":"` + wrong + `","title":"` + protein + `","author":[{"family":"Müller","given":"Hans"}],"issued":{"date-parts":[[2019]]}}]`,
			want:    map[string]string{spin: "10.5555/spin.1", protein: "10.5555/protein.1"},
			summary: "1 DOI(s) added, 1 corrected",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, tt.file)
			if err := os.WriteFile(in, []byte(tt.text), 0o600); err != nil {
				t.Fatal(err)
			}
			doc := check.Document{Name: in, Text: tt.text}
			rep := newChecker().Check(context.Background(), []check.Document{doc})
			out := filepath.Join(dir, "fixed"+filepath.Ext(tt.file))
			fixes, err := rep.WriteFix(doc, out, false)
			if err != nil {
				t.Fatal(err)
			}
			if got := check.FixSummary(out, fixes); !strings.Contains(got, tt.summary) || rep.Status() != check.NotVerified {
				t.Errorf("summary %q, status %v; want %q, not verified", got, rep.Status(), tt.summary)
			}
			if orig, _ := os.ReadFile(in); string(orig) != tt.text {
				t.Errorf("the original changed:\n%s", orig)
			}
			fixed, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, e := range bib.Parse(out, fixed).Entries {
				got[e.Title] = e.DOI
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("entries of the fixed copy (-want +got):\n%s\n%s", diff, fixed)
			}
			again := newChecker().Check(context.Background(), []check.Document{{Name: out, Text: string(fixed)}})
			if mismatch := again.Summary[check.VerdictMismatch] > 0; mismatch != tt.unfixable {
				t.Errorf("the fixed copy: mismatch = %v, want %v: %+v", mismatch, tt.unfixable, again.DOIs)
			}
		})
	}
}

// TestFixTarget: --fix never writes the input (by name, by another path to
// it, through a link), nor an existing file without force, nor a folder.
func TestFixTarget(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "refs.bib")
	other := filepath.Join(dir, "other.bib")
	for _, p := range []string{in, other} {
		if err := os.WriteFile(p, []byte("keep me"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link.bib")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		out   string
		force bool
		want  string // in the error; "" for none
	}{
		{"no output", "", false, "name an output file"},
		{"stdout", "-", false, "name an output file"},
		{"the input itself", in, false, "that is the input file"},
		{"the input through a relative path", filepath.Join(dir, ".", "refs.bib"), false, "that is the input file"},
		{"the input through a link", link, false, "that is the input file"},
		{"the input through a link, forced", link, true, "that is the input file"},
		{"an existing file", other, false, "file exists (--force replaces it)"},
		{"a directory", dir, true, "is a directory"},
		{"an existing file, forced", other, true, ""},
		{"a new file", filepath.Join(dir, "new.bib"), false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := check.FixTarget(in, tt.out, tt.force)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("FixTarget(%s) = %v, want nil", tt.out, err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !errorsIsInput(err)):
				t.Errorf("FixTarget(%s) = %v, want ErrInput with %q", tt.out, err, tt.want)
			}
		})
	}
	if err := check.FixTarget("<stdin>", filepath.Join(dir, "<stdin>"), false); err != nil {
		t.Errorf("stdin's copy: %v", err)
	}
}
