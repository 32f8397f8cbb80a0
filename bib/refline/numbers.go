package refline

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// numbers are a venue's volume, issue and pages.
type numbers struct{ volume, issue, pages string }

// The parts of what follows a journal name, read in turn by venueNumbers.
var (
	// volumePart is "12", "vol. 12", "Volume 12".
	volumePart = regexp.MustCompile(`^[\s,.;:]*(?:vol(?:ume)?\.?\s*)?(\d+[A-Za-z]?)`)
	// issuePart is "(3)", "(3–4)", "(Suppl 1)", ", no. 3", " issue 3".
	issuePart = regexp.MustCompile(`^\s*(?:\(([^()]{1,30})\)|,?\s*(?i:no|nr|iss|issue)(?:\.\s*|\s+)(\w{1,8}))`)
	// datePart is a date after the volume or issue: " (2019)", " (May
	// 2019)", ", 2019", ", Mar. 2019", ", November 1, 2024".
	datePart = regexp.MustCompile(`^\s*[,.]?\s*(?:\(([^()]{1,30})\)|(` + monthWords + `(?:\d{1,2},?\s+)?)?(\d{4})[a-z]?)`)
	// pagesPart is ", 45–67", ": 45-67", ", pp. 45–67", ", e47", ", p. 5".
	pagesPart = regexp.MustCompile(`^\s*[,:.]?\s*(?:(?:pp?|pages?)\.?\s*)?([A-Za-z]?\d+[A-Za-z0-9.]*(?:\s*[-–—]\s*[A-Za-z]?\d+[A-Za-z0-9.]*)?)`)
	// dateText is the whole of a date in parentheses: "2019", "2019a",
	// "May 2019", "Spring 2019", "Jan.–Feb. 2019", "November 1, 2024",
	// "1 May 2019".
	dateText = regexp.MustCompile(`^(?:` + monthWords + `|\d{1,2}\s+\p{L}[\p{L}.]*\s+)?(?:\d{1,2},?\s+)?(\d{4})[a-z]?$`)
)

// monthWords is a month or season, or a range of them, before a year:
// "Mar. ", "Spring ", "Jan.–Feb. ".
const monthWords = `\p{Lu}\p{Ll}{2,8}\.?(?:\s*[-–/]\s*\p{Lu}\p{Ll}{2,8}\.?)?\s+`

// venueNumbers reads what follows a journal name: "12(3), 45–67", "12,
// 45–67", "vol. 12, no. 3, pp. 45–67", "26, e47", "29 (1): 183–85", and
// the forms that put the date between the volume or issue and the pages:
// Chicago "12, no. 3 (2019): 1–5", MLA "vol. 12, no. 3, 2019, pp. 1–5",
// IEEE "vol. 12, Mar. 2019". A year there is the date, never the issue
// or the pages: a year in parentheses always (an issue is no four-digit
// year), a year alone when it is the line's year (lineYear) or the line
// has none, so that Nature's "12, 1999 (2019)" keeps its page. ok is
// false when rest opens with no volume.
func venueNumbers(rest string, lineYear int) (n numbers, ok bool) {
	m := volumePart.FindStringSubmatch(rest)
	if m == nil {
		return numbers{}, false
	}
	n.volume, rest = m[1], rest[len(m[0]):]
	if m := issuePart.FindStringSubmatch(rest); m != nil {
		switch {
		case m[2] != "":
			n.issue = m[2]
		case isDate(m[1]):
		case len(m[1]) > 12:
			// No issue is that long, and no pages follow a parenthesis.
			return n, true
		default:
			n.issue = strings.TrimSpace(m[1])
		}
		rest = rest[len(m[0]):]
	}
	rest = skipDate(rest, lineYear)
	if m := pagesPart.FindStringSubmatch(rest); m != nil {
		n.pages = strings.TrimRight(m[1], ".")
	}
	return n, true
}

// skipDate is rest after the date it opens with (see venueNumbers), or
// rest.
func skipDate(rest string, lineYear int) string {
	m := datePart.FindStringSubmatchIndex(rest)
	if m == nil {
		return rest
	}
	if m[2] >= 0 {
		if isDate(rest[m[2]:m[3]]) {
			return rest[m[1]:]
		}
		return rest
	}
	y := year(rest[m[6]:m[7]])
	named := m[4] >= 0 // a month or season names a date
	if y == 0 || !named && lineYear != 0 && y != lineYear {
		return rest
	}
	if next, _ := utf8.DecodeRuneInString(rest[m[1]:]); strings.ContainsRune("0123456789-–—", next) {
		return rest // the first page of a range, "1975–1980"
	}
	return rest[m[1]:]
}

// isDate reports whether s, the text of a parenthesis, is a date holding
// a plausible year.
func isDate(s string) bool {
	m := dateText.FindStringSubmatch(strings.TrimSpace(s))
	return m != nil && year(m[1]) != 0
}
