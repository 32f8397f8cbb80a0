package offline_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

func offlineLedger() contract.Ledger {
	l := contract.Ledger{Entries: []contract.Entry{
		{ID: "S1", DOI: "10.1002/hpja.70052", Title: "Bowel cancer screening in remote Tasmania",
			Abstract: "Background: Generally, bowel cancer screening rates are lower in rural and remote Australia than in major cities. We aimed to co-design a strategy for a remote community. Results: Participation in bowel cancer screening increased after the co-designed education sessions were delivered. Bowel cancer screening kit returns in remote Tasmania increased in the year after the sessions."},
		{ID: "S2", DOI: "10.1097/cm9.0000000000003667", Title: "Breast cancer in older women",
			Abstract: "Background: The burden of breast cancer for older adults has been rising with the increasing population aging across regions. Results: Screening coverage in older women remained low in most countries with available registry data. Conclusions: Breast cancer screening coverage in older women was lower in countries with a lower human development index."},
	}}
	for i := range l.Entries {
		l.Entries[i].Seal()
	}
	return l
}

func TestExtractiveWriterQuotesVerbatim(t *testing.T) {
	req := contract.WriteRequest{Lead: contract.Lead{Topic: "cancer screening"}, Ledger: offlineLedger(), Iteration: 1}
	w := offline.ExtractiveWriter{}
	res, err := w.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	claims := res.Draft.Claims()
	if res.Draft.Refused || len(claims) < 2 {
		t.Fatalf("draft refused=%v with %d claims, want at least 2 claims", res.Draft.Refused, len(claims))
	}
	for _, c := range claims {
		if len(c.Citations) != 1 {
			t.Fatalf("claim %s has %d citations, want 1", c.ID, len(c.Citations))
		}
		e, ok := req.Ledger.ByDOI(c.Citations[0].DOI)
		if !ok || !gates.ContainsQuote(e.Text(), c.Citations[0].Quote) {
			t.Errorf("claim %s quote %q is not verbatim in %s", c.ID, c.Citations[0].Quote, c.Citations[0].DOI)
		}
	}
	if claims[0].Text == "We aimed to co-design a strategy for a remote community." {
		t.Error("an aim sentence ranked first; findings should come first")
	}
	again, _ := w.Write(context.Background(), req)
	if diff := cmp.Diff(res.Draft, again.Draft); diff != "" {
		t.Errorf("writer is not deterministic (-first +second):\n%s", diff)
	}
}

func TestExtractiveWriterRepairsOnlyFaultedClaims(t *testing.T) {
	ledger := offlineLedger()
	w := offline.ExtractiveWriter{MaxClaims: 2}
	first, err := w.Write(context.Background(), contract.WriteRequest{Lead: contract.Lead{Topic: "cancer screening"}, Ledger: ledger, Iteration: 1})
	if err != nil {
		t.Fatal(err)
	}
	prev := first.Draft
	claims := prev.Claims()
	faulted, kept := claims[0], claims[1]
	repair, err := w.Write(context.Background(), contract.WriteRequest{
		Lead: contract.Lead{Topic: "cancer screening"}, Ledger: ledger, Iteration: 2, Previous: &prev,
		Diagnostics: []contract.Diagnostic{{ClaimID: faulted.ID, DOI: faulted.Citations[0].DOI, Reason: contract.ReasonQuoteNotFound, Quote: faulted.Citations[0].Quote}},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := repair.Draft.Claims()
	if len(got) != 2 {
		t.Fatalf("repaired draft has %d claims, want 2", len(got))
	}
	if diff := cmp.Diff(kept, got[0]); diff != "" {
		t.Errorf("untouched claim changed (-want +got):\n%s", diff)
	}
	for _, c := range got {
		if c.ID == faulted.ID || c.Citations[0].Quote == faulted.Citations[0].Quote {
			t.Errorf("faulted claim %s (%q) survived the repair", faulted.ID, faulted.Citations[0].Quote)
		}
	}
}

func TestExtractiveWriterAbstainsWithoutUsableSentences(t *testing.T) {
	l := contract.Ledger{Entries: []contract.Entry{{ID: "S1", DOI: "10.1234/x", Title: "Short", Abstract: "Too short."}}}
	res, err := offline.ExtractiveWriter{}.Write(context.Background(), contract.WriteRequest{Lead: contract.Lead{Topic: "screening"}, Ledger: l})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Draft.Refused || res.Draft.Missing == "" {
		t.Errorf("draft refused=%v missing=%q, want a refusal saying what is missing", res.Draft.Refused, res.Draft.Missing)
	}
}

func TestRuleSkeptic(t *testing.T) {
	quote := "Participation in bowel cancer screening increased after the co-designed education sessions were delivered"
	tests := []struct {
		name string
		text string
		want []contract.ObjectionKind
	}{
		{name: "faithful claim", text: "Participation in bowel cancer screening increased in remote Tasmania after the co-designed education sessions were delivered.", want: nil},
		{name: "overclaim", text: "Co-designed education sessions in remote Tasmania always increased participation in bowel cancer screening.", want: []contract.ObjectionKind{contract.KindOverclaim}},
		{name: "number not in source", text: "Participation in bowel cancer screening increased by 40% in remote Tasmania after the co-designed education sessions were delivered.", want: []contract.ObjectionKind{contract.KindUnsupported}},
		{name: "claim beyond its quote", text: "Colonoscopy capacity shortages drive mortality differences between hospitals in Tasmania.", want: []contract.ObjectionKind{contract.KindExtrapolation}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{
				{ID: "c1", Text: tt.text, Citations: []contract.Citation{{DOI: "10.1002/hpja.70052", Quote: quote}}},
			}}}}
			res, err := offline.RuleSkeptic{}.Review(context.Background(), contract.ReviewRequest{Ledger: offlineLedger(), Draft: d})
			if err != nil {
				t.Fatal(err)
			}
			var got []contract.ObjectionKind
			for _, o := range res.Objections.Objections {
				got = append(got, o.Kind)
				if o.ClaimID != "c1" || o.Detail == "" {
					t.Errorf("objection %+v lacks claim id or detail", o)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("objection kinds (-want +got):\n%s", diff)
			}
			if res.Objections.Objections == nil {
				t.Error("no-objection answer must be an empty list, not null")
			}
		})
	}
}
