package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles/all"
)

// TestOfflineBriefQuotesTheBody: the offline brief on "pain" (the docs'
// full-text demo) reads the recorded full texts of the corpus, cites at
// least one quote from a body section, names its section and kind in the
// verdict, and brief.md shows which section; it reaches its three sources
// because "pain" is in three records of the corpus, two of them derived
// from recorded full texts (the suspension-syndrome and
// entrapment-neuropathy reviews).
func TestOfflineBriefQuotesTheBody(t *testing.T) {
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(configs.Default(), engine.Deps{Registry: all.Backends(), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.NewBriefer(engine.BriefOptions{Offline: off})
	if err != nil {
		t.Fatal(err)
	}
	res, files, err := b.RunLead(context.Background(), contract.Lead{Topic: "pain"})
	if err != nil || res.Reason != contract.Verified {
		t.Fatalf("%s %v", res.Reason, err)
	}
	var body []gates.QuoteCheck
	for _, q := range res.Verdict.Quotes {
		if q.CheckedAgainst == gates.CheckedFullText {
			body = append(body, q)
		}
	}
	if len(body) == 0 {
		t.Fatalf("no quote from a full text: %+v", res.Verdict.Quotes)
	}
	for _, q := range body {
		if !strings.HasPrefix(q.Section, "body › ") || q.SectionKind == "" || q.SectionHash == "" {
			t.Errorf("quote %+v does not name its body section", q)
		}
	}
	checked := 0
	for _, en := range res.Ledger.Entries {
		if en.FullText.Checked() {
			checked++
		}
	}
	if checked < 2 || len(res.Ledger.Entries) < 3 {
		t.Errorf("%d entries, %d with a full text read", len(res.Ledger.Entries), checked)
	}
	md := false
	for _, f := range files {
		md = md || f.Name == "brief.md"
		if f.Name == "brief.md" && !strings.Contains(string(f.Data), "*(full text, "+strings.TrimPrefix(body[0].Section, "body › ")+")*") {
			t.Errorf("brief.md does not show the section %q:\n%s", body[0].Section, f.Data)
		}
	}
	if !md {
		t.Error("no brief.md rendered")
	}
}
