package bib

import (
	"strings"
	"testing"
)

// Found by a black-box red team: an @ that opens no entry (an e-mail
// address, "@todo" in a comment) never swallows the entry after it; an
// entry whose braces never balance ends where the next entry starts and
// says so; a document without an extension is read by what it holds; a
// CITATION.cff with a second YAML document is an error, not half read.
func TestReadersRecoverWhereFormsGoWrong(t *testing.T) {
	labels := func(es []Entry) string {
		var out []string
		for _, e := range es {
			out = append(out, e.Label)
		}
		return strings.Join(out, ",")
	}
	for _, tt := range []struct{ name, file, data, want string }{
		{"e-mail in a header comment", "refs.bib", "% Maintainer: jane.doe@uni.edu\n@article{fab, title = {Fake}}\n@article{good, title = {Real}}\n", "fab,good"},
		{"@todo in a comment", "refs.bib", "% @todo check these\n@article{fab, title = {Fake}}\n", "fab"},
		{"@ in free text", "refs.bib", "See the @misc entries below.\n@misc{m, title = {M}}\n", "m"},
		{"unbalanced brace", "refs.bib", "@article{a, title = {One}, note = {See {the appendix},\n}\n@article{b, title = {Two}}\n@book{c, title = {Three}}\n", "a,b,c"},
		{"stdin BibTeX", "<stdin>", "@article{a, title = {One}}\n", "a"},
		{"stdin RIS", "<stdin>", "TY  - JOUR\nTI  - One\nER  - \n", "record 1 (line 1)"},
		{"stdin CFF", "<stdin>", "cff-version: 1.2.0\nreferences:\n- title: One\n", "references[0]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			doc := Parse(tt.file, []byte(tt.data))
			if got := labels(doc.Entries); got != tt.want {
				t.Errorf("entries %q, want %q", got, tt.want)
			}
		})
	}
	doc := Parse("refs.bib", []byte("@article{a, title = {One}, note = {See {the appendix},\n}\n@article{b, title = {Two}}\n"))
	if doc.Entries[0].Unread == "" || doc.Entries[1].Unread != "" {
		t.Errorf("unbalanced entry not marked, or its neighbour marked: %q, %q", doc.Entries[0].Unread, doc.Entries[1].Unread)
	}
	if doc := Parse("CITATION.cff", []byte("cff-version: 1.2.0\nreferences:\n- title: One\n---\nreferences:\n- title: Two\n")); doc.Err == nil || !strings.Contains(doc.Err.Error(), "second YAML document") {
		t.Errorf("a second document: err %v", doc.Err)
	}
	if k := Sniff([]byte("# Notes\n\nSee @misc below.\n")); k != Text {
		t.Errorf("Markdown sniffed as %s", k)
	}
}
