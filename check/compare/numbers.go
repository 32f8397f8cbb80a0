package compare

import (
	"fmt"
	"strings"
	"unicode"
)

// volumeNumber is a volume or issue as compared: its digits and letters,
// "vol."/"no." and punctuation dropped ("Vol. 12" is "12", "3-4" "34").
func volumeNumber(s string) string {
	p := plain(s)
	for _, w := range []string{"volume ", "vol ", "issue ", "number ", "no ", "nr "} {
		p = strings.TrimPrefix(p, w)
	}
	return strings.ReplaceAll(p, " ", "")
}

func compareNumber(f Field, entry, record string) outcome {
	e, r := volumeNumber(entry), volumeNumber(record)
	if e == "" || r == "" || e == r {
		return outcome{}
	}
	return mismatch(f, entry, record, fmt.Sprintf("%s %s, the record %s", f, entry, record))
}

// pageRange reads "123-129", "123–9", "pp. 123-129", "e0123", "123": the
// first page and the last, the last written out in full ("123–9" ends at
// 129).
func pageRange(s string) (first, last string) {
	s = strings.TrimSpace(strings.ToLower(s))
	for _, p := range []string{"pp.", "pp", "p.", "pages", "page"} {
		s = strings.TrimSpace(strings.TrimPrefix(s, p))
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '–' || r == '—' || r == ' ' || r == ',' })
	if len(parts) == 0 {
		return "", ""
	}
	first = parts[0]
	if len(parts) > 1 {
		last = parts[len(parts)-1]
		// "123–9" ends at 129, "e1660–76" at e1676: the last page's digits
		// replace the first's tail.
		digits := strings.TrimLeftFunc(first, func(r rune) bool { return !unicode.IsDigit(r) })
		if len(last) <= len(digits) && allDigits(last) && allDigits(digits) {
			last = first[:len(first)-len(last)] + last
		}
	}
	return first, last
}

func allDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

func comparePages(entry, record string) outcome {
	ef, el := pageRange(entry)
	rf, rl := pageRange(record)
	if ef == "" || rf == "" {
		return outcome{}
	}
	if ef != rf || el != "" && rl != "" && el != rl {
		return mismatch(Pages, entry, record, fmt.Sprintf("pages %s, the record %s", entry, record))
	}
	return outcome{}
}
