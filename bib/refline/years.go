package refline

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// yearToken is a four-digit number standing alone, maybe with a letter
// ("2019a"), with what is either side of it: a number joined to another
// by a dash is one end of a range of pages, no year.
var yearToken = regexp.MustCompile(`(\d?\s*[-–—]\s*)?\b(\d{4})[a-z]?\b(\s*[-–—]\s*\d)?`)

// parenYear is a year ending a parenthesis: "(2019)", "(2019a)", "(May
// 2000)", "(November 1, 2024)".
var parenYear = regexp.MustCompile(`\((?:[^()]{0,30}\s)?(\d{4})[a-z]?\)`)

// restYear is the year of the text after a title: the one year in
// parentheses, else the one plausible year written at all, an end of a
// range (pages such as 1975–1980 or 2068–2101) not counted; 0 when the
// text gives none or several different ones (a volume named by a year
// beside the year itself).
func restYear(rest string) int {
	rest = beforeLink(rest)
	if y := oneYear(parenYear.FindAllStringSubmatch(rest, -1)); y != 0 {
		return y
	}
	var alone [][]string
	for _, m := range yearToken.FindAllStringSubmatch(rest, -1) {
		before, after := m[1], m[3]
		if after == "" && (before == "" || !unicode.IsDigit(rune(before[0]))) {
			alone = append(alone, m[1:3])
		}
	}
	return oneYear(alone)
}

// oneYear is the only distinct plausible year among the matches' first
// groups, or 0.
func oneYear(ms [][]string) int {
	found := 0
	for _, m := range ms {
		y := year(m[1])
		switch {
		case y == 0 || y == found:
		case found != 0:
			return 0
		default:
			found = y
		}
	}
	return found
}

// beforeLink is s up to its DOI or URL, where digits are no year.
var linkStart = regexp.MustCompile(`(?i)\bdoi\b|https?:|www\.|\b10\.\d{4,9}/`)

func beforeLink(s string) string {
	if loc := linkStart.FindStringIndex(s); loc != nil {
		return strings.TrimSpace(s[:loc[0]])
	}
	return s
}

// year is the plausible publication year s spells, or 0.
func year(s string) int {
	y, err := strconv.Atoi(s)
	if err != nil || y < minYear || y > maxYear {
		return 0
	}
	return y
}
