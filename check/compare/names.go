package compare

import (
	"fmt"
	"strings"
	"unicode"
)

// name is an author as compared: a family name folded to letters alone
// and the initials of the given names; a group (a consortium, a committee)
// is its whole folded name.
type name struct {
	raw      string
	family   string
	initials string
	// alt is the family name if a name of words alone ("Wang Wei") is
	// written family name first; "" when the name says which is which (a
	// comma, initials).
	alt   string
	group bool
}

// particles are the lower-case words that belong to a family name ("van
// der Berg", "de la Cruz"); they are dropped when family names are
// compared, since files put them before or after the name.
var particles = map[string]bool{
	"van": true, "von": true, "der": true, "den": true, "de": true, "da": true, "di": true, "do": true,
	"dos": true, "das": true, "del": true, "della": true, "la": true, "le": true, "du": true, "ter": true,
	"ten": true, "bin": true, "ibn": true, "al": true, "el": true, "y": true, "st": true, "zu": true,
}

// groupWords mark an author that is a group, not a person.
var groupWords = []string{
	"group", "consortium", "collaborat", "committee", "investigator", "society", "organi", "association",
	"team", "network", "working", "council", "institute", "initiative", "panel", "alliance", "project",
	"programme", "program", "centre", "center", "board", "agency", "ministry", "authors",
}

// etAl reports whether an author item says the list goes on.
func etAl(s string) bool {
	p := plain(s)
	return p == "others" || p == "et al" || p == "et al al" || p == "and others" || p == "etal"
}

// placeholderNames are names a template or a model leaves when it has no
// author.
var placeholderNames = map[string]bool{
	"author": true, "authors": true, "anonymous": true, "anon": true, "unknown": true,
	"lastname": true, "surname": true, "firstname": true, "name": true, "family": true, "given": true,
	"tbd": true, "todo": true, "placeholder": true, "someone": true, "nobody": true,
	"author1": true, "author2": true, "firstauthor": true, "secondauthor": true, "lastauthor": true,
}

// isPlaceholder reports whether n is a placeholder, not a person.
func (n name) isPlaceholder() bool {
	if placeholderNames[n.family] {
		return true
	}
	if n.family == "doe" && (n.initials == "j" || n.initials == "") {
		return true // John or Jane Doe
	}
	if n.family == "" {
		return n.raw != ""
	}
	return strings.Trim(n.family, "x") == "" || strings.Trim(n.family, "0123456789") == ""
}

// parseName reads an author as files and oracles write it: "Family,
// Given", "Family GA", "G. A. Family", "Given Family", "van der Berg J".
func parseName(s string) name {
	s = strings.TrimSpace(s)
	n := name{raw: s}
	if isGroup(s) {
		n.group, n.family = true, strings.ReplaceAll(plain(s), " ", "")
		return n
	}
	var family, given string
	if f, g, ok := strings.Cut(s, ","); ok {
		family, given = f, g
	} else {
		fields := strings.Fields(s)
		switch {
		case len(fields) == 0:
		case len(fields) > 1 && isInitials(fields[len(fields)-1]):
			family, given = strings.Join(fields[:len(fields)-1], " "), fields[len(fields)-1]
		case len(fields) > 1 && isInitials(fields[0]):
			// "J. A. Smith Jones", "M. Thomas P. Gilbert": the family name
			// follows the last initial.
			// After the first, only a dotted or one-letter initial counts:
			// "A. K. C. TOKO KOUTOGUI" has a family name in capitals.
			k := 1
			for i := 1; i < len(fields)-1; i++ {
				if isInitials(fields[i]) && (strings.Contains(fields[i], ".") || len([]rune(fields[i])) == 1) {
					k = i + 1
				}
			}
			given, family = strings.Join(fields[:k], " "), strings.Join(fields[k:], " ")
		default:
			k := len(fields) - 1
			for k > 0 && particles[strings.ToLower(fields[k-1])] {
				k--
			}
			family, given = strings.Join(fields[k:], " "), strings.Join(fields[:k], " ")
			if len(fields) == 2 && k == 1 {
				n.alt = foldFamily(fields[0])
			}
		}
	}
	n.family = foldFamily(family)
	n.initials = initialsOf(given)
	return n
}

// isGroup reports whether an author is a group.
func isGroup(s string) bool {
	p := plain(s)
	if len(strings.Fields(p)) < 2 {
		return false
	}
	for _, w := range strings.Fields(p) {
		for _, g := range groupWords {
			if strings.HasPrefix(w, g) {
				return true
			}
		}
	}
	return false
}

// foldFamily is a family name as compared: particles dropped, letters
// alone ("Smith-Jones" is "smithjones", "van der Berg" is "berg").
func foldFamily(s string) string {
	var b strings.Builder
	ws := strings.Fields(plain(s))
	for _, w := range ws {
		if particles[w] {
			continue
		}
		b.WriteString(w)
	}
	if b.Len() == 0 {
		// A family name that is only such a word ("Das", "Le", "Van") is
		// the name itself.
		return strings.Join(ws, "")
	}
	return b.String()
}

// isInitials reports whether w is initials: at most four capitals, with
// dots or hyphens ("AB", "J.", "H.-P.", "J.A.").
func isInitials(w string) bool {
	letters := 0
	for _, r := range w {
		switch {
		case r == '.' || r == '-':
		case unicode.IsUpper(r):
			letters++
		default:
			return false
		}
	}
	return letters > 0 && letters <= 4
}

// initialsOf is the initials of given names: "John Albert" and "J. A."
// are "ja", "Jean-Pierre" is "jp".
func initialsOf(given string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(given, func(r rune) bool { return r == ' ' || r == '-' || r == '.' }) {
		p := plain(part)
		if p == "" || particles[p] && part == strings.ToLower(part) {
			// "Berg, J. van der": a lower-case particle is no given name;
			// "Le Khanh" is.
			continue
		}
		if isInitials(part) && len(p) > 1 {
			b.WriteString(p) // "JA" as one word is two initials
			continue
		}
		b.WriteByte(p[0])
	}
	return b.String()
}

// sameFamily compares two folded family names, with German umlauts
// written out ("Mueller" is "Müller") forgiven.
func sameFamily(a, b string) bool {
	if a == b {
		return true
	}
	unfold := strings.NewReplacer("ae", "a", "oe", "o", "ue", "u")
	return unfold.Replace(a) == unfold.Replace(b)
}

// sameInitials: the first initials agree, and where both give more, the
// shorter run is the start of the longer ("J" is "JA", "JA" is not "JB").
func sameInitials(a, b string) bool {
	if a == "" || b == "" {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return strings.HasPrefix(b, a)
}

func (n name) same(o name) bool {
	if n.group || o.group {
		return n.group == o.group && n.family == o.family
	}
	if sameFamily(n.family, o.family) {
		return sameInitials(n.initials, o.initials)
	}
	// One of two names of words alone may be written family name first:
	// "Wang Wei" is "Wei Wang".
	return n.alt != "" && sameFamily(n.alt, o.family) || o.alt != "" && sameFamily(n.family, o.alt)
}

func compareAuthors(entry, record []string, o Options) outcome {
	var es []name
	cut := false
	for _, a := range entry {
		if etAl(a) {
			cut = true
			continue
		}
		if strings.TrimSpace(a) != "" {
			es = append(es, parseName(a))
		}
	}
	var rs []name
	for _, a := range record {
		if etAl(a) {
			continue
		}
		if strings.TrimSpace(a) != "" {
			rs = append(rs, parseName(a))
		}
	}
	if len(es) == 0 || len(rs) == 0 {
		return outcome{}
	}
	ew, rw := strings.Join(entry, "; "), strings.Join(record, "; ")
	for _, n := range es {
		if n.isPlaceholder() {
			return mismatch(Authors, ew, rw, fmt.Sprintf("%q is a placeholder, not an author", n.raw))
		}
	}
	switch {
	case len(es) > len(rs):
		return mismatch(Authors, ew, rw, fmt.Sprintf("%d authors, the record %d", len(es), len(rs)))
	case len(es) < len(rs) && !cut && !(len(rs) > o.LongAuthorList && len(es) >= o.MinListed):
		return mismatch(Authors, ew, rw, fmt.Sprintf("%d authors and no “et al.”, the record %d", len(es), len(rs)))
	}
	for i, n := range es {
		if n.same(rs[i]) {
			continue
		}
		if j := indexName(rs, n); j >= 0 {
			return mismatch(Authors, ew, rw, fmt.Sprintf("%s is author %d, the record's author %d", n.raw, i+1, j+1))
		}
		if sameFamily(n.family, rs[i].family) {
			return mismatch(Authors, ew, rw, fmt.Sprintf("author %d %s, the record %s: other initials", i+1, n.raw, rs[i].raw))
		}
		return mismatch(Authors, ew, rw, fmt.Sprintf("author %d %s, the record %s", i+1, n.raw, rs[i].raw))
	}
	if len(es) < len(rs) && !cut {
		return note(fmt.Sprintf("the entry lists the first %d of the record's %d authors", len(es), len(rs)))
	}
	return outcome{}
}

func indexName(ns []name, n name) int {
	for i, m := range ns {
		if n.same(m) {
			return i
		}
	}
	return -1
}
