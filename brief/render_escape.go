package brief

import (
	"strings"
	"unicode/utf8"
)

// Markdown escaping. Model and source text in brief.md must mean nothing
// to a CommonMark renderer with GitHub's extensions (tables, strikethrough,
// autolinks): it shows exactly the text, with no link, image, emphasis,
// strikethrough, code, heading, list, table, HTML or character reference
// the text did not spell. brief.md holds no character reference at all:
// every escape is a backslash before ASCII punctuation, which CommonMark
// shows as the punctuation alone. Only what could mean something in its
// place is escaped, so brief.md stays readable as plain text:
//
//   - always: "`" (code), "[" (links, images, link definitions);
//   - "\" before ASCII punctuation or at the end (an escape, a line break);
//   - "*", "_", "~" that could open or close emphasis or strikethrough:
//     not between two spaces, and "_" not inside a word;
//   - "<" before a letter, "/", "!" or "?" (HTML, autolinks), "&" before
//     a character reference's shape ("&sup2;", "&#178;");
//   - the "." of "www.", the ":" of "http://", "https://", "ftp://" and
//     the "@" of an address, which GitHub turns into links;
//   - at the start of a line, what starts a block: "#", ">", "-", "+",
//     "*", "=", "|" and the "." or ")" of a list number ("2010. The plan");
//   - in a heading, a closing run of "#";
//   - spaces and tabs at either end are dropped: a renderer drops them.
//
// Line breaks become spaces (prose with one never passes the gate).

// mdEscape escapes text that starts a line (a claim's paragraph, a
// reference's details) or stands inside one.
func mdEscape(s string) string { return mdInline(s, true) }

// mdHeading escapes the text of an ATX heading.
func mdHeading(s string) string {
	out := mdInline(s, false)
	trail := len(out) - len(strings.TrimRight(out, "#"))
	if trail == 0 {
		return out
	}
	at := len(out) - trail
	if at == 0 || out[at-1] == ' ' || out[at-1] == '\t' {
		return out[:at] + `\` + out[at:]
	}
	return out
}

// mdLabel escapes the text of a link label, where "]" would end it.
func mdLabel(s string) string { return strings.ReplaceAll(mdEscape(s), "]", `\]`) }

// isASCIIPunct reports whether c is ASCII punctuation, the characters a
// backslash escapes.
func isASCIIPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

func isASCIIAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// mdInline escapes s; lineStart says that s starts a line.
func mdInline(s string, lineStart bool) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	s = strings.Trim(s, " \t")
	var b strings.Builder
	b.Grow(len(s) + 8)
	start := 0
	if lineStart {
		start = blockStart(s)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i == start && start > 0 || needsEscape(s, i) {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// blockStart returns the offset of the character to escape so that s,
// at the start of a line, starts no block, or 0 for none needed at its
// first character (blockStart never returns 0 for one that is: the first
// character is escaped by needsEscape or by the leading check).
func blockStart(s string) int {
	if s == "" {
		return 0
	}
	digits := 0
	for digits < len(s) && digits < 10 && '0' <= s[digits] && s[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits < 10 && digits < len(s) && (s[digits] == '.' || s[digits] == ')') &&
		(digits+1 == len(s) || s[digits+1] == ' ' || s[digits+1] == '\t') {
		return digits // "2010. The plan" is not a list
	}
	return 0
}

// needsEscape reports whether s[i] needs a backslash before it.
func needsEscape(s string, i int) bool {
	c := s[i]
	prev, next := byte(' '), byte(' ')
	if i > 0 {
		prev = s[i-1]
	}
	if i+1 < len(s) {
		next = s[i+1]
	}
	if i == 0 && strings.IndexByte("#>-+=|*", c) >= 0 {
		return true // a block's start: a heading, quote, list, rule or table
	}
	switch c {
	case '`', '[':
		return true
	case '\\':
		return i+1 == len(s) || isASCIIPunct(next)
	case '*', '~':
		return !(isSpace(prev) && isSpace(next))
	case '_':
		return !(isSpace(prev) && isSpace(next)) && !(isASCIIAlnum(prev) && isASCIIAlnum(next))
	case '<':
		return 'a' <= next && next <= 'z' || 'A' <= next && next <= 'Z' || next == '/' || next == '!' || next == '?'
	case '&':
		return entityAt(s[i+1:])
	case '.':
		return i >= 3 && s[i-3:i] == "www" && (i == 3 || !isASCIIAlnum(s[i-4]))
	case ':':
		return strings.HasPrefix(s[i:], "://") && schemeBefore(s[:i])
	case '@':
		return i > 0 && i+1 < len(s) && isASCIIAlnum(next) // an address's "@" before its domain
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// schemeBefore reports whether s ends with a scheme GitHub links ("http",
// "https", "ftp") that starts a word.
func schemeBefore(s string) bool {
	for _, scheme := range []string{"http", "https", "ftp"} {
		if strings.HasSuffix(s, scheme) {
			at := len(s) - len(scheme)
			if at == 0 || !isASCIIAlnum(s[at-1]) {
				return true
			}
		}
	}
	return false
}

// entityAt reports whether s (after an "&") has the shape of a character
// reference: a name, "#" and decimal digits, or "#x" and hex digits, then
// ";".
func entityAt(s string) bool {
	end := strings.IndexByte(s, ';')
	if end <= 0 || end > 33 {
		return false
	}
	name := s[:end]
	if name[0] == '#' {
		name = name[1:]
		hex := len(name) > 0 && (name[0] == 'x' || name[0] == 'X')
		if hex {
			name = name[1:]
		}
		if name == "" || len(name) > 7 {
			return false
		}
		for k := 0; k < len(name); k++ {
			c := name[k]
			if !('0' <= c && c <= '9' || hex && ('a' <= c && c <= 'f' || 'A' <= c && c <= 'F')) {
				return false
			}
		}
		return true
	}
	for k := 0; k < len(name); k++ {
		if !isASCIIAlnum(name[k]) {
			return false
		}
	}
	r, _ := utf8.DecodeRuneInString(name)
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}
