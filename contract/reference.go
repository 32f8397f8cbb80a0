package contract

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Patterns of references a writer could type into prose. The gate checks
// the citations array against the ledger and an oracle; a reference typed
// into the title, a heading or a claim would reach the reader unchecked, so
// prose may hold none: references appear only as rendered from the ledger.
var (
	// doiPattern catches DOI prefixes that firstDOI, which wants a whole
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
// is none: a DOI, a URL, a PubMed, PubMed Central or arXiv id, a bracket of
// reference numbers, "(refs 3–5)", an author–year citation or "et al.". The
// gate refuses prose holding one, and the offline writer proposes no
// sentence holding one, by this one rule.
//
// firstDOI finds DOIs, whole and well formed, before the patterns catch
// broken ones: it returns the first DOI written in a text as written, or ""
// (doi/extract.FirstRaw). contract imports nothing of the project, so the
// caller passes it; nil leaves DOIs to the patterns alone.
func ReferenceIn(prose string, firstDOI func(string) string) string {
	// RE2's \s is ASCII only: a no-break space in "et\u00a0al." must not
	// hide the reference.
	prose = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Zs, r) {
			return ' '
		}
		return r
	}, prose)
	if firstDOI != nil {
		if raw := firstDOI(prose); raw != "" {
			return raw
		}
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
