package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestReadDocumentsDecodesUTF16AndBOM: files saved by word processors and
// Windows tools are read as text, so their DOIs are checked.
func TestReadDocumentsDecodesUTF16AndBOM(t *testing.T) {
	const d = "10.1016/j.molcel.2019.07.008"
	text := "Reference: doi:" + d + ".\r\n"
	utf16 := func(bigEndian, bom bool) string {
		var b []byte
		if bom {
			if bigEndian {
				b = append(b, 0xFE, 0xFF)
			} else {
				b = append(b, 0xFF, 0xFE)
			}
		}
		for _, r := range text {
			if bigEndian {
				b = append(b, byte(r>>8), byte(r))
			} else {
				b = append(b, byte(r), byte(r>>8))
			}
		}
		return string(b)
	}
	c := check.New(oracletest.NewFake("f", []oracles.Record{{DOI: d, Title: "T"}}, nil), nil, check.Options{})
	tests := []struct{ name, give string }{
		{"utf-8", text},
		{"utf-8 bom", "\xEF\xBB\xBF" + text},
		{"utf-16le bom", utf16(false, true)},
		{"utf-16be bom", utf16(true, true)},
		{"utf-16le no bom", utf16(false, false)},
		{"utf-16be no bom", utf16(true, false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := check.ReadDocuments(strings.NewReader(tt.give), []string{"-"})
			if err != nil {
				t.Fatal(err)
			}
			if docs[0].Name != "<stdin>" || strings.ContainsRune(docs[0].Text, 0) {
				t.Errorf("document %q %q", docs[0].Name, docs[0].Text)
			}
			if rep := c.Check(context.Background(), docs); rep.Status() != check.AllFound || len(rep.DOIs) != 1 {
				t.Errorf("status %v, rows %+v; want the DOI found", rep.Status(), rep.DOIs)
			}
		})
	}
}

// TestReadDocumentsEncodingsAndLineBreaks: a Latin-1 (Windows-1252) file
// is read as its letters, UTF-8 with a stray bad byte stays UTF-8, and
// every line break Unicode names ends a line, so each reference keeps its
// own line number.
func TestReadDocumentsEncodingsAndLineBreaks(t *testing.T) {
	tests := []struct{ name, give, want string }{
		{"latin-1", "K\xf6tter, \xc4rzteblatt \x96 \x93q\x94", "Kötter, Ärzteblatt – “q”"},
		{"utf-8 with a stray byte", "Kötter \xff", "Kötter \uFFFD"},
		{"cr only", "a\rb\r\rc", "a\nb\n\nc"},
		{"crlf kept", "a\r\nb", "a\r\nb"},
		{"nel, ls, ps", "a\u0085b\u2028c\u2029d", "a\nb\nc\nd"},
		{"utf-16 with cr", string([]byte{0xFF, 0xFE, 'a', 0, '\r', 0, 'b', 0}), "a\nb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := check.ReadDocuments(strings.NewReader(tt.give), []string{"-"})
			if err != nil {
				t.Fatal(err)
			}
			if docs[0].Text != tt.want {
				t.Errorf("text %q, want %q", docs[0].Text, tt.want)
			}
		})
	}
	// A CR-only bibliography has its entries on their own lines.
	bib := "@article{a, title={A}, doi={10.5555/cr.1}}\r@article{b, title={B}, doi={10.5555/cr.2}}\r"
	docs, err := check.ReadDocuments(strings.NewReader(bib), []string{"-"})
	if err != nil {
		t.Fatal(err)
	}
	rep := checker(nil).Check(context.Background(), docs)
	if len(rep.DOIs) != 2 || rep.DOIs[1].Locations[0].Line != 2 {
		t.Errorf("rows %+v, want two, the second on line 2", rep.DOIs)
	}
}
