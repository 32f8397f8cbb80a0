package verify

import (
	"fmt"
	"slices"
	"time"

	"github.com/citeloop/citeloop/oracles"
)

// Status is the outcome of verifying one brief.
type Status string

// The statuses, from best to worst. Unknown means an oracle could not
// answer and nothing worse was found.
const (
	OK      Status = "ok"
	Unknown Status = "unknown"
	Changed Status = "changed"
)

// Finding is one reason a brief did not verify.
type Finding struct {
	// Code names what changed: file_changed, missing_file, extra_file,
	// ledger_changed, draft_changed, lead_changed, time_changed,
	// stamp_changed, quote_not_in_source, source_text_changed,
	// reference_changed, bad_signature, source_retracted,
	// source_corrected, source_not_found, unreadable; or why the brief is
	// unknown: no_file_digests, export_unchecked, source_unknown (with its
	// Cause).
	Code string `json:"code"`
	// File and Line say where, for a finding about one file: the first
	// line that differs from what the stamp binds.
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	DOI    string `json:"doi,omitempty"`
	Detail string `json:"detail"`
	// Cause is why a source is unknown (oracles.Cause): oracle_unavailable,
	// not_in_offline_corpus, rate_limited, cut_by_budget, interrupted.
	Cause oracles.Cause `json:"cause,omitempty"`
}

// Result is the verification of one brief.
type Result struct {
	// Path is the brief.json checked.
	Path   string `json:"path"`
	Title  string `json:"title,omitempty"`
	Status Status `json:"status"`
	// Signed says whether the brief carries a signature; SignatureChecked
	// whether it was checked against a public key (and held, if Status is
	// not Changed by bad_signature).
	Signed           bool `json:"signed"`
	SignatureChecked bool `json:"signature_checked"`
	Online           bool `json:"online"`
	// Rerendered says the files were rendered again from draft.json and
	// ledger.json and compared byte for byte (the stamp's renderer is this
	// one); otherwise they were checked by the stamp's digests alone.
	Rerendered bool      `json:"rerendered"`
	Findings   []Finding `json:"findings,omitempty"`
	// Notes say what was checked how, when it is not everything: digests
	// only, files not given, a later export.
	Notes []string `json:"notes,omitempty"`
	// Sources are the cited DOIs with what the oracle said of them online.
	Sources []Source `json:"sources,omitempty"`
}

// Source is one cited DOI and its status online.
type Source struct {
	DOI    string `json:"doi"`
	Status string `json:"status"` // found, not_found, unknown
	// Cause is why the status is unknown (oracles.Cause).
	Cause     oracles.Cause `json:"cause,omitempty"`
	Retracted bool          `json:"retracted,omitempty"`
	Erratum   bool          `json:"erratum,omitempty"`
	URL       string        `json:"url"`
	// CachedAt is when the answer was stored, for one served from a cache.
	CachedAt time.Time `json:"cached_at,omitzero"`
}

func (r *Result) note(format string, args ...any) {
	r.Notes = append(r.Notes, fmt.Sprintf(format, args...))
}

func (r *Result) add(status Status, f Finding) {
	r.Findings = append(r.Findings, f)
	if rank(status) > rank(r.Status) {
		r.Status = status
	}
}

func rank(s Status) int { return slices.Index([]Status{OK, Unknown, Changed}, s) }

// Worst is the worst status of results; OK for none.
func Worst(results []Result) Status {
	w := OK
	for _, r := range results {
		if rank(r.Status) > rank(w) {
			w = r.Status
		}
	}
	return w
}
