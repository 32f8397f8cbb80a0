package refline

import (
	"regexp"
	"strconv"
	"strings"
)

// yearToken is a four-digit number standing alone.
var yearToken = regexp.MustCompile(`\b(\d{4})\b`)

// parenYear is a year ending a parenthesis: "(2019)", "(May 2000)",
// "(November 1, 2024)".
var parenYear = regexp.MustCompile(`\((?:[^()]{0,30}\s)?(\d{4})\)`)

// restYear is the year of the text after a title: the one year in
// parentheses, else the one plausible year written at all; 0 when the
// text gives none or several different ones (a volume named by a year
// beside the year itself, pages such as 1975–1980).
func restYear(rest string) int {
	rest = beforeLink(rest)
	if y := oneYear(parenYear.FindAllStringSubmatch(rest, -1)); y != 0 {
		return y
	}
	return oneYear(yearToken.FindAllStringSubmatch(rest, -1))
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
