package cache_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
)

// allFound answers every DOI found, with a record of realistic size.
type allFound struct{}

func (allFound) Name() string { return "bench" }

func (allFound) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split("bench", dois)
	for _, d := range valid {
		out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: "bench", Record: &oracles.Record{
			DOI: d, Title: "A title of about the length titles have in the life sciences", Authors: []string{"Smith A", "Jones B", "Lee C"},
			Journal: "Journal of Things", Year: 2025, Abstract: strings.Repeat("Survival was 51.7% at five years in 1,204 patients. ", 30),
		}}
	}
	return out
}

func benchDOIs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("10.1234/bench.%06d", i)
	}
	return out
}

// BenchmarkWarmLookup is a re-check of 20,000 DOIs in a new process: every
// answer comes from disk. "store" is this package's one SQLite store;
// "file-per-doi" is the layout it replaced (one JSON file per DOI, read
// and decoded one at a time), written here as the baseline.
func BenchmarkWarmLookup(b *testing.B) {
	const n = 20_000
	dois := benchDOIs(n)
	ctx := context.Background()
	b.Run("store", func(b *testing.B) {
		dir := b.TempDir()
		cache.Wrap(allFound{}, cache.Options{Dir: dir}).Lookup(ctx, dois)
		for b.Loop() {
			st, err := cache.Open(dir)
			if err != nil {
				b.Fatal(err)
			}
			got := cache.Wrap(allFound{}, cache.Options{Store: st}).Lookup(ctx, dois)
			if got[dois[0]].CachedAt.IsZero() {
				b.Fatal("not served from the store")
			}
			st.Close()
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "DOIs/s")
	})
	b.Run("file-per-doi", func(b *testing.B) {
		dir := b.TempDir()
		for _, r := range (allFound{}).Lookup(ctx, dois) {
			data, _ := json.Marshal(r.Record)
			if err := os.WriteFile(fileFor(dir, r.DOI), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		for b.Loop() {
			for _, d := range dois {
				data, err := os.ReadFile(fileFor(dir, d))
				if err != nil {
					b.Fatal(err)
				}
				var rec oracles.Record
				if err := json.Unmarshal(data, &rec); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "DOIs/s")
	})
}

func fileFor(dir, d string) string {
	sum := sha256.Sum256([]byte(d))
	return filepath.Join(dir, hex.EncodeToString(sum[:])+".json")
}
