package refline

import (
	"regexp"
	"strings"
	"unicode"
)

// SplitAuthors splits an author list into one name an item, as reference
// lines and BibTeX styles write it (see the package doc); a last "et al."
// is kept as an item. A word after the first family name reads as its
// given name ("Smith, John, and Kate Jones" is two authors), as in the
// styles that write given names in full.
func SplitAuthors(list string) []string { return splitAuthors(list, true) }

// splitAuthors splits an author list as styles write it into one name an
// item: "Family, A. B., Other, C., & Last, D." (APA, Nature), "Family AB,
// Other C" (Vancouver), "A. B. Family, C. Other, and D. Last" (IEEE),
// "Family, Given, Given Other, and Given Last" (Chicago, MLA),
// "Family, Given, and Other, Given" (inverted throughout). "et al." is
// kept as a last item.
//
// Initials after a comma belong to the name before them, whatever ends
// the list: "Jones, C. D." and "Jones, C. D" (its period cut with the
// list's) are one name, and so are "Smith, J" and "Smith, AB". A name
// part that is not initials belongs to the name before it when the list
// is shaped so: two items with no "and" between them ("Smith, John"),
// pairs throughout with "and" before the last pair's family name, or,
// when chicago is set, a first inverted name followed by names written
// given name first. An author–year list of family names alone
// ("Smith, Jones, & Garcia Lopez (2019)") is the reason chicago is a
// choice: there a word after a comma is the next author.
func splitAuthors(seg string, chicago bool) []string {
	seg = trimListEnd(stripEmphasis(seg))
	etal := false
	for _, e := range []string{", et al.", " et al.", ", et al", " et al"} {
		if strings.HasSuffix(seg, e) {
			seg, etal = trimListEnd(strings.TrimSuffix(seg, e)), true
			break
		}
	}
	items := listItems(seg)
	names, joined := joinInitials(items)
	if !joined {
		names = joinGivenNames(items, chicago)
	}
	var out []string
	for _, n := range names {
		out = append(out, n.name+n.suffix)
	}
	if etal {
		out = append(out, "et al.")
	}
	return out
}

// listItem is one comma-separated part of an author list.
type listItem struct {
	name string
	// suffix is a generational suffix written after the item, ", Jr.".
	suffix string
	and    bool // written after "and" or "&"
}

// suffixes are the generational suffixes written after a name and a
// comma, "Smith, J., Jr.", "A. Smith, III", without their period; true
// for those that take one.
var suffixes = map[string]bool{"Jr": true, "Sr": true, "II": false, "III": false, "IV": false}

// isSuffix reports whether w is a generational suffix (see suffixes).
func isSuffix(w string) bool {
	_, ok := suffixes[strings.TrimSuffix(w, ".")]
	return ok
}

// andSep is the word or sign before an author list's last name.
var andSep = regexp.MustCompile(`,?\s+(?:&|and)\s+`)

// andMark marks, inside listItems, an item written after andSep.
const andMark = "\x00"

// listItems splits an author list at its commas and its "and" or "&",
// dropping empty parts; a generational suffix is the item before it's,
// unless initials follow it.
func listItems(seg string) []listItem {
	seg = andSep.ReplaceAllString(strings.ReplaceAll(seg, andMark, ""), ","+andMark)
	var all []listItem
	for _, p := range strings.Split(seg, ",") {
		and := strings.HasPrefix(p, andMark)
		if p = strings.TrimSpace(strings.TrimPrefix(p, andMark)); p != "" {
			all = append(all, listItem{name: p, and: and})
		}
	}
	var out []listItem
	for i, it := range all {
		// A suffix followed by initials is a family name: Crossref's
		// family "Jr" written "Jr, L. G.".
		if n := len(out); n > 0 && isSuffix(it.name) && !it.and && (i+1 == len(all) || !initialsOnly(all[i+1].name)) {
			out[n-1].suffix += ", " + it.name
			continue
		}
		out = append(out, it)
	}
	return out
}

// joinInitials joins each item of initials to the name before it (see
// splitAuthors), reporting whether it joined any.
func joinInitials(items []listItem) ([]listItem, bool) {
	var out []listItem
	joined := false
	for _, it := range items {
		if n := len(out); n > 0 && initialsOf(out[n-1].name, it.name) {
			out[n-1].name += out[n-1].suffix + ", " + it.name
			out[n-1].suffix = it.suffix
			joined = true
			continue
		}
		out = append(out, it)
	}
	return out, joined
}

// initialsOf reports whether item is the initials of the name prev: item
// is initials and prev a name not yet given any. Initials without a
// period ("J", "AB") join only a name without initials of its own, so
// that Vancouver's "Smith AB" keeps its own.
func initialsOf(prev, item string) bool {
	if !initialsOnly(item) || strings.Contains(prev, ",") {
		return false
	}
	return strings.Contains(item, ".") || !hasInitial(prev)
}

// joinGivenNames joins given names written after a comma to their family
// name when the list is shaped as splitAuthors says; any other list is
// its items.
func joinGivenNames(items []listItem, chicago bool) []listItem {
	n := len(items)
	if n < 2 || !inverted(items[0].name, items[1].name) || items[1].and {
		return items
	}
	join := func(family, given listItem) listItem {
		return listItem{name: family.name + family.suffix + ", " + given.name, suffix: given.suffix, and: family.and}
	}
	switch {
	case n == 2:
		return []listItem{join(items[0], items[1])}
	case n%2 == 0 && pairs(items):
		var out []listItem
		for i := 0; i < n; i += 2 {
			out = append(out, join(items[i], items[i+1]))
		}
		return out
	case chicago && givenFirstAll(items[2:]):
		return append([]listItem{join(items[0], items[1])}, items[2:]...)
	}
	return items
}

// pairs reports whether items are "Family, Given" pairs throughout, with
// "and" only before the last family name.
func pairs(items []listItem) bool {
	n := len(items)
	if !items[n-2].and {
		return false
	}
	for i := 0; i < n; i += 2 {
		if items[i+1].and || i < n-2 && items[i].and || !inverted(items[i].name, items[i+1].name) {
			return false
		}
	}
	return true
}

// givenFirstAll reports whether every item is a name written given name
// (or initials) first: "Kate Jones", "J. A. Phillips".
func givenFirstAll(items []listItem) bool {
	for _, it := range items {
		ws := strings.Fields(it.name)
		if len(ws) < 2 || particles[ws[0]] || isInitials(ws[len(ws)-1]) || !capitalised(ws[0]) {
			return false
		}
	}
	return true
}

// inverted reports whether family and given read as one name written
// family name first, "Smith, John", "Garcia Lopez, Maria", "Smith, John
// A.": family of name words and particles, given a name word then name
// words or initials, and one of them a single name word (two of several,
// "John Smith, Kate Jones", are two names).
func inverted(family, given string) bool {
	fw, gw := strings.Fields(family), strings.Fields(given)
	if len(fw) == 0 || len(fw) > 4 || len(gw) == 0 || len(gw) > 3 || !nameWord(gw[0]) {
		return false
	}
	familyWords := 0
	for _, w := range fw {
		switch {
		case particles[w] && !listWords[w]:
		case nameWord(w):
			familyWords++
		default:
			return false
		}
	}
	givenWords := 0
	for _, w := range gw {
		switch {
		case nameWord(w):
			givenWords++
		case !isInitials(w):
			return false
		}
	}
	return familyWords >= 1 && (familyWords == 1 || givenWords == 1)
}

// listWords are the particles of author lists, not of names.
var listWords = map[string]bool{"and": true, "et": true, "al": true, "others": true}

// nameWord reports whether w is a capitalised word of a name that is not
// initials: "Smith", "O'Brien", "Garcia-Lopez", "St.".
func nameWord(w string) bool {
	if isInitials(w) || !capitalised(w) {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && !strings.ContainsRune(".'’-–", r) {
			return false
		}
	}
	return true
}

// capitalised reports whether w starts with an upper-case letter.
func capitalised(w string) bool {
	first, _ := firstRune(w)
	return unicode.IsUpper(first)
}

// initialsOnly reports whether s is only initials: "A.", "A. B.", "J.A.Q.",
// "H.-P.", "C. D" (the list's period cut after the last), or one word of
// one or two capitals ("A", "AB").
func initialsOnly(s string) bool {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return false
	}
	for i, w := range ws {
		if !isInitials(w) || !strings.Contains(w, ".") && i < len(ws)-1 {
			return false
		}
	}
	return strings.Contains(s, ".") || len(ws) == 1 && len(s) <= 2
}

// trimListEnd is an author list without the punctuation that ends it
// before a title or year: trailing commas and a period, but not the
// period of a last initial ("Jones, C. D."), of "et al." or of "Jr.".
func trimListEnd(s string) string {
	s = strings.TrimRight(strings.TrimSpace(s), ", ")
	if !strings.HasSuffix(s, ".") {
		return s
	}
	last := s[strings.LastIndexAny(s, " ,")+1:]
	switch {
	case isSuffix(last):
		if suffixes[strings.TrimSuffix(last, ".")] {
			return s
		}
	case isInitials(last) || last == "al.":
		return s
	}
	return strings.TrimRight(s, ".")
}
