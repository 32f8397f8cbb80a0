package agents

import (
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// PassagesFor chooses, from an entry's full-text sections held in memory,
// the passages about a text (the claim being repaired): collection's own
// selection (collect.PassagesFor), passed in by the engine, since agents
// do not import collection.
type PassagesFor func(e contract.Entry, about string) []contract.Passage

// WithRepairPassages makes a repair pass show, for each source a failed
// claim may cite, the passages of its full text chosen for that claim
// besides those chosen for the lead: BM25 over the sections for the claim
// being repaired. Nil (the default) shows the lead's passages only.
func WithRepairPassages(f PassagesFor) Option { return func(s *settings) { s.repairPassages = f } }

// withRepairPassages returns sources with the passages f chooses for the
// failed claims added to each one's own (a passage already shown is not
// repeated). The entries are copies: the ledger is not changed.
func withRepairPassages(sources []contract.Entry, failed []failedClaim, f PassagesFor) []contract.Entry {
	if f == nil || len(failed) == 0 {
		return sources
	}
	var about strings.Builder
	for _, fc := range failed {
		about.WriteString(fc.Claim.Text + " ")
		for _, ct := range fc.Claim.Citations {
			about.WriteString(ct.Quote + " ")
		}
	}
	out := make([]contract.Entry, len(sources))
	for i, e := range sources {
		out[i] = e
		if !e.FullText.Checked() {
			continue
		}
		shown := map[string]bool{}
		for _, p := range e.Passages {
			shown[p.Text] = true
		}
		ps := append([]contract.Passage(nil), e.Passages...)
		for _, p := range f(e, about.String()) {
			if !shown[p.Text] {
				shown[p.Text] = true
				ps = append(ps, p)
			}
		}
		out[i].Passages = ps
	}
	return out
}
