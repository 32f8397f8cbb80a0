package oracles_test

import (
	"context"
	"errors"
	"testing"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

const (
	F = oracles.Found
	N = oracles.NotFound
	U = oracles.Unknown
)

func TestPolicies(t *testing.T) {
	tests := []struct {
		give        []oracles.Status // answer of oracles o1, o2, o3 for one DOI
		wantRequire oracles.Status
		wantReqBy   string
		wantAnyOf   oracles.Status
		wantAnyBy   string
	}{
		{[]oracles.Status{F, F}, F, "o1+o2", F, "o1+o2"},
		{[]oracles.Status{F, N}, N, "o2", F, "o1"},
		{[]oracles.Status{N, F}, N, "o1", F, "o2"},
		{[]oracles.Status{F, U}, U, "o2", F, "o1"},
		{[]oracles.Status{U, F}, U, "o1", F, "o2"},
		{[]oracles.Status{N, N}, N, "o1+o2", N, "o1+o2"},
		{[]oracles.Status{N, U}, N, "o1", U, "o2"},
		{[]oracles.Status{U, N}, N, "o2", U, "o1"},
		{[]oracles.Status{U, U}, U, "o1+o2", U, "o1+o2"},
		{[]oracles.Status{F, F, F}, F, "o1+o2+o3", F, "o1+o2+o3"},
		{[]oracles.Status{F, U, N}, N, "o3", F, "o1"},
		{[]oracles.Status{U, U, N}, N, "o3", U, "o1+o2"},
		{[]oracles.Status{N, N, N}, N, "o1+o2+o3", N, "o1+o2+o3"},
	}
	const doi = "10.1234/abc"
	for _, tt := range tests {
		name := ""
		for _, s := range tt.give {
			name += s.String()[:1]
		}
		t.Run(name, func(t *testing.T) {
			mk := func() []oracles.Oracle {
				var ms []oracles.Oracle
				for i, s := range tt.give {
					ms = append(ms, &fake{
						name:    "o" + string(rune('1'+i)),
						answers: map[string]oracles.Status{doi: s},
					})
				}
				return ms
			}
			for _, c := range []struct {
				policy     string
				want       oracles.Status
				wantOracle string
			}{
				{oracles.PolicyRequire, tt.wantRequire, tt.wantReqBy},
				{oracles.PolicyAnyOf, tt.wantAnyOf, tt.wantAnyBy},
			} {
				p, err := oracles.NewPolicy(c.policy, mk()...)
				if err != nil {
					t.Fatal(err)
				}
				// Ask with a non-normalised form: the answer is keyed normalised.
				got := p.Lookup(context.Background(), []string{"https://doi.org/10.1234/ABC"})
				r, ok := got[doi]
				if !ok {
					t.Fatalf("%s: no answer for %s in %v", c.policy, doi, got)
				}
				if r.Status != c.want || r.Oracle != c.wantOracle {
					t.Errorf("%s: got %v by %q, want %v by %q", c.policy, r.Status, r.Oracle, c.want, c.wantOracle)
				}
				if r.DOI != doi {
					t.Errorf("%s: DOI = %q, want %q", c.policy, r.DOI, doi)
				}
				switch r.Status {
				case F:
					if r.Record == nil || r.Record.DOI != doi {
						t.Errorf("%s: Found without its record: %+v", c.policy, r.Record)
					}
				case U:
					if !errors.Is(r.Err, oracles.ErrUnavailable) {
						t.Errorf("%s: Unknown err = %v, want wrapping ErrUnavailable", c.policy, r.Err)
					}
				}
				if r.Status != U && r.Err != nil {
					t.Errorf("%s: %v answer carries err %v", c.policy, r.Status, r.Err)
				}
			}
		})
	}
}

func TestPolicyMergesRecords(t *testing.T) {
	const doi = "10.1234/abc"
	handle := &fake{name: "doiorg", answers: map[string]oracles.Status{doi: F}}
	meta := &fake{name: "crossref", answers: map[string]oracles.Status{doi: F}, title: "A title", flagged: true}
	for _, p := range []oracles.Oracle{oracles.Require(handle, meta), oracles.AnyOf(handle, meta)} {
		r := p.Lookup(context.Background(), []string{doi})[doi]
		if r.Record == nil || r.Record.Title != "A title" || !r.Record.Retracted {
			t.Errorf("%s: record = %+v, want title from crossref and Retracted kept", p.Name(), r.Record)
		}
	}
}

func TestPolicyInvalidAndEdgeCases(t *testing.T) {
	o1 := &fake{name: "o1"}
	o2 := &fake{name: "o2"}
	p := oracles.AnyOf(o1, o2)
	if got, want := p.Name(), "any_of(o1,o2)"; got != want {
		t.Errorf("Name = %q, want %q", got, want)
	}
	got := p.Lookup(context.Background(), []string{`10.1/x" OR "cancer`, "10.1234/ok", "10.1234/OK"})
	bad := got[`10.1/x" OR "cancer`]
	if bad.Status != U || !errors.Is(bad.Err, doi.ErrInvalid) {
		t.Errorf("invalid DOI: got %+v, want Unknown wrapping doi.ErrInvalid", bad)
	}
	if len(got) != 2 {
		t.Errorf("got %d answers, want 2 (invalid + deduplicated valid): %v", len(got), got)
	}
	if len(o1.asked) != 1 || o1.asked[0] != "10.1234/ok" {
		t.Errorf("member asked %v, want only [10.1234/ok]", o1.asked)
	}
	// Only invalid input: members are not called at all.
	o1.calls = 0
	p.Lookup(context.Background(), []string{"not a doi"})
	if o1.calls != 0 {
		t.Errorf("member called %d times for invalid-only input", o1.calls)
	}
	// One member: returned unchanged.
	if got := oracles.Require(o1); got != oracles.Oracle(o1) {
		t.Errorf("Require(one) = %v, want the member itself", got)
	}
	// No members: Unknown, never Found.
	r := oracles.AnyOf().Lookup(context.Background(), []string{"10.1234/x"})["10.1234/x"]
	if r.Status != U || !errors.Is(r.Err, oracles.ErrNoOracles) {
		t.Errorf("no members: got %+v", r)
	}
	if _, err := oracles.NewPolicy("majority", o1); err == nil {
		t.Error("NewPolicy(majority): got nil error")
	}
}

// silent forgets to answer: the policy must treat the gap as Unknown.
type silent struct{}

func (silent) Name() string { return "silent" }
func (silent) Lookup(context.Context, []string) map[string]oracles.Result {
	return map[string]oracles.Result{}
}

func TestPolicyMissingAnswerIsUnknown(t *testing.T) {
	found := &fake{name: "o1", answers: map[string]oracles.Status{"10.1234/x": F}}
	r := oracles.Require(found, silent{}).Lookup(context.Background(), []string{"10.1234/x"})["10.1234/x"]
	if r.Status != U || r.Oracle != "silent" || !errors.Is(r.Err, oracles.ErrUnavailable) {
		t.Errorf("got %+v, want Unknown by silent", r)
	}
}
