package refline

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Ref is what a reference line says of its paper.
type Ref struct {
	Title string
	// Year is 0 when the line's year cannot be placed with confidence.
	Year int
	// Author is the first author as written: "Family" (author–year lists),
	// "Family, A. B." or "Family, Given" cut at the comma to "Family",
	// "Family AB" (Vancouver), "A. Family" (IEEE); "" for a group author
	// ("World Health Organization"), whom no record lists as a person.
	Author string
	// Style names the shape the line was read as: apa, harvard, quoted,
	// vancouver, nature.
	Style string
	// Authors is the whole author list as written, one name an item
	// ("Family, A. B.", "Family AB", "A. B. Family"), a last "et al." kept
	// as an item; nil for a group author.
	Authors []string
	// Journal, Volume, Issue and Pages are the venue as the line gives it
	// after the title, "" where it gives none.
	Journal, Volume, Issue, Pages string
	// Preprint says the line cites a preprint ("Preprint at …",
	// "[Preprint]", a preprint server for a journal).
	Preprint bool
}

// MaxBlock is the longest block Parse reads: a reference is a few hundred
// bytes, and anything much longer (a paragraph, a 50 MB line) is not one.
const MaxBlock = 2000

// Year bounds of a plausible publication year.
const (
	minYear = 1800
	maxYear = 2100
)

// Parse reads one reference block (see Blocks); see Read. It returns
// false when Read gives a reason.
func Parse(block string) (Ref, bool) {
	r, why := Read(block)
	return r, why == ""
}

// Read reads the title, year, authors and venue of one reference block
// (see Blocks). It gives a reason instead when the block has none of the
// shapes in the package doc, when the year its shape places is no
// plausible year, when its author list does not read as names, or when
// its title has fewer than two words: such a line is not compared.
func Read(block string) (Ref, string) {
	if len(block) > MaxBlock {
		return Ref{}, "longer than a reference"
	}
	s := clean(block)
	why := "no author list, year and title in a known reference style"
	for _, parse := range []func(string) (Ref, string, bool){authorYear, harvardComma, quoted, vancouver, nature} {
		r, tail, ok := parse(s)
		if !ok {
			continue
		}
		r.Title = stripEmphasis(strings.TrimRight(r.Title, " ,.;:"))
		r.Title = strings.TrimSpace(seriesSuffix.ReplaceAllString(r.Title, ""))
		if m := descriptor.FindStringSubmatch(r.Title); m != nil {
			// "Title [Preprint]", "Title [version 2; peer review: …]": a
			// description of the work, not its title.
			r.Title = strings.TrimRight(strings.TrimSpace(r.Title[:len(r.Title)-len(m[0])]), " ,.;:")
			if strings.Contains(strings.ToLower(m[1]), "preprint") {
				r.Preprint = true
			}
		}
		r.Author = stripEmphasis(r.Author)
		group := isGroup(r.Author)
		if group {
			// A group author names no person a record would list.
			r.Author = ""
		}
		// An author without a word of two letters ("A.") matches nobody.
		switch {
		case words(r.Title) < 2:
			why = "its title has fewer than two words"
			continue
		case !hasName(r.Author) && !group:
			why = "its first author has no name of two letters"
			continue
		}
		if group {
			r.Authors = nil
		}
		r.venue(tail)
		return r, ""
	}
	return Ref{}, why
}

// seriesSuffix is a book's series and volume that APA puts after its
// title: "… volume 6 of Evolutionary Learning and Optimization", "… (Vol. 6)".
var seriesSuffix = regexp.MustCompile(`(?i)\s+(?:vol(?:ume)?\.?\s*\d+\s+of\s+.+|\((?:vol(?:ume)?\.?|volume)\s*\d+[^()]*\))$`)

// descriptor is a bracketed description after a title: APA's [Preprint],
// [Data set], F1000's [version 2; peer review: 2 approved].
var descriptor = regexp.MustCompile(`\s*\[([^\[\]]{2,80})\]$`)

// yearMark is what follows the authors in APA and Harvard: " (2019[a][,
// May 5])", then a period, colon or comma and a dash, all optional: "Authors
// (2019). Rest", "Authors (2019) Rest", "Authors (2019) — Rest".
var yearMark = regexp.MustCompile(`\((\d{4}|` + noDate + `)[a-z]?(?:,[^)]{0,30})?\)\s*[.:,]?\s*(?:[—–-]{1,2}\s*)?`)

// noDate is how a reference says its work has no year yet or none known:
// "n.d.", "in press", "forthcoming". Its year is not read (0), and the rest
// of the reference is.
const noDate = `(?i:n\.\s?d\.|in press|forthcoming)`

// noDateWord reports whether s is a noDate word.
func noDateWord(s string) bool { return s != "" && (s[0] < '0' || s[0] > '9') }

func authorYear(s string) (Ref, string, bool) {
	authors, y, rest, ok := splitAt(s, yearMark)
	if !ok || !looksLikeAuthors(authors) || !listShaped(authors) {
		return Ref{}, "", false
	}
	title := leadingTitle(rest)
	return Ref{Title: title, Year: y, Author: firstAuthor(authors), Authors: splitAuthors(authors, false), Style: "apa"}, after(rest, title), true
}

// commaYearMark is ", 2019. " after the authors (Elsevier Harvard).
var commaYearMark = regexp.MustCompile(`,\s*(\d{4})[a-z]?\.\s+`)

// harvardComma reads "Authors, 2019. Rest"; the author list must hold an
// initial, so a title ending in a year is not taken for authors.
func harvardComma(s string) (Ref, string, bool) {
	authors, y, rest, ok := splitAt(s, commaYearMark)
	if !ok || !looksLikeAuthors(authors) || !hasInitial(authors) {
		return Ref{}, "", false
	}
	title := leadingTitle(rest)
	return Ref{Title: title, Year: y, Author: firstAuthor(authors), Authors: splitAuthors(authors, false), Style: "harvard"}, after(rest, title), true
}

// splitAt splits s at the first match of mark (whose first group is a
// year or a noDate word): the authors, the year and the rest, which must
// not be empty. It fails when the year is no plausible year. Matching the mark alone,
// rather than a pattern over the whole line with a lazy author group,
// keeps a line's cost linear and small.
func splitAt(s string, mark *regexp.Regexp) (authors string, y int, rest string, ok bool) {
	loc := mark.FindStringSubmatchIndex(s)
	if loc == nil || loc[1] == len(s) {
		return "", 0, "", false
	}
	y = year(s[loc[2]:loc[3]])
	return strings.TrimSpace(s[:loc[0]]), y, s[loc[1]:], y != 0 || noDateWord(s[loc[2]:loc[3]])
}

// quoteOpen is the first opening quote of a quoted title.
const quoteOpen = "“\""

// authorDateYear is the year ending an author list in Chicago author-date,
// the list's own end (a period, maybe an initial's) kept for trimListEnd.
var authorDateYear = regexp.MustCompile(`^(.*\S[.,])\s+(\d{4})[a-z]?$`)

// quoted reads "Authors, “Title,” Rest" or "Authors. "Title." Rest"
// (Chicago, IEEE, MLA): the authors are what comes before the first quote,
// the title what lies between it and the next.
func quoted(s string) (Ref, string, bool) {
	i := strings.IndexAny(s, quoteOpen+"”")
	if i < 0 || strings.HasPrefix(s[i:], "”") {
		return Ref{}, "", false
	}
	_, size := firstRune(s[i:])
	body := s[i+size:]
	j := strings.IndexAny(body, quoteOpen+"”")
	if j < 0 || strings.HasPrefix(body[j:], "“") {
		return Ref{}, "", false
	}
	before := strings.TrimSpace(s[:i])
	if before == "" || !strings.ContainsAny(before[len(before)-1:], ",.:") {
		// The authors end at a comma or period before the quote; a quote
		// inside a sentence is no quoted title ("Title of the “X” study").
		return Ref{}, "", false
	}
	// The list ends at the quote's comma or period; a last initial keeps
	// its own ("…, and Jones, C. D., “Title,”").
	authors := trimListEnd(before)
	// Chicago author-date puts the year after the authors: "…, and J. A.
	// Phillips. 1987. “Title.”"
	authorsYear := 0
	if m := authorDateYear.FindStringSubmatch(authors); m != nil {
		authors, authorsYear = trimListEnd(m[1]), year(m[2])
	}
	if !looksLikeAuthors(authors) {
		return Ref{}, "", false
	}
	rest := body[j:]
	_, csize := firstRune(rest)
	tail := rest[csize:]
	y := authorsYear
	if y == 0 {
		y = restYear(tail)
	}
	return Ref{Title: body[:j], Year: y, Author: firstAuthor(authors), Authors: splitAuthors(authors, true), Style: "quoted"}, tail, true
}

// vancouverYear is the ". 2019[ Jan[ 6]];" that ends a Vancouver journal
// name.
var vancouverYear = regexp.MustCompile(`\.\s*(\d{4}|` + noDate + `)(?:\s+[A-Z][a-z]{2}(?:-[A-Z][a-z]{2})?(?:\s+\d{1,2})?)?\s*[;:.,]`)

// vancouverTitle reads what follows a Vancouver author list, "Title.
// Journal. 2019[ Jan[ 6]];…": the title is everything up to the sentence end
// before the journal, and the journal (an NLM abbreviation: two letters at
// least, after a space) holds no period, so a title with one inside is
// still read whole. The first year mark preceded by such a journal wins.
func vancouverTitle(rest string) (title, journal string, y int, tail string, ok bool) {
	for from := 0; ; {
		loc := vancouverYear.FindStringSubmatchIndex(rest[from:])
		if loc == nil {
			return "", "", 0, "", false
		}
		start := from + loc[0]
		if k := strings.LastIndexAny(rest[:start], ".?!;"); k > 0 && rest[k] != ';' {
			journal := rest[k+1 : start]
			name := strings.TrimLeftFunc(journal, unicode.IsSpace)
			if len(name) < len(journal) && utf8.RuneCountInString(name) >= 2 {
				// The tail starts at the year mark's punctuation: ";12(3):45-67".
				raw := rest[from+loc[2] : from+loc[3]]
				y := year(raw)
				return rest[:k+1], name, y, rest[from+loc[1]-1:], y != 0 || noDateWord(raw)
			}
		}
		from = start + 1
	}
}

// vancouverName is one Vancouver author: "Family AB", "van der Berg A",
// "Marchler-Bauer A".
var vancouverName = regexp.MustCompile(`^(?:\p{L}[\p{L}'’–-]*\s)*\p{Lu}[\p{L}'’–-]*\s\p{Lu}{1,3}$`)

// mononym is a name of one word, "Neha": a Vancouver list holds one only
// beside names written with initials.
var mononym = regexp.MustCompile(`^\p{Lu}\p{Ll}[\p{L}'’–-]*$`)

func vancouver(s string) (Ref, string, bool) {
	i := strings.IndexByte(s, '.')
	if i < 0 {
		return Ref{}, "", false
	}
	authors := s[:i]
	if j := strings.IndexByte(authors, ';'); j >= 0 {
		authors = authors[:j] // "…, Raimann JG; the MONDO Initiative"
	}
	parts := strings.Split(authors, ", ")
	named := false
	for k, p := range parts {
		switch {
		case vancouverName.MatchString(p):
			named = true
		case k > 0 && p == "et al":
		case mononym.MatchString(p):
			// "Neha, Das P": a one-word name among initialled ones.
		default:
			return Ref{}, "", false
		}
	}
	if !named {
		return Ref{}, "", false
	}
	title, journal, y, tail, ok := vancouverTitle(s[i+1:])
	if !ok {
		return Ref{}, "", false
	}
	names := slices.Clone(parts)
	if names[len(names)-1] == "et al" {
		names[len(names)-1] = "et al."
	}
	r := Ref{Title: title, Year: y, Author: parts[0], Authors: names, Style: "vancouver", Journal: strings.TrimSpace(journal)}
	r.Volume, r.Issue, r.Pages = vancouverNumbers(tail)
	return r, "", true
}

// natureLine is "Family, A. B., Other, C. & Last, D. Title. Rest", the
// author list written with initials only.
var natureLine = regexp.MustCompile(`^((?:` + natureName + `(?:,? & |, | and ))*` + natureName + `)(?:,? et al\.)?\s+(.+)$`)

const natureName = `\p{Lu}[\p{L}'’–-]+(?: [\p{L}'’–-]+){0,3}, (?:\p{Lu}\p{Ll}?\.(?:[ -]?\p{Lu}\p{Ll}?\.)*)`

// trailingYear is the "(2019)" that ends a Nature-style reference, before
// any DOI or URL.
var trailingYear = regexp.MustCompile(`\((\d{4})\)[.,;]?\s*$`)

func nature(s string) (Ref, string, bool) {
	m := natureLine.FindStringSubmatch(s)
	if m == nil {
		return Ref{}, "", false
	}
	title := leadingTitle(m[2])
	y := trailingYear.FindStringSubmatch(beforeLink(m[2]))
	if y == nil || year(y[1]) == 0 {
		return Ref{}, "", false
	}
	authors := splitAuthors(m[1], true)
	if strings.Contains(m[0][len(m[1]):len(m[1])+min(len(m[0])-len(m[1]), 10)], "et al") {
		authors = append(authors, "et al.")
	}
	return Ref{Title: title, Year: year(y[1]), Author: firstAuthor(m[1]), Authors: authors, Style: "nature"}, after(m[2], title), true
}

// leadingTitle is the title a reference's rest starts with: an emphasised
// (*Title*) or quoted span that ends the title (the span ends in
// punctuation or is followed by it), else the text up to the first sentence
// end, a span that only opens the title ("Omics" data in plants.)
// included.
func leadingTitle(rest string) string {
	rest = strings.TrimSpace(rest)
	open, size := firstRune(rest)
	if open == '\'' {
		// A single quote is also an apostrophe ("Parkinson's"): the title
		// ends only where the quote is followed by punctuation.
		if m := singleQuoted.FindStringSubmatch(rest); m != nil {
			return m[1]
		}
	}
	if closer, ok := closers[open]; ok {
		j := strings.IndexRune(rest[size:], closer)
		if j < 0 {
			return ""
		}
		span := rest[size : size+j]
		after := strings.TrimSpace(rest[size+j+utf8.RuneLen(closer):])
		if after == "" || strings.ContainsAny(after[:1], ".,;:[") || strings.HasSuffix(span, ".") ||
			strings.HasSuffix(span, ",") || strings.HasSuffix(span, "?") || strings.HasSuffix(span, "!") {
			return span
		}
	}
	for i, r := range rest {
		if (r == '.' || r == '?' || r == '!') && (i+1 == len(rest) || rest[i+1] == ' ') && !abbreviation(rest, i) {
			return rest[:i+1]
		}
	}
	return rest
}

// abbreviation reports whether the period at i ends a one-letter genus or
// initial inside a title ("C. elegans", "E. coli"), not the title: a single
// capital before it and a lower-case word after.
func abbreviation(s string, i int) bool {
	if s[i] != '.' || i == 0 || i+2 >= len(s) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	if !unicode.IsUpper(before) || i >= 2 && (unicode.IsLetter(rune(s[i-2])) || s[i-2] >= 0x80) {
		return false
	}
	after, _ := utf8.DecodeRuneInString(s[i+2:])
	return unicode.IsLower(after)
}

// singleQuoted is a Harvard title: 'Title', or 'Title'.
var singleQuoted = regexp.MustCompile(`^'(.+?)'[,.;:]`)

// closers pairs the marks that open a title span with the mark that ends
// it.
var closers = map[rune]rune{'*': '*', '_': '_', '“': '”', '"': '"', '‘': '’'}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// words counts the words of s with a letter in them.
func words(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n
}
