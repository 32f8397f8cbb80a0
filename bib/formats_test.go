package bib

import (
	"bytes"
	"encoding/xml"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fields is what a test compares of an entry, its last line included.
type fields struct {
	Label       string
	Line, Last  int
	DOI, RawDOI string
	Title       string
	Authors     []string
	Journal     string
	Year        int
	Volume      string
	Issue       string
	Pages       string
	Type        Type
	PMID        string
}

func fieldsOf(es []Entry) []fields {
	out := make([]fields, 0, len(es))
	for _, e := range es {
		out = append(out, fields{Label: e.Label, Line: e.Line, Last: e.last, DOI: e.DOI, RawDOI: e.RawDOI, Title: e.Title,
			Authors: e.Authors, Journal: e.Journal, Year: e.Year, Volume: e.Volume, Issue: e.Issue, Pages: e.Pages, Type: e.Type, PMID: e.PMID})
	}
	return out
}

// found is a document's DOI as a test compares it.
type found struct {
	DOI     string
	Line    int
	Invalid bool
}

func foundOf(d Document) []found {
	var out []found
	for _, f := range d.DOIs {
		out = append(out, found{f.DOI, f.Line, f.Invalid != ""})
	}
	return out
}

// TestFormatsRead: each format added after red team 4 gives every record
// as an entry, in file order, with a DOI or without, its fields read and
// its DOIs at their lines.
func TestFormatsRead(t *testing.T) {
	tests := []struct {
		name, give string
		kind       Kind
		want       []fields
		wantDOIs   []found
	}{{
		name: "a.nbib", kind: MEDLINE,
		give: `PMID- 40530769
OWN - NLM
DP  - 2025 Jun 18
TI  - Understanding Unwarranted Variation in Care for Victorian Oesophagogastric
      Cancer Patients Using Linked Data.
PG  - 1-9
LID - 10.1111/ans.70196 [doi]
FAU - Smith, John Andrew
AU  - Smith JA
CN  - Upper GI Group
FAU - van der Berg, Kim
AU  - van der Berg K
PT  - Journal Article
TA  - ANZ J Surg
JT  - ANZ journal of surgery
VI  - 95
IP  - 6
AID - 10.1111/ans.70196 [doi]
AID - ans70196 [pii]
SO  - ANZ J Surg. 2025 Jun 18;95(6):1-9. doi: 10.1111/ans.70196.

PMID- 12345678
TI  - A fabricated paper about bladder cancer that has no DOI.
AU  - Nobody A
TA  - Lancet
DP  - 2021
PT  - Preprint

PMID- 23456789
TI  - A record whose DOI only its source line gives.
AU  - Other B
DP  - 2020
SO  - J Foo. 2020;1:2. doi: 10.1000/foo.1
`,
		want: []fields{
			{Label: "record 1 (line 1)", Line: 1, Last: 20, DOI: "10.1111/ans.70196", RawDOI: "10.1111/ans.70196",
				Title:   "Understanding Unwarranted Variation in Care for Victorian Oesophagogastric Cancer Patients Using Linked Data.",
				Authors: []string{"Smith, John Andrew", "Upper GI Group", "van der Berg, Kim"}, Journal: "ANZ journal of surgery",
				Year: 2025, Volume: "95", Issue: "6", Pages: "1-9", Type: TypeArticle, PMID: "40530769"},
			{Label: "record 2 (line 22)", Line: 22, Last: 27, Title: "A fabricated paper about bladder cancer that has no DOI.",
				Authors: []string{"Nobody, A"}, Journal: "Lancet", Year: 2021, Type: TypePreprint, PMID: "12345678"},
			{Label: "record 3 (line 29)", Line: 29, Last: 33, DOI: "10.1000/foo.1", RawDOI: "10.1000/foo.1",
				Title: "A record whose DOI only its source line gives.", Authors: []string{"Other, B"}, Year: 2020, PMID: "23456789"},
		},
		wantDOIs: []found{{"10.1111/ans.70196", 7, false}, {"10.1000/foo.1", 33, false}},
	}, {
		name: "a.enw", kind: Refer,
		give: `%0 Journal Article
%T Factors Driving Pancreatic Cancer Survival
rates
%A Smith, John
%A Jones, K.
%J Pancreas
%D 2025
%V 54
%N 6
%P e530-e536
%R 10.1097/mpa.0000000000002489
%K survival

%0 Book Section
%T A fabricated chapter with no DOI
%A Nobody, A.
%B Handbook of Nothing
%D 2020

%0 Journal Article
%T A record with its DOI in the URL only
%U https://doi.org/10.1000/xyz.2
%D 2019
%0 Journal Article
%T The next record, with no blank line before it
%R 10.1000 bad
`,
		want: []fields{
			{Label: "record 1 (line 1)", Line: 1, Last: 12, DOI: "10.1097/mpa.0000000000002489", RawDOI: "10.1097/mpa.0000000000002489",
				Title: "Factors Driving Pancreatic Cancer Survival rates", Authors: []string{"Smith, John", "Jones, K."}, Journal: "Pancreas",
				Year: 2025, Volume: "54", Issue: "6", Pages: "e530-e536", Type: TypeArticle},
			{Label: "record 2 (line 14)", Line: 14, Last: 18, Title: "A fabricated chapter with no DOI", Authors: []string{"Nobody, A."},
				Journal: "Handbook of Nothing", Year: 2020, Type: TypeOther},
			{Label: "record 3 (line 20)", Line: 20, Last: 23, DOI: "10.1000/xyz.2", RawDOI: "10.1000/xyz.2",
				Title: "A record with its DOI in the URL only", Year: 2019, Type: TypeArticle},
			{Label: "record 4 (line 24)", Line: 24, Last: 26, RawDOI: "10.1000 bad", Title: "The next record, with no blank line before it", Type: TypeArticle},
		},
		wantDOIs: []found{{"10.1097/mpa.0000000000002489", 11, false}, {"10.1000/xyz.2", 22, false}, {"10.1000 bad", 26, true}},
	}, {
		name: "lib.xml", kind: EndNoteXML,
		give: `<?xml version="1.0" encoding="UTF-8"?>
<xml><records>
<record><database name="My.enl">My.enl</database><ref-type name="Journal Article">17</ref-type>
<contributors><authors><author><style face="normal" font="default" size="100%">Smith, </style><style face="normal">John</style></author>
<author><style face="normal" font="default" size="100%">Jones, K.</style></author></authors></contributors>
<titles><title><style face="normal" font="default" size="100%">Factors Driving Pancreatic Cancer &amp; Survival</style></title>
<secondary-title><style>Pancreas</style></secondary-title></titles>
<periodical><full-title><style>Pancreas</style></full-title></periodical>
<pages><style>e530-e536</style></pages><volume><style>54</style></volume><number><style>6</style></number>
<dates><year><style>2025</style></year></dates>
<electronic-resource-num><style face="normal" font="default" size="100%">10.1097/mpa.0000000000002489</style></electronic-resource-num>
</record>
<record><ref-type name="Book">6</ref-type>
<titles><title>A fabricated book with no DOI</title></titles>
<dates><year>2020</year></dates>
<urls><related-urls><url>https://example.org/book</url></related-urls></urls>
</record>
<record><ref-type name="Journal Article">17</ref-type>
<titles><title>Its DOI is a URL</title></titles>
<urls><related-urls><url>https://doi.org/10.1000/abc.3</url></related-urls></urls>
</record>
</records></xml>
`,
		want: []fields{
			{Label: "record 1 (line 3)", Line: 3, Last: 12, DOI: "10.1097/mpa.0000000000002489", RawDOI: "10.1097/mpa.0000000000002489",
				Title: "Factors Driving Pancreatic Cancer & Survival", Authors: []string{"Smith, John", "Jones, K."}, Journal: "Pancreas",
				Year: 2025, Volume: "54", Issue: "6", Pages: "e530-e536", Type: TypeArticle},
			{Label: "record 2 (line 13)", Line: 13, Last: 17, Title: "A fabricated book with no DOI", Year: 2020, Type: TypeOther},
			{Label: "record 3 (line 18)", Line: 18, Last: 21, DOI: "10.1000/abc.3", RawDOI: "10.1000/abc.3", Title: "Its DOI is a URL", Type: TypeArticle},
		},
		wantDOIs: []found{{"10.1097/mpa.0000000000002489", 11, false}, {"10.1000/abc.3", 20, false}},
	}, {
		name: "refs.yaml", kind: CSLYAML,
		give: `---
title: My paper
references:
- id: rahib
  type: article-journal
  title: Factors driving pancreatic cancer survival rates
  author:
  - family: Smith
    given: John
  - literal: The Upper GI Group
  container-title: Pancreas
  volume: 54
  page: e530-e536
  issued:
    date-parts:
    - [2025, 6]
  DOI: 10.1097/mpa.0000000000002489
- id: fake
  type: book
  title: "A fabricated book: no DOI"
  issued: {date-parts: [[2020]]}
`,
		want: []fields{
			{Label: "record 1", Line: 4, Last: 17, DOI: "10.1097/mpa.0000000000002489", RawDOI: "10.1097/mpa.0000000000002489",
				Title: "Factors driving pancreatic cancer survival rates", Authors: []string{"Smith, John", "The Upper GI Group"}, Journal: "Pancreas",
				Year: 2025, Volume: "54", Pages: "e530-e536", Type: TypeArticle},
			{Label: "record 2", Line: 18, Last: 21, Title: "A fabricated book: no DOI", Year: 2020, Type: TypeOther},
		},
		wantDOIs: []found{{"10.1097/mpa.0000000000002489", 17, false}},
	}, {
		name: "items.yml", kind: CSLYAML,
		give:     "- type: article\n  title: A preprint\n  DOI: 10.1101/2020.01.01.000001\n",
		want:     []fields{{Label: "record 1", Line: 1, Last: 3, DOI: "10.1101/2020.01.01.000001", RawDOI: "10.1101/2020.01.01.000001", Title: "A preprint", Type: TypePreprint}},
		wantDOIs: []found{{"10.1101/2020.01.01.000001", 3, false}},
	}, {
		name: "refs.html", kind: HTML,
		give: `<!DOCTYPE html>
<html><head><title>Smith J. Not a reference. Nature. 2020;1:1.</title>
<style>li { color: red }</style></head><body>
<p>Some prose about <a href="https://doi.org/10.1000/prose.1">a paper</a>.</p>
<h2>References</h2>
<ol>
<li>Smith J. Factors driving pancreatic cancer survival rates. Pancreas.
2025;54(6):e530-e536. <a href="https://doi.org/10.1097/mpa.0000000000002489">doi</a></li>
<li>Nobody A. A fabricated paper with no DOI about breast cancer screening. Lancet. 2020;395:100-110.</li>
<li>Something that is no reference at all, 2020.</li>
</ol>
</body></html>
`,
		want: []fields{
			{Label: "line 7", Line: 7, Last: 8, DOI: "10.1097/mpa.0000000000002489", RawDOI: "10.1097/mpa.0000000000002489",
				Title: "Factors driving pancreatic cancer survival rates", Authors: []string{"Smith J"}, Journal: "Pancreas",
				Year: 2025, Volume: "54", Issue: "6", Pages: "e530-e536", Type: TypeArticle},
			{Label: "line 9", Line: 9, Last: 9, Title: "A fabricated paper with no DOI about breast cancer screening", Authors: []string{"Nobody A"},
				Journal: "Lancet", Year: 2020, Volume: "395", Pages: "100-110", Type: TypeArticle},
			{Label: "line 10", Line: 10, Last: 10},
		},
		wantDOIs: []found{{"10.1000/prose.1", 4, false}, {"10.1097/mpa.0000000000002489", 8, false}},
	}, {
		name: "pandoc.html", kind: HTML,
		give: `<div id="refs" class="references csl-bib-body" role="list">
<div id="ref-smith" class="csl-entry" role="listitem">
<div class="csl-left-margin">1. </div><div class="csl-right-inline">Smith J. Factors driving pancreatic cancer survival rates. Pancreas. 2025;54(6):e530&ndash;e536. doi:<a href="https://doi.org/10.1097/mpa.0000000000002489">10.1097/mpa.0000000000002489</a></div>
</div>
<div id="ref-nobody" class="csl-entry" role="listitem">
Nobody, A. (2020). A fabricated paper with no DOI about breast cancer screening. <em>The Lancet</em>, <em>395</em>, 100–110.
</div>
</div>
`,
		want: []fields{
			{Label: "line 3", Line: 3, Last: 3, DOI: "10.1097/mpa.0000000000002489", RawDOI: "10.1097/mpa.0000000000002489",
				Title: "Factors driving pancreatic cancer survival rates", Authors: []string{"Smith J"}, Journal: "Pancreas",
				Year: 2025, Volume: "54", Issue: "6", Pages: "e530–e536", Type: TypeArticle},
			{Label: "line 6", Line: 6, Last: 6, Title: "A fabricated paper with no DOI about breast cancer screening", Authors: []string{"Nobody, A."},
				Journal: "The Lancet", Year: 2020, Volume: "395", Pages: "100–110", Type: TypeArticle},
		},
		wantDOIs: []found{{"10.1097/mpa.0000000000002489", 3, false}},
	}, {
		name: "zotero.rdf", kind: ZoteroRDF,
		give: `<rdf:RDF
 xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
 xmlns:z="http://www.zotero.org/namespaces/export#"
 xmlns:dcterms="http://purl.org/dc/terms/"
 xmlns:bib="http://purl.org/net/biblio#"
 xmlns:foaf="http://xmlns.com/foaf/0.1/"
 xmlns:link="http://purl.org/rss/1.0/modules/link/"
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:prism="http://prismstandard.org/namespaces/1.2/basic/">
    <bib:Article rdf:about="https://doi.org/10.1097/mpa.0000000000002489">
        <z:itemType>journalArticle</z:itemType>
        <dcterms:isPartOf rdf:resource="urn:issn:0885-3177"/>
        <bib:authors><rdf:Seq><rdf:li><foaf:Person><foaf:surname>Smith</foaf:surname><foaf:givenName>John</foaf:givenName></foaf:Person></rdf:li>
        <rdf:li><foaf:Person><foaf:surname>Jones</foaf:surname><foaf:givenName>K.</foaf:givenName></foaf:Person></rdf:li></rdf:Seq></bib:authors>
        <link:link rdf:resource="#item_9"/>
        <dc:title>Factors Driving Pancreatic Cancer Survival Rates</dc:title>
        <dc:date>2025-06</dc:date>
        <bib:pages>e530-e536</bib:pages>
    </bib:Article>
    <bib:Journal rdf:about="urn:issn:0885-3177">
        <prism:volume>54</prism:volume><prism:number>6</prism:number>
        <dc:title>Pancreas</dc:title>
        <dc:identifier>DOI 10.1097/mpa.0000000000002489</dc:identifier>
        <dc:identifier>ISSN 0885-3177</dc:identifier>
    </bib:Journal>
    <z:Attachment rdf:about="#item_9"><dc:title>Full Text PDF</dc:title></z:Attachment>
    <bib:Book rdf:about="#item_2">
        <z:itemType>book</z:itemType>
        <dc:title>A fabricated book with no DOI</dc:title>
        <dc:date>2020</dc:date>
    </bib:Book>
    <bib:Memo rdf:about="#item_3"><rdf:value>a note</rdf:value></bib:Memo>
</rdf:RDF>
`,
		want: []fields{
			{Label: "record 1 (line 10)", Line: 10, Last: 19, DOI: "10.1097/mpa.0000000000002489", RawDOI: "10.1097/mpa.0000000000002489",
				Title: "Factors Driving Pancreatic Cancer Survival Rates", Authors: []string{"Smith, John", "Jones, K."}, Journal: "Pancreas",
				Year: 2025, Volume: "54", Issue: "6", Pages: "e530-e536", Type: TypeArticle},
			{Label: "record 2 (line 27)", Line: 27, Last: 31, Title: "A fabricated book with no DOI", Year: 2020, Type: TypeOther},
		},
		wantDOIs: []found{{"10.1097/mpa.0000000000002489", 23, false}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := Parse(tt.name, []byte(tt.give))
			if doc.Kind != tt.kind || doc.Err != nil {
				t.Fatalf("kind %v, err %v; want %v", doc.Kind, doc.Err, tt.kind)
			}
			if d := cmp.Diff(tt.want, fieldsOf(doc.Entries)); d != "" {
				t.Errorf("entries (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.wantDOIs, foundOf(doc)); d != "" {
				t.Errorf("DOIs (-want +got):\n%s", d)
			}
			// Read without a name, the content says the same kind.
			if k := Sniff([]byte(tt.give)); k != tt.kind {
				t.Errorf("Sniff = %v, want %v", k, tt.kind)
			}
		})
	}
}

// TestFormatsNotRead: a file named as a new format that is not one is
// read as what it is: another XML as text, a YAML mapping that holds no
// CSL as no entries, a broken one and a file that is no RDF as an error
// (an invalid row in check, never a pass).
func TestFormatsNotRead(t *testing.T) {
	tests := []struct {
		name, give string
		kind       Kind
		entries    int
		err        bool
	}{
		{"pom.xml", "<project><name>x</name><url>https://doi.org/10.1000/x.1</url></project>", Text, 0, false},
		{"broken.xml", "<xml><records><record><titles><title>Cut off", EndNoteXML, 1, true},
		{"config.yaml", "name: x\nversion: 2\n", CSLYAML, 0, false},
		{"bad.yaml", "references:\n- title: [unclosed\n", CSLYAML, 0, true},
		{"a.rdf", "this is no RDF", ZoteroRDF, 0, true},
		{"empty.nbib", "", MEDLINE, 0, false},
		{"prose.enw", "no tags here\n", Refer, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := Parse(tt.name, []byte(tt.give))
			if doc.Kind != tt.kind || len(doc.Entries) != tt.entries || (doc.Err != nil) != tt.err {
				t.Errorf("kind %v, %d entries, err %v; want %v, %d, err %v", doc.Kind, len(doc.Entries), doc.Err, tt.kind, tt.entries, tt.err)
			}
		})
	}
}

// TestSniffFormatsNotMisread: content that only looks like a new format
// at a glance stays what it is.
func TestSniffFormatsNotMisread(t *testing.T) {
	for give, want := range map[string]Kind{
		"---\nreferences:\n- title: A\n---\n\n# Intro\n\nText.\n":  Text, // Markdown front matter
		"# References\n\n1. Smith J. A title. Nature. 2020;1:1.\n": Text,
		"<p>A Markdown file that opens with HTML</p>\n\nText.\n":   Text,
		"%% a TeX comment\n\\documentclass{article}\n":             Text,
		"<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"x\"/>":      ZoteroRDF,
		"<xml><records></records></xml>":                           EndNoteXML,
	} {
		if got := Sniff([]byte(give)); got != want {
			t.Errorf("Sniff(%q) = %v, want %v", give, got, want)
		}
	}
}

// genRecord is one record a generated file writes.
type genRecord struct {
	title   string
	authors []string
	year    int
	doi     string
}

// genWords are the words generated titles are made of: plain ones, and
// ones a tagged or XML format could misread.
var genWords = []string{"cancer", "survival", "of", "the", "rates", "%T", "PMID-", "TI -", "<b>", "R&D", "Müller", "A.", "10.1000", "\"q\"", "–", "—", "[doi]", "%0"}

// genRecords are the records seed makes: one to a dozen, some with a DOI.
func genRecords(seed []byte) []genRecord {
	h := fnv.New64a()
	h.Write(seed)
	r := rand.New(rand.NewPCG(h.Sum64(), 7))
	recs := make([]genRecord, 1+r.IntN(12))
	for i := range recs {
		words := make([]string, 1+r.IntN(20))
		for j := range words {
			words[j] = genWords[r.IntN(len(genWords))]
		}
		words[0] = "Title" + strconv.Itoa(i) // never a tag at the start of a line
		recs[i].title = strings.Join(words, " ")
		for range r.IntN(4) {
			recs[i].authors = append(recs[i].authors, "Family"+strconv.Itoa(r.IntN(99))+", G.")
		}
		recs[i].year = 1900 + r.IntN(130)
		if r.IntN(2) == 0 {
			recs[i].doi = "10.1000/gen." + strconv.Itoa(i)
		}
	}
	return recs
}

// wrap cuts s into lines of about n bytes at its spaces.
func wrap(s string, n int) []string {
	var out []string
	for len(s) > n {
		i := strings.LastIndexByte(s[:n], ' ')
		if i <= 0 {
			i = strings.IndexByte(s, ' ')
			if i < 0 {
				break
			}
		}
		out = append(out, s[:i])
		s = s[i+1:]
	}
	return append(out, s)
}

func medlineFile(recs []genRecord) string {
	var b strings.Builder
	for i, r := range recs {
		b.WriteString("PMID- " + strconv.Itoa(1000+i) + "\n")
		for j, l := range wrap(r.title, 40) {
			if j == 0 {
				b.WriteString("TI  - " + l + "\n")
			} else {
				b.WriteString("      " + l + "\n")
			}
		}
		for _, a := range r.authors {
			b.WriteString("FAU - " + a + "\n")
		}
		b.WriteString("DP  - " + strconv.Itoa(r.year) + " Jan\n")
		if r.doi != "" {
			b.WriteString("AID - " + r.doi + " [doi]\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

func referFile(recs []genRecord) string {
	var b strings.Builder
	for i, r := range recs {
		b.WriteString("%0 Journal Article\n%T " + r.title + "\n")
		for _, a := range r.authors {
			b.WriteString("%A " + a + "\n")
		}
		b.WriteString("%D " + strconv.Itoa(r.year) + "\n")
		if r.doi != "" {
			b.WriteString("%R " + r.doi + "\n")
		}
		if i%2 == 0 {
			b.WriteString("\n") // EndNote writes a blank line; %0 starts a record all the same
		}
	}
	return b.String()
}

func endNoteXMLFile(recs []genRecord) string {
	esc := func(s string) string {
		var b bytes.Buffer
		_ = xml.EscapeText(&b, []byte(s))
		return b.String()
	}
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><records>\n")
	for _, r := range recs {
		b.WriteString("<record><ref-type name=\"Journal Article\">17</ref-type>\n<contributors><authors>")
		for _, a := range r.authors {
			b.WriteString("<author><style face=\"normal\">" + esc(a) + "</style></author>")
		}
		b.WriteString("</authors></contributors>\n<titles><title><style face=\"normal\">" + esc(r.title) + "</style></title></titles>\n")
		b.WriteString("<dates><year>" + strconv.Itoa(r.year) + "</year></dates>\n")
		if r.doi != "" {
			b.WriteString("<electronic-resource-num>" + r.doi + "</electronic-resource-num>\n")
		}
		b.WriteString("</record>\n")
	}
	b.WriteString("</records></xml>\n")
	return b.String()
}

// checkGenerated holds that every record of a generated file is an entry,
// in file order, its title, authors, year and DOI as written.
func checkGenerated(t *testing.T, kind Kind, name, file string, recs []genRecord) {
	t.Helper()
	doc := ParseAs(kind, name, []byte(file))
	if doc.Err != nil {
		t.Fatalf("%v\n%s", doc.Err, file)
	}
	if len(doc.Entries) != len(recs) {
		t.Fatalf("%d entries of %d records\n%s", len(doc.Entries), len(recs), file)
	}
	for i, e := range doc.Entries {
		r := recs[i]
		if e.Title != r.title || e.Year != r.year || e.DOI != r.doi || !slicesEqual(e.Authors, r.authors) {
			t.Fatalf("record %d: got %q %v %d %q, want %q %v %d %q\n%s", i+1, e.Title, e.Authors, e.Year, e.DOI, r.title, r.authors, r.year, r.doi, file)
		}
	}
}

func slicesEqual(a, b []string) bool { return len(a) == len(b) && (len(a) == 0 || cmp.Equal(a, b)) }

// checkBounded holds that any input gives entries on its own lines and no
// more output than its size allows.
func checkBounded(t *testing.T, kind Kind, name string, data []byte) {
	t.Helper()
	doc := ParseAs(kind, name, data)
	lines := bytes.Count(data, []byte("\n")) + 1
	if len(doc.Entries) > lines {
		t.Fatalf("%d entries from %d lines", len(doc.Entries), lines)
	}
	if len(doc.DOIs) > len(data)/3+1 {
		t.Fatalf("%d DOIs from %d bytes", len(doc.DOIs), len(data))
	}
	for _, e := range doc.Entries {
		if e.Line < 1 || e.Line > lines || e.last < e.Line || e.last > lines {
			t.Fatalf("%s on lines %d-%d of %d", e.Label, e.Line, e.last, lines)
		}
	}
}

func FuzzMedline(f *testing.F) {
	f.Add([]byte("PMID- 1\nTI  - A\n      b\nLID - 10.1000/x [doi]\n\nPMID- 2\n"))
	f.Add([]byte("      continuation first\nAU  - X\n\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkBounded(t, MEDLINE, "a.nbib", data)
		recs := genRecords(data)
		checkGenerated(t, MEDLINE, "a.nbib", medlineFile(recs), recs)
	})
}

func FuzzRefer(f *testing.F) {
	f.Add([]byte("%0 Journal Article\n%T A\nwrapped\n%R 10.1000/x\n%0 Book\n"))
	f.Add([]byte("%\n%%\n% T\n%T"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkBounded(t, Refer, "a.enw", data)
		recs := genRecords(data)
		checkGenerated(t, Refer, "a.enw", referFile(recs), recs)
	})
}

func FuzzEndNoteXML(f *testing.F) {
	f.Add([]byte(`<xml><records><record><titles><title><style>A</style></title></titles></record></records></xml>`))
	f.Add([]byte("<records><record><record><record>"))
	f.Add([]byte(strings.Repeat("<a>", 200)))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkBounded(t, EndNoteXML, "a.xml", data)
		recs := genRecords(data)
		checkGenerated(t, EndNoteXML, "a.xml", endNoteXMLFile(recs), recs)
	})
}
