package leads

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// leadsJSONL is n valid leads, one JSON object a line.
func leadsJSONL(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"id":"lead-%05d","orcid":"0000-0002-1825-0097","name":"Smith AB","affiliation":"Karolinska Institutet","topic":"cancer screening %d","since":"2020","until":"2024-06","max_sources":20}`+"\n", i, i)
	}
	return []byte(b.String())
}

// BenchmarkReadLeads reads a 10,000-lead JSON Lines file: LoadLeads (the
// baseline, which holds the file and every lead) beside ReadLeads consumed
// without keeping the leads, as the batch's passes do. B/op is what each
// allocates in all, not its peak; that ReadLeads holds one row at a time is
// shown by TestReadLeadsStreams.
func BenchmarkReadLeads(b *testing.B) {
	const n = 10000
	path := filepath.Join(b.TempDir(), "leads.jsonl")
	if err := os.WriteFile(path, leadsJSONL(n), 0o600); err != nil {
		b.Fatal(err)
	}
	b.Run("load", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			leads, err := LoadLeads(path)
			if err != nil || len(leads) != n {
				b.Fatalf("%d leads, %v", len(leads), err)
			}
		}
	})
	b.Run("stream", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			count := 0
			for _, err := range ReadLeads(path, f) {
				if err != nil {
					b.Fatal(err)
				}
				count++
			}
			f.Close()
			if count != n {
				b.Fatalf("%d leads", count)
			}
		}
	})
}
