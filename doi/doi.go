package doi

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
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

// resolverURL is a DOI written as a link to a doi.org resolver, on any
// of its hosts (doi.org, dx.doi.org, www.doi.org), with a scheme or
// without; doiLabel is a DOI written after its label ("doi:", "DOI ",
// "DOI: "). Both are stripped, case-insensitively, before a DOI is
// checked; a URL is percent-decoded after, and its query string and
// fragment are the URL's, not the DOI's (a "?" or "#" of a DOI is
// escaped in a URL).
var (
	resolverURL = regexp.MustCompile(`(?i)^(?:https?://)?(?:[a-z0-9-]+\.)*doi\.org/`)
	doiLabel    = regexp.MustCompile(`(?i)^doi\s*:?\s*`)
)

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
	if m := resolverURL.FindString(d); m != "" {
		d, fromURL = d[len(m):], true
		if i := strings.IndexAny(d, "?#"); i >= 0 {
			d = d[:i]
		}
	} else if m := doiLabel.FindString(d); m != "" && (len(m) == len(d) || strings.HasPrefix(d[len(m):], "10")) {
		d = d[len(m):]
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
