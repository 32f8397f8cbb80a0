package markup

import (
	"regexp"
	"strings"
)

// supTag and subTag match Europe PMC's superscripts and subscripts.
var (
	supTag = regexp.MustCompile(`(?is)<sup\b[^>]*>(.*?)</sup>`)
	subTag = regexp.MustCompile(`(?is)<sub\b[^>]*>(.*?)</sub>`)
)

const (
	plainScript = "0123456789+-=()n−\u2010\u2013"
	superScript = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ⁻⁻⁻"
	subScript   = "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₙ₋₋₋"
)

// toScript maps s to the Unicode super- or subscript forms in table, and
// reports false if some character has none.
func toScript(s, table string) (string, bool) {
	plain, script := []rune(plainScript), []rune(table)
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		i := strings.IndexRune(string(plain), r)
		if i < 0 {
			return "", false
		}
		b.WriteRune(script[len([]rune(string(plain)[:i]))])
	}
	return b.String(), b.Len() > 0
}

// keepScripts rewrites <sup> and <sub> so that dropping the tags keeps the
// meaning: "10<sup>-4</sup>" becomes "10⁻⁴", never "10-4" (nor "H₂O" a
// molecule "H2O" read as a number). A superscript without Unicode forms
// becomes "^x" ("^(a b)" with spaces); a subscript without them keeps its
// text ("C<sub>max</sub>" reads "Cmax").
func keepScripts(s string) string {
	s = supTag.ReplaceAllStringFunc(s, func(m string) string {
		inner := inlineTag.ReplaceAllString(supTag.FindStringSubmatch(m)[1], "")
		if t, ok := toScript(inner, superScript); ok {
			return t
		}
		inner = strings.TrimSpace(inner)
		if inner == "" {
			return ""
		}
		if strings.ContainsAny(inner, " \t\n") {
			return "^(" + inner + ")"
		}
		return "^" + inner
	})
	return subTag.ReplaceAllStringFunc(s, func(m string) string {
		inner := inlineTag.ReplaceAllString(subTag.FindStringSubmatch(m)[1], "")
		if t, ok := toScript(inner, subScript); ok {
			return t
		}
		return inner
	})
}
