package gates_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// fakeOracle answers from a fixed table; DOIs it does not list are not found.
// If err is set, every DOI is unknown.
type fakeOracle struct {
	records map[string]oracles.Record
	err     error
	// wrongRecord makes Found answers carry a record for another DOI.
	wrongRecord bool
	calls       int
}

func (f *fakeOracle) Name() string { return "fake" }

func (f *fakeOracle) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	f.calls++
	if f.err != nil {
		return oracles.UnknownAll("fake", dois, f.err)
	}
	out := map[string]oracles.Result{}
	for _, d := range dois {
		rec, ok := f.records[d]
		if !ok {
			out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: "fake"}
			continue
		}
		if f.wrongRecord {
			rec.DOI = "10.9999/other"
		}
		out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: "fake", Record: &rec}
	}
	return out
}

func testLedger() contract.Ledger {
	l := contract.Ledger{Entries: []contract.Entry{
		{ID: "S1", DOI: "10.1234/alpha", Title: "Alpha trial", Abstract: "Screening reduced mortality by 20% in the “intervention” arm \u2014 a robust   finding."},
		{ID: "S2", DOI: "10.1234/beta", Title: "Beta study", Abstract: "Uptake was low among men.", Retracted: true},
		{ID: "S3", DOI: "10.1002/(sici)1097-4636(199812)43:4<448::aid-jbm14>3.0.co;2-4", Title: "Old Wiley", Abstract: "Implants were well tolerated by all patients."},
	}}
	for i := range l.Entries {
		l.Entries[i].Seal()
	}
	return l
}

func knownOracle() *fakeOracle {
	recs := map[string]oracles.Record{}
	for _, e := range testLedger().Entries {
		recs[e.DOI] = oracles.Record{DOI: e.DOI, Title: e.Title}
	}
	return &fakeOracle{records: recs}
}

func draftOf(claims ...contract.Claim) contract.Draft {
	return contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: claims}}}
}

func claim(id, doi, quote string) contract.Claim {
	return contract.Claim{ID: id, Text: "A claim about screening.", Citations: []contract.Citation{{DOI: doi, Quote: quote}}}
}

func TestGateCheck(t *testing.T) {
	good := claim("c1", "10.1234/alpha", "screening reduced mortality by 20%")
	tests := []struct {
		name       string
		draft      contract.Draft
		objections []contract.Objection
		oracle     *fakeOracle
		want       []contract.Reason
	}{
		{name: "verified", draft: draftOf(good), want: nil},
		{name: "doi prefixes and case are normalised", draft: draftOf(claim("c1", "https://doi.org/10.1234/ALPHA", "Screening reduced mortality by 20%")), want: nil},
		{name: "curly quotes dashes and spacing fold", draft: draftOf(claim("c1", "doi:10.1234/alpha", `the "intervention" arm - a robust finding`)), want: nil},
		{name: "sici doi with angle brackets", draft: draftOf(claim("c1", "10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4", "implants were well tolerated by all")), want: nil},
		{name: "fabricated doi", draft: draftOf(claim("c1", "10.1234/invented", "screening reduced mortality")), want: []contract.Reason{contract.ReasonNotInSources}},
		{name: "query syntax in doi", draft: draftOf(claim("c1", `10.1/x" OR "cancer`, "screening")), want: []contract.Reason{contract.ReasonInvalidDOI}},
		{name: "backslash in doi", draft: draftOf(claim("c1", `10.1234/alpha\`, "screening")), want: []contract.Reason{contract.ReasonInvalidDOI}},
		{name: "quote not in source", draft: draftOf(claim("c1", "10.1234/alpha", "screening eliminated all deaths in trials")), want: []contract.Reason{contract.ReasonQuoteNotFound}},
		{name: "empty quote", draft: draftOf(claim("c1", "10.1234/alpha", "   ")), want: []contract.Reason{contract.ReasonQuoteNotFound}},
		{name: "retracted", draft: draftOf(claim("c1", "10.1234/beta", "uptake was low among men")), want: []contract.Reason{contract.ReasonRetracted}},
		{name: "uncited claim", draft: draftOf(contract.Claim{ID: "c1", Text: "bare"}), want: []contract.Reason{contract.ReasonUncited}},
		{name: "open objection", draft: draftOf(good), objections: []contract.Objection{{ClaimID: "c1", Kind: contract.KindOverclaim, Detail: "too strong"}}, want: []contract.Reason{contract.ReasonOpenObjection}},
		{name: "oracle says not found", draft: draftOf(good), oracle: &fakeOracle{records: map[string]oracles.Record{}}, want: []contract.Reason{contract.ReasonNotFound}},
		{name: "oracle record for another doi is not found", draft: draftOf(good), oracle: func() *fakeOracle { o := knownOracle(); o.wrongRecord = true; return o }(), want: []contract.Reason{contract.ReasonNotFound}},
		{name: "oracle unavailable is never found", draft: draftOf(good), oracle: &fakeOracle{err: oracles.ErrUnavailable}, want: []contract.Reason{contract.ReasonOracleUnavailable}},
		{
			name:  "every failure is listed",
			draft: draftOf(claim("c1", "10.1234/invented", "x"), claim("c2", "10.1234/alpha", "screening did not reduce mortality"), claim("c3", "10.1234/beta", "uptake was low among men")),
			want:  []contract.Reason{contract.ReasonNotInSources, contract.ReasonQuoteNotFound, contract.ReasonRetracted},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.oracle
			if o == nil {
				o = knownOracle()
			}
			g := gates.New(o)
			ledger := testLedger()
			v, proof := g.Check(context.Background(), tt.draft, ledger, tt.objections)
			var got []contract.Reason
			for _, f := range v.Failures {
				got = append(got, f.Reason)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("failure reasons (-want +got):\n%s", diff)
			}
			wantVerified := len(tt.want) == 0
			if v.Verified != wantVerified {
				t.Errorf("Verified = %v, want %v", v.Verified, wantVerified)
			}
			if err := proof.Approves(tt.draft, ledger); (err == nil) != wantVerified {
				t.Errorf("proof.Approves = %v, want approval %v", err, wantVerified)
			}
		})
	}
}

func TestGateDiagnosticsNameTheQuote(t *testing.T) {
	g := gates.New(knownOracle())
	v, _ := g.Check(context.Background(), draftOf(claim("c7", "10.1234/alpha", "screening reduced mortality in women")), testLedger(), nil)
	want := []contract.Diagnostic{{ClaimID: "c7", DOI: "10.1234/alpha", Reason: contract.ReasonQuoteNotFound, Quote: "screening reduced mortality in women", Detail: "quote is not in the title or abstract on word boundaries (S1)"}}
	if diff := cmp.Diff(want, v.Failures); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

func TestGateNeverAsksOracleForRejectedDOIs(t *testing.T) {
	o := knownOracle()
	g := gates.New(o)
	g.Check(context.Background(), draftOf(claim("c1", `10.1/x" OR "cancer`, "q"), claim("c2", "10.5555/not-in-ledger", "q")), testLedger(), nil)
	if o.calls != 0 {
		t.Errorf("oracle calls = %d, want 0 for DOIs that fail syntax or ledger checks", o.calls)
	}
}

func TestProofIsBoundToDraftAndLedger(t *testing.T) {
	g := gates.New(knownOracle())
	ledger := testLedger()
	d := draftOf(claim("c1", "10.1234/alpha", "screening reduced mortality by 20%"))
	v, proof := g.Check(context.Background(), d, ledger, nil)
	if !v.Verified {
		t.Fatalf("setup: draft not verified: %+v", v.Failures)
	}
	if err := proof.Approves(d, ledger); err != nil {
		t.Fatalf("Approves(same draft) = %v, want nil", err)
	}
	other := d
	other.Title = "Tampered"
	if err := proof.Approves(other, ledger); !errors.Is(err, gates.ErrStaleProof) {
		t.Errorf("Approves(other draft) = %v, want ErrStaleProof", err)
	}
	otherLedger := testLedger()
	otherLedger.Entries[0].Abstract += " Edited."
	if err := proof.Approves(d, otherLedger); !errors.Is(err, gates.ErrStaleProof) {
		t.Errorf("Approves(other ledger) = %v, want ErrStaleProof", err)
	}
	if err := (gates.Proof{}).Approves(d, ledger); !errors.Is(err, gates.ErrNoProof) {
		t.Errorf("zero Proof.Approves = %v, want ErrNoProof", err)
	}
}

func TestRefusedDraftGetsNoProof(t *testing.T) {
	g := gates.New(knownOracle(), gates.WithClock(func() time.Time { return time.Unix(0, 0) }))
	d := contract.Draft{Title: "x", Sections: []contract.Section{}, Refused: true, Missing: "more sources"}
	v, proof := g.Check(context.Background(), d, testLedger(), nil)
	if v.Verified || !proof.IsZero() {
		t.Errorf("refused draft: Verified=%v proof zero=%v, want false/true", v.Verified, proof.IsZero())
	}
}

func TestContainsQuote(t *testing.T) {
	long := "one two three four five six seven eight nine ten one two three four five six seven eight nine ten one two three four five six seven eight nine ten one two three four five six seven eight nine ten forty-one"
	tests := []struct {
		give, text string
		want       bool
	}{
		{give: "Reduced  Mortality in all groups", text: "it reduced\nmortality in all groups", want: true},
		{give: "ﬁbrosis was seen in biopsies", text: "fibrosis was seen in biopsies", want: true}, // ligature
		{give: "“quoted” words make a sentence", text: `"quoted" words make a sentence`, want: true},
		{give: "a–b testing of cancer drugs", text: "a-b testing of cancer drugs", want: true},
		{give: "", text: "anything", want: false},
		{give: long, text: long, want: false},
		{give: "absent", text: "present", want: false},
	}
	for _, tt := range tests {
		if got := gates.ContainsQuote(tt.text, tt.give); got != tt.want {
			t.Errorf("ContainsQuote(%q, %q) = %v, want %v", tt.text, tt.give, got, tt.want)
		}
	}
}
