package offline

import (
	"regexp"
	"strings"
	"unicode"
)

// stopwords are ignored when comparing claims, quotes and topics.
var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an and are as at be been being but by can could did do does for from had has have
	he her his how however i if in into is it its may might more most no nor not of on or our she should so such than that the their them then there
	these they this those to was we were what when where which while who whom why will with would also both each
	other over under between among after before during about above below up down out off again further once here
	all any few own same too very s t just don now study studies patients using used use based results methods
	background conclusion conclusions objective objectives aim aims`) {
		stopwords[w] = true
	}
}

var wordRE = regexp.MustCompile(`[\p{L}\p{N}][\p{L}\p{N}'\-]*`)

// contentWords returns the lower-cased, lightly stemmed words of s that carry
// meaning.
func contentWords(s string) []string {
	var out []string
	for _, w := range wordRE.FindAllString(strings.ToLower(s), -1) {
		w = strings.Trim(w, "'-")
		if len(w) < 3 || stopwords[w] {
			continue
		}
		out = append(out, stem(w))
	}
	return out
}

// stem strips a few English suffixes so "screening" meets "screen".
func stem(w string) string {
	for _, suf := range []string{"ings", "ing", "ies", "es", "ed", "s"} {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

var numberRE = regexp.MustCompile(`\d+(?:[.,]\d+)*`)

// numbers returns the numerals in s, such as "20", "3.5", "1,200".
func numbers(s string) []string { return numberRE.FindAllString(s, -1) }

// splitSentences splits text into sentences at ". ", "? ", "! " followed
// by an upper-case letter or digit; section labels ("Results: ") stay on
// the sentence they open (labelledSentences takes them off).
func splitSentences(text string) []string {
	var out []string
	start := 0
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '.' && rs[i] != '?' && rs[i] != '!' {
			continue
		}
		if i+2 < len(rs) && rs[i+1] == ' ' && (unicode.IsUpper(rs[i+2]) || unicode.IsDigit(rs[i+2])) {
			out = append(out, strings.TrimSpace(string(rs[start:i+1])))
			start = i + 2
		}
	}
	if rest := strings.TrimSpace(string(rs[start:])); rest != "" {
		out = append(out, rest)
	}
	return out
}

// overlap is the share of a's distinct words that also occur in b.
func overlap(a, b []string) float64 {
	if len(a) == 0 {
		return 0
	}
	inB := map[string]bool{}
	for _, w := range b {
		inB[w] = true
	}
	seen := map[string]bool{}
	hit := 0
	for _, w := range a {
		if seen[w] {
			continue
		}
		seen[w] = true
		if inB[w] {
			hit++
		}
	}
	return float64(hit) / float64(len(seen))
}
