package check

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestReadDocumentsBadInput: every unreadable input is a clear error naming
// it and wrapping ErrInput, before any lookup.
func TestReadDocumentsBadInput(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.md")
	if err := os.WriteFile(big, []byte(strings.Repeat("a", 101)), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		files []string
		stdin string
		want  []string // substrings of the error
	}{
		{"missing file", []string{filepath.Join(dir, "nope.bib")}, "", []string{"nope.bib", "no such file"}},
		{"directory", []string{dir}, "", []string{dir, "is a directory"}},
		{"over the size cap", []string{big}, "", []string{"big.md", "larger than 100 bytes"}},
		{"stdin over the size cap", []string{"-"}, strings.Repeat("b", 101), []string{"<stdin>", "larger than 100 bytes"}},
		{"stdin twice", []string{"-", "-"}, "", []string{"stdin", "twice"}},
		{"bad UTF-16", []string{"-"}, "\xff\xfe\x00\xd8", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := readDocuments(strings.NewReader(tt.stdin), tt.files, 100)
			if tt.want == nil {
				// A lone surrogate decodes to U+FFFD: a clean result.
				if err != nil || len(docs) != 1 {
					t.Fatalf("got %d docs, %v; want one clean document", len(docs), err)
				}
				return
			}
			if !errors.Is(err, ErrInput) {
				t.Fatalf("error %v does not wrap ErrInput", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestCheckHugeLine: a 50 MB line with no space gives a clean result, one
// invalid row whose DOI is cut, with no request.
func TestCheckHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB document")
	}
	c := New(oracletest.NewFake("fake", nil, nil), nil, Options{})
	for _, give := range []string{
		"see 10.1234/" + strings.Repeat("x", 50<<20),
		strings.Repeat("y", 50<<20) + " 10.1038/nnano.2014.279",
	} {
		rep := c.Check(context.Background(), []Document{{Name: "huge.txt", Text: give}})
		if len(rep.DOIs) != 1 {
			t.Fatalf("%d rows, want 1", len(rep.DOIs))
		}
		row := rep.DOIs[0]
		if len(row.DOI) > 100 || len(row.Locations[0].Raw) > 100 || len(row.Error) > 300 {
			t.Errorf("row keeps a huge token: DOI %d bytes, raw %d, error %d", len(row.DOI), len(row.Locations[0].Raw), len(row.Error))
		}
	}
}
