package doi

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// ErrInvalid is wrapped by every Error so callers can test for it with
// errors.Is.
var ErrInvalid = errors.New("invalid DOI")

// Error reports why a string is not an acceptable DOI.
type Error struct {
	Input  string
	Reason string
}

func (e *Error) Error() string {
	return fmt.Sprintf("invalid DOI %q: %s", e.Input, e.Reason)
}

func (e *Error) Unwrap() error { return ErrInvalid }

// doiPrefixes are stripped, case-insensitively, before a DOI is checked.
// URL forms are percent-decoded after stripping.
var doiPrefixes = []struct {
	prefix string
	isURL  bool
}{
	{"https://doi.org/", true},
	{"http://doi.org/", true},
	{"https://dx.doi.org/", true},
	{"http://dx.doi.org/", true},
	{"doi.org/", true},
	{"dx.doi.org/", true},
	{"doi:", false},
}

// Normalize returns the canonical form of a DOI: prefixes such as
// "https://doi.org/" and "doi:" removed, lower-cased (DOIs are
// case-insensitive). It rejects anything that could change the meaning of a
// query or URL built from it: a double quote, a backslash, whitespace, a
// control or invisible formatting character, a "." or ".." path segment. It
// never repairs such input.
func Normalize(s string) (string, error) {
	d := strings.TrimSpace(s)
	for _, p := range doiPrefixes {
		if len(d) >= len(p.prefix) && strings.EqualFold(d[:len(p.prefix)], p.prefix) {
			d = d[len(p.prefix):]
			if p.isURL {
				u, err := url.PathUnescape(d)
				if err != nil {
					return "", &Error{Input: s, Reason: "bad percent-encoding"}
				}
				d = u
			}
			break
		}
	}
	if d == "" {
		return "", &Error{Input: s, Reason: "empty"}
	}
	for _, r := range d {
		switch {
		case r == '"':
			return "", &Error{Input: s, Reason: "contains a double quote"}
		case r == '\\':
			return "", &Error{Input: s, Reason: "contains a backslash"}
		case unicode.IsSpace(r):
			return "", &Error{Input: s, Reason: "contains whitespace"}
		case unicode.IsControl(r) || r == unicode.ReplacementChar:
			return "", &Error{Input: s, Reason: "contains a control character"}
		case unicode.Is(unicode.Cf, r):
			// Zero-width spaces, soft hyphens, BOMs, bidi overrides: invisible,
			// so a DOI carrying one looks right and resolves nowhere.
			return "", &Error{Input: s, Reason: fmt.Sprintf("contains the invisible character %U", r)}
		}
	}
	if !strings.HasPrefix(d, "10.") {
		return "", &Error{Input: s, Reason: `does not start with "10."`}
	}
	prefix, suffix, ok := strings.Cut(d, "/")
	if !ok || suffix == "" {
		return "", &Error{Input: s, Reason: "has no suffix after the registrant prefix"}
	}
	for _, seg := range strings.Split(suffix, "/") {
		if seg == "." || seg == ".." {
			// A path-walking segment would reach another resource through
			// any proxy that cleans URL paths.
			return "", &Error{Input: s, Reason: `has a "." or ".." path segment`}
		}
	}
	reg := prefix[len("10."):]
	if len(reg) < 4 {
		return "", &Error{Input: s, Reason: "registrant code is shorter than 4 digits"}
	}
	for _, r := range reg {
		if (r < '0' || r > '9') && r != '.' {
			return "", &Error{Input: s, Reason: "registrant code is not numeric"}
		}
	}
	return strings.ToLower(d), nil
}

// Same reports whether a and b name the same DOI after normalisation.
// Invalid DOIs are never the same as anything.
func Same(a, b string) bool {
	na, err := Normalize(a)
	if err != nil {
		return false
	}
	nb, err := Normalize(b)
	return err == nil && na == nb
}

// PathEscape escapes a normalised DOI for a URL path: each "/"-separated
// segment is escaped with url.PathEscape and the slashes between segments
// stay slashes, as the DOI APIs expect (never %2F). SICI DOIs with "<>;#()"
// and DOIs with a literal "%" reach the API whole.
func PathEscape(doi string) string {
	segs := strings.Split(doi, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}
