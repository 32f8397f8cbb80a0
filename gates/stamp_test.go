package gates_test

import (
	"context"
	"testing"
	"time"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// The stamp of a proof binds the draft, the ledger, the lead and the time of
// checking: changing any one of them changes its digest.
func TestProofStampBindsLeadAndTime(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 5, time.UTC)
	g := gates.New(knownOracle(), gates.WithClock(func() time.Time { return at }))
	ledger := testLedger()
	ledger.Lead = contract.Lead{Topic: "statins"}
	d := draftOf(claim("c1", "10.1234/alpha", "screening reduced mortality by 20%"))
	_, proof := g.Check(context.Background(), d, ledger, nil)
	s := proof.Stamp()
	if s.Digest == "" || s.Digest != s.ComputeDigest() {
		t.Fatalf("stamp digest %q, want the digest of its message %q", s.Digest, s.ComputeDigest())
	}
	if !s.CheckedAt.Equal(at) || s.LeadDigest != ledger.Lead.Digest() || s.DraftDigest != d.Digest() || s.LedgerDigest != ledger.Digest() {
		t.Errorf("stamp %+v does not record this check", s)
	}
	edits := map[string]func(*contract.Stamp){
		"time":   func(s *contract.Stamp) { s.CheckedAt = s.CheckedAt.Add(time.Nanosecond) },
		"lead":   func(s *contract.Stamp) { s.LeadDigest = (contract.Lead{Topic: "statin"}).Digest() },
		"draft":  func(s *contract.Stamp) { s.DraftDigest = "0" + s.DraftDigest[1:] },
		"ledger": func(s *contract.Stamp) { s.LedgerDigest = "" },
	}
	for name, edit := range edits {
		e := s
		edit(&e)
		if e.ComputeDigest() == s.Digest {
			t.Errorf("editing the %s leaves the stamp digest unchanged", name)
		}
	}
	other := ledger
	other.Lead.Topic = "statin"
	if err := proof.Approves(d, other); err == nil {
		t.Error("Approves(ledger with another lead) = nil, want an error")
	}
	if !(gates.Proof{}).Stamp().CheckedAt.IsZero() {
		t.Error("the zero proof has a stamp")
	}
}
