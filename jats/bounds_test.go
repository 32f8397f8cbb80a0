package jats

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// deepArticle is about size bytes of sections nested depth deep, repeated.
func deepArticle(size, depth int) []byte {
	var b bytes.Buffer
	b.WriteString(`<article><front><article-meta/></front><body>`)
	for b.Len() < size {
		for range depth {
			b.WriteString(`<sec><title>Results</title><p>Survival was 51.7% at <italic>5</italic> years.</p>`)
		}
		b.WriteString(strings.Repeat("</sec>", depth))
	}
	b.WriteString(`</body></article>`)
	return b.Bytes()
}

// A 1 MB article nested as deep as the reader allows is read, and what it
// keeps is of the order of its text; one nested deeper is refused.
func TestDeepArticleInBoundedMemory(t *testing.T) {
	data := deepArticle(1<<20, DefaultMaxDepth-10)
	a, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Sections) == 0 {
		t.Fatal("no sections")
	}
	kept := 0
	for _, s := range a.Sections {
		kept += len(s.Path) + len(s.Text)
		if s.Raw != s.Text {
			kept += len(s.Raw)
		}
	}
	if limit := 2 * len(data); kept > limit {
		t.Errorf("reading %d bytes keeps %d bytes of text and paths, over %d", len(data), kept, limit)
	}

	_, err = Read(bytes.NewReader(deepArticle(1<<20, 100_000)))
	var le *LimitError
	if !errors.As(err, &le) || le.What != "nesting" {
		t.Errorf("a 100,000-deep article: err = %v, want a nesting limit", err)
	}
}

// FuzzRead: any input either fails or gives sections whose texts are
// clean: valid UTF-8, no marker, no ASCII space runs, trimmed, and no
// longer than the input.
func FuzzRead(f *testing.F) {
	for _, fx := range fixtures {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "europepmc-fulltext", fx.file))
		if err != nil {
			f.Fatal(err)
		}
		if len(data) > 60_000 {
			data = data[:60_000]
		}
		f.Add(data)
	}
	f.Add([]byte(article(`<p>as seen [<xref ref-type="bibr">1</xref>–<xref ref-type="bibr">3</xref>]. x<sup>−4</sup></p>`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ReadWith(bytes.NewReader(data), Options{MaxBytes: 1 << 20})
		if err != nil {
			return
		}
		for _, s := range a.Sections {
			for _, txt := range []string{s.Text, s.Raw} {
				if !utf8.ValidString(txt) {
					t.Fatalf("%s: invalid UTF-8 %q", s.Path, txt)
				}
				if strings.ContainsRune(txt, marker) {
					t.Fatalf("%s: marker left in %q", s.Path, txt)
				}
				if strings.Contains(txt, "  ") || strings.TrimSpace(txt) != txt {
					t.Fatalf("%s: untidy space in %q", s.Path, txt)
				}
				if len(txt) > 4*len(data) {
					t.Fatalf("%s: %d bytes of text from %d of input", s.Path, len(txt), len(data))
				}
			}
			if s.Path == "" || s.Kind == "" || s.Part == "" {
				t.Fatalf("section without path, kind or part: %+v", s)
			}
		}
	})
}

// BenchmarkRead reads the 220 KB recorded article: articles/s and MB/s on
// one core (-cpu 1).
func BenchmarkRead(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "europepmc-fulltext", "catid-specialist__PMC7382548_fullTextXML.xml"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "articles/s")
}
