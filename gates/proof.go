package gates

import (
	"errors"
	"time"

	"github.com/citeloop/citeloop/contract"
)

// Proof is the gate's explicit approval of one exact draft against one exact
// ledger. Its fields are unexported: only Gate.Check can make a non-zero
// Proof, and only for a verified verdict. The zero Proof approves nothing.
type Proof struct {
	draftDigest  string
	ledgerDigest string
	leadDigest   string
	checkedAt    time.Time
}

// Errors returned by Proof.Approves.
var (
	ErrNoProof    = errors.New("no verification proof: the gate did not approve this run")
	ErrStaleProof = errors.New("verification proof does not match this draft and ledger")
)

// Approves returns nil only if p was minted by the gate for exactly this
// draft and ledger.
func (p Proof) Approves(d contract.Draft, l contract.Ledger) error {
	if p.draftDigest == "" || p.ledgerDigest == "" {
		return ErrNoProof
	}
	if p.draftDigest != d.Digest() || p.ledgerDigest != l.Digest() || p.leadDigest != l.Lead.Digest() {
		return ErrStaleProof
	}
	return nil
}

// IsZero reports whether p approves nothing.
func (p Proof) IsZero() bool { return p.draftDigest == "" }

// CheckedAt is when the gate approved.
func (p Proof) CheckedAt() time.Time { return p.checkedAt }

// Stamp is what a brief records of this approval: the digests of the draft,
// the ledger and its lead, and the time of checking, bound by one digest.
// The zero Proof gives the zero Stamp.
func (p Proof) Stamp() contract.Stamp {
	if p.IsZero() {
		return contract.Stamp{}
	}
	return contract.NewStamp(p.draftDigest, p.ledgerDigest, p.leadDigest, p.checkedAt)
}
