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
