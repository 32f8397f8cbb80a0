package all_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/all"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

func TestBackendsListsTheShippedOracles(t *testing.T) {
	r := all.Backends()
	if diff := cmp.Diff([]string{"crossref", "datacite", "doiorg", "europepmc"}, r.Names()); diff != "" {
		t.Errorf("registered oracles (-want +got):\n%s", diff)
	}
	// Each call is a registry of its own: a program's registration does
	// not leak into another's.
	if err := r.Register("lab", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return oracletest.NewFake("lab", nil, nil), nil })); err != nil {
		t.Fatal(err)
	}
	if all.Backends().Has("lab") {
		t.Error("an oracle registered in one registry is in another")
	}
}
