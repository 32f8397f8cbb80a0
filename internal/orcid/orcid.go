// Package orcid reads ORCID iDs: the canonical form, its format and its
// ISO 7064 MOD 11-2 check digit. Lead validation and the offline corpus's
// author search both read ORCIDs with it, so the two agree.
package orcid

import (
	"fmt"
	"regexp"
	"strings"
)

var pattern = regexp.MustCompile(`^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$`)

// Normalize returns the canonical form of an ORCID iD (0000-0002-1825-0097):
// an https://orcid.org/ prefix is removed and a final x upper-cased. It checks
// the format and the ISO 7064 MOD 11-2 check digit.
func Normalize(s string) (string, error) {
	o := strings.TrimSpace(s)
	for _, p := range []string{"https://orcid.org/", "http://orcid.org/", "orcid.org/"} {
		if len(o) >= len(p) && strings.EqualFold(o[:len(p)], p) {
			o = o[len(p):]
			break
		}
	}
	o = strings.ToUpper(o)
	if !pattern.MatchString(o) {
		return "", fmt.Errorf("%q is not of the form 0000-0000-0000-000X", s)
	}
	digits := strings.ReplaceAll(o, "-", "")
	if want := checkDigit(digits[:15]); digits[15] != want {
		return "", fmt.Errorf("%q fails the ISO 7064 MOD 11-2 checksum (check digit should be %c)", s, want)
	}
	return o, nil
}

// checkDigit computes the ISO 7064 MOD 11-2 check character of 15 digits.
func checkDigit(base string) byte {
	total := 0
	for i := 0; i < len(base); i++ {
		total = (total + int(base[i]-'0')) * 2
	}
	r := (12 - total%11) % 11
	if r == 10 {
		return 'X'
	}
	return byte('0' + r)
}
