package cache_test

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// The cache keeps the Oracle contract in memory and on disk, with and
// without caching NotFound.
func TestCacheKeepsTheContract(t *testing.T) {
	tests := []struct {
		name  string
		disk  bool
		negTT time.Duration
	}{
		{name: "memory"},
		{name: "disk", disk: true},
		{name: "memory, NotFound cached", negTT: time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			oracletest.RunContract(t, oracletest.ContractHarness{
				Known: []oracles.Record{{DOI: "10.1002/hpja.70052", Title: "A"}, {DOI: "10.1111/ANS.70196", Title: "B"}},
				New: func(t *testing.T, known []oracles.Record) (oracles.Oracle, *atomic.Int64) {
					f := oracletest.NewFake("fake", known, nil)
					opts := cache.Options{NegativeTTL: tt.negTT}
					if tt.disk {
						opts.Dir = t.TempDir()
					}
					return cache.Wrap(f, opts), f.Calls()
				},
			})
		})
	}
}
