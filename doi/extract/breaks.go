package extract

import "strings"

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
