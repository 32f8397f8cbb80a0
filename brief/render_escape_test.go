package brief

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/internal/markuptest"
)

// The property of issue 22 item 4: for any string a model can type, the
// Markdown brief rendered by a CommonMark renderer with GitHub's
// extensions (goldmark: tables, strikethrough, autolinks; raw HTML kept,
// so that any would show) and the HTML brief parsed by x/net/html show
// exactly the title, headings and claim texts, and no element the
// template does not write; brief.md holds no character reference.

// hostile are the pieces generated prose is made of: Markdown, HTML and
// entity metacharacters and the shapes GitHub turns into links, among
// letters, digits and spaces.
var hostile = []string{
	"a", "Z", "x", "é", "µ", "0", "1", "9", " ", " ", "  ", "    ", "\u00a0", "\u2009",
	`\`, "`", "*", "_", "~", "[", "]", "(", ")", "<", ">", "!", "#", "|", "&", ";", ":", "/", ".", "-", "+", "=",
	`"`, "'", "{", "}", "@", "^", "$", "%",
	"www.", "http://", "https://", "ftp://", "x.org", "a@b.co", "a#@b.co", "~@x.org", "{|}@b.co", "mailto:", "&amp;", "&#169;", "&#x41;", "&sup2;", "&lt;",
	"<b>", "</i>", "<!--", "-->", "<?x", "<div>", "```", "~~", "**", "__", "1. ", "2010. ", "1) ", "- ", "+ ", "> ", "# ",
	"## ", "|---|", "![x](y)", "[x]: y", "[1]", "---", "***", "===", " #", " ##",
}

func hostileText() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return strings.Join(rapid.SliceOfN(rapid.SampledFrom(hostile), 0, 24).Draw(t, "pieces"), "")
	})
}

// briefView is a one-claim brief with the given prose.
func briefView(title, heading, claim, quote string) view {
	return view{
		Title: title, VerifiedAt: "2026-12-01", Lead: "cancer screening",
		Sections: []renderSection{{Heading: heading, Claims: []renderClaim{{ID: "c1", Text: claim, Refs: []int{1},
			Quotes: []renderQuote{{Ref: 1, Quote: quote, CheckedAgainst: gates.CheckedOracle}}}}}},
		References: []reference{{N: 1, SourceID: "S1", DOI: "10.1000/xyz", URL: "https://doi.org/10.1000/xyz", Title: "A title",
			EuropePMC: "https://europepmc.org/search?query=DOI%3A%2210.1000%2Fxyz%22"}},
	}
}

func markdownPage(t *rapid.T, v view) markuptest.Page {
	md := renderMarkdown(v)
	if ref := markuptest.CharacterReference(md); ref != "" {
		t.Fatalf("brief.md holds the character reference %q:\n%s", ref, md)
	}
	p, err := markuptest.Markdown(md)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func htmlPage(t *rapid.T, v view) markuptest.Page {
	page, err := renderHTML(v)
	if err != nil {
		t.Fatal(err)
	}
	p, err := markuptest.HTML(page)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPropertyMarkupMeansNothing: a brief of hostile prose shows the same
// elements as a brief of plain prose, and exactly the prose: in brief.md
// less the spaces at either end (which no renderer shows), in brief.html
// exactly.
func TestPropertyMarkupMeansNothing(t *testing.T) {
	plain := briefView("Title", "Heading", "Claim text", "Quote text")
	rapid.Check(t, func(t *rapid.T) {
		title := hostileText().Draw(t, "title")
		heading := hostileText().Draw(t, "heading")
		claim := hostileText().Draw(t, "claim")
		quote := "Q " + hostileText().Draw(t, "quote")
		v := briefView(title, heading, claim, quote)
		trim := func(s string) string { return strings.Trim(s, " \t") }
		exact := func(s string) string { return s }
		for _, f := range []struct {
			name   string
			render func(*rapid.T, view) markuptest.Page
			text   func(string) string
		}{{"brief.md", markdownPage, trim}, {"brief.html", htmlPage, exact}} {
			want, got := f.render(t, plain), f.render(t, v)
			if diff := cmp.Diff(want.Tags, got.Tags); diff != "" {
				t.Fatalf("%s shows other elements for title %q, heading %q, claim %q, quote %q (-plain +hostile):\n%s",
					f.name, title, heading, claim, quote, diff)
			}
			// Page texts are trimmed at their ends, as a reader sees them.
			checks := []struct{ what, got, want string }{
				{"title", got.H1[0], strings.TrimSpace(f.text(title))},
				{"heading", got.H2[0], strings.TrimSpace(f.text(heading))},
				{"claim", got.Paragraphs[1], strings.TrimSpace(f.text(claim) + " [1]")},
				{"quote", got.Quotes[0], "[1] " + quoteMarks(f.name, f.text(quote))},
			}
			if f.name == "brief.html" {
				checks = append(checks, struct{ what, got, want string }{"page title", got.Title, strings.TrimSpace(title)})
			}
			for _, c := range checks {
				if c.got != c.want {
					t.Fatalf("%s shows the %s as %q, want %q", f.name, c.what, c.got, c.want)
				}
			}
		}
	})
}

// quoteMarks are the marks each format puts around a quote.
func quoteMarks(format, q string) string {
	if format == "brief.md" {
		return `"` + q + `"`
	}
	return "\u201c" + q + "\u201d"
}

// TestMarkdownEscapesLittle: plain scientific prose is written as it is,
// and each escape is the one backslash that is needed.
func TestMarkdownEscapesLittle(t *testing.T) {
	tests := []struct{ give, want string }{
		{"Of the 9868 Victorians diagnosed with OG cancer between 2012 and 2021, 39.4% were metastatic at diagnosis.", ""},
		{"We found that the presence of H₂S enhanced the antitumor efficacy of paclitaxel (p < 0.05; n = 12).", ""},
		{"Risk fell by 1.5-fold (95% CI 1.2–1.9) in non-smokers' homes; 3 * 4 is a product, as is a_b.", ""},
		{"2010. The plan", `2010\. The plan`},
		{"- not a list", `\- not a list`},
		{"*bold* and _it_ and ~~struck~~", `\*bold\* and \_it\_ and \~\~struck\~\~`},
		{"see www.example.com or https://x.org or a@b.co", `see www\.example.com or https\://x.org or a\@b.co`},
		{"&sup2; and &#178; but R&D", `\&sup2; and \&#178; but R&D`},
		{"<b>x</b> but p < .05", `\<b>x\</b> but p < .05`},
		{"[link](x) and `code` and \\*", "\\[link](x) and \\`code\\` and \\\\\\*"},
		{"  padded  ", "padded"},
	}
	for _, tt := range tests {
		want := tt.want
		if want == "" {
			want = tt.give
		}
		if got := mdEscape(tt.give); got != want {
			t.Errorf("mdEscape(%q) = %q, want %q", tt.give, got, want)
		}
	}
	if got := mdHeading("Survival #"); got != `Survival \#` {
		t.Errorf("mdHeading keeps a closing sequence: %q", got)
	}
	if got := mdLabel("10.1/a]b"); got != `10.1/a\]b` {
		t.Errorf("mdLabel = %q", got)
	}
}

// TestGoldenBriefsShowTheirProse: the golden brief (testdata/golden, what
// `citeloop brief --offline` writes) shows the same headings and
// paragraphs in brief.md, read through GitHub's renderer, as in
// brief.html, with no element the template does not write, and brief.md
// holds no character reference.
func TestGoldenBriefsShowTheirProse(t *testing.T) {
	dir := filepath.Join("..", "testdata", "golden")
	mds, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil || len(mds) == 0 {
		t.Fatalf("no golden briefs in %s: %v", dir, err)
	}
	for _, name := range mds {
		md, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(strings.TrimSuffix(name, ".md") + ".html")
		if err != nil {
			t.Fatal(err)
		}
		if ref := markuptest.CharacterReference(md); ref != "" {
			t.Errorf("%s holds the character reference %q", name, ref)
		}
		m, err := markuptest.Markdown(md)
		if err != nil {
			t.Fatal(err)
		}
		h, err := markuptest.HTML(page)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(h.H1, m.H1); diff != "" {
			t.Errorf("%s: titles differ (-html +md):\n%s", name, diff)
		}
		if diff := cmp.Diff(h.H2, m.H2); diff != "" {
			t.Errorf("%s: headings differ (-html +md):\n%s", name, diff)
		}
		if diff := cmp.Diff(h.Paragraphs, m.Paragraphs); diff != "" {
			t.Errorf("%s: paragraphs differ (-html +md):\n%s", name, diff)
		}
		for _, tag := range []string{"del", "s", "img", "code", "pre", "table", "strong", "h3", "script", "<!--"} {
			if m.Count(tag) > 0 {
				t.Errorf("%s shows a %s element", name, tag)
			}
		}
	}
}
