package bib

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// Decode turns a document's bytes into UTF-8 text, as every reader of a
// document (check, brief --sources) takes it with "\n" between
// lines. Word processors and Windows tools write UTF-16 (with a byte order
// mark, or without one) and UTF-8 with a BOM; read as bytes, UTF-16 hides
// every DOI behind NULs and the check would pass on an empty list. A file
// that is not valid UTF-8 and holds no UTF-8 sequence of more than one
// byte is read as Windows-1252 (ISO 8859-1's superset, what older
// reference managers export), so "K\xf6tter" is Kötter, never U+FFFD. Every line break Unicode names ends a line: "\r" alone (old Mac
// files), NEL (U+0085), LINE and PARAGRAPH SEPARATOR (U+2028, U+2029) are
// "\n"; "\r\n" is kept, as every reader takes it.
func Decode(b []byte) (string, error) {
	var s string
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		s = string(b[3:])
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		out, err := decodeUTF16(b, unicode.LittleEndian) // the BOM overrides the default
		if err != nil {
			return "", err
		}
		s = out
	default:
		if order, ok := sniffUTF16(b); ok {
			out, err := decodeUTF16(b, order)
			if err != nil {
				return "", err
			}
			s = out
		} else {
			s = string(b)
		}
	}
	if !utf8.ValidString(s) && !hasMultibyte(s) {
		out, err := charmap.Windows1252.NewDecoder().String(s)
		if err != nil {
			return "", err
		}
		s = out
	}
	return lineBreaks(strings.ToValidUTF8(s, "\uFFFD")), nil
}

// hasMultibyte reports whether s holds a valid UTF-8 sequence of more than
// one byte: then it is UTF-8 with a few bad bytes, not Windows-1252.
func hasMultibyte(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && r != utf8.RuneError {
			return true
		}
	}
	return false
}

// lineBreaks writes every line break of s that is not "\n" or "\r\n" as
// "\n".
func lineBreaks(s string) string {
	if !strings.ContainsAny(s, "\r\u0085\u2028\u2029") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch {
		case r == '\r' && (i+1 >= len(s) || s[i+1] != '\n'):
			b.WriteByte('\n')
		case r == '\u0085', r == '\u2028', r == '\u2029':
			b.WriteByte('\n')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func decodeUTF16(b []byte, order unicode.Endianness) (string, error) {
	out, err := unicode.UTF16(order, unicode.UseBOM).NewDecoder().Bytes(b)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// utf16Sniff is how many leading bytes sniffUTF16 looks at.
const utf16Sniff = 4096

// sniffUTF16 recognises UTF-16 text without a BOM: mostly-ASCII text in
// UTF-16 has a NUL in every other byte, which no UTF-8 text has. It needs
// at least two code units and NULs in at least 90% of one byte lane and
// none in the other.
func sniffUTF16(b []byte) (unicode.Endianness, bool) {
	b = b[:min(len(b), utf16Sniff)]
	if len(b) < 4 {
		return unicode.BigEndian, false
	}
	var lane [2]int
	for i, c := range b {
		if c == 0 {
			lane[i%2]++
		}
	}
	units := len(b) / 2
	switch {
	case lane[1]*10 >= units*9 && lane[0] == 0:
		return unicode.LittleEndian, true
	case lane[0]*10 >= units*9 && lane[1] == 0:
		return unicode.BigEndian, true
	default:
		return unicode.BigEndian, false
	}
}
