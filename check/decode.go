package check

import (
	"bytes"

	"golang.org/x/text/encoding/unicode"
)

// decodeText turns a document's bytes into UTF-8 text. Word processors and
// Windows tools write UTF-16 (with a byte order mark, or without one) and
// UTF-8 with a BOM; read as bytes, UTF-16 hides every DOI behind NULs and
// the check would pass on an empty list. Anything else is returned as is.
func decodeText(b []byte) (string, error) {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return string(b[3:]), nil
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return decodeUTF16(b, unicode.LittleEndian) // the BOM overrides the default
	}
	if order, ok := sniffUTF16(b); ok {
		return decodeUTF16(b, order)
	}
	return string(b), nil
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
