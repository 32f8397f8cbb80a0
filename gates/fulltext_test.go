package gates_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// fullTextEntry is a ledger entry for a recorded full text: its record as
// the front matter gives it and its sections as collection keeps them.
func fullTextEntry(t testing.TB, file string) contract.Entry {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("../testdata/europepmc-fulltext", file))
	if err != nil {
		t.Fatal(err)
	}
	ft := collect.ReadFullText(oracles.FullText{ID: "PMC", Body: body, Oracle: "europepmc"})
	if !ft.Checked() {
		t.Fatalf("%s: %s", file, ft.Reason)
	}
	e := contract.Entry{ID: "S1", DOI: "10.5555/fulltext", Title: "A recorded article", FullText: ft}
	for _, s := range ft.Sections {
		if s.Path == "abstract" || strings.HasPrefix(s.Path, "abstract ›") {
			e.Abstract += s.Text + " "
		}
	}
	e.Seal()
	return e
}

func fullTextOracle(e contract.Entry) *fakeOracle {
	return &fakeOracle{records: map[string]oracles.Record{e.DOI: {DOI: e.DOI, Title: e.Title, Abstract: e.Abstract}}}
}

// TestGateFullTextSections: a quote from each section kind verifies and
// names its section; back matter (references, funding, footnotes,
// acknowledgements, declarations) never verifies; a quote across a
// citation marker verifies, but the marker's digits back no number.
func TestGateFullTextSections(t *testing.T) {
	files := map[string]string{
		"rcm":  "pyEuropePMC__PMC13133655_fullTextXML.xml",
		"icar": "catid-specialist__PMC10710713_fullTextXML.xml",
		"pain": "catid-specialist__PMC7382548_fullTextXML.xml",
		"nar":  "just-dna-compiler__PMC5753237_fullTextXML.xml",
	}
	tests := []struct {
		name, file, claim, quote string
		wantSection, wantKind    string
		wantReason               contract.Reason
		wantMarker               bool
	}{
		{name: "results", file: "rcm", quote: "Geosmin and 2-MIB underwent dissociative proton transfer reaction under all conditions tested",
			wantSection: "body › 3 Results and Discussion › 3.1 Fragmentation Pattern Assessments of Geosmin and 2‐MIB", wantKind: contract.SectionResults},
		{name: "methods", file: "rcm", quote: "Certified chemical reference standards in methanol (Sigma Aldrich, Steinheim, Germany) were used for the headspace optimization study",
			wantSection: "body › 2 Materials and Methods › 2.1 Chemicals", wantKind: contract.SectionMethods},
		{name: "table", file: "rcm", quote: "Full factorial design: factors and levels.", wantSection: "table 2", wantKind: contract.SectionTable},
		{name: "discussion, marker-free as the page reads", file: "icar",
			quote:       "is at risk of developing a suspension syndrome. The most important preventive measure for the climber",
			wantSection: "body › Discussion › Prevention", wantKind: contract.SectionDiscussion},
		{name: "background, author's parenthesised citation dropped", file: "nar",
			quote:       "ClinVar is a freely available, public archive of human genetic variants",
			wantSection: "body › INTRODUCTION", wantKind: contract.SectionBackground},
		{name: "background across a parenthesised citation", file: "nar",
			quote:       "ClinVar (1,2) is a freely available, public archive of human genetic variants",
			wantSection: "body › INTRODUCTION", wantKind: contract.SectionBackground, wantMarker: true},
		{name: "too short in a section too", file: "nar", quote: "ClinVar", wantReason: contract.ReasonQuoteTooShort},
		{name: "abstract quote names the abstract", file: "icar",
			quote:       "Suspension syndrome describes a multifactorial cardio-circulatory collapse during passive hanging",
			wantSection: "abstract", wantKind: contract.SectionAbstract},
		{name: "across a superscript marker, as the text nodes spell it", file: "pain",
			quote:       "increases to a staggering 84% in patients with diabetes.135 The second most common entrapment neuropathy",
			wantSection: "body › 1. Introduction", wantKind: contract.SectionBackground, wantMarker: true},
		{name: "across a superscript marker, as the page reads", file: "pain",
			quote:       "increases to a staggering 84% in patients with diabetes. The second most common entrapment neuropathy",
			wantSection: "body › 1. Introduction", wantKind: contract.SectionBackground},
		{name: "a marker backs no number", file: "pain", claim: "135 patients had diabetes.",
			quote:      "increases to a staggering 84% in patients with diabetes.135 The second most common entrapment neuropathy",
			wantReason: contract.ReasonNumberNotInQuote},
		{name: "the number beside a marker is backed", file: "pain", claim: "The lifetime risk reaches 84% in diabetes.",
			quote:       "increases to a staggering 84% in patients with diabetes.135 The second most common entrapment neuropathy",
			wantSection: "body › 1. Introduction", wantKind: contract.SectionBackground, wantMarker: true},
		{name: "across inline MathML, spelt as its tokens", file: "rcm",
			quote:       "in a given volume of headspace, Cg is the gas-phase concentration of the analyte in headspace, C₀ is the initial concentration",
			wantSection: "body › 2 Materials and Methods › 2.3 Headspace Optimization Study", wantKind: contract.SectionMethods},
		{name: "around inline MathML", file: "rcm", quote: "is the gas-phase concentration of the analyte in headspace",
			wantSection: "body › 2 Materials and Methods › 2.3 Headspace Optimization Study", wantKind: contract.SectionMethods},
		{name: "a subscript is not a digit", file: "rcm",
			quote:      "in a given volume of headspace, Cg is the gas-phase concentration of the analyte in headspace, C0 is the initial concentration",
			wantReason: contract.ReasonQuoteNotFound},
		{name: "a superscript unit as the page shows it", file: "rcm",
			quote:       "reported to be 3.8 ng·L⁻¹ for geosmin and 15 ng·L⁻¹ for 2-MIB in water",
			wantSection: "body › 1 Introduction", wantKind: contract.SectionBackground},
		{name: "10⁻¹ is not 10-1: L-1 is not L⁻¹", file: "rcm",
			quote:      "reported to be 3.8 ng·L-1 for geosmin and 15 ng·L-1 for 2-MIB in water",
			wantReason: contract.ReasonQuoteNotFound},
		{name: "reference title", file: "nar", quote: "ClinVar: public archive of relationships among sequence variation and human phenotype",
			wantReason: contract.ReasonQuoteNotFound},
		{name: "funding", file: "icar", quote: "No funding was received for this work", wantReason: contract.ReasonQuoteNotFound},
		{name: "footnote", file: "icar", quote: "Springer Nature remains neutral with regard to jurisdictional claims",
			wantReason: contract.ReasonQuoteNotFound},
		{name: "acknowledgements", file: "icar", quote: "The authors thank Jonathan White for language editing",
			wantReason: contract.ReasonQuoteNotFound},
		{name: "declarations", file: "icar", quote: "The authors declare that they have no competing interests",
			wantReason: contract.ReasonQuoteNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := fullTextEntry(t, files[tt.file])
			l := contract.Ledger{Entries: []contract.Entry{e}}
			text := tt.claim
			if text == "" {
				text = "A claim about the article."
			}
			d := draftOf(contract.Claim{ID: "c1", Text: text, Citations: []contract.Citation{{DOI: e.DOI, Quote: tt.quote}}})
			v, _ := gates.New(fullTextOracle(e)).Check(context.Background(), d, l, nil)
			var reasons []contract.Reason
			for _, f := range v.Failures {
				reasons = append(reasons, f.Reason)
			}
			if tt.wantReason != "" {
				if diff := cmp.Diff([]contract.Reason{tt.wantReason}, reasons); diff != "" {
					t.Fatalf("reasons (-want +got):\n%s", diff)
				}
				return
			}
			if len(reasons) > 0 || len(v.Quotes) != 1 {
				t.Fatalf("failures %+v, quotes %d", v.Failures, len(v.Quotes))
			}
			q := v.Quotes[0]
			if q.Section != tt.wantSection || q.SectionKind != tt.wantKind || q.AcrossMarker != tt.wantMarker {
				t.Errorf("got section %q kind %q across marker %v, want %q %q %v", q.Section, q.SectionKind, q.AcrossMarker, tt.wantSection, tt.wantKind, tt.wantMarker)
			}
			if q.AcrossMarker && tt.file == "pain" && q.Source != "increases to a staggering 84% in patients with diabetes. The second most common entrapment neuropathy" {
				t.Errorf("marker-free source %q", q.Source)
			}
		})
	}
}

// TestGateFullTextNotChecked: when the full text could not be had, a body
// quote fails as not in the abstract and says the full text was not
// checked; an abstract quote still verifies.
func TestGateFullTextNotChecked(t *testing.T) {
	e := contract.Entry{ID: "S1", DOI: "10.5555/am", Title: "An author manuscript", Abstract: "Screening reduced mortality by a fifth in the trial.",
		FullText: &contract.FullText{Status: contract.FullTextNotChecked, Reason: "unavailable: HTTP 500"}}
	e.Seal()
	l := contract.Ledger{Entries: []contract.Entry{e}}
	d := draftOf(contract.Claim{ID: "c1", Text: "A claim.", Citations: []contract.Citation{{DOI: e.DOI, Quote: "the body says something else entirely"}}})
	v, _ := gates.New(fullTextOracle(e)).Check(context.Background(), d, l, nil)
	if len(v.Failures) != 1 || v.Failures[0].Reason != contract.ReasonQuoteNotFound {
		t.Fatalf("failures %+v", v.Failures)
	}
	if got := v.Failures[0].Detail; !strings.Contains(got, "full text not checked (unavailable: HTTP 500)") {
		t.Errorf("detail %q does not say the full text was not checked", got)
	}
	d = draftOf(contract.Claim{ID: "c1", Text: "A claim.", Citations: []contract.Citation{{DOI: e.DOI, Quote: "Screening reduced mortality by a fifth"}}})
	if v, _ := gates.New(fullTextOracle(e)).Check(context.Background(), d, l, nil); !v.Verified {
		t.Errorf("abstract quote refused: %+v", v.Failures)
	}
}

// Numbers of neighbouring table cells or paragraphs never join: the cells
// "1" and "234" of a row (Year 1, Year 2), or a paragraph ending in 1 and
// the next starting with 234, back neither "1,234" nor "1 234", while each
// still backs its own number.
func TestGateTableCellsAreApart(t *testing.T) {
	doc := `<article><front><article-meta><article-id pub-id-type="doi">10.5555/cells</article-id></article-meta></front><body>
<sec sec-type="results"><title>Results</title><p>Screening uptake by year is in Table 1.</p>
<p>Uptake was highest in the invitation round of year 1</p><p>234 women attended the second round of invitations.</p>
<table-wrap id="t1"><label>Table 1</label><caption><p>Women screened</p></caption><table><tbody>
<tr><td>Women screened in the region</td><td>1</td><td>234</td></tr></tbody></table></table-wrap></sec></body></article>`
	ft := collect.ReadFullTextOf(oracles.FullText{ID: "PMC1", Body: []byte(doc), Oracle: "europepmc"}, "10.5555/cells")
	if !ft.Checked() {
		t.Fatal(ft.Reason)
	}
	e := contract.Entry{ID: "S1", DOI: "10.5555/cells", Title: "A screening table", Abstract: "Screening was offered to every woman in the region.", FullText: ft}
	e.Seal()
	l := contract.Ledger{Entries: []contract.Entry{e}}
	for _, tt := range []struct {
		claim, quote string
		verified     bool
	}{
		{"1,234 women were screened.", "Women screened in the region\t1\t234", false},
		{"1 234 women were screened.", "Women screened in the region 1 234", false},
		{"234 women were screened in the second year.", "Women screened in the region\t1\t234", true},
		{"1,234 women attended.", "invitation round of year 1 234 women attended the second round", false},
		{"234 women attended the second round.", "234 women attended the second round of invitations", true},
	} {
		d := draftOf(contract.Claim{ID: "c1", Text: tt.claim, Citations: []contract.Citation{{DOI: e.DOI, Quote: tt.quote}}})
		v, _ := gates.New(fullTextOracle(e)).Check(context.Background(), d, l, nil)
		if v.Verified != tt.verified {
			t.Errorf("%q citing %q: verified %v, want %v (%+v)", tt.claim, tt.quote, v.Verified, tt.verified, v.Failures)
		}
		if !tt.verified && (len(v.Failures) != 1 || v.Failures[0].Reason != contract.ReasonNumberNotInQuote && v.Failures[0].Reason != contract.ReasonQuoteNotFound) {
			t.Errorf("%q citing %q: failures %+v, want the number refused", tt.claim, tt.quote, v.Failures)
		}
	}
}
