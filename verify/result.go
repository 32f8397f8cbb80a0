package verify

import "slices"

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
	// Code names what changed: ledger_changed, draft_changed, lead_changed,
	// time_changed, stamp_changed, quote_not_in_source, reference_changed,
	// source_retracted, source_corrected, bad_signature, oracle_unavailable,
	// unreadable.
	Code   string `json:"code"`
	DOI    string `json:"doi,omitempty"`
	Detail string `json:"detail"`
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
	Signed           bool      `json:"signed"`
	SignatureChecked bool      `json:"signature_checked"`
	Online           bool      `json:"online"`
	Findings         []Finding `json:"findings,omitempty"`
	// Sources are the cited DOIs with what the oracle said of them online.
	Sources []Source `json:"sources,omitempty"`
}

// Source is one cited DOI and its status online.
type Source struct {
	DOI       string `json:"doi"`
	Status    string `json:"status"` // found, not_found, unknown
	Retracted bool   `json:"retracted,omitempty"`
	Erratum   bool   `json:"erratum,omitempty"`
	URL       string `json:"url"`
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
