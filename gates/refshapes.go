package gates

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"

	"github.com/citeloop/citeloop/doi/extract"
)

// The shapes of a reference typed into prose. The gate checks the
// citations array against the ledger and an oracle; a reference typed into
// the title, a heading or a claim would reach the reader unchecked, so
// prose may hold none: references appear only as rendered from the ledger.
// The rules refuse shapes, not spellings:
//
//   - a host name whose suffix is an ICANN public suffix or a special-use
//     name (.local, .internal), its dots written as dots, middle dots,
//     bullets or " dot "; a URL scheme; an identifier written with a URI
//     scheme ("hdl:", "info:pmid/", "urn:", any scheme before a path);
//   - a DOI, a PMID, a PMCID, an arXiv id, a PubMed or other index id, a
//     journal locator ("2020;395(10223):497");
//   - "et al." and its kin ("and colleagues", "and co-workers", and the
//     abbreviated "others" of other languages: "u. a.", "et coll.", "y
//     cols.", "m.fl.", "ve ark."); a Latin pointer (ibid., op. cit., loc.
//     cit., vide infra, cf. and a name); a pointer by a reference's place
//     or a reference noun and number ("the second reference", "(source
//     1)", "ref #1", "footnote 2");
//   - an author–year reference: a capitalised word (not a month, not a
//     function word), not first in its sentence unless a bracketed year
//     follows it, and not in the cited source's text, followed within three
//     tokens, across "and", "&", "et al.", commas, brackets and other
//     capitalised words, by a four-digit year; or a bracket ending in a
//     year (not a range's end) holding a word that is neither a function
//     word nor in the cited source's text, in any language or case;
//   - a bracket of reference numbers (integers of one to three digits or
//     ranges of them, after an optional "No."/"#": "[1]", "(1, 2)",
//     "[12–14]", "‹1›"), unless that bracket with its contents is in one
//     of the claim's quotes or counts what the word before it names as a
//     quote does ("Chinese-Australians (821)" for "821
//     Chinese-Australians");
//   - unless in one of the claim's quotes: a ledger id written apart
//     ("(S 1)", "[S.1]"), a footnote mark († ‡ ¶ ‖, § or a caret before a
//     number), a footnote letter in square brackets ("[a]"), a journal's
//     abbreviated name in brackets ("(Br J Health Psychol)");
//   - a superscript digit run ("rose²˒³") or a ledger id ("S1"), unless
//     in a quote (notation.go).
var (
	// schemePattern is a URL scheme; wwwPattern a host starting "www.".
	schemePattern = regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.-]*\s*:\s*//`)
	wwwPattern    = regexp.MustCompile(`(?i)\bwww\s*\.\s*[\p{L}\d-]`)
	// doiPattern catches DOI prefixes doi/extract, which wants a whole
	// well-formed DOI, may not: "doi: 10.1016/…" broken or truncated.
	doiPattern = regexp.MustCompile(`(?i)\bdoi\s*[:.]?\s*10\s*\.\s*\d|\b10\.\d{4,9}\s*/\s*\S`)
	// idPattern catches PubMed, PubMed Central and arXiv identifiers.
	idPattern = regexp.MustCompile(`(?i)\bPMID\s*[:#]?\s*\d|\b(?:pubmed|medline|scopus|embase)(?:\s*id)?\s*[:#]?\s*\d+|\bPMC(?:ID)?\s*[:#]?\s*(?:PMC)?\d{4,}|\barxiv\s*[:.]?\s*(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?/\d{7})`)
	// refWordPattern is a reference number named as one outside brackets:
	// "ref. 3", "refs 3-5", "reference 12".
	refWordPattern = regexp.MustCompile(`(?i)\brefs?\.?\s*\d{1,3}\b|\breferences?\s+\d{1,3}\b`)
	// locatorPattern is a journal locator: year;volume(issue):pages.
	locatorPattern = regexp.MustCompile(`\b(?:1[6-9]|20)\d\d\s*;\s*\d+\s*(?:\(\s*[\dS-]+\s*\))?\s*:\s*[eS]?\d+`)
	// etAlPattern is "et al." and its kin.
	// Its kin in other languages are the same shape: a name, then a
	// connector and an abbreviated "others" (u. a., m.fl., y cols., et
	// coll., ve ark., i wsp., e coll., и др.).
	etAlPattern = regexp.MustCompile(`(?i)\bet\.?\s*al(?:ii|iae|ia)?\b|(?:\band|&)\s+(?:(?:his|her|their)\s+)?(?:colleagues|co-?workers|co-?authors|collaborators|associates|co-?investigators|team)\b|\bet\s+coll?\b|\bet\s+collaborateurs\b|\bu\.\s*a\.|\bm\.\s*fl\b|\by\s+cols?\b|\bve\s+ark\b|\bi\s+wsp\b|\be\s+coll\b|\bи\s+др\b|\bund\s+Kollegen\b|\bet\s+autres\b`)
	// latinRefPattern is a reference by a Latin pointer: ibid., op. cit.,
	// loc. cit., vide infra/supra, cf. and a name.
	latinRefPattern = regexp.MustCompile(`(?i:\bibid(?:em)?\b|\b(?:op|loc)\.?\s*cit\b|\bvide\s+(?:infra|supra)\b)|\b[Cc][Ff]\.?\s+\p{Lu}`)
	// pointerPattern is a reference by its place among the references or
	// by a reference noun and number: "the second reference", "the first
	// source", "(source 1)", "ref #1", "footnote 2".
	pointerPattern = regexp.MustCompile(`(?i)\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|previous|next|latter|former|\d{1,2}(?:st|nd|rd|th))\s+(?:cited\s+)?(?:references?|sources?|citations?|footnotes?|endnotes?)\b|\b(?:sources?|citations?|footnotes?|endnotes?)\.?\s*(?:no\.?\s*|nr\.?\s*|#\s*)?\d{1,3}\b|\brefs?\.?\s*(?:no\.?\s*|#\s*)\d{1,3}\b`)
	// ledgerIDPattern is a ledger id written apart or with a mark: "(S 1)",
	// "(S.1)", "[S/1]", "(S#1)".
	ledgerIDPattern = regexp.MustCompile(`(?i)[(\[{]\s*S\s*[\s./#:-]\s*\d{1,3}(?:\s*[,;-]\s*(?:S\s*[\s./#:-]?\s*)?\d{1,3})*\s*[)\]}]`)
	// footnotePattern is a footnote mark: a dagger, double dagger,
	// pilcrow or double bar; a section sign before a number; a caret
	// before a number not after a digit (".^1"; "10^-12" is a power).
	footnotePattern = regexp.MustCompile(`[†‡¶‖]|§\s*\d|(?:^|[^\d\s^])\s*\^\s*\d`)
	// letterMarkPattern is a footnote letter in square brackets: "[a]",
	// "[b, c]" (parentheses enumerate: "(a) to screen").
	letterMarkPattern = regexp.MustCompile(`\[\s*[a-z](?:\s*[,;-]\s*[a-z])*\s*\]`)
	// journalPattern is a bracket holding a journal's abbreviated name,
	// with or without a locator: two or more capitalised words, one of
	// them a lone capital or an abbreviation with a full stop, and only
	// numbers and locator signs after ("(Br J Health Psychol)", "(N Engl
	// J Med 2020;1:33)", "(J. Clin. Oncol. 12:331)").
	journalPattern = regexp.MustCompile(`[(\[]\s*(?:\p{Lu}[\p{Ll}]*\.?\s+){1,6}\p{Lu}[\p{Ll}]*\.?(?:\s*[\d;:(),.-]+)*\s*[)\]]`)
	// schemeIDPattern is an identifier written with a URI scheme: "hdl:",
	// "info:pmid/", "urn:", "isbn:", "mailto:"; or any scheme before a
	// path with a slash ("ark:/13030/…").
	schemeIDPattern = regexp.MustCompile(`(?i)\b(?:hdl|urn|info|isbn|issn|mailto|handle|ark|purl|pmid|pmcid|pubmed|medline)\s*:\s*\S|\b[a-z][a-z0-9+.-]{1,15}:[^\s/:][^\s]*/`)
	// bracketPattern is a bracket holding only integers of one to three
	// digits or ranges of them, with an optional "ref."/"refs"/"references":
	// reference numbers. A bracket of years ("(2004–2019)") is a period.
	bracketPattern = regexp.MustCompile(`(?i)[(\[{]\s*(?:(?:see\s+)?(?:refs?|references?)\.?\s*)?(?:(?:no|nr|n[°º])\.?\s*|#\s*)?\d{1,3}(?:\s*-\s*\d{1,3})?(?:\s*[,;]\s*(?:and\s+)?\d{1,3}(?:\s*-\s*\d{1,3})?)*\s*[)\]}]`)
	// hostPattern is a candidate host name: labels joined by dots.
	hostPattern = regexp.MustCompile(`(?i)\b[\p{L}\d](?:[\p{L}\d-]*[\p{L}\d])?(?:\.[\p{L}\d](?:[\p{L}\d-]*[\p{L}\d])?)+\b`)
	// yearPattern is a four-digit year, with an optional letter.
	yearPattern = regexp.MustCompile(`^(?:1[5-9]|20)\d\d[a-z]?$`)
)

// refContext is what a prose field is judged against.
type refContext struct {
	// inQuote reports whether folded text is in one of the field's quotes.
	inQuote func(folded string) bool
	// inSource reports whether a word (folded) is in a cited source's text.
	inSource func(word string) bool
}

// strict is the context of prose with no quote and no source.
var strict = refContext{inQuote: func(string) bool { return false }, inSource: func(string) bool { return false }}

// ReferenceIn returns the first reference written in prose, judged with no
// quote and no source: every bracket of integers and every author–year
// shape counts. It returns "" if there is none, and otherwise the
// reference as written in prose. The gate judges a claim
// against its quotes and sources (refIn), which may excuse a bracket or a
// name they hold.
func ReferenceIn(prose string) string {
	_, ref := refIn(prose, strict)
	return ref
}

// refIn returns the shape and the text of the first reference in prose.
func refIn(prose string, ctx refContext) (shape, ref string) {
	plain, orig := plainDashesAndSpaces(prose)
	at := func(i, j int) string { return prose[orig[i]:orig[j]] }
	if strings.Contains(plain, "10.") {
		if found := extract.Extract(plain); len(found) > 0 {
			return "DOI", found[0].Raw
		}
	}
	lower := strings.ToLower(plain)
	for _, p := range shapePatterns {
		if !p.trigger(lower) {
			continue
		}
		if loc := p.re.FindStringIndex(plain); loc != nil {
			return p.shape, at(loc[0], loc[1])
		}
	}
	for _, p := range quotablePatterns {
		if !p.trigger(lower) {
			continue
		}
		for _, loc := range p.re.FindAllStringIndex(plain, -1) {
			if m := strings.TrimSpace(plain[loc[0]:loc[1]]); !ctx.inQuote(foldText(m)) && !(p.re == journalPattern && !journalShape(m)) {
				return p.shape, at(loc[0], loc[1])
			}
		}
	}
	if i, j := hostIn(plain); j > 0 {
		return "host name", at(i, j)
	}
	if !strings.ContainsAny(plain, "([{") {
		return refWordOrAuthorYear(plain, lower, prose, orig, ctx)
	}
	for _, loc := range bracketPattern.FindAllStringIndex(plain, -1) {
		if isEnumeration(plain, loc[0], loc[1]) || ctx.inQuote(foldText(plain[loc[0]:loc[1]])) || countInQuote(plain, loc[0], loc[1], ctx) {
			continue
		}
		return "bracket of reference numbers", at(loc[0], loc[1])
	}
	return refWordOrAuthorYear(plain, lower, prose, orig, ctx)
}

// journalShape reports whether a bracket of capitalised words
// (journalPattern) abbreviates a journal's name: one of its words is a
// lone capital or ends in a full stop ("J", "Clin."), and its letters are
// not only capitals (an acronym list, "(WHO IARC)").
func journalShape(m string) bool {
	inner := strings.Trim(m, "()[] ")
	words := strings.Fields(inner)
	lone, lower := false, false
	for _, w := range words {
		letters := strings.TrimRightFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
		if letters == "" {
			continue
		}
		n := utf8.RuneCountInString(letters)
		if n == 1 || strings.HasSuffix(w, ".") && n <= 6 {
			lone = true
		}
		if strings.ToUpper(letters) != letters {
			lower = true
		}
	}
	return lone && lower
}

// countInQuote reports whether a bracket holding one integer counts what
// the word before it names, as one of the claim's quotes does: "Chinese-
// Australians (821)" for the quote's "821 Chinese-Australians" (or
// "Chinese-Australians: 821", "Chinese-Australians (821)").
func countInQuote(prose string, i, j int, ctx refContext) bool {
	n := strings.Trim(prose[i:j], "()[]{} ")
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	before := strings.TrimRight(prose[:i], " ")
	k := strings.LastIndexFunc(before, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) && r != '-' })
	word := before[k+1:]
	if word == "" || n == "" {
		return false
	}
	return ctx.inQuote(foldText(n+" "+word)) || ctx.inQuote(foldText(word+" "+n)) || ctx.inQuote(foldText(word+": "+n))
}

// bracketedAuthorYear returns an author–year reference written in a
// bracket, in any language: a bracket whose last word is a year and whose
// words before it include one that is neither a function word nor in the
// cited source's text ("(Dupont et coll. 2023)", "(de la cruz 2023)",
// "(Schmidt and others, 2023)"). A bracket of numbers ("(2004–2019)") or
// of the source's own words ("(diagnosed 2004)") is a period or a date.
func bracketedAuthorYear(prose string, ctx refContext) (int, int) {
	for _, loc := range bracketYearPattern.FindAllStringIndex(prose, -1) {
		inner := prose[loc[0]+1 : loc[1]-1]
		if rangeEnd.MatchString(inner) {
			continue
		}
		for _, tk := range refTokens(inner) {
			w := strings.ToLower(tk.text)
			if !hasLetter(w) || yearPattern.MatchString(w) || isStopWord(w) || notAName(tk.text) || ctx.inSource(foldWord(tk.text)) {
				continue
			}
			return loc[0], loc[1]
		}
	}
	return 0, 0
}

// rangeEnd is a bracket's content ending in the second year of a range.
var rangeEnd = regexp.MustCompile(`(?i)(?:\d\s*-|\bto|\band|\buntil|\bthrough)\s*(?:1[5-9]|20)\d\d[a-z]?\s*$`)

// bracketYearPattern is a bracket holding words and ending in a year.
// A year ending a range ("2012-2016", "2012 to 2016") is a period's end.
var bracketYearPattern = regexp.MustCompile(`[(\[][^()\[\]]*\p{L}[^()\[\]]*[^\d\s-]\s+(?:1[5-9]|20)\d\d[a-z]?\s*[)\]]`)

func refWordOrAuthorYear(plain, lower, prose string, orig []int, ctx refContext) (string, string) {
	if strings.Contains(lower, "ref") {
		if loc := refWordPattern.FindStringIndex(plain); loc != nil {
			return "reference number", prose[orig[loc[0]]:orig[loc[1]]]
		}
	}
	return authorYearRef(plain, prose, orig, ctx)
}

func authorYearRef(plain, prose string, orig []int, ctx refContext) (string, string) {
	if i, j := authorYear(plain, ctx); j > 0 {
		return "author–year reference", prose[orig[i]:orig[j]]
	}
	if i, j := bracketedAuthorYear(plain, ctx); j > 0 {
		return "author–year reference", prose[orig[i]:orig[j]]
	}
	return "", ""
}

// shapePattern is a reference shape found by a pattern, tried only when
// the lower-cased prose holds what every match holds.
type shapePattern struct {
	shape   string
	re      *regexp.Regexp
	trigger func(lower string) bool
}

// bracketBefore returns a trigger for prose (lower case) holding an
// opening bracket followed, after spaces, by the letter c.
func bracketBefore(c byte) func(string) bool {
	return func(lower string) bool {
		for i := 0; i < len(lower); i++ {
			if lower[i] != '(' && lower[i] != '[' && lower[i] != '{' {
				continue
			}
			j := i + 1
			for j < len(lower) && lower[j] == ' ' {
				j++
			}
			if j < len(lower) && lower[j] == c {
				return true
			}
		}
		return false
	}
}

func has(subs ...string) func(string) bool {
	return func(lower string) bool {
		for _, s := range subs {
			if strings.Contains(lower, s) {
				return true
			}
		}
		return false
	}
}

// shapePatterns are the pattern shapes, in the order they are reported.
var shapePatterns = []shapePattern{
	{"DOI", doiPattern, has("10")},
	{"URL", schemePattern, has("//")},
	{"host name", wwwPattern, has("www")},
	{"identifier", idPattern, has("pmid", "pubmed", "pmc", "arxiv")},
	{"journal locator", locatorPattern, has(";")},
	{"et al.", etAlPattern, has("et", "colleague", "worker", "author", "collaborator", "associate", "investigator", "team",
		"u.", "fl", "col", "ark", "wsp", "др", "kollegen")},
	{"Latin reference pointer", latinRefPattern, has("ibid", "cit", "vide", "cf")},
	{"reference pointer", pointerPattern, has("ref", "source", "citation", "footnote", "endnote")},
	{"identifier", schemeIDPattern, has(":")},
}

// quotablePatterns are shapes a quote may hold: a ledger id written apart,
// a footnote mark, a footnote letter, a journal's abbreviated name in
// brackets. Each refuses prose unless the match is in one of the field's
// quotes.
var quotablePatterns = []shapePattern{
	{"ledger id", ledgerIDPattern, bracketBefore('s')},
	{"footnote mark", footnotePattern, func(l string) bool { return strings.ContainsAny(l, "†‡¶‖§^") }},
	{"footnote letter", letterMarkPattern, has("[")},
	{"journal name", journalPattern, func(l string) bool { return strings.ContainsAny(l, "([") }},
}

// plainDashesAndSpaces maps every dash to "-", every space to " " and
// fullwidth brackets to ASCII ones, so that no shape hides behind a
// no-break hyphen or space (RE2's \s is ASCII). orig maps each byte offset
// of the result (and its end) to one of prose.
func plainDashesAndSpaces(prose string) (string, []int) {
	var b strings.Builder
	orig := make([]int, 0, len(prose)+1)
	for i, r := range prose {
		switch {
		case isDash(r):
			r = '-'
		case unicode.Is(unicode.Zs, r):
			r = ' '
		case r == '［':
			r = '['
		case r == '］':
			r = ']'
		case r == '‹' || r == '〈' || r == '⟨' || r == '«':
			r = '(' // angle brackets and guillemets bracket like parentheses
		case r == '›' || r == '〉' || r == '⟩' || r == '»':
			r = ')'
		}
		n := b.Len()
		b.WriteRune(r)
		for range b.Len() - n {
			orig = append(orig, i)
		}
	}
	orig = append(orig, len(prose))
	return b.String(), orig
}

// hostIn returns the first host name of prose: labels joined by dots whose
// last labels are an ICANN public suffix ("nature.com", "who.int",
// "nhs.uk"). A label after a dot that starts with a capital and goes on
// in lower case ("rates.Health") is a sentence run together, not a host.
func hostIn(prose string) (int, int) {
	if i, j := obfuscatedHost(prose); j > 0 {
		return i, j
	}
	if i, j := dottedHost(prose); j > 0 {
		return i, j
	}
	if !strings.Contains(prose, ".") {
		return 0, 0
	}
	for _, loc := range hostPattern.FindAllStringIndex(prose, -1) {
		h := prose[loc[0]:loc[1]]
		labels := strings.Split(h, ".")
		if !hasLetter(labels[len(labels)-1]) || titleCaseAfterDot(labels) {
			continue
		}
		lower := strings.ToLower(h)
		suffix, icann := publicsuffix.PublicSuffix(lower)
		if icann && len(suffix) < len(lower) || specialUse[strings.ToLower(labels[len(labels)-1])] {
			return loc[0], loc[1]
		}
	}
	return 0, 0
}

// specialUse are the special-use top-level names (IANA's Special-Use
// Domain Names registry, RFC 6761 and 6762, and ICANN's .internal): not
// public suffixes, yet a reader reads "study.internal" as a host.
var specialUse = map[string]bool{"local": true, "internal": true, "localhost": true, "test": true, "example": true,
	"invalid": true, "onion": true, "arpa": true, "alt": true, "lan": true, "intranet": true, "corp": true, "home": true}

// dotWritten is a host's dot written otherwise: a middle dot, a bullet, a
// fullwidth or ideographic full stop, or the word "dot" between spaces.
var dotWritten = regexp.MustCompile(`(?i)\s*[·•∙・．。]\s*|\s+dot\s+`)

// A label before a worded " dot " must be no function word: "the dot com
// bubble" is no host.

// dottedHost finds a host name written with another dot (dotWritten:
// "prolific·com", "prolific dot com") and returns the span from the word
// before the first such dot to the word after it.
func dottedHost(prose string) (int, int) {
	if !strings.ContainsAny(prose, "·•∙・．。") && !strings.Contains(strings.ToLower(prose), "dot") {
		return 0, 0
	}
	label := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' }
	for _, loc := range dotWritten.FindAllStringIndex(prose, -1) {
		i, j := loc[0], loc[1]
		for r, n := utf8.DecodeLastRuneInString(prose[:i]); i > 0 && label(r); r, n = utf8.DecodeLastRuneInString(prose[:i]) {
			i -= n
		}
		for r, n := utf8.DecodeRuneInString(prose[j:]); j < len(prose) && label(r); r, n = utf8.DecodeRuneInString(prose[j:]) {
			j += n
		}
		if i == loc[0] || j == loc[1] || isStopWord(strings.ToLower(prose[i:loc[0]])) {
			continue
		}
		h := strings.ToLower(prose[i:loc[0]] + "." + prose[loc[1]:j])
		if suffix, icann := publicsuffix.PublicSuffix(h); icann && len(suffix) < len(h) && hasLetter(suffix) {
			return i, j
		}
	}
	return 0, 0
}

// obfuscatedDot is a dot written in brackets so a link checker misses it:
// "[.]", "(dot)", "{.}".
var obfuscatedDot = regexp.MustCompile(`(?i)\s*[\[({]\s*(?:\.|dot)\s*[\])}]\s*`)

// obfuscatedHost finds a host name written with bracketed dots
// ("example[.]com", "who (dot) int") and returns the span from the word
// before the first such dot to the word after it.
func obfuscatedHost(prose string) (int, int) {
	loc := obfuscatedDot.FindStringIndex(prose)
	if loc == nil {
		return 0, 0
	}
	if _, j := hostIn(obfuscatedDot.ReplaceAllString(prose, ".")); j == 0 {
		return 0, 0
	}
	i, j := loc[0], loc[1]
	for i > 0 && isHostByte(prose[i-1]) {
		i--
	}
	for j < len(prose) && isHostByte(prose[j]) {
		j++
	}
	return i, j
}

func isHostByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

func titleCaseAfterDot(labels []string) bool {
	for _, l := range labels[1:] {
		r, n := utf8.DecodeRuneInString(l)
		if unicode.IsUpper(r) && strings.ToLower(l[n:]) == l[n:] && len(l) > n {
			return true
		}
	}
	return false
}

// isEnumeration reports whether the bracket prose[i:j] numbers an item of
// a list rather than a reference: "(n)" holding one integer, before a word,
// where a list item goes (at the start, after a colon, a semicolon, a comma,
// "and" or "or"), in prose that numbers another item the same way ("(n+1)"
// or "(n-1)" before a word): "two aims: (1) to screen and (2) to treat". A
// mark after a word ("rose (1) and fell (2) later") is a reference.
func isEnumeration(prose string, i, j int) bool {
	b := prose[i:j]
	if b[0] != '(' || !beforeWord(prose, j) || !listPlace(prose[:i]) {
		return false
	}
	n := 0
	for _, c := range b[1 : len(b)-1] {
		if c < '0' || c > '9' {
			return false
		}
		n = n*10 + int(c-'0')
	}
	for _, m := range []int{n + 1, n - 1} {
		item := "(" + itoa(m) + ")"
		for k := strings.Index(prose, item); k >= 0; {
			if beforeWord(prose, k+len(item)) && listPlace(prose[:k]) {
				return true
			}
			next := strings.Index(prose[k+1:], item)
			if next < 0 {
				break
			}
			k += 1 + next
		}
	}
	return false
}

// listPlace reports whether a list item may start after before.
func listPlace(before string) bool {
	before = strings.TrimRight(before, " ")
	if before == "" || strings.HasSuffix(before, ":") || strings.HasSuffix(before, ";") || strings.HasSuffix(before, ",") {
		return true
	}
	return strings.HasSuffix(before, " and") || strings.HasSuffix(before, " or")
}

// beforeWord reports whether prose[j:] is a space and a letter.
func beforeWord(prose string, j int) bool {
	if j >= len(prose) || prose[j] != ' ' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(prose[j+1:])
	return unicode.IsLetter(r)
}

// authorYear returns the first author–year shape of prose: a capitalised
// word that is not first in its sentence and not in the cited source's
// text, followed within three tokens by a year, with only connectors
// ("and", "&", "et", "al", commas, semicolons, brackets, full stops of
// initials) and other capitalised words between.
func authorYear(prose string, ctx refContext) (int, int) {
	toks := refTokens(prose)
	for k, tk := range toks {
		// A sentence's first word is a name only before a bracketed year
		// ("Müller (2021) found"): "In 2010", "Since 2019" are dates.
		first := tk.sentenceStart && !(k+2 < len(toks) && (toks[k+1].text == "(" || toks[k+1].text == "[") && yearPattern.MatchString(toks[k+2].text))
		if !tk.capitalised || first || notAName(tk.text) || ctx.inSource(foldWord(tk.text)) {
			continue
		}
		for d := 1; d <= 3 && k+d < len(toks); d++ {
			next := toks[k+d]
			if yearPattern.MatchString(next.text) {
				return tk.start, next.end
			}
			if !next.connector && !(next.capitalised && !notAName(next.text)) {
				break
			}
		}
	}
	return 0, 0
}

// notAName reports whether a capitalised word cannot be an author's name:
// a month (a month before a year is a date) or a function word written
// with a capital in a title ("Between 2012 and 2016").
func notAName(w string) bool {
	lw := strings.ToLower(strings.TrimSuffix(w, "."))
	switch lw {
	case "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
		"jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
		"spring", "summer", "autumn", "fall", "winter":
		return true
	}
	return isStopWord(lw)
}

// refToken is a word, number or punctuation mark of prose.
type refToken struct {
	text                   string
	start, end             int
	capitalised, connector bool
	sentenceStart          bool
}

// refTokens splits prose into words (letters, digits, apostrophes and
// hyphens inside them) and single punctuation marks.
func refTokens(prose string) []refToken {
	var out []refToken
	sentenceStart := true
	for i := 0; i < len(prose); {
		r, n := utf8.DecodeRuneInString(prose[i:])
		switch {
		case unicode.IsSpace(r):
			i += n
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i
			for j < len(prose) {
				c, m := utf8.DecodeRuneInString(prose[j:])
				if unicode.IsLetter(c) || unicode.IsDigit(c) || unicode.IsMark(c) {
					j += m
					continue
				}
				if (c == '-' || c == '\'' || c == '’') && j+m < len(prose) {
					if d, _ := utf8.DecodeRuneInString(prose[j+m:]); unicode.IsLetter(d) {
						j += m
						continue
					}
				}
				break
			}
			w := prose[i:j]
			lw := strings.ToLower(w)
			out = append(out, refToken{text: w, start: i, end: j, capitalised: unicode.IsUpper(r) && hasLetterAfter(w),
				connector: lw == "and" || lw == "et" || lw == "al", sentenceStart: sentenceStart})
			sentenceStart = false
			i = j
		default:
			out = append(out, refToken{text: string(r), start: i, end: i + n, connector: strings.ContainsRune("&,;()[].'’", r)})
			if strings.ContainsRune(".!?:", r) && !initialBefore(out) {
				sentenceStart = true
			}
			i += n
		}
	}
	return out
}

// hasLetterAfter reports whether a word has more than its first letter:
// an initial ("J") is not a name on its own.
func hasLetterAfter(w string) bool {
	_, n := utf8.DecodeRuneInString(w)
	return n < len(w)
}

// initialBefore reports whether the full stop just appended ends an
// initial or "al" ("J. Smith", "et al."), which does not end a sentence.
func initialBefore(toks []refToken) bool {
	if len(toks) < 2 {
		return false
	}
	prev := toks[len(toks)-2]
	return utf8.RuneCountInString(prev.text) == 1 && unicode.IsUpper([]rune(prev.text)[0]) || strings.EqualFold(prev.text, "al")
}
