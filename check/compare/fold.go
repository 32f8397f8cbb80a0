package compare

import (
	"html"
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// letterFolds are letters NFD does not split into a base and a mark.
var letterFolds = strings.NewReplacer(
	"ß", "ss", "ø", "o", "Ø", "o", "æ", "ae", "Æ", "ae", "œ", "oe", "Œ", "oe",
	"ł", "l", "Ł", "l", "đ", "d", "Đ", "d", "ı", "i", "þ", "th", "ð", "d",
	"\u2019", "'", "\u2018", "'", "ʼ", "'",
)

// greek spells every Greek letter as its name, so "α" and "alpha" are one
// word.
var greek = map[rune]string{
	'α': "alpha", 'β': "beta", 'γ': "gamma", 'δ': "delta", 'ε': "epsilon", 'ϵ': "epsilon", 'ζ': "zeta",
	'η': "eta", 'θ': "theta", 'ϑ': "theta", 'ι': "iota", 'κ': "kappa", 'λ': "lambda", 'μ': "mu", 'µ': "mu",
	'ν': "nu", 'ξ': "xi", 'ο': "omicron", 'π': "pi", 'ρ': "rho", 'σ': "sigma", 'ς': "sigma", 'τ': "tau",
	'υ': "upsilon", 'φ': "phi", 'ϕ': "phi", 'χ': "chi", 'ψ': "psi", 'ω': "omega",
}

// texGreek is a TeX command for a Greek letter, spelled as its name.
var texGreek = regexp.MustCompile(`\\(?:var)?(alpha|beta|gamma|delta|epsilon|zeta|eta|theta|iota|kappa|lambda|mu|nu|xi|pi|rho|sigma|tau|upsilon|phi|chi|psi|omega)\b`)

var (
	htmlTag = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>`)
	// texCommand is a LaTeX command name; its braced argument is kept.
	texCommand = regexp.MustCompile(`\\[A-Za-z]+\*?\s*`)
)

// plain turns a title, name or venue as files and oracles write it into
// plain lower-case text: HTML tags and entities, TeX commands and braces
// dropped, accents folded, Greek letters spelled, each run of anything but
// letters and digits one space.
func plain(s string) string {
	if strings.ContainsAny(s, "<&") {
		s = html.UnescapeString(htmlTag.ReplaceAllString(s, " "))
	}
	if strings.ContainsAny(s, `\{}$`) {
		s = texCommand.ReplaceAllString(texGreek.ReplaceAllString(s, " $1 "), "")
		s = strings.NewReplacer("{", "", "}", "", "$", "", "\\", "").Replace(s)
	}
	s = letterFolds.Replace(norm.NFD.String(s))
	var b strings.Builder
	space := true
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r):
		case greek[unicode.ToLower(r)] != "":
			if !space {
				b.WriteByte(' ')
			}
			b.WriteString(greek[unicode.ToLower(r)])
			b.WriteByte(' ')
			space = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
			space = false
		case r == '\'':
			// "Alzheimer's" and "Alzheimers" are one word
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// numberWords are the cardinals and ordinals a title may spell or write in
// digits.
var numberWords = map[string]string{
	"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
	"eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "thirteen": "13", "fourteen": "14",
	"fifteen": "15", "sixteen": "16", "seventeen": "17", "eighteen": "18", "nineteen": "19", "twenty": "20",
	"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
	"hundred": "100", "thousand": "1000",
	"first": "1st", "second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th",
	"seventh": "7th", "eighth": "8th", "ninth": "9th", "tenth": "10th",
	"single": "1", "double": "2", "triple": "3",
}

// romanNumerals are the numerals of a phase, type or stage ("phase III").
var romanNumerals = map[string]string{
	"ii": "2", "iii": "3", "iv": "4", "vi": "6", "vii": "7", "viii": "8", "ix": "9", "xi": "11", "xii": "12",
}

// spelling folds British spellings onto American ones, both sides alike:
// each rule rewrites a word's ending or a letter pair wherever it stands, so
// a word and its other spelling meet whatever the word.
var spellingEndings = []struct{ from, to string }{
	{"isations", "izations"}, {"isation", "ization"}, {"ising", "izing"}, {"ised", "ized"}, {"ises", "izes"}, {"ise", "ize"},
	{"yses", "yzes"}, {"ysed", "yzed"}, {"ysing", "yzing"}, {"yse", "yze"},
	{"ours", "ors"}, {"our", "or"}, {"ogues", "ogs"}, {"ogue", "og"},
	{"tres", "ters"}, {"tre", "ter"}, {"bres", "bers"}, {"bre", "ber"},
	{"ogramme", "ogram"}, {"ogrammes", "ograms"},
	{"ence", "ense"}, // defence, licence, offence
}

// canon is the canonical form of a lower-case word.
func canon(w string) string {
	if d, ok := numberWords[w]; ok {
		return d
	}
	if d, ok := romanNumerals[w]; ok {
		return d
	}
	if len(w) < 4 {
		return w
	}
	for _, r := range spellingEndings {
		if strings.HasSuffix(w, r.from) && len(w) > len(r.from)+1 {
			return w[:len(w)-len(r.from)] + r.to
		}
	}
	switch w {
	case "grey":
		return "gray"
	case "ageing":
		return "aging"
	case "versus":
		return "vs"
	}
	return w
}

// stopWords carry no content: a title that adds or drops one is the same
// title. "or" is not one: "A or B" is another claim than "A and B".
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "in": true, "on": true, "for": true, "and": true,
	"to": true, "with": true, "by": true, "at": true, "from": true, "as": true, "its": true, "via": true,
	"into": true,
}

// words are the content words of s: canonical, and as written (lower
// case), for messages.
func words(s string) (canonical, written []string) {
	for _, w := range strings.Fields(plain(s)) {
		if stopWords[w] {
			continue
		}
		canonical, written = append(canonical, canon(w)), append(written, w)
	}
	return canonical, written
}

// letterPairs fold spellings inside words, on a title's words joined: "ae"
// and "oe" as in haematology, oesophagus and foetal, "ll" as in labelled
// and modelling. Joined first, so that a compound written as one word or
// two ("microenvironment", "micro-environment") folds alike.
var letterPairs = strings.NewReplacer("ae", "e", "oe", "e", "ll", "l")
