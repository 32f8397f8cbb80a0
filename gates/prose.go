package gates

import (
	"fmt"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/doi/extract"
)

// ReferenceIn returns the first reference written in prose, or "" if there
// is none: contract.ReferenceIn, with doi/extract finding whole DOIs. The
// offline writer chooses its sentences by the same rule.
func ReferenceIn(prose string) string { return contract.ReferenceIn(prose, extract.FirstRaw) }

// proseFailures checks the draft's title, headings and claim texts for
// references, hidden characters and blankness.
func proseFailures(d contract.Draft) []contract.Diagnostic {
	var out []contract.Diagnostic
	check := func(claimID, field, s string, required bool) {
		if r, at, ok := contract.HiddenRune(s); ok {
			out = append(out, contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonHiddenCharacters,
				Detail: fmt.Sprintf("%s holds hidden character %s at byte %d", field, contract.RuneName(r), at)})
		}
		if required && contract.IsBlank(s) {
			out = append(out, contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonBlankText,
				Detail: field + " holds no visible character"})
		}
		if ref := ReferenceIn(s); ref != "" {
			out = append(out, contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonReferenceInText,
				Detail: fmt.Sprintf("%s holds the reference %q; references come only from the citations", field, ref)})
		}
	}
	check("", "title", d.Title, true)
	for i, s := range d.Sections {
		check("", fmt.Sprintf("heading of section %d", i+1), s.Heading, false)
		for _, c := range s.Claims {
			if r, at, ok := contract.HiddenRune(c.ID); ok {
				out = append(out, contract.Diagnostic{ClaimID: c.ID, Reason: contract.ReasonHiddenCharacters,
					Detail: fmt.Sprintf("claim id holds hidden character %s at byte %d", contract.RuneName(r), at)})
			}
			check(c.ID, "claim text", c.Text, true)
		}
	}
	return out
}

// textFailures is every failure of the draft's prose: references, hidden
// characters and blankness in the title, headings and claims, and numbers
// no quote holds (numbers.go says which quotes count for which prose).
func textFailures(d contract.Draft, ledger contract.Ledger) []contract.Diagnostic {
	years := func(cited string) (int, bool) {
		id, err := doi.Normalize(cited)
		if err != nil {
			return 0, false
		}
		e, ok := ledger.ByDOI(id)
		return e.Year, ok && e.Year > 0
	}
	return append(proseFailures(d), numberFailures(d, ledger.Lead, years)...)
}
