package compare

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
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
		// A subtitle the paper does not have is invented: the title is
		// the record's whole title (Crossref's subtitle joined to it).
		sub := strings.TrimSpace(strings.TrimPrefix(entry[len(m):], subtitleBreak.FindString(entry[len(m):])))
		return mismatch(Title, entry, record, "adds the subtitle “"+sub+"” the record does not have")
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

// compareText compares a reference that could not be read into fields
// with the record, as a reviewer reads it: its text must name the record's
// first author (family name) and, when it gives years, the record's year
// (or another year the record shows for the work); and it must give the
// record's title (or the title without its subtitle), typography aside,
// or, as physics styles print no titles, the record's venue.
func compareText(text string, r Record) outcome {
	if strings.TrimSpace(text) == "" {
		return outcome{}
	}
	if len(r.Authors) > 0 {
		fam := parseName(r.Authors[0]).family
		if fam != "" && !strings.Contains(strings.ReplaceAll(plain(text), " ", ""), fam) {
			return mismatch(Authors, text, r.Authors[0], "the reference as written does not name the record's first author")
		}
	}
	if ys := textYear.FindAllString(text, -1); len(ys) > 0 && r.Year > 0 {
		ok := false
		for _, y := range ys {
			n, _ := strconv.Atoi(y)
			ok = ok || n == r.Year || slices.ContainsFunc(r.OtherYears, func(o Year) bool { return o.Year == n })
		}
		if !ok {
			return mismatch(YearOf, strings.Join(ys, ", "), strconv.Itoa(r.Year), "the reference as written gives "+strings.Join(ys, ", ")+", the record "+strconv.Itoa(r.Year))
		}
	}
	if strings.TrimSpace(r.Title) == "" {
		return outcome{}
	}
	tk := key(text)
	if strings.Contains(tk, key(r.Title)) || mainTitle(r.Title) != "" && strings.Contains(tk, key(mainTitle(r.Title))) {
		return outcome{}
	}
	venues := append([]string{r.Venue}, r.VenueAbbrevs...)
	if venueIn(venueWords(text), venues) {
		if rest := titleWords(text, r, venues); len(rest) < 2 {
			return note("the reference as written gives no title; its first author, year and venue are the record's")
		}
		return mismatch(Title, text, r.Title, "the reference as written gives a title that is not the record's")
	}
	return mismatch(Title, text, r.Title, "the reference as written gives neither the record's title nor its venue")
}

// textLink is a URL or DOI in a reference as written.
var textLink = regexp.MustCompile(`\S*(?:https?://|www\.|doi\.org|\b10\.\d{4,9}/)\S*`)

// refWords are the words every reference style prints around its fields.
var refWords = map[string]bool{"and": true, "et": true, "al": true, "vol": true, "no": true, "pp": true, "doi": true,
	"url": true, "in": true, "eds": true, "ed": true, "the": true, "of": true, "p": true, "available": true, "at": true}

// titleWords are the words of a reference as written that are none of
// the record's author names, venue words, numbers, links and the words
// styles print around fields: what is left is its title, if it gives one.
func titleWords(text string, r Record, venues []string) []string {
	var venue []string
	for _, n := range alsoShort(venues) {
		venue = append(venue, venueWords(n)...)
	}
	families := map[string]bool{}
	for _, a := range r.Authors {
		families[parseName(a).family] = true
	}
	var out []string
	for _, w := range strings.Fields(plain(textLink.ReplaceAllString(text, " "))) {
		if len(w) < 2 || refWords[w] || families[w] || strings.ContainsAny(w, "0123456789") {
			continue
		}
		if slices.ContainsFunc(venue, func(v string) bool { return strings.HasPrefix(v, canon(w)) || strings.HasPrefix(canon(w), v) }) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// textYear is a year in a reference as written.
var textYear = regexp.MustCompile(`\b(1[5-9]\d\d|20\d\d)\b`)

// venueIn reports whether words holds one of the venue names, word for
// word or abbreviated.
func venueIn(words []string, names []string) bool {
	for _, n := range alsoShort(names) {
		nw := venueWords(n)
		if len(nw) == 0 {
			continue
		}
		for i := 0; i+len(nw) <= len(words); i++ {
			if w := words[i : i+len(nw)]; strings.Join(w, "") == strings.Join(nw, "") || abbreviates(w, nw) {
				return true
			}
		}
	}
	return false
}
