package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Stamp is what a brief records of the gate's approval: the digests of the
// draft, the ledger and the lead it approved, and when; and of every file
// the brief's folder holds, with the version of the renderer that wrote
// them. It lets a reader check a brief long after it was written (citeloop
// verify). Digests catch edits and corruption, not a forger who recomputes
// them: only Signature, made with a key the forger does not hold, catches
// that.
type Stamp struct {
	DraftDigest  string    `json:"draft_digest"`
	LedgerDigest string    `json:"ledger_digest"`
	LeadDigest   string    `json:"lead_digest"`
	CheckedAt    time.Time `json:"checked_at"`
	// Renderer is the version of the renderer that wrote the files
	// (brief.RendererVersion): a verifier of the same version renders them
	// again and compares them byte for byte.
	Renderer string `json:"renderer,omitempty"`
	// KeyID names the key the stamp is signed with (brief.KeyID), empty
	// for an unsigned brief. It is set before the files are rendered, so
	// they can say who signed them.
	KeyID string `json:"key_id,omitempty"`
	// Files are the SHA-256 digests of every file of the brief, sorted by
	// name: brief.md, brief.html, draft.json, ledger.json, each export, and
	// brief.json with its stamp replaced by null. A stamp without files was
	// made before citeloop bound every file (Bound reports it).
	Files []FileDigest `json:"files,omitempty"`
	// Digest is the SHA-256 of Message: it binds the other fields together,
	// so changing the time alone is detected too.
	Digest string `json:"digest"`
	// Signature is the base64 Ed25519 signature of Message, empty when the
	// brief is unsigned.
	Signature string `json:"signature,omitempty"`
}

// FileDigest is one file of a brief and the SHA-256 of its bytes.
type FileDigest struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}

// Digest is the hex SHA-256 of data, as FileDigest records it.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// The layouts of Message; change the version when Message changes. A
// stamp without files keeps the first layout, so a brief written before
// files were bound still has the digest it was written with.
const (
	stampVersion      = "citeloop-stamp/v1"
	stampVersionFiles = "citeloop-stamp/v2"
)

// Bound reports whether the stamp binds the brief's files (v2), not only
// the draft, the ledger and the lead.
func (s Stamp) Bound() bool { return len(s.Files) > 0 }

// File returns the recorded digest of the file called name.
func (s Stamp) File(name string) (FileDigest, bool) {
	i := slices.IndexFunc(s.Files, func(f FileDigest) bool { return f.Name == name })
	if i < 0 {
		return FileDigest{}, false
	}
	return s.Files[i], true
}

// Message is the canonical text the stamp's digest and signature cover.
// File names are quoted, so no name can forge a line.
func (s Stamp) Message() []byte {
	head := fmt.Appendf(nil, "%s\ndraft %s\nledger %s\nlead %s\nchecked_at %s\n",
		stampVersion, s.DraftDigest, s.LedgerDigest, s.LeadDigest, s.CheckedAt.UTC().Format(time.RFC3339Nano))
	if !s.Bound() && s.Renderer == "" && s.KeyID == "" {
		return head
	}
	var b strings.Builder
	b.WriteString(stampVersionFiles)
	b.Write(head[len(stampVersion):])
	fmt.Fprintf(&b, "renderer %q\nkey %q\n", s.Renderer, s.KeyID)
	for _, f := range s.Files {
		fmt.Fprintf(&b, "file %q %s\n", f.Name, f.SHA256)
	}
	return []byte(b.String())
}

// ComputeDigest is the SHA-256 of Message, hex-encoded.
func (s Stamp) ComputeDigest() string { return Digest(s.Message()) }

// NewStamp stamps a draft, a ledger and a lead checked at a time.
func NewStamp(draftDigest, ledgerDigest, leadDigest string, checkedAt time.Time) Stamp {
	s := Stamp{DraftDigest: draftDigest, LedgerDigest: ledgerDigest, LeadDigest: leadDigest, CheckedAt: checkedAt.UTC()}
	s.Digest = s.ComputeDigest()
	return s
}

// WithFiles returns s binding files too, written by renderer and to be
// signed by the key keyID names ("" for none): the digest is recomputed,
// any signature dropped (sign the result).
func (s Stamp) WithFiles(renderer, keyID string, files []FileDigest) Stamp {
	s.Renderer, s.KeyID = renderer, keyID
	s.Files = slices.SortedFunc(slices.Values(files), func(a, b FileDigest) int { return strings.Compare(a.Name, b.Name) })
	s.Signature = ""
	s.Digest = s.ComputeDigest()
	return s
}

// Digest is the SHA-256 of the lead's canonical JSON.
func (l Lead) Digest() string { return digestJSON(l) }
