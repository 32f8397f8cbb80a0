package oracles_test

import (
	"sync/atomic"
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

var contractKnown = []oracles.Record{
	{DOI: "10.1002/hpja.70052", Title: "Bowel cancer screening"},
	{DOI: "10.1111/ANS.70196", Title: "Mixed case as registered"},
}

// The policies keep the Oracle contract whatever their members: both
// members know every record, or only one does (any_of still finds it).
func TestPoliciesKeepTheContract(t *testing.T) {
	tests := []struct {
		name    string
		policy  string
		members func(known []oracles.Record, calls *atomic.Int64) []oracles.Oracle
	}{
		{name: "require, both know", policy: oracles.PolicyRequire, members: func(k []oracles.Record, c *atomic.Int64) []oracles.Oracle {
			return []oracles.Oracle{oracletest.NewFake("a", k, c), oracletest.NewFake("b", k, c)}
		}},
		{name: "any_of, one knows", policy: oracles.PolicyAnyOf, members: func(k []oracles.Record, c *atomic.Int64) []oracles.Oracle {
			return []oracles.Oracle{oracletest.NewFake("a", nil, c), oracletest.NewFake("b", k, c)}
		}},
		{name: "any_of, single member", policy: oracles.PolicyAnyOf, members: func(k []oracles.Record, c *atomic.Int64) []oracles.Oracle {
			return []oracles.Oracle{oracletest.NewFake("a", k, c)}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			oracletest.RunContract(t, oracletest.ContractHarness{
				Known:     contractKnown,
				Composite: true,
				New: func(t *testing.T, known []oracles.Record) (oracles.Oracle, *atomic.Int64) {
					calls := new(atomic.Int64)
					o, err := oracles.NewPolicy(tt.policy, tt.members(known, calls)...)
					if err != nil {
						t.Fatal(err)
					}
					return o, calls
				},
			})
		})
	}
}

// The fake itself keeps the contract it stands in for.
func TestFakeKeepsTheContract(t *testing.T) {
	oracletest.RunContract(t, oracletest.ContractHarness{
		Known: contractKnown,
		New: func(t *testing.T, known []oracles.Record) (oracles.Oracle, *atomic.Int64) {
			f := oracletest.NewFake("fake", known, nil)
			return f, f.Calls()
		},
	})
}
