package gates_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// withText returns an oracle answering every ledger DOI with the ledger's
// title and abstract, edited by edit.
func withText(edit func(*oracles.Record)) *fakeOracle {
	recs := map[string]oracles.Record{}
	for _, e := range testLedger().Entries {
		r := oracles.Record{DOI: e.DOI, Title: e.Title, Abstract: e.Abstract}
		if edit != nil {
			edit(&r)
		}
		recs[e.DOI] = r
	}
	return &fakeOracle{records: recs}
}

func TestGateQuoteProvenance(t *testing.T) {
	good := claim("c1", "10.1234/alpha", "Screening reduced mortality by 20%")
	tests := []struct {
		name       string
		oracle     *fakeOracle
		ledger     func(*contract.Ledger)
		draft      contract.Draft
		want       []contract.Reason
		wantQuotes []gates.QuoteCheck
		opts       []gates.Option
	}{
		{
			name: "no oracle text: checked against the file", oracle: knownOracle(), draft: draftOf(good),
			wantQuotes: []gates.QuoteCheck{{ClaimID: "c1", DOI: "10.1234/alpha", Source: "Screening reduced mortality by 20%", Span: gates.Span{Start: 13, End: 47}, Section: "abstract", SectionKind: "abstract", CheckedAgainst: gates.CheckedFile}},
		},
		{
			name: "oracle text equal", oracle: withText(nil), draft: draftOf(good),
			wantQuotes: []gates.QuoteCheck{{ClaimID: "c1", DOI: "10.1234/alpha", Source: "Screening reduced mortality by 20%", Span: gates.Span{Start: 13, End: 47}, Section: "abstract", SectionKind: "abstract", CheckedAgainst: gates.CheckedOracle, Oracle: "fake"}},
		},
		{
			name:   "oracle text differs but has the quote",
			oracle: withText(func(r *oracles.Record) { r.Abstract = "Revised. " + r.Abstract }), draft: draftOf(good),
			wantQuotes: []gates.QuoteCheck{{ClaimID: "c1", DOI: "10.1234/alpha", Source: "Screening reduced mortality by 20%", Span: gates.Span{Start: 13, End: 47}, Section: "abstract", SectionKind: "abstract", CheckedAgainst: gates.CheckedOracle, Oracle: "fake", TextDiffers: true}},
		},
		{
			name:   "ledger abstract cut short of the oracle's is not a different text",
			oracle: withText(func(r *oracles.Record) { r.Abstract += " More text." }), draft: draftOf(good),
			wantQuotes: []gates.QuoteCheck{{ClaimID: "c1", DOI: "10.1234/alpha", Source: "Screening reduced mortality by 20%", Span: gates.Span{Start: 13, End: 47}, Section: "abstract", SectionKind: "abstract", CheckedAgainst: gates.CheckedOracle, Oracle: "fake"}},
		},
		{
			name:   "sentence added to the file",
			oracle: withText(nil),
			ledger: func(l *contract.Ledger) { l.Entries[0].Abstract += " Screening cured every patient in the trial." },
			draft:  draftOf(claim("c1", "10.1234/alpha", "Screening cured every patient in the trial")),
			want:   []contract.Reason{contract.ReasonSourceTextMismatch},
		},
		{
			name:   "erratum in ledger",
			oracle: knownOracle(),
			ledger: func(l *contract.Ledger) { l.Entries[0].Erratum = true },
			draft:  draftOf(good), want: []contract.Reason{contract.ReasonNotEvidence},
		},
		{
			name:   "retraction notice per oracle",
			oracle: withText(func(r *oracles.Record) { r.RetractionNotice = true }),
			draft:  draftOf(good), want: []contract.Reason{contract.ReasonNotEvidence},
		},
		{
			name:   "erratum per oracle",
			oracle: withText(func(r *oracles.Record) { r.Erratum = true }),
			draft:  draftOf(good), want: []contract.Reason{contract.ReasonNotEvidence},
		},
		{
			name:   "retracted per oracle",
			oracle: withText(func(r *oracles.Record) { r.Retracted = true }),
			draft:  draftOf(good), want: []contract.Reason{contract.ReasonRetracted},
		},
		{
			name: "min words configured", oracle: knownOracle(), opts: []gates.Option{gates.WithMinQuoteWords(6)},
			draft: draftOf(good), want: []contract.Reason{contract.ReasonQuoteTooShort},
		},
		{
			name: "min words zero keeps default", oracle: knownOracle(), opts: []gates.Option{gates.WithMinQuoteWords(0)},
			draft: draftOf(claim("c1", "10.1234/alpha", "reduced mortality by 20%")), want: []contract.Reason{contract.ReasonQuoteTooShort},
		},
		{
			name: "second citation of a claim", oracle: knownOracle(),
			draft: draftOf(contract.Claim{ID: "c1", Text: "t", Citations: []contract.Citation{
				{DOI: "10.1234/alpha", Quote: "Screening reduced mortality by 20%"},
				{DOI: "10.1234/alpha", Quote: "in the \"intervention\" arm - a robust finding"},
			}}),
			wantQuotes: []gates.QuoteCheck{
				{ClaimID: "c1", DOI: "10.1234/alpha", Source: "Screening reduced mortality by 20%", Span: gates.Span{Start: 13, End: 47}, Section: "abstract", SectionKind: "abstract", CheckedAgainst: gates.CheckedFile},
				{ClaimID: "c1", Citation: 1, DOI: "10.1234/alpha", Source: "in the “intervention” arm \u2014 a robust finding", Span: gates.Span{Start: 48, End: 98}, Section: "abstract", SectionKind: "abstract", CheckedAgainst: gates.CheckedFile},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := testLedger()
			if tt.ledger != nil {
				tt.ledger(&l)
			}
			v, _ := gates.New(tt.oracle, tt.opts...).Check(context.Background(), tt.draft, l, nil)
			var got []contract.Reason
			for _, f := range v.Failures {
				got = append(got, f.Reason)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("reasons (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantQuotes, v.Quotes); diff != "" {
				t.Errorf("quotes (-want +got):\n%s", diff)
			}
			for _, q := range v.Quotes {
				e, _ := l.ByDOI(q.DOI)
				if q.Span.Of(e.Text()) != q.Source {
					t.Errorf("span %+v of %s is %q, not %q", q.Span, e.ID, q.Span.Of(e.Text()), q.Source)
				}
			}
		})
	}
}

// TestGateEmptyDraftNeverVerifies: a draft without claims has no failures
// but proves nothing.
func TestGateEmptyDraftNeverVerifies(t *testing.T) {
	d := contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{}}}}
	v, proof := gates.New(knownOracle()).Check(context.Background(), d, testLedger(), nil)
	if v.Verified || !proof.IsZero() {
		t.Errorf("empty draft: Verified=%v proof zero=%v", v.Verified, proof.IsZero())
	}
}

// TestGateReusesTheIndexAcrossPasses: a second check of the same ledger
// gives the same verdict and a changed ledger is re-indexed.
func TestGateReusesTheIndexAcrossPasses(t *testing.T) {
	g := gates.New(knownOracle())
	d := draftOf(claim("c1", "10.1234/alpha", "Screening cured every patient in the trial"))
	l := testLedger()
	if v, _ := g.Check(context.Background(), d, l, nil); v.Verified {
		t.Fatal("unsupported quote verified")
	}
	l.Entries[0].Abstract += " Screening cured every patient in the trial."
	if v, _ := g.Check(context.Background(), d, l, nil); !v.Verified {
		t.Errorf("edited ledger not re-indexed: %+v", v.Failures)
	}
}

func TestGateCountsAndOracleErrors(t *testing.T) {
	d := draftOf(
		contract.Claim{ID: "c1", Text: "t", Citations: []contract.Citation{
			{DOI: "10.1234/alpha", Quote: "Screening reduced mortality by 20%"},
			{DOI: "10.1234/alpha", Quote: `in the "intervention" arm - a robust finding`},
		}},
		claim("c2", "10.1234/alpha", "Screening reduced mortality by 20%"),
	)
	v, _ := gates.New(knownOracle()).Check(context.Background(), d, testLedger(), nil)
	if v.Claims != 2 || v.Citations != 3 || !v.Verified || len(v.Quotes) != 3 {
		t.Errorf("claims %d citations %d verified %v quotes %d, want 2 3 true 3 (%+v)", v.Claims, v.Citations, v.Verified, len(v.Quotes), v.Failures)
	}
	if got := v.Reasons(); len(got) != 0 {
		t.Errorf("Reasons() = %v", got)
	}
	v, _ = gates.New(&fakeOracle{err: oracles.ErrUnavailable}).Check(context.Background(), d, testLedger(), nil)
	if len(v.Failures) != 3 || v.Failures[0].Detail != oracles.ErrUnavailable.Error() {
		t.Errorf("failures %+v, want the oracle's error as detail", v.Failures)
	}
	if got := v.Reasons(); got[contract.ReasonOracleUnavailable] != 3 {
		t.Errorf("Reasons() = %v", got)
	}
}
