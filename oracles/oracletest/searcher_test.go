package oracletest_test

import (
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

func TestFakeSearcherKeepsTheContract(t *testing.T) {
	oracletest.RunSearcherContract(t, oracletest.SearcherHarness{
		New: func(t *testing.T) oracles.Searcher {
			return oracletest.NewFakeSearcher("fake", func(q oracles.Query) ([]oracles.Record, error) {
				return []oracles.Record{{DOI: "10.1234/a"}, {DOI: "10.1234/b"}}, nil
			})
		},
		Query: oracles.Query{Terms: []string{"x"}},
	})
}
