package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
)

// TestFabricatedInNewFormats: in each format red team 4 found read as
// plain text (MEDLINE, refer/EndNote tagged, EndNote XML, Zotero RDF, CSL
// YAML, an HTML list and pandoc's HTML bibliography), a fabricated
// reference is a failing row and the same reference written rightly
// passes; a second reference without a DOI is a row of its own (no_doi),
// never dropped.
func TestFabricatedInNewFormats(t *testing.T) {
	const fake, real = "Totally fabricated title about lungs", "Co-designed culturally tailored cancer screening promotion program with Chinese-Australian: Using a community partnership approach"
	const noDOI = "A fabricated paper with no DOI about breast cancer screening"
	family := func(au string) string { return strings.Split(au, ",")[0] }
	forms := []struct {
		name, file string
		doc        func(title, author string, second bool) string
	}{
		{"MEDLINE", "a.nbib", func(ti, au string, second bool) string {
			s := "PMID- 40530769\nTI  - " + ti + "\nFAU - " + au + "\nFAU - Xu, X.\nTA  - Health Promot J Austr\nDP  - 2025 Jun\nAID - 10.1002/hpja.70059 [doi]\n"
			if second {
				s += "\nPMID- 12345678\nTI  - " + noDOI + "\nAU  - Nobody A\nTA  - Lancet\nDP  - 2020\n"
			}
			return s
		}},
		{"refer", "a.enw", func(ti, au string, second bool) string {
			s := "%0 Journal Article\n%T " + ti + "\n%A " + au + "\n%A Xu, X.\n%J Health Promotion Journal of Australia\n%D 2025\n%R 10.1002/hpja.70059\n"
			if second {
				s += "\n%0 Journal Article\n%T " + noDOI + "\n%A Nobody, A.\n%J Lancet\n%D 2020\n"
			}
			return s
		}},
		{"EndNote XML", "a.xml", func(ti, au string, second bool) string {
			s := `<?xml version="1.0" encoding="UTF-8"?><xml><records>
<record><ref-type name="Journal Article">17</ref-type><contributors><authors><author><style>` + au + `</style></author><author>Xu, X.</author></authors></contributors>
<titles><title><style>` + ti + `</style></title><secondary-title>Health Promotion Journal of Australia</secondary-title></titles>
<dates><year>2025</year></dates><electronic-resource-num>10.1002/hpja.70059</electronic-resource-num></record>
`
			if second {
				s += "<record><ref-type name=\"Journal Article\">17</ref-type><titles><title>" + noDOI + "</title></titles><dates><year>2020</year></dates></record>\n"
			}
			return s + "</records></xml>\n"
		}},
		{"Zotero RDF", "a.rdf", func(ti, au string, second bool) string {
			s := `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:z="http://www.zotero.org/namespaces/export#" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:bib="http://purl.org/net/biblio#" xmlns:foaf="http://xmlns.com/foaf/0.1/" xmlns:dcterms="http://purl.org/dc/terms/">
<bib:Article rdf:about="#item_1"><z:itemType>journalArticle</z:itemType>
<dcterms:isPartOf><bib:Journal><dc:title>Health Promotion Journal of Australia</dc:title></bib:Journal></dcterms:isPartOf>
<bib:authors><rdf:Seq><rdf:li><foaf:Person><foaf:surname>` + family(au) + `</foaf:surname></foaf:Person></rdf:li><rdf:li><foaf:Person><foaf:surname>Xu</foaf:surname></foaf:Person></rdf:li></rdf:Seq></bib:authors>
<dc:title>` + ti + `</dc:title><dc:date>2025</dc:date><dc:identifier>DOI 10.1002/hpja.70059</dc:identifier></bib:Article>
`
			if second {
				s += "<bib:Article rdf:about=\"#item_2\"><dc:title>" + noDOI + "</dc:title><dc:date>2020</dc:date></bib:Article>\n"
			}
			return s + "</rdf:RDF>\n"
		}},
		{"CSL YAML", "refs.yaml", func(ti, au string, second bool) string {
			s := "references:\n- id: k\n  type: article-journal\n  title: \"" + ti + "\"\n  author:\n  - family: " + family(au) + "\n  - family: Xu\n  container-title: Health Promotion Journal of Australia\n  issued:\n    date-parts:\n    - [2025]\n  DOI: 10.1002/hpja.70059\n"
			if second {
				s += "- id: fake\n  type: article-journal\n  title: " + noDOI + "\n  author:\n  - family: Nobody\n  issued: {date-parts: [[2020]]}\n"
			}
			return s
		}},
		{"HTML list", "refs.html", func(ti, au string, second bool) string {
			s := "<html><body>\n<h2>References</h2>\n<ol>\n<li>" + family(au) + " C, Xu X. " + ti + ". Health Promot J Austr. 2025. doi:10.1002/hpja.70059</li>\n"
			if second {
				s += "<li>Nobody A. " + noDOI + ". Lancet. 2020;395:100-110.</li>\n"
			}
			return s + "</ol>\n</body></html>\n"
		}},
		{"pandoc HTML", "refs.html", func(ti, au string, second bool) string {
			s := "<div id=\"refs\" class=\"references csl-bib-body hanging-indent\" role=\"list\">\n<div id=\"ref-k\" class=\"csl-entry\" role=\"listitem\">\n" + family(au) + ", C., &amp; Xu, X. (2025). " + ti + ". <em>Health Promotion Journal of Australia</em>. <a href=\"https://doi.org/10.1002/hpja.70059\">https://doi.org/10.1002/hpja.70059</a>\n</div>\n"
			if second {
				s += "<div id=\"ref-nobody\" class=\"csl-entry\" role=\"listitem\">\nNobody, A. (2020). " + noDOI + ". <em>The Lancet</em>, <em>395</em>, 100–110.\n</div>\n"
			}
			return s + "</div>\n"
		}},
	}
	c := checker([]oracles.Record{flexRecord, screenRecord})
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			for _, tt := range []struct {
				title, author string
				want          check.Status
			}{{real, "Kwok, C.", check.AllFound}, {fake, "Kwok, C.", check.NotVerified}, {real, "Smith, J.", check.NotVerified}} {
				doc := f.doc(tt.title, tt.author, false)
				rep := c.Check(context.Background(), []check.Document{{Name: f.file, Text: doc}})
				if rep.Status() != tt.want || len(rep.DOIs) != 1 {
					t.Errorf("%s by %s: status %v with rows %+v, want %v and one row\n%s", tt.title[:10], tt.author, rep.Status(), rep.DOIs, tt.want, doc)
					continue
				}
				if row := rep.DOIs[0]; row.DOI != screenRecord.DOI || row.Entry == nil {
					t.Errorf("%s by %s: row %+v, want %s compared with its entry", tt.title[:10], tt.author, row, screenRecord.DOI)
				}
			}
			// The honest reference, then a fabricated one without a DOI:
			// two rows, the second no_doi, and the file fails.
			doc := f.doc(real, "Kwok, C.", true)
			rep := c.Check(context.Background(), []check.Document{{Name: f.file, Text: doc}})
			if rep.Status() != check.NotVerified || len(rep.DOIs) != 2 || rep.DOIs[0].Verdict != check.VerdictFound || rep.DOIs[1].Verdict != check.VerdictNoDOI {
				t.Errorf("with a no-DOI reference: status %v, rows %+v; want found then no_doi\n%s", rep.Status(), rep.DOIs, doc)
			}
		})
	}
}

// TestUnreadableRDFFails: an .rdf file that is no RDF/XML is an invalid
// row, so the file fails rather than passing with nothing read.
func TestUnreadableRDFFails(t *testing.T) {
	rep := checker(nil).Check(context.Background(), []check.Document{{Name: "lib.rdf", Text: "not RDF at all, doi:10.1002/hpja.70059\n"}})
	if rep.Status() != check.NotVerified {
		t.Errorf("status %v, rows %+v; want a failing invalid row", rep.Status(), rep.DOIs)
	}
}
