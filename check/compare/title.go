package compare

import (
	"fmt"
	"regexp"
	"strings"
)

// subtitleBreak separates a title from its subtitle.
var subtitleBreak = regexp.MustCompile(`\s*(?::|\?|\.\s|\s[-–—]\s)\s*`)

// mainTitle is a title without its subtitle, "" when it has none.
func mainTitle(s string) string {
	loc := subtitleBreak.FindStringIndex(s)
	if loc == nil || loc[0] == 0 {
		return ""
	}
	return s[:loc[0]]
}

// key is a title's canonical content words joined with no space, so that
// "non-small cell", "nonsmall cell" and "non small cell" are one key.
func key(s string) string {
	c, _ := words(s)
	return letterPairs.Replace(strings.Join(c, ""))
}

func compareTitle(entry, record string) outcome {
	if strings.TrimSpace(entry) == "" || strings.TrimSpace(record) == "" {
		return outcome{}
	}
	ek, rk := key(entry), key(record)
	if ek == rk {
		return outcome{}
	}
	if m := mainTitle(record); m != "" && key(m) == ek {
		return note("the entry leaves out the record's subtitle")
	}
	if m := mainTitle(entry); m != "" && key(m) == rk {
		return note("the entry adds a subtitle the record does not have")
	}
	ec, ew := words(entry)
	rc, rw := words(record)
	return mismatch(Title, entry, record, wordDiff(ec, rc, ew, rw))
}

// wordDiff says which words differ between two titles, in a few words:
// "“visual” for “image”", "adds “randomised”", "leaves out “trial”",
// "the words in another order".
// e and r are canonical words, ew and rw the same words as written.
func wordDiff(e, r, ew, rw []string) string {
	// Trim the common head and tail; what is left differs.
	i := 0
	for i < len(e) && i < len(r) && e[i] == r[i] {
		i++
	}
	j := 0
	for j < len(e)-i && j < len(r)-i && e[len(e)-1-j] == r[len(r)-1-j] {
		j++
	}
	de, dr := ew[i:len(e)-j], rw[i:len(r)-j]
	if sameWords(e[i:len(e)-j], r[i:len(r)-j]) {
		return "the words in another order"
	}
	q := func(ws []string) string { return "“" + strings.Join(ws, " ") + "”" }
	switch {
	case len(de) == 0:
		return "leaves out " + q(dr)
	case len(dr) == 0:
		return "adds " + q(de)
	}
	return fmt.Sprintf("%s for %s", q(de), q(dr))
}

// sameWords reports whether a and b hold the same words, in any order.
func sameWords(a, b []string) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	n := map[string]int{}
	for _, w := range a {
		n[w]++
	}
	for _, w := range b {
		n[w]--
		if n[w] < 0 {
			return false
		}
	}
	return true
}
