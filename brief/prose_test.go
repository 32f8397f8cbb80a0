package brief_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

// withClaim2 returns good with claim c2's text replaced.
func withClaim2(text string) contract.Draft {
	d := draft("10.1002/hpja.70052", "screening rates are lower in rural areas")
	d.Sections[0].Claims[1].Text = text
	return d
}

// TestBriefMetricsCountProseFailures: a writer stopped once for a number its
// quote lacks and a reference in its prose, then verified, leaves those
// counts in brief.json by reason code.
func TestBriefMetricsCountProseFailures(t *testing.T) {
	smuggled := withClaim2("Rural screening is 40% lower (Smith et al., 2020).")
	res := verified(t, ledger(), oracleOf{}, smuggled, good)
	dir := t.TempDir()
	assemble(t, dir, res, brief.JSON)
	data, err := os.ReadFile(filepath.Join(dir, "brief.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Metrics struct {
			Iterations []struct {
				Reasons map[string]int `json:"reasons"`
			} `json:"iterations"`
			Reasons map[string]int `json:"failures_by_reason"`
		} `json:"metrics"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	// "40" and "2020" are in no quote; "(Smith et al., 2020)" is a reference.
	want := map[string]int{"number_not_in_quote": 2, "reference_in_text": 1}
	if diff := cmp.Diff(want, doc.Metrics.Reasons); diff != "" {
		t.Errorf("failures_by_reason (-want +got):\n%s", diff)
	}
	if len(doc.Metrics.Iterations) != 2 {
		t.Fatalf("%d iterations, want 2", len(doc.Metrics.Iterations))
	}
	if diff := cmp.Diff(want, doc.Metrics.Iterations[0].Reasons); diff != "" {
		t.Errorf("first pass reasons (-want +got):\n%s", diff)
	}
}

// TestMarkupInProseIsEscapedInEveryFormat: model-typed prose with HTML and
// Markdown in it passes the gate (it holds no reference, number or hidden
// character) and must render as text, never as markup, in every format.
func TestMarkupInProseIsEscapedInEveryFormat(t *testing.T) {
	const (
		script    = `<script>alert('x')</script>`
		img       = `<img src=x onerror=alert('x')>`
		link      = `[click](javascript:alert('x'))`
		breakJSON = `"},{"injected":true,"x":"`
	)
	d := withClaim2("Rural screening is lower " + script + " " + img + " " + link + " *bold* _it_ `code` | cell " + breakJSON)
	d.Title = "<b>Brief</b> # not a heading"
	d.Sections[0].Heading = "Findings <i>x</i> **loud**"
	res := verified(t, ledger(), oracleOf{}, d)
	dir := t.TempDir()
	assemble(t, dir, res, brief.Markdown, brief.JSON, brief.HTML)
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}

	md := read("brief.md")
	for _, raw := range []string{"<script", "<img", "<b>", "<i>", "**loud**", "*bold*", "`code`", "[click]", "\n# not"} {
		if unescaped(md, raw) {
			t.Errorf("brief.md keeps markup %q", raw)
		}
	}
	for _, esc := range []string{`\<script>`, `\[click](javascript`, `\*bold\*`, "\\`code\\`"} {
		if !strings.Contains(md, esc) {
			t.Errorf("brief.md lacks the escaped form %q", esc)
		}
	}
	if strings.Contains(md, "&lt;") {
		t.Errorf("brief.md holds a character reference")
	}

	html := read("brief.html")
	for _, raw := range []string{"<script", "<img", "<b>Brief", "<i>x"} {
		if strings.Contains(html, raw) {
			t.Errorf("brief.html keeps markup %q", raw)
		}
	}
	if !strings.Contains(html, "&lt;script&gt;") || !strings.Contains(html, "&lt;img src=x onerror=alert(&#39;x&#39;)&gt;") {
		t.Errorf("brief.html does not show the markup as text")
	}

	var doc struct {
		Title    string `json:"title"`
		Sections []struct {
			Heading string `json:"heading"`
			Claims  []struct {
				Text string `json:"text"`
			} `json:"claims"`
		} `json:"sections"`
		Injected *bool `json:"injected"`
	}
	if err := json.Unmarshal([]byte(read("brief.json")), &doc); err != nil {
		t.Fatalf("brief.json is not one JSON document: %v", err)
	}
	if doc.Injected != nil || doc.Title != d.Title || doc.Sections[0].Heading != d.Sections[0].Heading || doc.Sections[0].Claims[1].Text != d.Sections[0].Claims[1].Text {
		t.Errorf("brief.json does not hold the prose as plain strings: %+v", doc)
	}
}

// unescaped reports whether md holds raw with no backslash before it.
func unescaped(md, raw string) bool {
	for i := 0; ; {
		k := strings.Index(md[i:], raw)
		if k < 0 {
			return false
		}
		if at := i + k; at == 0 || md[at-1] != '\\' {
			return true
		}
		i += k + 1
	}
}
