package extract_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/doi/extract"
)

// The extractor and doi.Normalize agree by construction: Extract yields a
// DOI only when Normalize accepts it, and it stops a suffix only at a rune
// that doi.Delimits, which Normalize refuses. What remains for text to
// decide is where prose around a DOI begins, and plainInText states those
// rules: a DOI that ends in prose punctuation, has a bracket it does not
// close or a closing bracket it did not open, "<" before a non-digit, "-->", or a query parameter after "?"
// or "&" cannot be told from the prose after it. Every other DOI Normalize
// accepts is extracted whole wherever text puts it.
func plainInText(d string) bool {
	if len(d) > extract.MaxLen || strings.ContainsAny(d[len(d)-1:], ".,;:!?*'") || strings.Contains(d, "-->") {
		return false
	}
	var depth [3]int
	for i := 0; i < len(d); i++ {
		switch c := d[i]; c {
		case '(', '[':
			depth[strings.IndexByte("([", c)]++
		case '<':
			if i+1 == len(d) || d[i+1] < '0' || d[i+1] > '9' {
				return false
			}
			depth[2]++
		case ')', ']', '>':
			k := strings.IndexByte(")]>", c)
			if depth[k] == 0 {
				return false
			}
			depth[k]--
		case '?', '&':
			if isParam(d[i+1:], c) {
				return false
			}
		}
	}
	return depth == [3]int{}
}

// isParam reports whether s starts with what the extractor reads as a
// parameter after "?" (a name and "=") or "&" (letters and "=" or ":").
func isParam(s string, after byte) bool {
	name := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
	ends := "=:"
	if after == '?' {
		name += "0123456789.-"
		ends = "="
	} else {
		s = strings.TrimPrefix(s, "amp;")
	}
	i := 0
	for i < len(s) && strings.IndexByte(name, s[i]) >= 0 {
		i++
	}
	return i > 0 && i < len(s) && strings.IndexByte(ends, s[i]) >= 0
}

// contexts are the places text puts a DOI in.
var contexts = [][2]string{
	{"", ""}, {" ", " "}, {"see ", ". Next"}, {"doi:", ","}, {"DOI: ", ";"}, {"(", ")"}, {"[", "]"},
	{"<", ">"}, {"\u201c", "\u201d"}, {"\n", "\r\n"}, {"{", "}"}, {"a", "!"}, {"x\t", "\u3002"},
	{"\"DOI\":\"", "\","}, {"doi = {", "},"}, {"DO  - ", "\n"}, {"|", "|"},
}

// checkAgreement reports how Extract disagrees with Normalize on d, or "".
func checkAgreement(d string) string {
	want, err := doi.Normalize(d)
	if err != nil || !strings.HasPrefix(d, "10.") || d != strings.TrimSpace(d) {
		return ""
	}
	if plainInText(d) {
		for _, c := range contexts {
			if strings.Contains(d+c[1], "-->") {
				continue // "--" and ">" after it end an HTML comment
			}
			if got := dois(extract.Extract(c[0] + d + c[1])); len(got) != 1 || got[0] != want {
				return fmt.Sprintf("Extract(%q) = %q, want [%q]", c[0]+d+c[1], got, want)
			}
		}
	}
	// Behind a resolver a DOI is URL-escaped, so prose cannot run into it;
	// only its own trailing punctuation and a second parameter stay
	// ambiguous, and a DOI that holds a literal escape.
	if strings.ContainsAny(want[len(want)-1:], ".,;:") || strings.Contains(want, "&") || hasEscape(want) {
		return ""
	}
	for _, c := range [][2]string{{"https://doi.org/", ""}, {"see http://dx.doi.org/", " ok"}, {"<https://doi.org/", ">"}} {
		if c[1] == ">" && strings.HasSuffix(want, "--") {
			continue // "-->" ends an HTML comment
		}
		text := c[0] + doi.PathEscape(want) + c[1]
		if got := dois(extract.Extract(text)); len(got) != 1 || got[0] != want {
			return fmt.Sprintf("Extract(%q) = %q, want [%q]", text, got, want)
		}
	}
	return ""
}

func hasEscape(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+1])) && strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+2])) {
			return true
		}
	}
	return false
}

// suffixAtoms are the pieces generated suffixes are made of: the forms
// registered DOIs take, and the characters at the edges of the syntax.
var suffixAtoms = []string{
	"a", "Z", "0", "9", "abc", "2020", "j.cell", "s41586-020-2649-2", "-", ".", "_", ";", ":", "/", "(", ")", "[", "]",
	"<", ">", "<448::", "(SICI)", "#", "%", "%2F", "%3C", "%25", "%zz", "+", "*", "~", "!", "?", "@", "=", "&", ",", "$", "^",
	"é", "中", "🐔", "་", "\u2013", "\u00a0", "\u200b", "'", "`", "|", "{", "}", "\\", "\"", "-->", "?x=", "&doi:", "v3",
	"10.", "doi:", "%3F", "%23",
}

// TestNormalizeAndExtractAgree is the property over a seeded stream of
// generated DOIs: each one Normalize accepts is extracted, in every context,
// as Normalize writes it. FuzzAgreement explores the same property.
func TestNormalizeAndExtractAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 8))
	registrants := []string{"1000", "1234", "99999", "1000.10", "978.8898392", "0001.112", "1.234"}
	valid := 0
	for range 20000 {
		var b strings.Builder
		b.WriteString("10." + registrants[r.IntN(len(registrants))] + "/")
		for range 1 + r.IntN(8) {
			b.WriteString(suffixAtoms[r.IntN(len(suffixAtoms))])
		}
		d := b.String()
		if _, err := doi.Normalize(d); err == nil {
			valid++
		}
		if msg := checkAgreement(d); msg != "" {
			t.Fatal(msg)
		}
	}
	if valid < 5000 {
		t.Errorf("only %d generated DOIs were valid; the generator no longer exercises the property", valid)
	}
}

func FuzzAgreement(f *testing.F) {
	for _, s := range []string{"abc", "0\u20130", "(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4", "a%3Cb", "a%2541", "🐔", "x?y", "a&b", "a\\_b"} {
		f.Add(uint32(1234), s)
	}
	f.Fuzz(func(t *testing.T, reg uint32, suffix string) {
		d := fmt.Sprintf("10.%d/%s", 1000+reg%1000000, suffix)
		if msg := checkAgreement(d); msg != "" {
			t.Fatal(msg)
		}
	})
}
