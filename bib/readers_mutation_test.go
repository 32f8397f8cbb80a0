package bib

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// The tests of this file hold the rules of the bibliography readers
// (bibfile.go, bbl.go, cff.go, json.go, parse.go, dois.go) that mutation
// testing found no test for. Run over bib, lines.go and refline left out:
//
//	GOFLAGS=-count=1 gremlins unleash --workers 1 --timeout-coefficient 4 \
//	  -E 'lines\.go$' -E 'refline/' ./bib
//
// The last run left 23 survivors, all judged equivalent (no input makes
// them differ): boundaries on offsets a regexp group can never have at 0
// (bbl.go:83, 102, 303), on a prefix found at 0 whichever way (bbl.go:115),
// on even mapping-node lengths (cff.go:111, 205, 210, 215, 236), on an
// empty range (json.go:139, bibfile.go:296), on a loop a JSON value always
// stops (json.go:153), on a year of 0 (bibfile.go:50), on an empty author
// list (bbl.go:229, json.go:219), on an entry at line 0 with no last line
// (dois.go:148); bufio's first buffer size (bibfile.go:356, json.go:187);
// the rest after an entry starting one non-letter early (bibfile.go:261);
// and the capacity trim of a document's DOIs (parse.go:185, four), which
// changes memory, never the rows. Of the switch cases gremlins does not
// mutate, a hand run of 39 left one: parse.go's RIS/CSLJSON case without
// CSLJSON, which differs only by the bug TestReaderBugs skips.

// readerOpts compare what the readers give of an entry, not the text a
// report shows of it.
var readerOpts = cmp.Options{cmpopts.EquateEmpty(), cmpopts.IgnoreFields(Entry{}, "Text", "Abstract"), entryOnly}

// rowsWith is each DOI row of a document as "line doi", an invalid one as
// "line !raw (why)".
func rowsWith(doc Document) []string {
	var rows []string
	for _, f := range doc.DOIs {
		if f.Invalid != "" {
			rows = append(rows, fmt.Sprintf("%d !%s (%s)", f.Line, f.Raw, f.Invalid))
			continue
		}
		rows = append(rows, fmt.Sprintf("%d %s", f.Line, f.DOI))
	}
	return rows
}

type readerCase struct {
	name, file, give string
	want             []Entry
	rows             []string // nil: not compared
	kind             Kind     // Text: as Parse reads file; else ParseAs(kind)
}

func runReaderCases(t *testing.T, tests []readerCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := Parse(tt.file, []byte(tt.give))
			if tt.kind != Text {
				doc = ParseAs(tt.kind, tt.file, []byte(tt.give))
			}
			if diff := cmp.Diff(tt.want, doc.Entries, readerOpts); diff != "" {
				t.Errorf("entries (-want +got):\n%s", diff)
			}
			if tt.rows != nil {
				if diff := cmp.Diff(tt.rows, rowsWith(doc), cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("rows (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestBibTeXReader: how a .bib file's entries and fields are read.
func TestBibTeXReader(t *testing.T) {
	runReaderCases(t, []readerCase{
		{name: "an @ opening no entry does not end the file", file: "a.bib",
			give: "@{junk}\nmail me@home\n@article{a, title={T}}\n",
			want: []Entry{{Label: "a", Line: 3, Title: "T", Type: TypeArticle}}},
		{name: "an @ with no brace after it ends the file", file: "a.bib",
			give: "@article{a, title={T}}\n@ nothing here\n",
			want: []Entry{{Label: "a", Line: 1, Title: "T", Type: TypeArticle}}},
		{name: "parenthesised entry", file: "a.bib",
			give: "@article(a,\n title = {T (with) parens},\n year = 2020)\n@book{b, title={U}}\n",
			want: []Entry{
				{Label: "a", Line: 1, Title: "T (with) parens", Year: 2020, Type: TypeArticle},
				{Label: "b", Line: 4, Title: "U", Type: TypeOther},
			}},
		{name: "a field with no name", file: "a.bib",
			give: "@misc{k,={junk}, title={T}}\n",
			want: []Entry{{Label: "k", Line: 1, Title: "T"}}},
		{name: "a field written twice is read the first time", file: "a.bib",
			give: "@article{k, title={First}, title={Second}, year={2001}, year={2002}}\n",
			want: []Entry{{Label: "k", Line: 1, Title: "First", Year: 2001, Type: TypeArticle}}},
		{name: "venue, publisher, year and issue fall back in order", file: "a.bib",
			give: "@misc{a, journaltitle={JT}, booktitle={BT}, institution={Inst}, organization={Org}, date={2019-04-01}, issue={7}}\n" +
				"@misc{b, journal={J}, journaltitle={JT}, publisher={Pub}, howpublished={How}, year={2018}, date={2017}, number={3}, issue={4}}\n" +
				"@misc{c, booktitle={BT}, organization={ Org }}\n" +
				"@misc{d, archiveprefix={arXiv}, eprinttype={x}}\n",
			want: []Entry{
				{Label: "a", Line: 1, Journal: "JT", Publisher: "Inst", Year: 2019, Issue: "7", Type: TypeArticle},
				{Label: "b", Line: 2, Journal: "J", Publisher: "Pub", Year: 2018, Issue: "3", Type: TypeArticle},
				{Label: "c", Line: 3, Journal: "BT", Publisher: "Org", Type: TypeArticle},
				{Label: "d", Line: 4, Publisher: "arXiv", Type: TypePreprint},
			}},
		{name: "authors, pages, volume, issn and pmid", file: "a.bib",
			give: "@article{a, author={Smith, J. and Doe, A. and others}, pages={1--9}, volume={12}, issn={1234-5678; 2345-6789}, pmid={ 123 }}\n",
			want: []Entry{{Label: "a", Line: 1, Authors: []string{"Smith, J.", "Doe, A.", "others"}, Pages: "1–9", Volume: "12",
				ISSN: []string{"1234-5678", "2345-6789"}, PMID: "123", Type: TypeArticle}}},
		{name: "entry types", file: "a.bib",
			give: "@preprint{p, title={P}}\n@misc{m, journal={J}}\n@misc{n, title={N}}\n@online{o, eprint={2101.00001}}\n" +
				"@techreport{r, note={bioRxiv preprint}}\n@inproceedings{i, title={I}}\n@unknown{u, title={U}}\n",
			want: []Entry{
				{Label: "p", Line: 1, Title: "P", Type: TypePreprint},
				{Label: "m", Line: 2, Journal: "J", Type: TypeArticle},
				{Label: "n", Line: 3, Title: "N"},
				{Label: "o", Line: 4, Type: TypePreprint},
				{Label: "r", Line: 5, Type: TypePreprint},
				{Label: "i", Line: 6, Title: "I", Type: TypeOther},
				{Label: "u", Line: 7, Title: "U"},
			}},
		{name: "a percent-escaped DOI", file: "a.bib",
			give: "@article{a, doi={10.5555/a\\%23b}}\n@article{b, doi={10.5555/a%zz}}\n",
			want: []Entry{
				{Label: "a", Line: 1, DOI: "10.5555/a#b", RawDOI: "10.5555/a%23b", Type: TypeArticle},
				{Label: "b", Line: 2, DOI: "10.5555/a%zz", RawDOI: "10.5555/a%zz", Type: TypeArticle},
			}},
		{name: "values with escapes, quotes and commas", file: "a.bib",
			give: "@article{a, title = \"A, {B}\", note = {x\\,y}, journal = {J, \"K\"}, year = 2020}\n",
			want: []Entry{{Label: "a", Line: 1, Title: "A, B", Journal: "J, \"K\"", Year: 2020, Type: TypeArticle}}},
		{name: "a backslash escapes the quote after it", file: "a.bib",
			give: "@article{a, author = \"M\\\"uller, J. and Doe, A.\", title = {T}}\n",
			want: []Entry{{Label: "a", Line: 1, Authors: []string{"Müller, J.", "Doe, A."}, Title: "T", Type: TypeArticle}}},
		{name: "an unbalanced entry ends at the next", file: "a.bib",
			give: "@article{a, title={T\n\n@article{b, title={U}}\n",
			want: []Entry{
				{Label: "a", Line: 1, Title: "T", Type: TypeArticle, Unread: "its braces do not balance before the next entry"},
				{Label: "b", Line: 3, Title: "U", Type: TypeArticle},
			}},
		{name: "DOIs of a doi field written again", file: "a.bib",
			give: "@article{a, doi={10.5555/one}, doi={10.5555/one}, doi={10.5555/two}, doi={10.5555/TWO}, doi={nope}, doi={10.5555/three}}\n",
			want: []Entry{{Label: "a", Line: 1, DOI: "10.5555/one", RawDOI: "10.5555/one", MoreDOIs: []string{"10.5555/two", "10.5555/three"}, Type: TypeArticle}},
			rows: []string{"1 10.5555/one", "1 10.5555/two", "1 10.5555/three"}},
		{name: "DOIs of other fields", file: "a.bib",
			give: "@article{a,\n url={https://doi.org/10.5555/url.1},\n note={also 10.5555/note.2 and 10.5555/url.1},\n abstract={cites 10.5555/abs.3}\n}\n" +
				"@article{b,\n doi={10.5555/own},\n note={see 10.5555/own and 10.5555/other}\n}\n" +
				"@article{c,\n note={doi:10.1111bjhp.12807}\n}\n",
			want: []Entry{
				{Label: "a", Line: 1, DOI: "10.5555/url.1", RawDOI: "10.5555/url.1", Type: TypeArticle},
				{Label: "b", Line: 6, DOI: "10.5555/own", RawDOI: "10.5555/own", Type: TypeArticle},
				{Label: "c", Line: 10, RawDOI: "10.1111bjhp.12807", Type: TypeArticle},
			},
			rows: []string{"2 10.5555/url.1", "3 10.5555/note.2", "4 10.5555/abs.3", "7 10.5555/own", "8 10.5555/other", `11 !10.1111bjhp.12807 (invalid DOI "10.1111bjhp.12807": registrant code is not numeric)`}},
	})
}

// TestRISReader: how a .ris file's records and tags are read.
func TestRISReader(t *testing.T) {
	runReaderCases(t, []readerCase{
		{name: "ER without a trailing space ends the record", file: "a.ris",
			give: "TY  - JOUR\r\nTI  - A\r\nER  -\r\nUR  - https://doi.org/10.5555/after\r\n",
			want: []Entry{{Label: "record 1 (line 1)", Line: 1, Title: "A", Type: TypeArticle}}},
		{name: "tags before the first record and short lines", file: "a.ris",
			give: "TI  - stray\nUR  - https://doi.org/10.5555/stray\nTY  - JOUR\nxx\nTI  -\nT1  - The title\nTI  - Not this\n" +
				"A1  - Smith, J.\nAU  - Doe, A.\nJA  - J. Abbr.\nJO  - Journal\nPB  - Pub\nY1  - 2020/01/02\nPY  - 2019\nDA  - 2018\n" +
				"VL  - 3\nIS  - 4\nSP  - 10\nEP  - 10\nSN  - 1234-5678, 2345-6789\nSN  - 3456-7890\nAB  - One\nN2  - two.\nER  - \n",
			want: []Entry{{Label: "record 1 (line 3)", Line: 3, Title: "The title", Authors: []string{"Smith, J.", "Doe, A."},
				Journal: "J. Abbr.", Publisher: "Pub", Year: 2020, Volume: "3", Issue: "4", Pages: "10",
				ISSN: []string{"1234-5678", "2345-6789", "3456-7890"}, Type: TypeArticle}}},
		{name: "DO first, then other tags' DOIs", file: "a.ris",
			give: "TY  - JOUR\nDO  - 10.5555/own\nDO  - 10.5555/second\nUR  - https://doi.org/10.5555/ur\nAB  - cites 10.5555/abs\nER  - \n" +
				"TY  - UNPB\nM3  - 10.5555/m3\nEP  - 9\nER  - \n",
			want: []Entry{
				{Label: "record 1 (line 1)", Line: 1, DOI: "10.5555/own", RawDOI: "10.5555/own", Type: TypeArticle},
				{Label: "record 2 (line 7)", Line: 7, DOI: "10.5555/m3", RawDOI: "10.5555/m3", Pages: "-9", Type: TypePreprint},
			},
			rows: []string{"2 10.5555/own", "4 10.5555/ur", "5 10.5555/abs", "8 10.5555/m3"}},
		{name: "reference types", file: "a.ris",
			give: "TY  - jour\nER  - \nTY  - PREPRINT\nER  - \nTY  - CHAP\nER  - \nTY  - GEN\nER  - \n",
			want: []Entry{
				{Label: "record 1 (line 1)", Line: 1, Type: TypeArticle},
				{Label: "record 2 (line 3)", Line: 3, Type: TypePreprint},
				{Label: "record 3 (line 5)", Line: 5, Type: TypeOther},
				{Label: "record 4 (line 7)", Line: 7},
			}},
	})
}

// A RIS line longer than bufio's default is read: an abstract of 100 kB.
func TestRISLongLine(t *testing.T) {
	give := "TY  - JOUR\nAB  - " + strings.Repeat("x", 100<<10) + "\nDO  - 10.5555/long\nER  - \n"
	doc := Parse("a.ris", []byte(give))
	if len(doc.Entries) != 1 || doc.Entries[0].DOI != "10.5555/long" {
		t.Fatalf("entries %v, want one with DOI 10.5555/long", doc.Entries)
	}
}

// TestBBLReader: how a .bbl file's items are read.
func TestBBLReader(t *testing.T) {
	item := func(key, authors, title, venue string) string {
		return "\\bibitem{" + key + "}\n" + authors + "\n\\newblock " + title + "\n\\newblock " + venue + "\n"
	}
	runReaderCases(t, []readerCase{
		{name: "an item after a comment joining lines", file: "a.bbl",
			give: "\\bibitem{a} A. Smith. \\newblock U. \\newblock \\emph{J}, 2019.%\n\\bibitem{b} B. Jones. \\newblock V. \\newblock \\emph{K}, 2020.\n",
			want: []Entry{
				{Label: "a", Line: 1, Authors: []string{"A. Smith"}, Title: "U", Journal: "J", Year: 2019},
				{Label: "b", Line: 2, Authors: []string{"B. Jones"}, Title: "V", Journal: "K", Year: 2020},
			}},
		{name: "two items on one line keep their order", file: "a.bbl",
			give: "\\bibitem{a} A. Smith. \\newblock T. \\newblock \\emph{J}, 2019. \\bibitem{b} B. Jones. \\newblock U. \\newblock \\emph{K}, 2020.\n",
			want: []Entry{
				{Label: "a", Line: 1, Authors: []string{"A. Smith"}, Title: "T", Journal: "J", Year: 2019},
				{Label: "b", Line: 1, Authors: []string{"B. Jones"}, Title: "U", Journal: "K", Year: 2020},
			}},
		{name: "a DOI's line by its first characters", file: "a.bbl",
			give: item("k", "A. Smith.", "T.", "\\emph{J}, 2019.") + "\\newblock \\doi{10.55{}55/x}\n",
			want: []Entry{{Label: "k", Line: 1, DOI: "10.5555/x", RawDOI: "10.5555/x", Authors: []string{"A. Smith"}, Title: "T", Journal: "J", Year: 2019}},
			rows: []string{"5 10.5555/x"}},
		{name: "an invalid labelled DOI", file: "a.bbl",
			give: item("k", "A. Smith.", "T.", "\\emph{J}, 2019.") + "\\newblock doi:10.1097mpa.0000000000002489\n",
			want: []Entry{{Label: "k", Line: 1, RawDOI: "10.1097mpa.0000000000002489", Authors: []string{"A. Smith"}, Title: "T", Journal: "J", Year: 2019}},
			rows: []string{`5 !10.1097mpa.0000000000002489 (invalid DOI "10.1097mpa.0000000000002489": registrant code is not numeric)`}},
		{name: "the last year of the venue", file: "a.bbl",
			give: item("a", "A. Smith.", "T.", "\\emph{J}, 2018 (online), 2019.") +
				item("b", "A. Smith.", "T.", "\\emph{Proceedings of 2016 and 2017}.") +
				item("c", "Kwok, C. (2025).", "T.", "\\emph{Proceedings 2024}.") +
				item("d", "A. Smith.", "T.", "Journal of Things, 12(3):45--67, 2019."),
			want: []Entry{
				{Label: "a", Line: 1, Authors: []string{"A. Smith"}, Title: "T", Journal: "J", Year: 2019},
				{Label: "b", Line: 5, Authors: []string{"A. Smith"}, Title: "T", Journal: "Proceedings of 2016 and 2017", Year: 2017},
				{Label: "c", Line: 9, Authors: []string{"Kwok, C."}, Title: "T", Journal: "Proceedings 2024", Year: 2025},
				{Label: "d", Line: 13, Authors: []string{"A. Smith"}, Title: "T", Journal: "Journal of Things", Volume: "12", Issue: "3", Pages: "45–67", Year: 2019, Type: TypeArticle},
			}},
		{name: "harvard's year when the item has none", file: "a.bbl",
			give: "\\harvarditem{Smith}{2019}{s}\nJ. Smith.\n\\newblock T.\n\\newblock \\emph{J}, 2020.\n" +
				"\\harvarditem{Doe}{2018}{d}\nA. Doe.\n\\newblock U.\n\\newblock \\emph{K}.\n",
			want: []Entry{
				{Label: "s", Line: 1, Authors: []string{"J. Smith"}, Title: "T", Journal: "J", Year: 2020},
				{Label: "d", Line: 5, Authors: []string{"A. Doe"}, Title: "U", Journal: "K", Year: 2018},
			}},
		{name: "biblatex verbatim fields and name lists", file: "a.bbl",
			give: "\\entry{k}{article}{}\n\\name{editor}{1}{}{%\n{{hash=1}{family={Ed}, given={E.}}}%\n}\n\\name{author}{2}{}{%\n{{hash=2}{family={Smith}, given={John}}}%\n{{hash=3}{family={Doe}}}%\n{{hash=4}{given={Nobody}}}%\n}\n" +
				"\\list{publisher}{1}{%\n{Pub}%\n}\n\\field{journaltitle}{Nature}\n\\verb{url}\n\\verb https://example.org/x\n\\endverb\n\\verb{doi}\n\\verb 10.5555/bl.\n\\verb 12345\n\\endverb\n\\endentry\n",
			want: []Entry{{Label: "k", Line: 1, DOI: "10.5555/bl.12345", RawDOI: "10.5555/bl.12345", Authors: []string{"Smith, John", "Doe"},
				Journal: "Nature", Publisher: "Pub", Type: TypeArticle}}},
		{name: "an amsrefs item that does not close", file: "a.bbl",
			give: "\\bib{k}{article}{\n  title={T},\n  author={Smith, J.}\n",
			want: []Entry{{Label: "k", Line: 1, Title: "T", Authors: []string{"Smith, J."}, Type: TypeArticle}}},
	})
}

// TestCFFReader: how a CITATION.cff's references and their DOIs' lines
// are read.
func TestCFFReader(t *testing.T) {
	runReaderCases(t, []readerCase{
		{name: "an identifier of type doi, after one of type url", file: "CITATION.cff",
			give: "cff-version: 1.2.0\nreferences:\n  - title: A\n    identifiers:\n      - type: url\n        value: https://doi.org/10.5555/url\n      - type: doi\n        value: 10.5555/id\n      - type: DOI\n        value: 10.5555/second\n",
			want: []Entry{{Label: "references[0]", Line: 3, Title: "A", DOI: "10.5555/id", RawDOI: "10.5555/id"}},
			rows: []string{"7 10.5555/id", "6 10.5555/url", "10 10.5555/second"}},
		{name: "an invalid identifier of type doi", file: "CITATION.cff",
			give: "cff-version: 1.2.0\nreferences:\n  - title: A\n    identifiers:\n      - type: doi\n        value: 10.1111bjhp.12807\n",
			want: []Entry{{Label: "references[0]", Line: 3, Title: "A", RawDOI: "10.1111bjhp.12807"}},
			rows: []string{`5 !10.1111bjhp.12807 (invalid DOI "10.1111bjhp.12807": registrant code is not numeric)`}},
		{name: "the file's own DOI after the preferred citation", file: "CITATION.cff",
			give: "cff-version: 1.2.0\npreferred-citation:\n  title: P\n  doi: 10.5555/pref\ndoi: 10.5555/tool\nreferences:\n  - title: A\n",
			want: []Entry{
				{Label: "preferred-citation", Line: 2, Title: "P", DOI: "10.5555/pref", RawDOI: "10.5555/pref"},
				{Label: "references[0]", Line: 7, Title: "A"},
			},
			rows: []string{"4 10.5555/pref", "5 10.5555/tool"}},
		{name: "a DOI not written as read is at its reference", file: "CITATION.cff",
			give: "cff-version: 1.2.0\nreferences:\n  - title: A\n    url: \"https://doi.org/10.5555\\u002Fesc\"\n  - doi: 10.5555/esc\n    title: B\n",
			want: []Entry{
				{Label: "references[0]", Line: 3, Title: "A", DOI: "10.5555/esc", RawDOI: "10.5555/esc"},
				{Label: "references[1]", Line: 5, Title: "B", DOI: "10.5555/esc", RawDOI: "10.5555/esc"},
			},
			rows: []string{"3 10.5555/esc", "5 10.5555/esc"}},
		{name: "an alias", file: "CITATION.cff",
			give: "cff-version: 1.2.0\nx-link: &u https://doi.org/10.5555/alias\nreferences:\n  - title: A\n    url: *u\n",
			want: []Entry{{Label: "references[0]", Line: 4, Title: "A", DOI: "10.5555/alias", RawDOI: "10.5555/alias"}},
			rows: []string{"4 10.5555/alias", "2 10.5555/alias"}},
		{name: "types, people and an entity", file: "CITATION.cff",
			give: "cff-version: 1.2.0\nreferences:\n  - type: magazine-article\n    authors:\n      - given-names: Only\n      - family-names: Doe\n      - name: Team\n  - type: report\n  - type: book\n    authors:\n      - name: R Core Team\n      - family-names: Later\n",
			want: []Entry{
				{Label: "references[0]", Line: 3, Type: TypeArticle, Authors: []string{"Only", "Doe"}},
				{Label: "references[1]", Line: 8},
				{Label: "references[2]", Line: 9, Type: TypeOther},
			}},
	})
}

// TestCSLReader: how CSL JSON and JSON Lines records are read.
func TestCSLReader(t *testing.T) {
	runReaderCases(t, []readerCase{
		{name: "records on their own lines", file: "a.json",
			give: "[\n  {\"title\": \"A\",\n   \"URL\": \"https://doi.org/10.5555/a\"},\n\n\t{\"title\": \"B\", \"note\": \"x\"},\r\n {\"title\": \"C\"}\n]\n",
			want: []Entry{
				{Label: "record 1", Line: 2, Title: "A", DOI: "10.5555/a", RawDOI: "10.5555/a"},
				{Label: "record 2", Line: 5, Title: "B"},
				{Label: "record 3", Line: 6, Title: "C"},
			},
			rows: []string{"3 10.5555/a"}},
		{name: "one item on many lines", file: "a.json",
			give: "{\n \"type\": \"article-journal\",\n \"title\": \"T\",\n \"URL\": \"https://doi.org/10.5555/one\"}",
			want: []Entry{{Label: "record 1", Line: 1, Title: "T", DOI: "10.5555/one", RawDOI: "10.5555/one", Type: TypeArticle}},
			rows: []string{"4 10.5555/one"}},
		{name: "items after other keys", file: "a.json",
			give: "{\"total\": 2, \"meta\": {\"x\": [1]},\n\"items\": [\n{\"title\": \"A\", \"DOI\": \"DOI 10.5555/it\"}]}",
			want: []Entry{{Label: "record 1", Line: 3, Title: "A", DOI: "10.5555/it", RawDOI: "10.5555/it"}},
			rows: []string{"3 10.5555/it"}},
		{name: "an items key that is no array", file: "a.json",
			give: `{"items": "none", "title": "T"}`,
			want: []Entry{{Label: "record 1", Line: 1, Title: "T"}}},
		{name: "a scalar is no CSL", file: "a.json", give: `"10.5555/x"`},
		{name: "fields as strings, numbers and lists", file: "a.json",
			give: `[{"type": "article-journal", "volume": 12, "issue": " 3 ", "page": "1-9", "ISSN": ["1234-5678", "2345-6789"], "publisher": " P ", "container-title": "CT", "year": "2019", "PMID": "1", "PMCID": "PMC2"},` +
				`{"type": "posted-content", "volume": true, "ISSN": "1234-5678; 2345-6789", "journal": "J", "container-title": "CT", "year": 2018, "issued": {"date-parts": [[2017]]}},` +
				`{"type": "book", "issued": {"date-parts": [[2016, 1]]}},` +
				`{"type": "article", "issued": {"date-parts": [[]]}},` +
				`{"type": "review", "year": "n.d.", "issued": {"date-parts": [[2015]]}},` +
				`{"type": "article-newspaper", "issued": {"date-parts": []}}]`,
			want: []Entry{
				{Label: "record 1", Line: 1, Volume: "12", Issue: "3", Pages: "1-9", ISSN: []string{"1234-5678", "2345-6789"}, Publisher: "P", Journal: "CT", Year: 2019, PMID: "1", PMCID: "PMC2", Type: TypeArticle},
				{Label: "record 2", Line: 1, ISSN: []string{"1234-5678", "2345-6789"}, Journal: "J", Year: 2018, Type: TypePreprint},
				{Label: "record 3", Line: 1, Year: 2016, Type: TypeOther},
				{Label: "record 4", Line: 1, Type: TypePreprint},
				{Label: "record 5", Line: 1, Year: 2015, Type: TypeArticle},
				{Label: "record 6", Line: 1, Type: TypeArticle},
			}},
		{name: "authors", file: "a.json",
			give: `[{"author": [{"family": "van der Berg", "given": "Anna"}, {"family": "Solo"}, {"given": "Given"}, {"literal": "The Consortium"}, {"family": " ", "given": " "}]},` +
				`{"authors": ["Smith, J."], "author": [{"family": "Other"}]},` +
				`{"author": "not a list"}]`,
			want: []Entry{
				{Label: "record 1", Line: 1, Authors: []string{"van der Berg, Anna", "Solo", "Given", "The Consortium"}},
				{Label: "record 2", Line: 1, Authors: []string{"Smith, J."}},
				{Label: "record 3", Line: 1, Authors: []string{"not a list"}}, // an author list written as one string
			}},
		{name: "JSON Lines", file: "a.jsonl", kind: JSONLines,
			give: "{\"doi\": \"10.5555/l1\", \"title\": \"A\"}\n\n  \n{\"DOI\": \"10.5555/l4\", \"abstract\": \"cites 10.5555/abs\"}\n",
			want: []Entry{
				{Label: "record 1", Line: 1, Title: "A", DOI: "10.5555/l1", RawDOI: "10.5555/l1"},
				{Label: "record 2", Line: 4, DOI: "10.5555/l4", RawDOI: "10.5555/l4"},
			},
			rows: []string{"1 10.5555/l1", "4 10.5555/l4", "4 10.5555/abs"}},
	})
}

// JSON Lines: a line longer than bufio's default is one record, and a
// line that is no JSON names its line.
func TestJSONLinesLongAndBroken(t *testing.T) {
	long := `{"title": "` + strings.Repeat("x", 100<<10) + `", "doi": "10.5555/long"}` + "\n"
	doc := ParseAs(JSONLines, "s.jsonl", []byte(long))
	if doc.Err != nil || len(doc.Entries) != 1 || doc.Entries[0].DOI != "10.5555/long" {
		t.Fatalf("long line: err %v, entries %d, want one with DOI 10.5555/long", doc.Err, len(doc.Entries))
	}
	doc = ParseAs(JSONLines, "s.jsonl", []byte("{\"doi\": \"10.5555/a\"}\n\n{broken\n"))
	if doc.Err == nil || !strings.HasPrefix(doc.Err.Error(), "line 3: ") || doc.Entries != nil {
		t.Errorf("broken line: err %v, entries %v; want an error at line 3 and no entries", doc.Err, doc.Entries)
	}
	if diff := cmp.Diff([]string{"1 10.5555/a"}, rowsWith(doc)); diff != "" {
		t.Errorf("broken file's rows (-want +got):\n%s", diff)
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Text: "text", BibTeX: "bibtex", BBL: "bbl", Kind(-1): "kind(-1)", BBL + 1: "medline", ZoteroRDF + 1: "kind(" + strconv.Itoa(int(ZoteroRDF)+1) + ")"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}

// TestSniffAndParse: a document named without an extension is read as its
// content says; one with an extension as its name says.
func TestSniffAndParse(t *testing.T) {
	tests := []struct {
		name, give string
		want       Kind
	}{
		{"<stdin>", "\ufeff  % header\n%\n@article{a, title={T}}", BibTeX},
		{"refs", "TY  - JOUR\nER  - \n", RIS},
		{"CITATION", "title: x\ncff-version: 1.2.0\n", CFF},
		{"items", " [ {\"title\": \"T\"} ]", CSLJSON},
		{"item", "{\"title\": \"T\"}", CSLJSON},
		{"broken", "[not json", Text},
		{"prose", "a line with @article{ later", Text},
		{"notes.txt", "@article{a, title={T}}", Text},
		{"a.bbl", "@article{a, title={T}}", BBL},
	}
	for _, tt := range tests {
		if got := Parse(tt.name, []byte(tt.give)).Kind; got != tt.want {
			t.Errorf("Parse(%q).Kind = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestParseAsRows: each kind's rows, and what a file that is not its kind
// gives.
func TestParseAsRows(t *testing.T) {
	tests := []struct {
		name string
		kind Kind
		give string
		rows []string
		n    int // entries
		err  bool
	}{
		{"bibtex ignores text between entries", BibTeX, "\ufeff10.5555/out\n@article{a, doi={10.5555/in}}\n", []string{"2 10.5555/in"}, 1, false},
		{"ris adds DOIs outside records", RIS, "see 10.5555/out\nTY  - JOUR\nDO  - 10.5555/in\nER  - \n", []string{"3 10.5555/in", "1 10.5555/out"}, 1, false},
		{"csl that does not parse gives extraction's DOIs", CSLJSON, "[{\"DOI\": \"10.5555/a\"},\n 10.5555/b", []string{"1 10.5555/a", "2 10.5555/b"}, 0, true},
		{"csl that is no CSL cites nothing", CSLJSON, `{"homepage": "https://doi.org/10.5555/no"}`, nil, 0, false},
		{"json lines with a broken line", JSONLines, "{\"doi\": \"10.5555/a\"}\n{", []string{"1 10.5555/a"}, 0, true},
		{"cff", CFF, "cff-version: 1.2.0\ndoi: 10.5555/tool\n", []string{"2 10.5555/tool"}, 0, false},
		{"a second YAML document", CFF, "cff-version: 1.2.0\n---\nreferences: []\n", nil, 0, true},
		{"yaml that does not parse", CFF, "a: [\n", nil, 0, true},
		{"doi list", DOIList, "# sources\n\n10.5555/a\nhttps://doi.org/10.5555/b\nnot a doi\n", []string{"3 10.5555/a", "4 10.5555/b"}, 3, false},
		{"bbl blanks comments", BBL, "% 10.5555/commented\n\\bibitem{a} A. Smith. T. \\emph{J}, 2019. \\doi{10.5555/a}\n10.5555/after\n", []string{"2 10.5555/a", "3 10.5555/after"}, 1, false},
		{"a LaTeX document's bibliography", Text, "See 10.5555/prose.\n%10.5555/commented\n\\begin{thebibliography}{1}\n\\bibitem{a} A. Smith. T. \\emph{J}, 2019. \\doi{10.5555/a}\n\\end{thebibliography}\n", []string{"4 10.5555/a", "1 10.5555/prose"}, 1, false},
		{"text labels invalid DOIs", Text, "1. A. doi:10.1097mpa.0000000000002489.\n2. B. DOI 10.12/xyz\n3. C. Doi: 10.5555/ok\n4. D. doi:10.5555/ok2, doi.org/10.5555/ok2\n5. doi:10.1097mpa.0000000000002489:\n", []string{
			"3 10.5555/ok", "4 10.5555/ok2",
			`1 !10.1097mpa.0000000000002489 (invalid DOI "10.1097mpa.0000000000002489": registrant code is not numeric)`,
			`2 !10.12/xyz (invalid DOI "10.12/xyz": registrant code is shorter than 4 digits)`,
			`5 !10.1097mpa.0000000000002489 (invalid DOI "10.1097mpa.0000000000002489": registrant code is not numeric)`,
		}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := ParseAs(tt.kind, "f", []byte(tt.give))
			if diff := cmp.Diff(tt.rows, rowsWith(doc), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
			if len(doc.Entries) != tt.n || (doc.Err != nil) != tt.err {
				t.Errorf("%d entries, err %v; want %d entries, error %v", len(doc.Entries), doc.Err, tt.n, tt.err)
			}
		})
	}
}

// TestDOIEntries: a document's valid DOIs as entries labelled by their
// line; WithDOIEntries adds them to the entries once each, leaving out
// the DOIs an entry holds.
func TestDOIEntries(t *testing.T) {
	doc := Parse("a.bib", []byte("@article{a,\n doi={10.5555/a},\n note={10.5555/n and doi:10.1111bjhp.12807}\n}\n@article{b,\n note={10.5555/n}\n}\n"))
	labels := func(es []Entry) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Label+"="+e.DOI)
		}
		return out
	}
	if diff := cmp.Diff([]string{"line 2=10.5555/a", "line 3=10.5555/n", "line 6=10.5555/n"}, labels(doc.DOIEntries())); diff != "" {
		t.Errorf("DOIEntries (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a=10.5555/a", "b=10.5555/n"}, labels(doc.WithDOIEntries())); diff != "" {
		t.Errorf("WithDOIEntries (-want +got):\n%s", diff)
	}
	doc = Parse("a.bib", []byte("@article{a, note={10.5555/n}, url={https://doi.org/10.5555/u}}\n@article{b, title={T}}\n"))
	if diff := cmp.Diff([]string{"a=10.5555/n", "b=", "line 1=10.5555/u"}, labels(doc.WithDOIEntries())); diff != "" {
		t.Errorf("WithDOIEntries (-want +got):\n%s", diff)
	}
}

// A line of text longer than maxLabelledLine is not scanned for labelled
// DOIs; one at the limit is.
func TestLabelledDOILineLimit(t *testing.T) {
	bad := "doi:10.1111bjhp.12807"
	for _, tt := range []struct {
		n    int
		want int
	}{{maxLabelledLine - len(bad), 1}, {maxLabelledLine - len(bad) + 1, 0}} {
		line := strings.Repeat("x", tt.n-1) + " " + bad
		got := 0
		for _, f := range Parse("a.md", []byte(line+"\n")).DOIs {
			if f.Invalid != "" && f.Raw == "10.1111bjhp.12807" {
				got++
			}
		}
		if got != tt.want || len(line) > maxLabelledLine && invalidLabelled(line) != "" {
			t.Errorf("a line of %d bytes: %d invalid rows, want %d", len(line), got, tt.want)
		}
	}
}

// TestLineIndex: lines of offsets, and the first line holding a text
// among lines first to last.
func TestLineIndex(t *testing.T) {
	x := newLineIndex("ab\ncd\n\nab")
	for off, want := range map[int]int{0: 1, 2: 1, 3: 2, 5: 2, 6: 3, 7: 4, 8: 4} {
		if got := x.line(off); got != want {
			t.Errorf("line(%d) = %d, want %d", off, got, want)
		}
	}
	tests := []struct {
		needle      string
		first, last int
		want        int
	}{
		{"ab", 1, 4, 1},
		{"ab", 2, 4, 4},
		{"ab", 4, 4, 4},
		{"ab", 2, 3, 0},
		{"cd", 2, 2, 2},
		{"cd", 1, 1, 0},
		{"b\nc", 1, 1, 0},
		{"b\nc", 1, 2, 1},
		{"", 1, 4, 0},
		{"ab", 0, 4, 0},
		{"ab", 5, 5, 0},
		{"ab", 4, 9, 4},
		{"cd", 3, 1, 0},
	}
	for _, tt := range tests {
		if got := x.find(tt.needle, tt.first, tt.last); got != tt.want {
			t.Errorf("find(%q, %d, %d) = %d, want %d", tt.needle, tt.first, tt.last, got, tt.want)
		}
	}
}

// TestFieldDOIs: which of the DOIs an entry's other fields give is its
// own, and which are rows of their own.
func TestFieldDOIs(t *testing.T) {
	tests := []struct {
		name, give string
		want       []string // the entry, then its rows
	}{
		{"the first valid DOI, after an invalid one", "@article{a,\n note={doi:10.1111bjhp.12807},\n url={https://doi.org/10.5555/u},\n howpublished={doi:10.2222bad.1}\n}\n",
			[]string{"a=10.5555/u", "3 10.5555/u"}},
		{"the first invalid labelled DOI when no field gives a valid one", "@article{a,\n note={doi:10.1111bjhp.12807},\n howpublished={doi:10.2222bad.1}\n}\n",
			[]string{"a=!10.1111bjhp.12807", "2 !10.1111bjhp.12807"}},
		{"an own DOI is not taken over", "@article{a,\n doi={10.5555/own},\n note={doi:10.1111bjhp.12807}\n}\n",
			[]string{"a=10.5555/own", "2 10.5555/own"}},
		{"an own DOI and a further one", "@article{a,\n doi={10.5555/own},\n doi={10.5555/more},\n note={10.5555/more, 10.5555/own, 10.5555/n, 10.5555/n}\n}\n",
			[]string{"a=10.5555/own+10.5555/more", "2 10.5555/own", "3 10.5555/more", "4 10.5555/n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, entries := rowsOf("a.bib", tt.give)
			if diff := cmp.Diff(tt.want, append(entries, rows...)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestOutsideDOIs: the DOIs text extraction finds on no entry's lines are
// the document's too; on an entry's lines they are the entry's alone.
func TestOutsideDOIs(t *testing.T) {
	tests := []struct {
		name, file, give string
		rows             []string
	}{
		{"two items on one line, the second running on", "a.bbl",
			"\\bibitem{a} A. Smith. \\newblock T. \\newblock \\emph{J}, 2019. \\bibitem{b} B. Jones. \\newblock U.\n\\newblock \\emph{K}, 2020.\n\\doi{10.5555/x}\n\n10.5555/out\n",
			[]string{"3 10.5555/x", "5 10.5555/out"}},
		{"before, between and after RIS records", "a.ris",
			"10.5555/before\nTY  - JOUR\nER  - \n10.5555/between\nTY  - JOUR\nTI  - 10.5555/in\nER  - \n10.5555/after\n",
			[]string{"1 10.5555/before", "4 10.5555/between", "8 10.5555/after"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.rows, rowsWith(Parse(tt.file, []byte(tt.give)))); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

// Every entry of a BibTeX file is an entry, in order, at the line of its
// @, with its fields and DOI at the line the doi field is on, whatever
// junk between entries (prose, e-mail addresses, a stray @ or %); that
// junk gives no row.
func TestPropertyBibTeXEntries(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 6).Draw(t, "entries")
		var b strings.Builder
		var want []Entry
		var rows []string
		line := 1
		write := func(s string) {
			b.WriteString(s)
			line += strings.Count(s, "\n")
		}
		for i := 0; i < n; i++ {
			write(rapid.StringMatching(`[a-z .,;:!?%@\n]{0,40}`).Draw(t, "junk") + "\n")
			kind := rapid.SampledFrom([]string{"article", "Article", "book", "misc"}).Draw(t, "type")
			open, close := "{", "}"
			if rapid.Bool().Draw(t, "parens") {
				open, close = "(", ")"
			}
			sep := rapid.SampledFrom([]string{" ", "\n  ", "\r\n\t"}).Draw(t, "sep")
			e := Entry{
				Label: rapid.StringMatching(`[a-z][a-z0-9:_-]{0,8}`).Draw(t, "key"),
				Line:  line,
				Title: rapid.StringMatching(`[A-Z][a-z]{0,8}( [a-z]{1,8}){0,3}`).Draw(t, "title"),
				Year:  rapid.IntRange(1900, 2030).Draw(t, "year"),
			}
			switch strings.ToLower(kind) {
			case "article":
				e.Type = TypeArticle
			case "book":
				e.Type = TypeOther
			}
			write("@" + kind + open + e.Label + "," + sep + "title = {" + e.Title + "}," + sep + "year = " + fmt.Sprint(e.Year) + "," + sep)
			if rapid.Bool().Draw(t, "has doi") {
				e.DOI = "10.5555/" + rapid.StringMatching(`[a-z0-9]([a-z0-9.]{0,8}[a-z0-9])?`).Draw(t, "suffix")
				e.RawDOI = e.DOI
				rows = append(rows, fmt.Sprintf("%d %s", line, e.DOI))
				write("doi = \"" + e.DOI + "\"")
			}
			write(sep + close)
			want = append(want, e)
		}
		write(rapid.StringMatching(`[a-z .,;:!?%@\n]{0,40}`).Draw(t, "tail"))
		doc := Parse("a.bib", []byte(b.String()))
		if diff := cmp.Diff(want, doc.Entries, readerOpts); diff != "" {
			t.Fatalf("%q: entries (-want +got):\n%s", b.String(), diff)
		}
		if diff := cmp.Diff(rows, rowsWith(doc), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%q: rows (-want +got):\n%s", b.String(), diff)
		}
	})
}

// A DOI list's entries are its lines; one that is no DOI is labelled by
// what it says, cut at 60 characters.
func TestDOIListLabels(t *testing.T) {
	long := strings.Repeat("é", 61)
	doc := ParseAs(DOIList, "sources.txt", []byte("# c\n10.5555/a\n\n  not a doi  \n"+strings.Repeat("x", 60)+"\n"+long+"\n"))
	var got []string
	for _, e := range doc.Entries {
		got = append(got, e.Label+"="+e.DOI)
	}
	want := []string{"line 2=10.5555/a", `line 4 "not a doi"=`, `line 5 "` + strings.Repeat("x", 60) + `"=`, `line 6 "` + strings.Repeat("é", 60) + `…"=`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}

// Bugs found while writing these tests, kept as the tests they should
// pass.
// TestReaderBugs: what mutation testing's reading of the readers found
// wrong, now right.
func TestReaderBugs(t *testing.T) {
	t.Run("a CFF person with given names only", func(t *testing.T) {
		doc := Parse("CITATION.cff", []byte("cff-version: 1.2.0\nreferences:\n  - title: A\n    authors:\n      - given-names: Plato\n      - family-names: Doe\n"))
		if diff := cmp.Diff([]string{"Plato", "Doe"}, doc.Entries[0].Authors); diff != "" {
			t.Errorf("authors (-want +got):\n%s", diff)
		}
	})
	t.Run("a labelled invalid DOI outside the entries", func(t *testing.T) {
		for _, tt := range []struct{ name, give string }{
			{"CITATION.cff", "cff-version: 1.2.0\ndoi: 10.1111bjhp.12807\n"},
			{"a.ris", "Cited as doi:10.1111bjhp.12807\nTY  - JOUR\nER  - \n"},
			{"a.json", "[{\"note\": \"doi:10.1111bjhp.12807\"},"},
		} {
			rows := rowsWith(Parse(tt.name, []byte(tt.give)))
			if len(rows) != 1 || !strings.Contains(rows[0], "!10.1111bjhp.12807") {
				t.Errorf("%s: rows %q, want the invalid DOI 10.1111bjhp.12807", tt.name, rows)
			}
		}
	})
	t.Run("a BibTeX author list with an empty name", func(t *testing.T) {
		doc := Parse("a.bib", []byte("@article{a, author={Smith, J. and  and Doe, A.}}\n"))
		if diff := cmp.Diff([]string{"Smith, J.", "Doe, A."}, doc.Entries[0].Authors); diff != "" {
			t.Errorf("authors (-want +got):\n%s", diff)
		}
	})
}

// Every token a line labels as a DOI that is none is a row, beside the
// DOIs extraction finds on that line.
func TestInvalidLabelledTokens(t *testing.T) {
	doc := Parse("a.md", []byte("1. A. 10.5555/ok and doi:10.1111bjhp.12807, doi:10.2222bad.1\n"))
	want := []string{"1 10.5555/ok",
		`1 !10.1111bjhp.12807 (invalid DOI "10.1111bjhp.12807": registrant code is not numeric)`,
		`1 !10.2222bad.1 (invalid DOI "10.2222bad.1": registrant code is not numeric)`}
	if diff := cmp.Diff(want, rowsWith(doc)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	for _, tt := range []struct{ give, want string }{
		{"doi:10.5555/ok, doi:10.1111bjhp.12807", "10.1111bjhp.12807"},
		{"doi:10.5555/ok", ""},
		{strings.Repeat("x", maxLabelledLine-len(" doi:10.1111bjhp.12807")) + " doi:10.1111bjhp.12807", "10.1111bjhp.12807"},
		{strings.Repeat("x", maxLabelledLine-len(" doi:10.1111bjhp.12807")+1) + " doi:10.1111bjhp.12807", ""},
	} {
		if got := invalidLabelled(tt.give); got != tt.want {
			t.Errorf("invalidLabelled(%.40q…) = %q, want %q", tt.give, got, tt.want)
		}
	}
}
