package verify

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

type fullTextFunc func(id string) (oracles.FullText, error)

func (f fullTextFunc) FullText(_ context.Context, id string) (oracles.FullText, error) { return f(id) }

// TestRefindQuote: verify re-finds a full-text quote in the section the
// gate found it in; when the re-served full text differs, a quote in
// another section has moved (a note, still ok), one missing from its
// section that is still there has changed, and one whose section is gone
// too is gone (both changed, exit 3); a full text that cannot be had is
// unknown.
func TestRefindQuote(t *testing.T) {
	body, err := os.ReadFile("../testdata/europepmc-fulltext/catid-specialist__PMC7382548_fullTextXML.xml")
	if err != nil {
		t.Fatal(err)
	}
	const quote = "The most common entrapment neuropathy is carpal tunnel syndrome"
	ft := collect.ReadFullText(oracles.FullText{ID: "PMC7382548", Body: body, Oracle: "europepmc"})
	e := contract.Entry{ID: "S1", DOI: "10.1097/pr9.0000000000000829", FullText: ft}
	qc := gates.QuoteCheck{ClaimID: "c1", DOI: e.DOI, Section: "body › 1. Introduction", CheckedAgainst: gates.CheckedFullText}
	edit := func(pairs ...string) []byte {
		b := body
		for i := 0; i+1 < len(pairs); i += 2 {
			if !bytes.Contains(b, []byte(pairs[i])) {
				t.Fatalf("fixture lacks %q", pairs[i])
			}
			b = bytes.ReplaceAll(b, []byte(pairs[i]), []byte(pairs[i+1]))
		}
		return b
	}
	tests := []struct {
		name       string
		give       []byte
		err        error
		wantStatus Status
		wantCode   string
		wantNote   bool
	}{
		{name: "same full text", give: body, wantStatus: OK},
		{name: "moved to another section", give: edit("<title>1. Introduction</title>", "<title>1. Background</title>"), wantStatus: OK, wantNote: true},
		{name: "changed in its section", give: edit("The most common entrapment neuropathy is carpal tunnel syndrome", "The most frequent entrapment neuropathy is carpal tunnel syndrome"),
			wantStatus: Changed, wantCode: "quote_changed"},
		{name: "gone with its section", give: edit("<title>1. Introduction</title>", "<title>1. Background</title>",
			"The most common entrapment neuropathy is carpal tunnel syndrome", "The most frequent entrapment neuropathy is carpal tunnel syndrome"),
			wantStatus: Changed, wantCode: "quote_gone"},
		{name: "no full text any more", err: fmt.Errorf("europepmc: full text of PMC7382548: %w (HTTP 404)", oracles.ErrNoFullText), wantStatus: Unknown, wantCode: "full_text_unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := fullTextFunc(func(id string) (oracles.FullText, error) {
				if tt.err != nil {
					return oracles.FullText{}, tt.err
				}
				return oracles.FullText{ID: id, Body: tt.give, Oracle: "europepmc"}, nil
			})
			r := Result{Status: OK}
			r.refind(context.Background(), newFullTexts(Options{FullTexts: map[string]oracles.FullTexter{"europepmc": src}}), e, "c1", quote, "the brief's", qc)
			if r.Status != tt.wantStatus {
				t.Errorf("status %s, want %s (%+v, notes %q)", r.Status, tt.wantStatus, r.Findings, r.Notes)
			}
			if tt.wantCode != "" && (len(r.Findings) != 1 || r.Findings[0].Code != tt.wantCode) {
				t.Errorf("findings %+v, want one %s", r.Findings, tt.wantCode)
			}
			if tt.wantNote != (len(r.Notes) > 0) {
				t.Errorf("notes %q, want a note: %v", r.Notes, tt.wantNote)
			}
		})
	}
}
