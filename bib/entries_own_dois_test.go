package bib

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// rowsOf is what check reports of a document, in a few words: each DOI
// row as "line doi" (invalid rows "line !raw"), and each entry as
// "label=doi" with its further DOIs after "+".
func rowsOf(name, text string) (rows, entries []string) {
	doc := Parse(name, []byte(text))
	for _, f := range doc.DOIs {
		if f.Invalid != "" {
			rows = append(rows, fmt.Sprintf("%d !%s", f.Line, f.Raw))
			continue
		}
		rows = append(rows, fmt.Sprintf("%d %s", f.Line, f.DOI))
	}
	for _, e := range doc.Entries {
		s := e.Label + "=" + e.DOI
		if e.DOI == "" && e.RawDOI != "" {
			s = e.Label + "=!" + e.RawDOI
		}
		for _, m := range e.MoreDOIs {
			s += "+" + m
		}
		entries = append(entries, s)
	}
	return rows, entries
}

// TestEntriesOwnTheirDOIs: in a bibliography the rows are the entries',
// read by the format's own reader. Each case is one class a black-box
// red team found (the DOI outside the doi field, a value built with # or
// YAML escapes, a TeX line break or break command inside a DOI, a DOI in
// a comment, CSL JSON wrapped in an object, biblatex, amsrefs and harvard
// .bbl files), never the red team's file itself.
func TestEntriesOwnTheirDOIs(t *testing.T) {
	tests := []struct {
		name, file, give string
		rows, entries    []string
	}{
		// A DOI given outside the doi field is the entry's own.
		{"biblatex eprint", "a.bib", "@article{w,\n  title = {T},\n  eprinttype = {doi},\n  eprint = {10.5555/ep.1},\n}\n",
			[]string{"4 10.5555/ep.1"}, []string{"w=10.5555/ep.1"}},
		{"note and howpublished", "a.bib", "@misc{n, title={T}, note={Published as doi:10.5555/note.2}}\n@misc{h, title={U},\n howpublished={\\url{https://doi.org/10.5555/how.3}}}\n",
			[]string{"1 10.5555/note.2", "3 10.5555/how.3"}, []string{"n=10.5555/note.2", "h=10.5555/how.3"}},
		{"publisher URL", "a.bib", "@article{p, title={T}, url={https://onlinelibrary.wiley.com/doi/abs/10.5555/pub.4}}\n",
			[]string{"1 10.5555/pub.4"}, []string{"p=10.5555/pub.4"}},
		{"RIS link tag", "a.ris", "TY  - JOUR\nTI  - T\nL2  - https://doi.org/10.5555/ris.5\nER  - \n",
			[]string{"3 10.5555/ris.5"}, []string{"record 1 (line 1)=10.5555/ris.5"}},
		{"CSL URL", "a.json", `[{"type":"article-journal","title":"T","URL":"https://doi.org/10.5555/csl.6"}]`,
			[]string{"1 10.5555/csl.6"}, []string{"record 1=10.5555/csl.6"}},
		{"CFF url and identifier of type url", "CITATION.cff", "cff-version: 1.2.0\nreferences:\n  - title: A\n    url: https://doi.org/10.5555/cff.7\n  - title: B\n    identifiers:\n      - type: url\n        value: https://doi.org/10.5555/cff.8\n",
			[]string{"4 10.5555/cff.7", "8 10.5555/cff.8"}, []string{"references[0]=10.5555/cff.7", "references[1]=10.5555/cff.8"}},
		// The doi field's own value, as its format reads it.
		{"doi written twice", "a.bib", "@article{d,\n title={T},\n doi={10.5555/one.1},\n doi={10.5555/two.2},\n}\n",
			[]string{"3 10.5555/one.1", "4 10.5555/two.2"}, []string{"d=10.5555/one.1+10.5555/two.2"}},
		{"braced DOI # a macro", "a.bib", "@string{s = {7}}\n@article{c,\n title={T},\n doi = {10.5555/cat.} # s,\n}\n",
			[]string{"2 10.5555/cat.7"}, []string{"c=10.5555/cat.7"}},
		{"undefined macro", "a.bib", "@string{pre = {10.5555}}\n@article{u2, doi = pre # \"/x.1\"}\n@article{u3, doi = nope # \"/x.1\"}\n",
			[]string{"2 10.5555/x.1", "3 !nope # \"/x.1\""}, []string{"u2=10.5555/x.1", "u3=!nope # \"/x.1\""}},
		{"a command in the doi field", "a.bib", "@article{c, doi = {\\url{10.5555/urlcmd}}}\n@article{d, doi = {\\detokenize{10.5555/detok}}}\n",
			[]string{"1 10.5555/urlcmd", "2 10.5555/detok"}, []string{"c=10.5555/urlcmd", "d=10.5555/detok"}},
		{"YAML escapes", "CITATION.cff", "cff-version: 1.2.0\nreferences:\n  - title: A\n    doi: \"10.5555\\u002Fesc.1\"\n  - title: B\n    doi: \"10.5555/esc.\\\n      2\"\n",
			[]string{"4 10.5555/esc.1", "6 10.5555/esc.2"}, []string{"references[0]=10.5555/esc.1", "references[1]=10.5555/esc.2"}},
		{"JSON escapes", "a.json", `[{"title":"A","DOI":"10.5555\u002Fjs.1"},{"title":"B","DOI":"10.5555\/js.2"}]`,
			[]string{"1 10.5555/js.1", "1 10.5555/js.2"}, []string{"record 1=10.5555/js.1", "record 2=10.5555/js.2"}},
		// What is not an entry holds no citation.
		{"BibTeX comments", "a.bib", "@comment{ @article{c1, doi={10.5555/comment.1}} }\nSee 10.5555/between.2 here.\n@article{a, title={T}, doi={10.5555/real.3}}\n",
			[]string{"3 10.5555/real.3"}, []string{"a=10.5555/real.3"}},
		{"an invalid DOI two entries write is at each", "a.bib", "@article{a, doi={10.5555bad}}\n@article{b, doi={10.5555bad}}\n",
			[]string{"1 !10.5555bad", "2 !10.5555bad"}, []string{"a=!10.5555bad", "b=!10.5555bad"}},
		// CSL JSON as Zotero's web API gives it, and one item alone.
		{"CSL items object", "a.json", "{\"items\":[\n{\"type\":\"article-journal\",\"title\":\"A\",\"DOI\":\"10.5555/it.1\"},\n{\"type\":\"article-journal\",\"title\":\"No DOI\"}]}",
			[]string{"2 10.5555/it.1"}, []string{"record 1=10.5555/it.1", "record 2="}},
		{"one CSL item", "a.json", `{"type":"article-journal","title":"A","DOI":"10.5555/one.1"}`,
			[]string{"1 10.5555/one.1"}, []string{"record 1=10.5555/one.1"}},
		{"JSON that is no CSL", "a.json", `{"name":"tool","homepage":"https://doi.org/10.5555/no.1"}`, nil, nil},
		// TeX: what it prints.
		{"BibTeX's % line break", "a.bbl", "\\begin{thebibliography}{1}\n\\bibitem{k}\nA. Smith.\n\\newblock T.\n\\newblock \\emph{J}, 2019.\n\\newblock \\doi{10.5555/long.%\n12345}\n\\end{thebibliography}\n",
			[]string{"6 10.5555/long.12345"}, []string{"k=10.5555/long.12345"}},
		{"break commands", "a.bbl", "\\bibitem{a} A. Smith. T. \\emph{J}, 2019. \\doi{10.5555/n4\\discretionary{}{}{}long}\n\\bibitem{b} B. Jones. U. \\emph{J}, 2019. doi:10.5555/n6\\allowbreak{}tail\n",
			[]string{"1 10.5555/n4long", "2 10.5555/n6tail"}, []string{"a=10.5555/n4long", "b=10.5555/n6tail"}},
		{"a commented-out item", "a.bbl", "\\begin{thebibliography}{2}\n%\\bibitem{old} A. Old. T. J. 2001. \\doi{10.5555/old.1}\n\\bibitem[X]%\n{new} B. New. U. J. 2002. \\doi{10.5555/new.2}\n\\end{thebibliography}\n",
			[]string{"4 10.5555/new.2"}, []string{"new=10.5555/new.2"}},
		{"a URL's percent is no comment", "a.bbl", "\\bibitem{u} A. Smith. T. \\emph{J}, 2019. \\url{https://doi.org/10.5555/a%2Fb}\n",
			[]string{"1 10.5555/a/b"}, []string{"u=10.5555/a/b"}},
		// .bbl files other packages write.
		{"biblatex", "a.bbl", "\\refsection{0}\n\\datalist[entry]{nty/global//global/global}\n\\entry{k}{article}{}\n\\name{author}{2}{}{%\n{{hash=1}{family={Smith}, familyi={S\\bibinitperiod}, given={John}, giveni={J\\bibinitperiod}}}%\n{{hash=2}{family={Doe}, given={Ann}}}%\n}\n\\field{journaltitle}{Nature}\n\\field{title}{A title}\n\\field{year}{2019}\n\\verb{doi}\n\\verb 10.5555/bl.1\n\\endverb\n\\endentry\n\\entry{n}{book}{}\n\\field{title}{No DOI}\n\\endentry\n\\enddatalist\n\\endrefsection\n",
			[]string{"12 10.5555/bl.1"}, []string{"k=10.5555/bl.1", "n="}},
		{"amsrefs", "a.bbl", "\\begin{biblist}\n\\bib{k}{article}{\n  author={Smith, J.},\n  author={Doe, A.},\n  title={A title},\n  journal={Nature},\n  date={2019},\n  doi={10.5555/ams.1},\n}\n\\bib{n}{article}{\n  title={No DOI},\n}\n\\end{biblist}\n",
			[]string{"8 10.5555/ams.1"}, []string{"k=10.5555/ams.1", "n="}},
		{"harvard", "a.bbl", "\\begin{thebibliography}{xx}\n\\harvarditem{Nobody}{2024}{nob}\nNobody, A. 2024, `A paper', {\\em J} {\\bf 1},~1--2.\n\\harvarditem[Smith]{Smith and Doe}{2019}{smith}\nSmith, J. 2019, `T', {\\em Nature}.\n\\harvardurl{https://doi.org/10.5555/harv.1}\n\\end{thebibliography}\n",
			[]string{"6 10.5555/harv.1"}, []string{"nob=", "smith=10.5555/harv.1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, entries := rowsOf(tt.file, tt.give)
			if diff := cmp.Diff(tt.rows, rows, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.entries, entries, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("entries (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBBLFields: the other .bbl forms are read into the fields the
// comparison reads, as BibTeX entries are.
func TestBBLFields(t *testing.T) {
	tests := []struct {
		name, give string
		authors    []string
		title      string
		journal    string
		year       int
	}{
		{"biblatex", "\\entry{k}{article}{}\n\\name{author}{2}{}{%\n{{hash=1}{family={Smith}, given={John}}}%\n{{hash=2}{family={Doe}, given={Ann}}}%\n}\n\\field{journaltitle}{Nature}\n\\field{title}{A {CRISPR} title}\n\\field{year}{2019}\n\\endentry\n",
			[]string{"Smith, John", "Doe, Ann"}, "A CRISPR title", "Nature", 2019},
		{"amsrefs", "\\bib{k}{article}{\n author={Smith, J.},\n author={Doe, A.},\n title={A title},\n journal={Nature},\n date={2019-05-01},\n}\n",
			[]string{"Smith, J.", "Doe, A."}, "A title", "Nature", 2019},
		{"apacite", "\\bibitem [\\protect \\citeauthoryear {Kwok\\ \\BBA {} Xu}{Kwok\\ \\BBA {} Xu}{{\\protect \\APACyear {2025}}}]{kwok}\n\\APACinsertmetastar {kwok}\n\\begin{APACrefauthors}\nKwok, C.\\BCBT {}\\ \\BBA {} Xu, X.\n\\end{APACrefauthors}\n\\unskip\\\n\\BBOP 2025\\BBCP .\n\\newblock\n{\\BBOQ}\\APACrefatitle {A twice given title} {A twice given title}.{\\BBCQ}\n\\newblock\n\\APACjournalVolNumPages{Some Journal}{}{}{}.\n",
			[]string{"Kwok, C.", "Xu, X."}, "“A twice given title”", "", 2025},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			es := Parse("a.bbl", []byte(tt.give)).Entries
			if len(es) != 1 {
				t.Fatalf("entries %+v, want one", es)
			}
			e := es[0]
			if diff := cmp.Diff(tt.authors, e.Authors); diff != "" {
				t.Errorf("authors (-want +got):\n%s", diff)
			}
			if !strings.Contains(e.Title, strings.Trim(tt.title, "“”")) || e.Year != tt.year || tt.journal != "" && e.Journal != tt.journal {
				t.Errorf("title %q journal %q year %d, want %q %q %d", e.Title, e.Journal, e.Year, tt.title, tt.journal, tt.year)
			}
			if strings.Count(e.Title, "twice") > 1 {
				t.Errorf("title %q given twice", e.Title)
			}
		})
	}
}

// Every kind of CFF software is software: its year is the version's, and
// without a DOI it is no missing reference.
func TestCFFSoftwareKinds(t *testing.T) {
	for _, ty := range []string{"software", "Software", "software-code", "software-container", "software-executable", "software-virtual-machine"} {
		doc := Parse("CITATION.cff", []byte("cff-version: 1.2.0\nreferences:\n  - type: "+ty+"\n    title: R\n    year: 2024\n"))
		if len(doc.Entries) != 1 || !doc.Entries[0].Software || doc.Entries[0].Year != 0 {
			t.Errorf("type %s: entries %+v, want one software entry without a year", ty, doc.Entries)
		}
	}
	for _, ty := range []string{"article", "data", "softwarefoo"} {
		if doc := Parse("CITATION.cff", []byte("cff-version: 1.2.0\nreferences:\n  - type: "+ty+"\n    title: R\n")); doc.Entries[0].Software {
			t.Errorf("type %s read as software", ty)
		}
	}
}

// TestRISLines: a RIS tag line in any case, with one blank or a tab
// before its dash, is a tag; a line of a record that is no tag continues
// the value before it; each record has its own lines.
func TestRISLines(t *testing.T) {
	tests := []struct {
		name, give string
		want       []Entry
	}{
		{"lower case, one space, a tab",
			"ty  - JOUR\nti - A title\nAU\t- Smith, J.\ndo  - 10.5555/ris.1\ner  -\n",
			[]Entry{{Label: "record 1 (line 1)", Line: 1, Title: "A title", Authors: []string{"Smith, J."}, DOI: "10.5555/ris.1", RawDOI: "10.5555/ris.1", Type: TypeArticle}}},
		{"a title wrapped onto the next lines",
			"TY  - JOUR\nTI  - Factors driving pancreatic\n      cancer survival\nrates\nPY  - 2025\nER  - \nTY  - JOUR\nTI  - Second\nER  - \n",
			[]Entry{{Label: "record 1 (line 1)", Line: 1, Title: "Factors driving pancreatic cancer survival rates", Year: 2025, Type: TypeArticle},
				{Label: "record 2 (line 7)", Line: 7, Title: "Second", Type: TypeArticle}}},
		{"text before the first record is no record", "Exported by a tool\nTI  - not in a record\nTY  - BOOK\nT1  - A book\n",
			[]Entry{{Label: "record 1 (line 3)", Line: 3, Title: "A book", Type: TypeOther}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Parse("a.ris", []byte(tt.give)).Entries
			if diff := cmp.Diff(tt.want, got, entryOnly, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("entries (-want +got):\n%s", diff)
			}
		})
	}
	doc := Parse("a.ris", []byte("TY  - JOUR\nTI  - A\nER  - \n\nTY  - JOUR\nTI  - B\nDO  - 10.5555/second.2\nER  - \n"))
	if len(doc.Entries) != 2 || doc.Entries[1].last != 8 || len(doc.DOIs) != 1 || doc.DOIs[0].Line != 7 {
		t.Errorf("entries %+v, DOIs %+v: want the second record's DOI on line 7, its last line 8", doc.Entries, doc.DOIs)
	}
}

// TestBibTeXWithoutKeyAndEtAl: an entry without a citation key is named
// by its line and keeps its first field; "et al." written into an author
// field is "and others".
func TestBibTeXWithoutKeyAndEtAl(t *testing.T) {
	got := Parse("a.bib", []byte("@article{author = {Rahib, L. and Coffin, T.}, title = {T}, doi = {10.5555/nokey.1}}\n@article{k, author = {Rahib, L. et al.}, title = {U}}\n@article{j, author = {Rahib, L., Coffin, T., et. al}, title = {V}}\n")).Entries
	want := []Entry{
		{Label: "entry at line 1", Line: 1, Title: "T", Authors: []string{"Rahib, L.", "Coffin, T."}, DOI: "10.5555/nokey.1", RawDOI: "10.5555/nokey.1", Type: TypeArticle},
		{Label: "k", Line: 2, Title: "U", Authors: []string{"Rahib, L.", "others"}, Type: TypeArticle},
		{Label: "j", Line: 3, Title: "V", Authors: []string{"Rahib, L., Coffin, T.", "others"}, Type: TypeArticle},
	}
	if diff := cmp.Diff(want, got, entryOnly, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}

// CSL JSON as tools write it: dates as text, an author list as one
// string, the journal by its abbreviation only, a short title only.
func TestCSLFieldsAsWritten(t *testing.T) {
	got := Parse("a.json", []byte(`[
{"type":"article-journal","title":"A","issued":{"raw":"May 2019"},"author":"Smith, J. and Doe, A.","journalAbbreviation":"Ann Oncol"},
{"type":"article-journal","title-short":"B","issued":{"literal":"2018-05-01"},"container-title-short":"Nat Med"},
{"type":"article-journal","title":"C","container-title":"Nature","container-title-short":"Nat","issued":{"date-parts":[[2017]],"raw":"2011"}}]`)).Entries
	want := []Entry{
		{Label: "record 1", Line: 2, Title: "A", Year: 2019, Authors: []string{"Smith, J.", "Doe, A."}, Journal: "Ann Oncol", Type: TypeArticle},
		{Label: "record 2", Line: 3, Title: "B", Year: 2018, Journal: "Nat Med", Type: TypeArticle},
		{Label: "record 3", Line: 4, Title: "C", Year: 2017, Journal: "Nature", Type: TypeArticle},
	}
	if diff := cmp.Diff(want, got, entryOnly, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}

// A BibTeX entry's crossref and biblatex's xdata give it the fields it
// lacks; a parent without a DOI is no reference of its own, one with a DOI
// is; a chain is followed, a cycle ends.
func TestBibTeXInheritance(t *testing.T) {
	give := `@inproceedings{child, author={Smith, J.}, title={A talk}, crossref={conf}, doi={10.5555/talk.1}}
@proceedings{conf, title={Proceedings of the Meeting}, year={2019}, publisher={ACM}, crossref={series}}
@proceedings{series, title={Series}, issn={1234-5678}}
@article{x, title={A paper}, xdata={jnl}}
@xdata{jnl, journaltitle={Pancreas}, year={2025}}
@book{vol, title={Volume}, doi={10.5555/vol.2}}
@inbook{ch, crossref={vol}, author={Doe, A.}}
@article{loop, title={Loop}, crossref={loop}}
`
	got := Parse("a.bib", []byte(give)).Entries
	want := []Entry{
		{Label: "child", Line: 1, Title: "A talk", Authors: []string{"Smith, J."}, Journal: "Proceedings of the Meeting", Publisher: "ACM", Year: 2019, ISSN: []string{"1234-5678"}, DOI: "10.5555/talk.1", RawDOI: "10.5555/talk.1", Type: TypeOther},
		{Label: "x", Line: 4, Title: "A paper", Journal: "Pancreas", Year: 2025, Type: TypeArticle},
		{Label: "vol", Line: 6, Title: "Volume", DOI: "10.5555/vol.2", RawDOI: "10.5555/vol.2", Type: TypeOther},
		{Label: "ch", Line: 7, Title: "Volume", Authors: []string{"Doe, A."}, Type: TypeOther},
		{Label: "loop", Line: 8, Title: "Loop", Type: TypeArticle},
	}
	if diff := cmp.Diff(want, got, entryOnly, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}

// biblatex's maintitle stands for a missing title, its eid for missing
// pages.
func TestBiblatexMaintitleAndEid(t *testing.T) {
	e := Parse("a.bib", []byte("@article{a, maintitle={The whole work}, eid={e999}, doi={10.5555/mt.1}}\n@article{b, title={T}, maintitle={M}, pages={1--2}, eid={e5}}\n")).Entries
	if len(e) != 2 || e[0].Title != "The whole work" || e[0].Pages != "e999" || e[1].Title != "T" || e[1].Pages != "1–2" {
		t.Errorf("entries %+v", e)
	}
}

// A .bbl item whose second block opens with the journal in italics is of a
// style that prints no title: that block is the venue.
func TestBBLWithoutTitle(t *testing.T) {
	e := Parse("a.bbl", []byte("\\begin{thebibliography}{1}\n\\bibitem{r}\nL.~Rahib, T.~Coffin, and B.~Kenner.\n\\newblock {\\em Pancreas}, 54:e530, (2025).\n\\newblock doi:10.1097/mpa.0000000000002489.\n\\end{thebibliography}\n")).Entries
	if len(e) != 1 || e[0].Title != "" || e[0].Journal != "Pancreas" || e[0].Year != 2025 || e[0].Volume != "54" || e[0].DOI != "10.1097/mpa.0000000000002489" {
		t.Errorf("entries %+v", e)
	}
}

// A CSL date in every form tools write gives its year, in JSON and YAML.
func TestCSLDates(t *testing.T) {
	for _, d := range []string{`{"date-parts":[[2015,3]]}`, `{"date-parts":[["2015","3"]]}`, `{"raw":"2015-03-01"}`, `{"literal":"Spring 2015"}`,
		`{"year":2015}`, `{"year":"2015"}`, `"2015"`, `"2015-07-15"`, `2015`, `[{"year":2015}]`, `{"date-parts":[[]],"raw":"2015"}`,
		`{"date-parts":[["x"]],"raw":"2015"}`, `[[[2015]]]`} {
		e := Parse("a.json", []byte(`[{"type":"article-journal","title":"T","issued":`+d+`}]`)).Entries
		if len(e) != 1 || e[0].Year != 2015 {
			t.Errorf("issued %s: entries %+v, want the year 2015", d, e)
		}
	}
	for _, y := range []string{"issued: 2015", "issued: 2015-07-15", "issued:\n      year: 2015", "issued:\n      - year: 2015", "issued:\n      date-parts:\n        - [2015, 7]"} {
		doc := Parse("refs.yaml", []byte("references:\n  - id: a\n    title: T\n    "+y+"\n"))
		if doc.Err != nil || len(doc.Entries) != 1 || doc.Entries[0].Year != 2015 {
			t.Errorf("%q: entries %+v, err %v, want the year 2015", y, doc.Entries, doc.Err)
		}
	}
	for _, d := range []string{`{"season":2}`, `[]`, `[[[[2015]]]]`, `{}`, `null`} {
		if e := Parse("a.json", []byte(`[{"title":"T","issued":`+d+`}]`)).Entries; len(e) != 1 || e[0].Year != 0 {
			t.Errorf("issued %s, no year (or nested past the bound): %+v", d, e)
		}
	}
}

// A DOI in a field that is one link names the work: it is claimed beside
// the entry's own; one in prose (a note, an abstract) is only a row.
func TestBesideDOIs(t *testing.T) {
	e := Parse("a.bib", []byte("@article{k, doi={10.5555/own}, url={https://doi.org/10.5555/link}, note={Data at doi:10.5555/data}, abstract={cites 10.5555/abs}}\n")).Entries
	if len(e) != 1 || fmt.Sprint(e[0].OtherDOIs()) != "[10.5555/link]" || len(e[0].others) != 3 {
		t.Errorf("entries %+v, beside %v", e, e[0].OtherDOIs())
	}
}

// A missing comma between two fields on their own lines: both fields are
// read, as the file means them.
func TestBibTeXMissingComma(t *testing.T) {
	e := Parse("a.bib", []byte("@article{k,\n  author = {Rahib, L. and Coffin, T.}\n  title = \"Factors\"\n  journal = {Pancreas},\n  note = {a {b} c = d}, year = 2025\n}\n")).Entries
	if len(e) != 1 || len(e[0].Authors) != 2 || e[0].Title != "Factors" || e[0].Journal != "Pancreas" || e[0].Year != 2025 {
		t.Errorf("entries %+v", e)
	}
}

// .bbl styles that name each field with \bibinfo{name}{value} (ACM,
// elsarticle; files written by a black-box red team, testdata/bbl) read
// as typeset: the names print nothing, the year after the authors or in
// parentheses after the journal is the year.
func TestBBLBibinfoStyles(t *testing.T) {
	for _, name := range []string{"acm.bbl", "elsarticle.bbl"} {
		data, err := os.ReadFile(filepath.Join("testdata", "bbl", name))
		if err != nil {
			t.Fatal(err)
		}
		es := Parse(name, data).Entries
		if len(es) != 1 {
			t.Fatalf("%s: entries %+v", name, es)
		}
		e := es[0]
		if len(e.Authors) != 3 || !strings.Contains(e.Authors[2], "Tampin") || strings.Contains(strings.Join(e.Authors, "|"), "person") ||
			e.Journal != "Pain Reports" || e.Year != 2020 || !strings.HasPrefix(e.Title, "Entrapment neuropathies") || e.DOI != "10.1097/pr9.0000000000000829" {
			t.Errorf("%s: entry %+v", name, e)
		}
	}
}
