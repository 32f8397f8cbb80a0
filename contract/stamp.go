package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"
)

// Stamp is what a brief records of the gate's approval: the digests of the
// draft, the ledger and the lead it approved, and when. It lets a reader
// check a brief long after it was written (citeloop verify). Digests catch
// edits and corruption, not a forger who recomputes them: only Signature,
// made with a key the forger does not hold, catches that.
type Stamp struct {
	DraftDigest  string    `json:"draft_digest"`
	LedgerDigest string    `json:"ledger_digest"`
	LeadDigest   string    `json:"lead_digest"`
	CheckedAt    time.Time `json:"checked_at"`
	// Digest is the SHA-256 of Message: it binds the other fields together,
	// so changing the time alone is detected too.
	Digest string `json:"digest"`
	// Signature is the base64 Ed25519 signature of Message, empty when the
	// brief is unsigned.
	Signature string `json:"signature,omitempty"`
}

// stampVersion names the layout of Message; change it when Message changes.
const stampVersion = "citeloop-stamp/v1"

// Message is the canonical text the stamp's digest and signature cover.
func (s Stamp) Message() []byte {
	return fmt.Appendf(nil, "%s\ndraft %s\nledger %s\nlead %s\nchecked_at %s\n",
		stampVersion, s.DraftDigest, s.LedgerDigest, s.LeadDigest, s.CheckedAt.UTC().Format(time.RFC3339Nano))
}

// ComputeDigest is the SHA-256 of Message, hex-encoded.
func (s Stamp) ComputeDigest() string {
	sum := sha256.Sum256(s.Message())
	return hex.EncodeToString(sum[:])
}

// NewStamp stamps a draft, a ledger and a lead checked at a time.
func NewStamp(draftDigest, ledgerDigest, leadDigest string, checkedAt time.Time) Stamp {
	s := Stamp{DraftDigest: draftDigest, LedgerDigest: ledgerDigest, LeadDigest: leadDigest, CheckedAt: checkedAt.UTC()}
	s.Digest = s.ComputeDigest()
	return s
}

// Digest is the SHA-256 of the lead's canonical JSON.
func (l Lead) Digest() string { return digestJSON(l) }
