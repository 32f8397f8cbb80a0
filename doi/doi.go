package doi

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"
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
// "https://doi.org/" and "doi:" removed, percent-encoding undone once (see
// unescapeOnce), lower-cased (DOIs are case-insensitive). A DOI is "10.", a
// registrant code (see RegistrantLen), "/" and a suffix of runes SuffixRune
// accepts, MaxLen bytes at most, none of whose "/"-separated segments is "." or "..". So Normalize
// rejects anything that could change the meaning of a query or URL built
// from it: a double quote, a backslash, whitespace, a control or invisible
// formatting character, a path-walking segment. It never repairs input.
func Normalize(s string) (string, error) {
	d := strings.TrimSpace(s)
	fromURL := false
	for _, p := range doiPrefixes {
		if len(d) >= len(p.prefix) && strings.EqualFold(d[:len(p.prefix)], p.prefix) {
			d, fromURL = d[len(p.prefix):], p.isURL
			break
		}
	}
	if d == "" {
		return "", &Error{Input: s, Reason: "empty"}
	}
	if !utf8.ValidString(d) {
		// An invalid byte ends a DOI in text; it must not pair up with
		// the bytes a percent-escape decodes to.
		return "", &Error{Input: s, Reason: "is not valid UTF-8"}
	}
	d, why := unescapeOnce(d, fromURL)
	if why != "" {
		return "", &Error{Input: s, Reason: why}
	}
	if len(d) > MaxLen {
		return "", &Error{Input: s, Reason: fmt.Sprintf("is %d bytes long, longer than any DOI (at most %d)", len(d), MaxLen)}
	}
	for _, r := range d {
		if why := suffixProblem(r); why != "" {
			return "", &Error{Input: s, Reason: why}
		}
	}
	n, why := registrant(d)
	if why != "" {
		return "", &Error{Input: s, Reason: why}
	}
	switch {
	case n < len(d) && d[n] != '/':
		return "", &Error{Input: s, Reason: "registrant code is not numeric"}
	case n+1 >= len(d):
		return "", &Error{Input: s, Reason: "has no suffix after the registrant prefix"}
	}
	for _, seg := range strings.Split(d[n+1:], "/") {
		if seg == "." || seg == ".." {
			// A path-walking segment would reach another resource through
			// any proxy that cleans URL paths.
			return "", &Error{Input: s, Reason: `has a "." or ".." path segment`}
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
