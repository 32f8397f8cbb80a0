package check

import "testing"

// TestPublishedVersionNotes: a preprint's published version shows in the
// table and in annotations by DOI, else by the source's id, with the source
// that linked it.
func TestPublishedVersionNotes(t *testing.T) {
	tests := []struct {
		name          string
		give          Row
		note, message string
	}{
		{"by doi", Row{DOI: "10.1/p", Verdict: VerdictFound, Title: "T", Preprint: true, PublishedDOI: "10.1/q", PublishedAs: "MED 1", PublishedBy: "europepmc"},
			"[preprint; published as 10.1/q, per europepmc] T", "DOI 10.1/p: found: T (preprint; published as 10.1/q, per europepmc)"},
		{"by id only", Row{DOI: "10.1/p", Verdict: VerdictFound, Title: "T", Preprint: true, PublishedAs: "MED 1", PublishedBy: "europepmc"},
			"[preprint; published version: MED 1, per europepmc, its DOI not resolved] T", "DOI 10.1/p: found: T (preprint; published version: MED 1, per europepmc, its DOI not resolved)"},
		{"crossref, no source named", Row{DOI: "10.1/p", Verdict: VerdictFound, Title: "T", Preprint: true, PublishedDOI: "10.1/q"},
			"[preprint; published as 10.1/q] T", "DOI 10.1/p: found: T (preprint; published as 10.1/q)"},
		{"preprint alone", Row{DOI: "10.1/p", Verdict: VerdictFound, Title: "T", Preprint: true},
			"[preprint] T", "DOI 10.1/p: found: T"},
		{"a published paper's preprint", Row{DOI: "10.1/q", Verdict: VerdictFound, Title: "T", PreprintAs: "PPR PPR1"},
			"[published; preprint PPR PPR1] T", "DOI 10.1/q: found: T (published; preprint PPR PPR1)"},
		{"a cited erratum", Row{DOI: "10.1/e", Verdict: VerdictFound, Title: "Erratum: T", Notice: "erratum"},
			"[erratum] Erratum: T", "DOI 10.1/e: found: Erratum: T"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.give.note(); got != tt.note {
				t.Errorf("note = %q, want %q", got, tt.note)
			}
			if got := tt.give.message(); got != tt.message {
				t.Errorf("message = %q, want %q", got, tt.message)
			}
		})
	}
}
