package refline

import (
	"regexp"
	"strings"
)

// after is what follows title in rest: the venue and what comes after it,
// with the marks that closed the title dropped.
func after(rest, title string) string {
	i := strings.Index(rest, title)
	if i < 0 || title == "" {
		return ""
	}
	return rest[i+len(title):]
}

// preprintMark is how a line says it cites a preprint.
var preprintMark = regexp.MustCompile(`(?i)^\s*(?:\[preprint\]\s*[.,]?\s*|preprint at\s+|preprint\s*[.,]\s*)`)

// venue reads the journal, volume, issue and pages from what follows a
// title, unless the style already placed them.
func (r *Ref) venue(tail string) {
	tail = strings.TrimLeft(beforeLink(tail), " ,.;:*_'\"”’")
	tail = strings.ReplaceAll(strings.ReplaceAll(tail, "*", ""), "_", " ")
	if m := preprintMark.FindString(tail); m != "" {
		r.Preprint = true
		tail = tail[len(m):]
	}
	if r.Journal == "" {
		// The journal is the text before the first number that starts a
		// volume or a year, or before the first comma, semicolon or
		// parenthesis that opens its numbers (see venueEnd).
		end := len(tail)
		if loc := numberStart.FindStringIndex(tail); loc != nil {
			end = loc[0]
		}
		end = venueEnd(tail, end)
		j := tail[:end]
		if loc := accessNote.FindStringIndex(j); loc != nil {
			j = j[:loc[0]]
		}
		r.Journal = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(j), ",.;:"))
		if end < len(tail) && r.Volume == "" {
			rest := tail[end:]
			// A volume that is the line's own year is its date: the
			// numbers after it are not read.
			if n, ok := venueNumbers(rest, r.Year); ok && (year(n.volume) == 0 || r.Year != 0 && year(n.volume) != r.Year) {
				r.Volume, r.Issue, r.Pages = n.volume, n.issue, n.pages
			}
		}
	}
	if PreprintVenue(r.Journal) {
		r.Preprint = true
	}
	if r.Preprint {
		r.Journal = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(r.Journal, "Preprint at "), "preprint at "))
	}
}

// accessNote starts what follows a venue in web references: "Available
// at:", "Retrieved from", "Accessed".
var accessNote = regexp.MustCompile(`(?i)[.,]?\s+(?:available (?:at|from)|retrieved (?:from|on)|accessed|online|url)\b`)

// numberStart is a number after a space or comma: where a journal's name
// ends and its volume or year begins.
var numberStart = regexp.MustCompile(`[\s,]\(?\d`)

// vancouverTail is what follows a Vancouver year: ";12(3):45-67", ";26:e47".
var vancouverTail = regexp.MustCompile(`^[;:.,]?\s*(\d+[A-Za-z]?)?\s*(?:\(([^()]{1,12})\))?\s*(?::\s*([A-Za-z]?\d+[A-Za-z0-9.]*(?:\s*[-–]\s*[A-Za-z]?\d+[A-Za-z0-9.]*)?))?`)

// vancouverNumbers reads the volume, issue and pages after a Vancouver year.
func vancouverNumbers(tail string) (volume, issue, pages string) {
	if !strings.HasPrefix(strings.TrimSpace(tail), ";") {
		return "", "", ""
	}
	m := vancouverTail.FindStringSubmatch(strings.TrimSpace(tail))
	if m == nil {
		return "", "", ""
	}
	return m[1], m[2], strings.TrimRight(m[3], ".")
}

// PreprintVenue reports whether s (a venue, a publisher, a note) names a
// preprint or a preprint server. bib reads BibTeX, .bbl and reference
// lines with this one rule.
func PreprintVenue(s string) bool {
	l := strings.ToLower(s)
	for _, w := range []string{"preprint", "rxiv", "ssrn", "research square", "authorea", "osf.io"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// venueEnd is where the venue in tail[:end] ends: at the first comma or
// semicolon, unless the words after it, to the next one, continue the
// name (see nameGoesOn: "Journal of Trauma, Resuscitation and Emergency
// Medicine"), and at the first parenthesis opening a number; a
// parenthesis before words is the name's own ("… Organisation (ECP)").
func venueEnd(tail string, end int) int {
	for i := 0; i < end; i++ {
		switch tail[i] {
		case ',', ';':
			rest := strings.TrimLeft(tail[i+1:end], " ")
			if k := strings.IndexAny(rest, ",;"); k >= 0 {
				rest = rest[:k]
			}
			if numbersWord.MatchString(rest) || !nameGoesOn(rest) {
				return i
			}
		case '(':
			j := strings.IndexByte(tail[i:end], ')')
			if j < 0 || strings.ContainsAny(tail[i+1:i+2], "0123456789") {
				return i
			}
			i += j // "Lancet (London, England)": its commas are the name's
		}
	}
	return end
}

// numbersWord opens a venue's numbers after a comma: "vol.", "no.",
// "pp.", "p.", "issue", "pages", "article", a number.
var numbersWord = regexp.MustCompile(`(?i)^(?:vol(?:ume)?\b|no\b|nr\b|iss(?:ue)?\b|pp?\b|pages?\b|art(?:icle)?\b|suppl?\b|\d|\(|$)`)

// nameGoesOn reports whether rest, the words after a comma in a venue,
// continue its name: they hold a lower-case joining word ("Resuscitation
// and Emergency Medicine"); a place or a publisher ("Hoboken", "NJ",
// "Springer") is no part of it.
func nameGoesOn(rest string) bool {
	for _, w := range strings.Fields(rest) {
		switch w {
		case "and", "&", "of", "for", "in", "on":
			return true
		}
	}
	return false
}
