package extract

import (
	"regexp"
	"strings"
)

// repairBreaks removes the single spaces a PDF line break left inside
// DOIs written after "doi:" ("doi:10. 1016/j. neunet.2009.08.007."). A space
// is removed only when the DOI is visibly incomplete ("10." with no "/" yet,
// or ending in "/"), or when it ends in one of ".-()" and the next word
// starts with a digit or lower-case letter and ends the sentence with ".".
// So "doi:10.1/x. Epub 2011" and "doi:10.1/x. 55" are left alone.
func repairBreaks(line string) string {
	if indexDOIColon(line, 0) < 0 {
		return line
	}
	var out strings.Builder
	out.Grow(len(line))
	done := 0 // line[:done] is already in out
	for from := 0; ; {
		j := indexDOIColon(line, from)
		if j < 0 {
			break
		}
		q := j + len("doi:")
		if q < len(line) && line[q] == ' ' {
			q++
		}
		from = q
		if j > 0 && midToken(line[j-1]) {
			continue // "/doi:10." inside a URL or a DOI: no PDF line break there
		}
		if !strings.HasPrefix(line[q:], "10.") {
			continue
		}
		// left is the DOI so far, possibly already joined.
		out.WriteString(line[done:q])
		tokEnd := nextSpace(line, q)
		left := line[q:tokEnd]
		for range 3 {
			if tokEnd+1 >= len(line) || line[tokEnd] != ' ' {
				break
			}
			wordEnd := nextSpace(line, tokEnd+1)
			word := line[tokEnd+1 : wordEnd]
			if left == "" || word == "" || !joins(left, word) {
				break
			}
			left += word
			tokEnd = wordEnd
		}
		out.WriteString(left)
		done, from = tokEnd, tokEnd
	}
	out.WriteString(line[done:])
	return out.String()
}

// indexDOIColon returns the index of the first "doi:" (ASCII case-insensitive)
// in line at or after from, or -1. Unlike strings.ToLower it never changes
// byte offsets, whatever the encoding of line.
func indexDOIColon(line string, from int) int {
	for i := from; i+4 <= len(line); i++ {
		if line[i+3] == ':' && line[i]|0x20 == 'd' && line[i+1]|0x20 == 'o' && line[i+2]|0x20 == 'i' {
			return i
		}
	}
	return -1
}

// midToken reports whether "doi:" after c is inside a word, a URL or a
// DOI rather than a label starting one.
func midToken(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("/.%_-&=?#", c) >= 0
}

func nextSpace(line string, i int) int {
	for i < len(line) && line[i] > ' ' {
		i++
	}
	return i
}

// joins reports whether word continues the DOI left split by a line break.
func joins(left, word string) bool {
	last := left[len(left)-1]
	if !strings.Contains(left, "/") {
		return strings.Contains(word, "/")
	}
	if last == '/' {
		return true
	}
	return strings.IndexByte(".-()", last) >= 0 &&
		(isDigit(word[0]) || (word[0] >= 'a' && word[0] <= 'z')) &&
		strings.HasSuffix(word, ".")
}

// joinLineBreaks rejoins the DOIs a PDF line break cut in two: a line
// ending with a DOI, or with "10.…/" before its suffix, whose next line
// opens with the DOI's rest ("10.1002/hpja." then "70059", "10.1002/"
// then "hpja.70059", "10.1002/hpja.700" then "59"). The rest moves up to
// the line the DOI starts on, so the DOI keeps that line. A next line is
// taken to open with a DOI's rest only when its first token is made of DOI
// characters and holds a digit, holds no DOI of its own, and either is
// alone on its line or follows an unfinished DOI and is no list number
// ("2. Smith J…", see continues): a line that opens with a word, an author or the next
// reference's number is the next reference, and the DOI before it stays
// whole. lines are changed in place.
func joinLineBreaks(lines []string) {
	for n := 0; n+1 < len(lines); n++ {
		line := strings.TrimRight(lines[n], " \t\r")
		last := line[strings.LastIndexAny(line, " \t")+1:]
		if !strings.Contains(last, "10.") {
			continue
		}
		body := strings.TrimLeft(lines[n+1], " \t")
		end := nextSpace(body, 0)
		rest := body[:end]
		alone := strings.TrimSpace(body[end:]) == ""
		open := strings.HasSuffix(last, "/") || strings.HasSuffix(last, ".")
		if !alone && !open || !continues(rest, alone, open) || !cutDOI.MatchString(last) {
			continue
		}
		if alone && strings.Trim(rest, "0123456789.") == "" && n+2 < len(lines) && strings.TrimSpace(lines[n+2]) != "" {
			// A number alone inside a paragraph is a PDF's page number
			// as often as a DOI's last digits: the DOI stays whole.
			continue
		}
		lines[n] = line + rest
		lines[n+1] = strings.TrimLeft(body[end:], " \t")
	}
}

// cutDOI is a token that ends with a DOI, maybe cut: "10.1002/",
// "10.1002/hpja.", "https://doi.org/10.1002/hpja.700".
var cutDOI = regexp.MustCompile(`10\.\d{4,9}/[^\s]*$`)

// suffixRest is a token made of the characters DOI suffixes are written
// with.
var suffixRest = regexp.MustCompile(`^[A-Za-z0-9._-][A-Za-z0-9._;()/:<>\[\]-]*$`)

// listNumber is a list item's number: "2.", "2)", "(2)", "[2]".
var listNumber = regexp.MustCompile(`^(?:\d{1,4}[.)]|\(\d{1,4}\)|\[\d{1,4}\])$`)

// continues reports whether tok, the first token of a line, reads as the
// rest of a DOI the line before cut: DOI characters with a digit, and no
// DOI of its own. Unless it is alone on its line, the DOI before it must
// be visibly unfinished (open, ending in "/" or ".") and tok no list
// number or tag ("2.", "L1"): a whole DOI followed by a line of text is
// whole.
func continues(tok string, alone, open bool) bool {
	if tok == "" || !suffixRest.MatchString(tok) || !strings.ContainsAny(tok, "0123456789") || cutDOI.MatchString(tok) {
		return false
	}
	return alone || open && len(tok) >= 3 && !listNumber.MatchString(tok)
}
