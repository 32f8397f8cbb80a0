package refline

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// particles are the lower-case words of names ("de Vienne", "van der
// Berg") and of author lists ("and", "et al.").
var particles = map[string]bool{
	"van": true, "von": true, "der": true, "den": true, "de": true, "da": true, "di": true, "del": true,
	"della": true, "dos": true, "do": true, "das": true, "du": true, "la": true, "le": true, "y": true, "ter": true, "zu": true,
	"el": true, "bin": true, "ibn": true, "ben": true, "e": true,
	"and": true, "et": true, "al": true, "others": true,
}

// sentenceStarts are capitalised words that open prose, never an author
// list: "See Smith, J. (2019)" is a sentence.
var sentenceStarts = map[string]bool{
	"see": true, "in": true, "as": true, "from": true, "also": true, "according": true, "following": true,
	"per": true, "cf": true, "by": true, "after": true, "like": true, "unlike": true, "then": true,
	"thus": true, "and": true, "but": true, "our": true, "we": true, "this": true, "these": true,
	"those": true, "that": true, "it": true, "when": true, "while": true, "since": true, "here": true,
}

// looksLikeAuthors reports whether seg reads as a list of names: every word
// capitalised (initials included) or a name particle, no digit, no other
// punctuation than , . & ' - ’, not opening with a word that starts
// sentences (see sentenceStarts). A group author after ";" is not read.
func looksLikeAuthors(seg string) bool {
	if i := strings.IndexByte(seg, ';'); i >= 0 {
		seg = seg[:i]
	}
	ws := strings.FieldsFunc(seg, func(r rune) bool { return r == ' ' || r == ',' || r == '&' })
	if len(ws) == 0 {
		return false
	}
	if sentenceStarts[strings.ToLower(strings.Trim(ws[0], "."))] {
		return false
	}
	for _, w := range ws {
		w = strings.Trim(w, ".")
		if particles[w] || w == "…" {
			continue
		}
		first, _ := firstRune(w)
		if !unicode.IsUpper(first) {
			return false
		}
		for _, r := range w {
			if !unicode.IsLetter(r) && !strings.ContainsRune(".'’-–", r) {
				return false
			}
		}
	}
	first, _ := firstRune(strings.TrimSpace(seg))
	return unicode.IsLetter(first)
}

// listShaped reports whether an author–year segment is shaped like an
// author list rather than the capitalised start of a sentence ("See Smith
// (2019)"): one word, a group author, or names joined by a comma, "&",
// "and" or "et al.".
func listShaped(seg string) bool {
	seg = strings.TrimSpace(seg)
	if len(strings.Fields(seg)) == 1 || isGroup(seg) {
		return true
	}
	for _, sep := range []string{",", "&", " and ", " et al"} {
		if strings.Contains(seg, sep) {
			return true
		}
	}
	return false
}

// groupWords mark a group author: an organisation, a consortium, nobody.
var groupWords = map[string]bool{
	"consortium": true, "group": true, "collaborators": true, "collaboration": true, "organization": true,
	"organisation": true, "committee": true, "team": true, "society": true, "association": true,
	"institute": true, "network": true, "initiative": true, "project": true, "council": true, "agency": true,
	"foundation": true, "investigators": true, "anonymous": true, "anon": true,
}

// isGroup reports whether an author is a group (see groupWords).
func isGroup(author string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(author), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if groupWords[w] {
			return true
		}
	}
	return false
}

// hasInitial reports whether seg holds an initial ("A." or "AB").
func hasInitial(seg string) bool {
	for _, w := range strings.FieldsFunc(seg, func(r rune) bool { return r == ' ' || r == ',' }) {
		if isInitials(w) {
			return true
		}
	}
	return false
}

// isInitials reports whether w is initials: one to three upper-case
// letters, each maybe followed by a period or hyphen ("A.", "A.B.", "AB",
// "H.-P.").
func isInitials(w string) bool {
	n := 0
	for _, r := range w {
		switch {
		case unicode.IsUpper(r):
			n++
		case r == '.' || r == '-':
		default:
			return false
		}
	}
	return n >= 1 && n <= 3
}

// firstAuthor is the first name of an author list: up to the first comma,
// else the first " & " or " and ", with "et al." dropped.
func firstAuthor(seg string) string {
	seg = strings.TrimSpace(seg)
	for _, sep := range []string{",", " & ", " and "} {
		if i := strings.Index(seg, sep); i > 0 {
			seg = seg[:i]
			break
		}
	}
	seg = strings.TrimSuffix(strings.TrimSpace(seg), " et al.")
	return strings.TrimSpace(strings.TrimSuffix(seg, " et al"))
}

// hasName reports whether author has a word of two letters or more, as
// the comparison with a record's authors needs.
func hasName(author string) bool {
	for _, w := range strings.FieldsFunc(author, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) >= 2 {
			return true
		}
	}
	return false
}
