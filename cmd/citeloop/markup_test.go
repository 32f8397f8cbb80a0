package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/internal/markuptest"
)

// refMarks are the reference marks after a claim's text: " [1][2]".
var refMarks = regexp.MustCompile(`^ ?(\[\d+\])+$`)

// showsItsProse checks a written brief as its readers' tools read it:
// brief.md through GitHub's renderer and brief.html through an HTML
// parser each show the title, every heading and every claim text of
// brief.json exactly (less the spaces at the ends of a Markdown line), and
// no struck-through, code, image, table or raw HTML element; brief.md
// holds no character reference.
func showsItsProse(t *testing.T, dir string) {
	t.Helper()
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	var doc struct {
		Title    string `json:"title"`
		Sections []struct {
			Heading string `json:"heading"`
			Claims  []struct {
				Text string `json:"text"`
			} `json:"claims"`
		} `json:"sections"`
	}
	if err := json.Unmarshal(read("brief.json"), &doc); err != nil {
		t.Fatal(err)
	}
	md := read("brief.md")
	if ref := markuptest.CharacterReference(md); ref != "" {
		t.Errorf("brief.md holds the character reference %q", ref)
	}
	mdPage, err := markuptest.Markdown(md)
	if err != nil {
		t.Fatal(err)
	}
	htmlPage, err := markuptest.HTML(read("brief.html"))
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]markuptest.Page{"brief.md": mdPage, "brief.html": htmlPage} {
		if len(p.H1) != 1 || p.H1[0] != strings.TrimSpace(doc.Title) {
			t.Errorf("%s shows the title as %q, want %q", name, p.H1, doc.Title)
		}
		for _, s := range doc.Sections {
			if !slices.Contains(p.H2, strings.TrimSpace(s.Heading)) {
				t.Errorf("%s shows no heading %q: %q", name, s.Heading, p.H2)
			}
			for _, c := range s.Claims {
				if !slices.ContainsFunc(p.Paragraphs, func(para string) bool {
					rest, ok := strings.CutPrefix(para, strings.TrimSpace(c.Text))
					return ok && refMarks.MatchString(rest)
				}) {
					t.Errorf("%s shows no paragraph of the claim %q", name, c.Text)
				}
			}
		}
		for _, tag := range []string{"del", "s", "code", "pre", "img", "table", "script", "iframe", "<!--"} {
			if p.Count(tag) > 0 {
				t.Errorf("%s shows a %s element", name, tag)
			}
		}
	}
}
