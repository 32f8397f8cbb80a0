package gates

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/doi/extract"
)

// Patterns of references a writer could type into prose. The gate checks
// the citations array against the ledger and an oracle; a reference typed
// into the title, a heading or a claim would reach the reader unchecked, so
// prose may hold none: references appear only as rendered from the ledger.
var (
	// doiPattern catches DOI prefixes that doi/extract, which wants a whole
	// well-formed DOI, may not: "doi: 10.1016/…" broken or truncated.
	doiPattern = regexp.MustCompile(`(?i)\bdoi\s*[:.]?\s*10\s*\.\s*\d|\b10\.\d{4,9}\s*/\s*\S`)
	urlPattern = regexp.MustCompile(`(?i)\b(?:https?|ftp)\s*:\s*//|\bwww\.[\p{L}\d-]+\.|\b[a-z\d-]+(?:\.[a-z\d-]+)*\.(?:org|com|net|gov|edu|int|io|info|eu|uk|de|fr|cn|jp|nl|ch|au|ca)/`)
	// idPattern catches PubMed, PubMed Central and arXiv identifiers.
	idPattern = regexp.MustCompile(`(?i)\bPMID\s*[:#]?\s*\d|\bpubmed(?:\s*id)?\s*[:#]?\s*\d{5,}|\bPMC(?:ID)?\s*[:#]?\s*(?:PMC)?\d{4,}|\barxiv\s*:\s*\d{4}\.\d{4,5}`)
	// bracketPattern is a bracket holding only reference numbers: [1],
	// [2,3], [12–14], [ref. 4]. Statistics brackets hold decimals or percent
	// signs or follow a number; see isReferenceBracket.
	bracketPattern = regexp.MustCompile(`[\[［【]\s*(?:refs?\.?\s*)?\d{1,3}(?:\s*[-–—−‒,;]\s*\d{1,3})*\s*[\]］】]`)
	// refParenPattern is a parenthesis that says it holds references.
	refParenPattern = regexp.MustCompile(`(?i)\(\s*(?:see\s+)?(?:refs?\.?|references?)\s*\d`)
	// authorYear is "(Smith et al., 2020)", "[Smith and Lee 2019; Doe
	// 2018a]"; narrativeYear is "Smith and Lee (2019)", "Smith et al.
	// (2020)"; etAl is any "et al." left in prose.
	authorYear    = regexp.MustCompile(`[(\[]\s*(?:see\s+|e\.g\.,?\s+|cf\.\s+)?` + authorName + `(?:\s+et\s+al\.?|\s+(?:and|&)\s+` + authorName + `)?,?\s+(?:1[6-9]|20)\d\d[a-z]?\s*(?:[;,][^()\[\]]*)?[)\]]`)
	narrativeYear = regexp.MustCompile(authorName + `(?:\s+et\s+al\.?|\s+(?:and|&)\s+` + authorName + `)?\s*\(\s*(?:1[6-9]|20)\d\d[a-z]?\s*\)`)
	etAl          = regexp.MustCompile(`(?i)\bet\s+al\b`)
)

// authorName is a capitalised word, with particles and hyphens allowed.
const authorName = `(?:(?:van|von|de|der|den|da|di|du|le|la)\s+)*\p{Lu}[\p{L}'’-]+`

// ReferenceIn returns the first reference written in prose, or "" if there
// is none.
func ReferenceIn(prose string) string {
	// RE2's \s is ASCII only: a no-break space in "et\u00a0al." must not
	// hide the reference.
	prose = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Zs, r) {
			return ' '
		}
		return r
	}, prose)
	if found := extract.Extract(prose); len(found) > 0 {
		return found[0].Raw
	}
	for _, re := range []*regexp.Regexp{doiPattern, urlPattern, idPattern, refParenPattern, authorYear, narrativeYear, etAl} {
		if m := re.FindString(prose); m != "" {
			return m
		}
	}
	for _, loc := range bracketPattern.FindAllStringIndex(prose, -1) {
		if isReferenceBracket(prose[:loc[0]], prose[loc[0]:loc[1]]) {
			return prose[loc[0]:loc[1]]
		}
	}
	return ""
}

// isReferenceBracket decides a bracket of integers: after a number ("64
// [61–68]", "12% [9, 15]") a bracket of two or more numbers is an interval,
// not a reference; a single number in brackets is always a reference mark.
func isReferenceBracket(before, bracket string) bool {
	if len(numberRuns(bracket)) == 1 {
		return true
	}
	before = strings.TrimRightFunc(before, unicode.IsSpace)
	last, _ := utf8.DecodeLastRuneInString(before)
	return !(unicode.IsDigit(last) || last == '%')
}

// numberRuns returns the runs of ASCII digits in s.
func numberRuns(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r < '0' || r > '9' })
}

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
	titleOf := func(cited string) (string, bool) {
		id, err := doi.Normalize(cited)
		if err != nil {
			return "", false
		}
		e, ok := ledger.ByDOI(id)
		return contract.CleanText(e.Title), ok && e.Title != ""
	}
	return append(proseFailures(d), numberFailures(d, titleOf)...)
}
