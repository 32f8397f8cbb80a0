package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// urlPart says where in a URL a DOI stands.
type urlPart int

const (
	inText  urlPart = iota // not in a URL
	inPath                 // in a URL's path: "https://doi.org/10..."
	inQuery                // in its query: "https://x.org/cite?doi=10..."
)

// urlPartAt reports whether the token holding line[start] is a URL, and
// where in it line[start] is. A token is a URL whatever its host: it has a
// scheme ("https://doi.org/10...", "ftp://..."), is a path
// ("/scitation.org/doi/10...", "//doi.org/10..."), or starts with a host
// and a path ("doi.org/10...", "url=www.nature.com/articles/10...",
// "localhost:8080/10...", "127.0.0.1/10...").
func urlPartAt(line string, start int) urlPart {
	prefix := line[tokenStart(line, start):start]
	switch {
	case !strings.Contains(prefix, "://") && !strings.HasPrefix(prefix, "/") && !isHostPath(prefix):
		return inText
	case strings.Contains(prefix, "?"):
		return inQuery
	}
	return inPath
}

// isHostPath reports whether prefix is "[...=|>|@|:]host[:port]/...": an
// authority, possibly after a field name or user name, then a slash.
func isHostPath(prefix string) bool {
	host, _, ok := strings.Cut(prefix, "/")
	if !ok {
		return false
	}
	if i := strings.LastIndexAny(host, "=>@,;"); i >= 0 {
		host = host[i+1:] // "url=doi.org", "<url>doi.org", "user@host"
	}
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		if port := host[i+1:]; port != "" && strings.Trim(port, "0123456789") == "" {
			host = host[:i] // "localhost:8080"
		} else {
			host = port // "Link:doi.org"
		}
	}
	return host == "localhost" || isIPv4(host) || isDomain(host)
}

// isDomain reports whether host is a domain name of two labels or more:
// letters, digits and "-" (non-ASCII letters too, as in an IDN), with a
// last label of two letters or more or a punycode one ("xn--p1ai").
func isDomain(host string) bool {
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" {
			return false
		}
		for _, r := range l {
			if !(r == '-' || r < utf8.RuneSelf && (isDigit(byte(r)) || r|0x20 >= 'a' && r|0x20 <= 'z') || r >= utf8.RuneSelf && unicode.IsLetter(r)) {
				return false
			}
		}
	}
	tld := labels[len(labels)-1]
	if strings.HasPrefix(strings.ToLower(tld), "xn--") {
		return true
	}
	n := 0
	for _, r := range tld {
		if !unicode.IsLetter(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// isIPv4 reports whether host is four dot-separated numbers of 1 to 3 digits.
func isIPv4(host string) bool {
	parts := strings.Split(host, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

// afterDOIResolver reports whether the DOI follows "doi.org/".
func afterDOIResolver(line string, start int) bool {
	const r = "doi.org/"
	return start >= len(r) && strings.EqualFold(line[start-len(r):start], r)
}

// maxURLPrefix bounds how far back inURL looks for "://", which keeps a
// pathological line linear; no real URL has a longer path before a DOI.
const maxURLPrefix = 512

func tokenStart(line string, i int) int {
	stop := max(0, i-maxURLPrefix)
	for i > stop && line[i-1] > ' ' && strings.IndexByte("\"'<([{", line[i-1]) < 0 {
		i--
	}
	return i
}

// viewSuffixes are path tails publishers append to a DOI in their URLs.
var viewSuffixes = []string{"/full", "/abstract", "/abs", "/pdf", "/epdf", "/fulltext", "/full-text", "/html", "/meta", "/summary", "/epub"}

// trimURLTail cuts what a publisher's URL appends to the DOI in its path:
// a view ("/full", "/pdf"), and on bioRxiv and medRxiv, whose DOIs all
// start "10.1101/", a version and view ("087619v3", "872580v1.full.pdf+html").
func trimURLTail(d string) string {
	lower := strings.ToLower(d)
	for _, s := range viewSuffixes {
		if strings.HasSuffix(lower, s) {
			d = d[:len(d)-len(s)]
			break
		}
	}
	if strings.HasPrefix(d, "10.1101/") {
		if i := versionTail(d); i > 0 {
			d = d[:i]
		}
	}
	return d
}

// versionTail returns where a "v" and a version number after a digit start
// the last "/"-segment's tail ("v3", "v1.full"), or 0 if none does.
func versionTail(d string) int {
	seg := strings.LastIndexByte(d, '/') + 1
	for i := len(d) - 1; i > seg; i-- {
		if d[i] != 'v' || !isDigit(d[i-1]) {
			continue
		}
		j := i + 1
		for j < len(d) && isDigit(d[j]) {
			j++
		}
		if j > i+1 && (j == len(d) || d[j] == '.') {
			return i
		}
	}
	return 0
}

// startsParam reports whether s starts with a parameter name followed by
// "=" or ":" ("doi:", "id=", "amp;doi="), which after "&" starts another
// field, never the rest of a DOI.
func startsParam(s string) bool {
	s = strings.TrimPrefix(s, "amp;")
	i := 0
	for i < len(s) && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z' || s[i] == '_') {
		i++
	}
	return i > 0 && i < len(s) && (s[i] == '=' || s[i] == ':')
}
