package snapshot_test

import (
	"sync/atomic"
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

// The snapshot oracle keeps the Oracle contract (it has no wire, so only
// the contract part applies).
func TestSnapshotKeepsTheContract(t *testing.T) {
	oracletest.RunContract(t, oracletest.ContractHarness{
		Known: []oracles.Record{{DOI: "10.1002/hpja.70052", Title: "A"}, {DOI: "10.1111/ans.70196", Title: "B"}},
		New: func(t *testing.T, known []oracles.Record) (oracles.Oracle, *atomic.Int64) {
			return snapshot.NewOracle(snapshot.FromRecords(known)), nil
		},
		Partial: true,
	})
}

// The snapshot searcher keeps the Searcher contract.
func TestSnapshotKeepsTheSearcherContract(t *testing.T) {
	oracletest.RunSearcherContract(t, oracletest.SearcherHarness{
		New: func(t *testing.T) oracles.Searcher {
			c, err := snapshot.Default()
			if err != nil {
				t.Fatal(err)
			}
			return snapshot.NewOracle(c)
		},
		Query: oracles.Query{Terms: []string{"cancer"}},
	})
}
