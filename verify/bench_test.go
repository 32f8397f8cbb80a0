package verify_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/verify"
)

// BenchmarkBrief verifies one offline brief in every format, offline:
// every file read, digested, rendered again and compared.
func BenchmarkBrief(b *testing.B) {
	dir := writeBrief(b, testKey)
	path := filepath.Join(dir, "brief.json")
	brief.RendererVersion() // once per process, not per brief
	b.ReportAllocs()
	for b.Loop() {
		if r := verify.Brief(context.Background(), path, verify.Options{}); r.Status != verify.OK {
			b.Fatalf("%s %+v", r.Status, r.Findings)
		}
	}
}
