package jats

import (
	"errors"
	"strings"
	"testing"
)

// article wraps body content in a minimal JATS article.
func article(body string) string {
	return `<?xml version="1.0" encoding="UTF-8"?><article article-type="research-article"><front><article-meta>` +
		`<title-group><article-title>T</article-title></title-group></article-meta></front><body>` + body + `</body></article>`
}

func readString(t *testing.T, xml string) Article {
	t.Helper()
	a, err := Read(strings.NewReader(xml))
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, xml)
	}
	return a
}

func onlySection(t *testing.T, a Article) Section {
	t.Helper()
	if len(a.Sections) != 1 {
		t.Fatalf("got %d sections, want 1: %+v", len(a.Sections), a.Sections)
	}
	return a.Sections[0]
}

func TestCitationMarkers(t *testing.T) {
	tests := []struct {
		name, give, wantText, wantRaw string
	}{
		{"brackets with a range", `<p>as seen [<xref ref-type="bibr" rid="B1">1</xref>–<xref ref-type="bibr" rid="B3">3</xref>]. Next</p>`,
			"as seen. Next", "as seen [1–3]. Next"},
		{"superscript after the full stop", `<p>with diabetes.<sup><xref ref-type="bibr" rid="R135">135</xref></sup> The second</p>`,
			"with diabetes. The second", "with diabetes.135 The second"},
		{"parenthesised list", `<p>ClinVar (<xref ref-type="bibr" rid="B1">1</xref>,<xref ref-type="bibr" rid="B2">2</xref>) is free</p>`,
			"ClinVar is free", "ClinVar (1,2) is free"},
		{"author and year", `<p>was shown (Wu et al. <xref ref-type="bibr" rid="B9">2026</xref>; Lee and Kim <xref ref-type="bibr" rid="B4">2024</xref>).</p>`,
			"was shown.", "was shown (Wu et al. 2026; Lee and Kim 2024)."},
		{"ref-type ref", `<p>shown [<xref ref-type="ref" rid="r1">4</xref>] here</p>`, "shown here", "shown [4] here"},
		{"superscript inside the xref", `<p>known<xref ref-type="bibr" rid="b1"><sup>2008</sup></xref>, and</p>`, "known, and", "known2008, and"},
		{"groups joined by a dash", `<p>seen [<xref ref-type="bibr">1</xref>]–[<xref ref-type="bibr">3</xref>] here</p>`, "seen here", "seen [1]–[3] here"},
		{"a footnote marker", `<p>rates<xref ref-type="fn" rid="fn1">a</xref> fell</p>`, "rates fell", "ratesa fell"},
		{"a figure reference is text", `<p>excluded (<xref ref-type="fig" rid="F1">Fig. 1</xref>) and</p>`, "excluded (Fig. 1) and", "excluded (Fig. 1) and"},
		{"a table reference is text", `<p>in <xref ref-type="table" rid="T1">Table 1</xref>.</p>`, "in Table 1.", "in Table 1."},
		{"brackets without a marker stay", `<p>risk (95% CI 1.2–3.4) and [n = 12]</p>`, "risk (95% CI 1.2–3.4) and [n = 12]", "risk (95% CI 1.2–3.4) and [n = 12]"},
		{"a bracket with words and a marker stays", `<p>(the 12 trials in <xref ref-type="bibr">3</xref>) x</p>`, "(the 12 trials in) x", "(the 12 trials in 3) x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := onlySection(t, readString(t, article(tt.give)))
			if s.Text != tt.wantText {
				t.Errorf("Text = %q, want %q", s.Text, tt.wantText)
			}
			if s.Raw != tt.wantRaw {
				t.Errorf("Raw = %q, want %q", s.Raw, tt.wantRaw)
			}
		})
	}
}

func TestScriptsAndMath(t *testing.T) {
	const mml = `xmlns:mml="http://www.w3.org/1998/Math/MathML"`
	tests := []struct{ name, give, want string }{
		{"negative exponent", `<p>p = 10<sup>−4</sup> here</p>`, "p = 10⁻⁴ here"},
		{"molecule", `<p>H<sub>2</sub>S and H<sub>3</sub>O<sup>+</sup></p>`, "H₂S and H₃O⁺"},
		{"unit", `<p>3.8 ng·L<sup>−1</sup></p>`, "3.8 ng·L⁻¹"},
		{"subscript without forms", `<p>C<sub>max</sub> rose</p>`, "Cmax rose"},
		{"superscript without forms", `<p>x<sup>a</sup> and y<sup>a b</sup></p>`, "x^a and y^(a b)"},
		{"italic and bold are typography", `<p><italic>in vivo</italic> <bold>12</bold> mice</p>`, "in vivo 12 mice"},
		{"hard newlines", "<p>one\n  two\tthree</p>", "one two three"},
		{"kept spaces", "<p>12\u00a0mg and 5\u2009%</p>", "12\u00a0mg and 5\u2009%"},
		{"inline msub", `<p>where <mml:math ` + mml + `><mml:mrow><mml:msub><mml:mi>C</mml:mi><mml:mn>0</mml:mn></mml:msub></mml:mrow></mml:math> is the initial</p>`, "where C₀ is the initial"},
		{"inline msub letter", `<p><inline-formula><mml:math ` + mml + `><mml:msub><mml:mi>C</mml:mi><mml:mi>g</mml:mi></mml:msub></mml:math></inline-formula> is gas</p>`, "Cg is gas"},
		{"msup of msub", `<p><mml:math ` + mml + `><mml:msup><mml:msub><mml:mi>p</mml:mi><mml:mi>i</mml:mi></mml:msub><mml:mo>°</mml:mo></mml:msup></mml:math> is</p>`, "pi^° is"},
		{"fraction", `<p><mml:math ` + mml + `><mml:mfrac><mml:mi>a</mml:mi><mml:mi>b</mml:mi></mml:mfrac></mml:math></p>`, "a/b"},
		{"tex alternative dropped", `<p><inline-formula><alternatives><tex-math>\alpha</tex-math><mml:math ` + mml + `><mml:mi>α</mml:mi></mml:math></alternatives></inline-formula> = 0.05</p>`, "α = 0.05"},
		{"entity", `<p>a&nbsp;b &#x2212;3 &lt; 4</p>`, "a\u00a0b −3 < 4"},
		{"footnote dropped", `<p>text<fn id="f1"><p>a note</p></fn> goes on</p>`, "text goes on"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := onlySection(t, readString(t, article(tt.give))).Text; got != tt.want {
				t.Errorf("Text = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSections(t *testing.T) {
	xml := `<?xml version="1.0"?><article><front><article-meta>` +
		`<abstract><title>Abstract</title><sec><title>Methods</title><p>We counted.</p></sec><sec><title>Results</title><p>It rose.</p></sec></abstract>` +
		`<abstract abstract-type="toc"><p>Short.</p></abstract></article-meta></front>` +
		`<body><p>Lead paragraph.</p>` +
		`<sec sec-type="intro"><title>1. Introduction</title><p>Known.</p></sec>` +
		`<sec><label>2</label><title>Methods</title><p>Intro to methods.</p><sec><label>2.3</label><title>Statistics</title><p>We used R.</p>` +
		`<table-wrap id="T2"><label>Table 2.</label><caption><title>Baseline</title><p>Means.</p></caption><table><thead><tr><th>Age</th><th>n</th></tr></thead><tbody><tr><td>62</td><td>12</td></tr></tbody></table><table-wrap-foot><p>SD in brackets.</p></table-wrap-foot></table-wrap></sec></sec>` +
		`<sec><title>Results</title><p>Survival was 51.7%.</p><fig id="F1"><label>Fig. 1</label><caption><p>Curves.</p></caption><graphic/></fig></sec>` +
		`<sec><title>Funding</title><p>Paid by X.</p></sec>` +
		`<sec sec-type="ref-list"><title>References</title><ref-list><ref><mixed-citation>A title</mixed-citation></ref></ref-list></sec>` +
		`<sec><title>Acknowledgements</title><p>Thanks.</p></sec>` +
		`</body></article>`
	a := readString(t, xml)
	type row struct {
		Path string
		Part Part
		Kind Kind
		Text string
	}
	var got []row
	for _, s := range a.Sections {
		got = append(got, row{s.Path, s.Part, s.Kind, s.Text})
	}
	want := []row{
		{"abstract › Methods", Abstract, KindMethods, "We counted."},
		{"abstract › Results", Abstract, KindResults, "It rose."},
		{"abstract (toc)", Abstract, KindAbstract, "Short."},
		{"body", Body, KindOther, "Lead paragraph."},
		{"body › 1. Introduction", Body, KindBackground, "Known."},
		{"body › 2 Methods", Body, KindMethods, "Intro to methods."},
		{"table 2", Float, KindTable, "Baseline\n\nMeans.\n\nAge\tn\n\n62\t12\n\nSD in brackets."},
		{"body › 2 Methods › 2.3 Statistics", Body, KindMethods, "We used R."},
		{"figure 1 legend", Float, KindFigure, "Curves."},
		{"body › Results", Body, KindResults, "Survival was 51.7%."},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d sections, want %d:\n%+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("section %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if a.Form != BodyOnly {
		t.Errorf("Form = %q, want %q", a.Form, BodyOnly)
	}
	if got, want := a.Abstract(), "Methods: We counted. Results: It rose."; got != want {
		t.Errorf("Abstract() = %q, want %q", got, want)
	}
}

func TestBackMatterIsDropped(t *testing.T) {
	xml := `<article><front><article-meta/></front><body><sec><title>Results</title><p>Kept.</p></sec></body>` +
		`<back><ack><p>Thanks.</p></ack><ref-list><ref><mixed-citation>Smith J. A reference title. 2020.</mixed-citation></ref></ref-list>` +
		`<fn-group><fn><p>A footnote.</p></fn></fn-group><sec sec-type="data-availability"><title>Data Availability Statement</title><p>On request.</p></sec>` +
		`<app-group><app><title>Appendix A</title><p>Extra table notes.</p></app></app-group></back></article>`
	a := readString(t, xml)
	if a.Form != WithBack {
		t.Errorf("Form = %q, want %q", a.Form, WithBack)
	}
	var paths []string
	for _, s := range a.Sections {
		paths = append(paths, s.Path+": "+s.Text)
	}
	want := "body › Results: Kept.|back › Appendix A: Extra table notes."
	if got := strings.Join(paths, "|"); got != want {
		t.Errorf("sections = %q, want %q", got, want)
	}
}

func TestRefListAnywhereIsDropped(t *testing.T) {
	a := readString(t, article(`<sec><title>Discussion</title><p>Said.</p><ref-list><ref><mixed-citation>Hidden title</mixed-citation></ref></ref-list></sec>`))
	if s := onlySection(t, a); strings.Contains(s.Text+s.Raw, "Hidden") {
		t.Errorf("a reference list inside a section was kept: %q", s.Text)
	}
}

func TestBadInput(t *testing.T) {
	deep := strings.Repeat("<sec>", 300) + strings.Repeat("</sec>", 300)
	tests := []struct {
		name, give string
		o          Options
		want       func(error) bool
	}{
		{"not an article", `<html><body/></html>`, Options{}, func(err error) bool { return errors.Is(err, ErrNotArticle) }},
		{"empty", ``, Options{}, func(err error) bool { return errors.Is(err, ErrNotArticle) }},
		{"JSON error body", `{"status":500,"error":"Internal Server Error"}`, Options{}, func(err error) bool { return errors.Is(err, ErrNotArticle) }},
		{"not well-formed", `<article><body><p>x</body></article>`, Options{}, func(err error) bool { return err != nil }},
		{"cut short", `<article><body><p>x`, Options{}, func(err error) bool { return err != nil }},
		{"too deep", article(deep), Options{}, func(err error) bool {
			var le *LimitError
			return errors.As(err, &le) && le.What == "nesting"
		}},
		{"too large", article(strings.Repeat("<p>word</p>", 100)), Options{MaxBytes: 200}, func(err error) bool {
			var le *LimitError
			return errors.As(err, &le) && le.What == "input"
		}},
		{"two roots", `<article/><article/>`, Options{}, func(err error) bool { return err != nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadWith(strings.NewReader(tt.give), tt.o)
			if !tt.want(err) {
				t.Errorf("ReadWith: err = %v", err)
			}
		})
	}
}

func TestDoctypeIsNotFetched(t *testing.T) {
	xml := "\n<!DOCTYPE article PUBLIC \"-//NLM//DTD JATS (Z39.96) Journal Archiving and Interchange DTD with MathML3 v1.4 20241031//EN\" \"http://127.0.0.1:1/never.dtd\">" +
		`<article><?properties open_access?><front><article-meta><processing-meta><restricted-by>pmc</restricted-by></processing-meta></article-meta></front><body><p>Text.</p></body></article>`
	if got := onlySection(t, readString(t, xml)).Text; got != "Text." {
		t.Errorf("Text = %q", got)
	}
}
