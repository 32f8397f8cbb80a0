package bib

import (
	"fmt"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/doi/extract"
)

// referenceList is n numbered Vancouver references, one DOI each.
func referenceList(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d. Smith J, Okafor A. Spin waves in films, part %d. Phys Rev B. 2019;1:2. doi:10.5555/bench.%d\n", i+1, i, i)
	}
	return []byte(b.String())
}

// BenchmarkReadReferences measures what reading 20,000 reference lines for
// comparison adds to `check`, beside the DOI extraction every check does
// (extract.ForFile) on the same text: compare the two ns/op (Parse does
// both).
func BenchmarkReadReferences(b *testing.B) {
	data := referenceList(20000)
	b.Run("FileDOIs", func(b *testing.B) {
		for b.Loop() {
			if n := len(extract.ForFile("refs.md", string(data))); n != 20000 {
				b.Fatalf("%d DOIs", n)
			}
		}
		b.ReportMetric(float64(len(data))/1e6, "MB")
	})
	b.Run("Parse", func(b *testing.B) {
		for b.Loop() {
			if n := len(Parse("refs.md", data).Entries); n != 20000 {
				b.Fatalf("%d entries", n)
			}
		}
		b.ReportMetric(float64(len(data))/1e6, "MB")
	})
}
