package oracles

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// ErrInvalidDOI is wrapped by every DOIError so callers can test for it with
// errors.Is.
var ErrInvalidDOI = errors.New("invalid DOI")

// DOIError reports why a string is not an acceptable DOI.
type DOIError struct {
	Input  string
	Reason string
}

func (e *DOIError) Error() string {
	return fmt.Sprintf("invalid DOI %q: %s", e.Input, e.Reason)
}

func (e *DOIError) Unwrap() error { return ErrInvalidDOI }

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

// NormalizeDOI returns the canonical form of a DOI: prefixes such as
// "https://doi.org/" and "doi:" removed, lower-cased (DOIs are
// case-insensitive). It rejects anything that could change the meaning of a
// query or URL built from it: a double quote, a backslash, whitespace, a
// control or invisible formatting character, a "." or ".." path segment. It
// never repairs such input.
func NormalizeDOI(s string) (string, error) {
	d := strings.TrimSpace(s)
	for _, p := range doiPrefixes {
		if len(d) >= len(p.prefix) && strings.EqualFold(d[:len(p.prefix)], p.prefix) {
			d = d[len(p.prefix):]
			if p.isURL {
				u, err := url.PathUnescape(d)
				if err != nil {
					return "", &DOIError{Input: s, Reason: "bad percent-encoding"}
				}
				d = u
			}
			break
		}
	}
	if d == "" {
		return "", &DOIError{Input: s, Reason: "empty"}
	}
	for _, r := range d {
		switch {
		case r == '"':
			return "", &DOIError{Input: s, Reason: "contains a double quote"}
		case r == '\\':
			return "", &DOIError{Input: s, Reason: "contains a backslash"}
		case unicode.IsSpace(r):
			return "", &DOIError{Input: s, Reason: "contains whitespace"}
		case unicode.IsControl(r) || r == unicode.ReplacementChar:
			return "", &DOIError{Input: s, Reason: "contains a control character"}
		case unicode.Is(unicode.Cf, r):
			// Zero-width spaces, soft hyphens, BOMs, bidi overrides: invisible,
			// so a DOI carrying one looks right and resolves nowhere.
			return "", &DOIError{Input: s, Reason: fmt.Sprintf("contains the invisible character %U", r)}
		}
	}
	if !strings.HasPrefix(d, "10.") {
		return "", &DOIError{Input: s, Reason: `does not start with "10."`}
	}
	prefix, suffix, ok := strings.Cut(d, "/")
	if !ok || suffix == "" {
		return "", &DOIError{Input: s, Reason: "has no suffix after the registrant prefix"}
	}
	for _, seg := range strings.Split(suffix, "/") {
		if seg == "." || seg == ".." {
			// A path-walking segment would reach another resource through
			// any proxy that cleans URL paths.
			return "", &DOIError{Input: s, Reason: `has a "." or ".." path segment`}
		}
	}
	reg := prefix[len("10."):]
	if len(reg) < 4 {
		return "", &DOIError{Input: s, Reason: "registrant code is shorter than 4 digits"}
	}
	for _, r := range reg {
		if (r < '0' || r > '9') && r != '.' {
			return "", &DOIError{Input: s, Reason: "registrant code is not numeric"}
		}
	}
	return strings.ToLower(d), nil
}

// SameDOI reports whether a and b name the same DOI after normalisation.
// Invalid DOIs are never the same as anything.
func SameDOI(a, b string) bool {
	na, err := NormalizeDOI(a)
	if err != nil {
		return false
	}
	nb, err := NormalizeDOI(b)
	return err == nil && na == nb
}

// PathEscapeDOI escapes a normalised DOI for a URL path: each "/"-separated
// segment is escaped with url.PathEscape and the slashes between segments
// stay slashes, as the DOI APIs expect (never %2F). SICI DOIs with "<>;#()"
// and DOIs with a literal "%" reach the API whole.
func PathEscapeDOI(doi string) string {
	segs := strings.Split(doi, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}
