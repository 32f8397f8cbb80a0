package compare

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
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

// writtenKey is a title's words as written, lower case, joined.
func writtenKey(s string) string {
	_, w := words(s)
	return strings.Join(w, "")
}

func compareTitle(entry, record string) outcome {
	if strings.TrimSpace(entry) == "" || strings.TrimSpace(record) == "" {
		return outcome{}
	}
	ek, rk := key(entry), key(record)
	if ek == rk || writtenKey(entry) == writtenKey(record) {
		// Equal as canonical words, or as the letters written: a compound
		// written whole or hyphenated ("Secondhand", "Second-hand"), where
		// canonical words read "second" as the ordinal.
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
// with the record, as a reviewer reads it:
//   - its text names the record's authors, in the record's order, up to
//     an "et al." (or "and others") that cuts the list;
//   - when it gives years, one is the record's (or another year the record
//     shows for the work);
//   - it gives the record's title (typography aside) as a whole: nothing
//     more in the title's own sentence (an invented subtitle, a word added
//     before or after), and the title without its subtitle only where
//     the sentence ends there;
//   - or, as physics styles print no titles, the record's venue, volume
//     and first page, with at most one other word.
func compareText(text string, r Record) outcome {
	if strings.TrimSpace(text) == "" {
		return outcome{}
	}
	if o := textAuthors(text, r.Authors); o.mismatch != nil {
		return o
	}
	if ys := textYear.FindAllString(accessDate.ReplaceAllString(text, " "), -1); len(ys) > 0 && r.Year > 0 {
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
	venues := append([]string{r.Venue}, r.VenueAbbrevs...)
	if found, o := textTitle(text, r, venues); found {
		return o
	}
	tk := key(text)
	if strings.Contains(tk, key(r.Title)) || mainTitle(r.Title) != "" && strings.Contains(tk, key(mainTitle(r.Title))) {
		// The title is there, written another way than the record's
		// (a spelling, a Greek letter): its sentence cannot be told.
		return outcome{}
	}
	if venueIn(venueWords(text), venues) {
		if rest := titleWords(text, r, venues); len(rest) >= 2 {
			return mismatch(Title, text, r.Title, "the reference as written gives a title that is not the record's")
		}
		if o := textNumbers(text, r); o.mismatch != nil {
			return o
		}
		return note("the reference as written gives no title; its first author, year and venue are the record's")
	}
	return mismatch(Title, text, r.Title, "the reference as written gives neither the record's title nor its venue")
}

// textEtAl is a mark that an author list is cut short.
var textEtAl = regexp.MustCompile(`(?i)\bet\.?\s*al\b|\band\s+others\b|\bu\.\s*a\.|\bet\s+coll\b|\by\s+col\b|…|\.\.\.`)

// textAuthors: the text names the record's authors by family name, in
// order, each after the one before; a cut ("et al.") after the last one
// named ends the list.
func textAuthors(text string, authors []string) outcome {
	if len(authors) == 0 {
		return outcome{}
	}
	t := strings.ReplaceAll(plain(text), " ", "")
	cut := textEtAl.FindStringIndex(text)
	at := 0
	for i, a := range authors {
		n := parseName(a)
		if n.family == "" {
			continue
		}
		k := strings.Index(t[at:], n.family)
		if k < 0 && n.alt != "" {
			k = strings.Index(t[at:], n.alt)
		}
		if k < 0 {
			if i > 0 && cut != nil {
				return outcome{} // "Smith J, Jones K, et al."
			}
			if i == 1 && authorYearLabel(text, parseName(authors[0])) {
				return outcome{} // "Schmid 2020: …", a label, no author list
			}
			if i == 0 {
				return mismatch(Authors, text, a, "the reference as written does not name the record's first author")
			}
			return mismatch(Authors, text, strings.Join(authors, "; "), fmt.Sprintf("the reference as written does not name the record's author %d, %s, after author %d", i+1, a, i))
		}
		at += k + len(n.family)
	}
	return outcome{}
}

// authorYearLabel reports whether text opens with the first author's
// family name and a year ("Schmid 2020:", "Schmid (2020)", "Al Abbadey,
// 2025"): a citation label, which names the first author only.
func authorYearLabel(text string, first name) bool {
	ws := strings.Fields(plain(text))
	for i := range min(len(ws), 4) {
		if j := strings.Join(ws[:i+1], ""); j == first.family || strings.HasSuffix(j, first.family) && onlyParticles(ws[:i]) {
			return i+1 < len(ws) && len(ws[i+1]) == 4 && textYear.MatchString(ws[i+1])
		}
	}
	return false
}

// onlyParticles reports whether every word of ws is a name particle
// ("van der", "al"), which a family name as compared leaves out.
func onlyParticles(ws []string) bool {
	for _, w := range ws {
		if !particles[w] {
			return false
		}
	}
	return true
}

// foldText is a text as titles are matched in it: lower case, accents
// and marks dropped, typographic dashes and quotes plain, white space one
// space; punctuation kept, so a title's sentence can be told.
func foldText(s string) string {
	s = plain0(s)
	var b strings.Builder
	space := false
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsSpace(r):
			space = b.Len() > 0
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			switch r {
			case '‐', '‑', '‒', '–', '—', '−':
				r = '-'
			case '“', '”', '„', '«', '»':
				r = '"'
			case '‘', '’', '‚':
				r = '\''
			}
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// plain0 drops HTML tags and TeX braces from s, nothing else.
func plain0(s string) string {
	if strings.ContainsAny(s, "<&") {
		s = html.UnescapeString(htmlTag.ReplaceAllString(s, " "))
	}
	return strings.NewReplacer("{", "", "}", "", "\\emph", "", "\\textit", "", "*", "", "_", " ").Replace(s)
}

// titleEnd ends a title's sentence in a reference: a period, comma,
// semicolon, question or exclamation mark, quote, bracket or the end.
const titleEnd = `.,;?!"'[(]`

// textTitle finds the record's title written as the record writes it
// (typography aside) and reads its sentence: found says whether it was
// there; then a mismatch names what the sentence adds, or a subtitle of
// its own where the record's is left out.
func textTitle(text string, r Record, venues []string) (found bool, o outcome) {
	title := r.Title
	t := foldText(text)
	whole := strings.TrimRight(foldText(title), ".?! ")
	main := ""
	if m := mainTitle(title); m != "" {
		main = strings.TrimRight(foldText(m), ".?! ")
	}
	for _, cand := range []string{whole, main} {
		if len(cand) < 8 {
			continue
		}
		i := strings.Index(t, cand)
		if i < 0 {
			continue
		}
		after := t[i+len(cand):]
		if cand == main {
			// The title without its subtitle: the sentence must end here.
			if tail := strings.TrimLeft(after, " "); tail != "" && strings.IndexAny(tail[:1], ":-") == 0 {
				recSub := strings.TrimPrefix(title[len(mainTitle(title)):], subtitleBreak.FindString(title[len(mainTitle(title)):]))
				sub := strings.TrimSpace(tail[1:])
				if k := strings.IndexAny(sub, `.?!"[(`); k >= 0 {
					sub = strings.TrimSpace(sub[:k])
				}
				switch {
				case key(sub) == key(recSub):
					after = "" // the record's subtitle, written another way
				case !startsVenue(sub, venues):
					return true, mismatch(Title, text, title, "gives the subtitle “"+sub+"” for the record's")
				}
			}
		}
		if more := sentence(after); hasWord(more) && !startsVenue(more, venues) {
			return true, mismatch(Title, text, title, "adds “"+strings.TrimLeft(more, ":- ")+"” to the record's title")
		}
		if before := sentenceBefore(t[:i]); hasWord(before) && !onlyNames(before, r.Authors) {
			return true, mismatch(Title, text, title, "adds “"+before+"” to the record's title")
		}
		if v := venueAfter(after); r.Venue != "" && v != "" && !startsVenue(v, venues) && !sameVenue(v, venues) {
			return true, mismatch(Venue, v, r.Venue, fmt.Sprintf("the reference as written gives the venue %q, the record %q", v, r.Venue))
		}
		return true, outcome{}
	}
	return false, outcome{}
}

// notVenue are the words a reference writes after its title that name no
// venue: a link, a container of a book, an access note.
var notVenue = regexp.MustCompile(`^(?:https?|www|doi|in|available|retrieved|accessed|published|epub|online|pmid|pmcid|arxiv|preprint|internet|cited|see|erratum|and|by|ed|eds|edited|vol|no|pp|p)\b`)

// venueAfter is the venue a reference names after its title's sentence:
// the words up to a number or the next mark, "" when they are none (a
// link, "In: …", a single letter of an abbreviation).
func venueAfter(after string) string {
	k := strings.IndexAny(after, titleEnd)
	if k < 0 {
		return ""
	}
	rest := strings.TrimLeft(after[k:], `.,;?!"'[( `)
	end := strings.IndexFunc(rest, func(c rune) bool { return unicode.IsDigit(c) || strings.ContainsRune(`.,;:([`, c) })
	if end >= 0 {
		rest = rest[:end]
	}
	rest = strings.TrimSpace(rest)
	if notVenue.MatchString(rest) || !hasWord(rest) || len(venueWords(rest)) == 0 {
		return ""
	}
	for _, w := range strings.Fields(rest) {
		if len(w) >= 3 {
			return rest
		}
	}
	return ""
}

// startsVenue reports whether s starts with one of the venue names, word
// for word or abbreviated: where a style runs the title into the journal
// without a period.
func startsVenue(s string, venues []string) bool {
	ws := venueWords(s)
	for _, n := range alsoShort(venues) {
		nw := venueWords(n)
		if len(nw) == 0 {
			continue
		}
		if len(ws) < len(nw) {
			if len(ws) > 0 && strings.HasPrefix(strings.Join(nw, ""), strings.Join(ws, "")) {
				return true // the venue cut at a number: "Nucleic Acids"
			}
			continue
		}
		if w := ws[:len(nw)]; strings.Join(w, "") == strings.Join(nw, "") || abbreviates(w, nw) || abbreviates(nw, w) {
			return true
		}
		if strings.HasPrefix(strings.Join(ws, ""), strings.Join(nw, "")) || strings.HasPrefix(strings.Join(nw, ""), strings.Join(ws, "")) {
			return true // "PLoS One" and "PLOS ONE", "Lancet Oncol" beside "Lancet"
		}
	}
	return false
}

// onlyNames reports whether s holds only the authors' family names,
// initials and the words of an author list: what a style writes before a
// title without a period between.
func onlyNames(s string, authors []string) bool {
	fam := map[string]bool{}
	for _, a := range authors {
		n := parseName(a)
		fam[n.family], fam[n.alt] = true, true
	}
	for _, w := range strings.Fields(plain(s)) {
		if !fam[w] && len(w) > 3 && w != "and" && w != "others" {
			return false
		}
	}
	return true
}

// sentence is s up to the first character that ends a title's sentence.
func sentence(s string) string {
	if i := strings.IndexAny(s, titleEnd); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// sentenceBefore is the end of s after the last character that ends a
// sentence: the words written in front of a title in its sentence.
func sentenceBefore(s string) string {
	if i := strings.LastIndexAny(s, `.,;"')]:`); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}

// hasWord reports whether s holds a word of two letters or more.
func hasWord(s string) bool {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
			if n >= 2 {
				return true
			}
		} else {
			n = 0
		}
	}
	return false
}

// textNumbers: a title-less reference that gives numbers (beside its
// years and links) gives the record's volume and first page among them,
// when the record has them.
func textNumbers(text string, r Record) outcome {
	nums := map[string]bool{}
	for _, w := range textNumber.FindAllString(strings.ToLower(textLink.ReplaceAllString(text, " ")), -1) {
		if !textYear.MatchString(w) || len(w) != 4 {
			nums[w] = true
		}
	}
	if len(nums) == 0 {
		return outcome{} // it gives no numbers to compare
	}
	if v := strings.ToLower(strings.TrimSpace(r.Volume)); v != "" && !nums[v] {
		return mismatch(Volume, text, r.Volume, "the reference as written does not give the record's volume "+r.Volume)
	}
	if first, _ := pageRange(r.Pages); first != "" && !nums[strings.ToLower(first)] {
		return mismatch(Pages, text, r.Pages, "the reference as written does not give the record's first page "+first)
	}
	return outcome{}
}

// textNumber is a volume or page number as written: digits, with a
// letter before or after ("e530", "D1062", "12a").
var textNumber = regexp.MustCompile(`\b[a-z]?\d+[a-z]?\b`)

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

// accessDate is when a reader looked at a work ("accessed 1 May 2020",
// "[cited 2024 Mar 3]"): its year is no year of the work.
var accessDate = regexp.MustCompile(`(?i)\b(?:accessed|retrieved|cited|viewed|last visited|consulted)\b[^.;)\]]*`)

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

// Related reports whether a paper of title other is related to an entry
// of title (and, read only as text, text): the same work (its title,
// typography, subtitle or a notice's words aside: "Erratum: T" names T),
// or a reference the entry's text names by other's own title ("See also:
// …").
func Related(title, text, other string) bool {
	ok := key(other)
	if ok == "" {
		return true
	}
	if title != "" {
		tk := key(title)
		if tk != "" && (strings.Contains(ok, tk) || strings.Contains(tk, ok)) {
			return true
		}
		if m := mainTitle(title); m != "" && strings.Contains(ok, key(m)) {
			return true
		}
	}
	return text != "" && strings.Contains(key(text), ok)
}
