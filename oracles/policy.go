package oracles

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// ErrNoOracles is the cause when a policy has no oracle to ask.
var ErrNoOracles = errors.New("no oracles configured")

// Policy names accepted by NewPolicy (and by the configuration).
const (
	PolicyRequire = "require"
	PolicyAnyOf   = "any_of"
)

// Combine folds the answers of several oracles for one DOI into one. The
// answers are in the order the oracles were given and all have the same DOI.
type Combine func(answers []Result) Result

// policy is an Oracle that asks its members concurrently and folds their
// answers with combine.
type policy struct {
	name    string
	members []Oracle
	combine Combine
}

var _ Oracle = (*policy)(nil)

// Require returns an oracle that finds a DOI only if every member finds it.
// Any NotFound makes the answer NotFound (one authority denying a DOI is
// enough to refuse it); otherwise any Unknown makes it Unknown. A single
// member is returned unchanged.
func Require(members ...Oracle) Oracle {
	return newPolicy(PolicyRequire, members, CombineRequire)
}

// AnyOf returns an oracle that finds a DOI if any member finds it. A DOI no
// member finds is NotFound only when every member says NotFound: an Unknown
// from one member is Unknown, never "missing". A single member is returned
// unchanged.
func AnyOf(members ...Oracle) Oracle {
	return newPolicy(PolicyAnyOf, members, CombineAnyOf)
}

// NewPolicy returns Require or AnyOf by its configuration name.
func NewPolicy(name string, members ...Oracle) (Oracle, error) {
	switch name {
	case PolicyRequire:
		return Require(members...), nil
	case PolicyAnyOf:
		return AnyOf(members...), nil
	default:
		return nil, fmt.Errorf("oracles: unknown policy %q (known: %s, %s)", name, PolicyRequire, PolicyAnyOf)
	}
}

func newPolicy(kind string, members []Oracle, c Combine) Oracle {
	if len(members) == 1 {
		return members[0]
	}
	names := make([]string, len(members))
	for i, m := range members {
		names[i] = m.Name()
	}
	return &policy{
		name:    kind + "(" + strings.Join(names, ",") + ")",
		members: members,
		combine: c,
	}
}

// Name is the policy and its members, such as "any_of(europepmc,crossref)".
func (p *policy) Name() string { return p.name }

// Lookup asks every member concurrently and combines their answers per DOI.
// Invalid DOIs are answered Unknown without asking anyone.
func (p *policy) Lookup(ctx context.Context, dois []string) map[string]Result {
	valid, out := Split(p.name, dois)
	if len(valid) == 0 {
		return out
	}
	if len(p.members) == 0 {
		for k, v := range UnknownAll(p.name, valid, ErrNoOracles) {
			out[k] = v
		}
		return out
	}
	answers := make([]map[string]Result, len(p.members))
	var wg sync.WaitGroup
	for i, m := range p.members {
		wg.Go(func() { answers[i] = m.Lookup(ctx, valid) })
	}
	wg.Wait()
	for _, doi := range valid {
		per := make([]Result, len(p.members))
		for i, m := range p.members {
			r, ok := answers[i][doi]
			if !ok {
				r = Result{Status: Unknown, Err: fmt.Errorf("%s: no answer for %s: %w", m.Name(), doi, ErrUnavailable)}
			}
			r.DOI = doi
			if r.Oracle == "" {
				r.Oracle = m.Name()
			}
			per[i] = r
		}
		out[doi] = p.combine(per)
	}
	return out
}

// CombineRequire is Require's rule: Found only if all are Found; NotFound if
// any is NotFound; Unknown otherwise.
func CombineRequire(answers []Result) Result {
	if len(answers) == 0 {
		return Result{Status: Unknown, Err: ErrNoOracles}
	}
	switch {
	case anyIs(answers, NotFound):
		return decided(answers, NotFound)
	case allAre(answers, Found):
		return decided(answers, Found)
	default:
		return decided(answers, Unknown)
	}
}

// CombineAnyOf is AnyOf's rule: Found if any is Found; Unknown if none is
// Found and any is Unknown; NotFound only if all are NotFound.
func CombineAnyOf(answers []Result) Result {
	if len(answers) == 0 {
		return Result{Status: Unknown, Err: ErrNoOracles}
	}
	switch {
	case anyIs(answers, Found):
		return decided(answers, Found)
	case anyIs(answers, Unknown):
		return decided(answers, Unknown)
	default:
		return decided(answers, NotFound)
	}
}

func anyIs(answers []Result, s Status) bool {
	for _, a := range answers {
		if a.Status == s {
			return true
		}
	}
	return false
}

func allAre(answers []Result, s Status) bool {
	for _, a := range answers {
		if a.Status != s {
			return false
		}
	}
	return true
}

// decided builds the combined answer with status s: Oracle names the members
// that answered s, Record merges their records (first non-empty field wins,
// warning flags are OR-ed so a retraction seen by any member is kept), Err
// joins their causes when s is Unknown.
func decided(answers []Result, s Status) Result {
	out := Result{DOI: answers[0].DOI, Status: s}
	var names []string
	var errs []error
	for _, a := range answers {
		if a.Status != s {
			continue
		}
		names = append(names, a.Oracle)
		switch s {
		case Found:
			out.Record = mergeRecord(out.Record, a.Record)
		case Unknown:
			errs = append(errs, a.Err)
		}
	}
	out.Oracle = strings.Join(names, "+")
	if s == Unknown {
		out.Err = errors.Join(errs...)
		if out.Err == nil {
			out.Err = fmt.Errorf("%s: no cause given: %w", out.Oracle, ErrUnavailable)
		}
	}
	return out
}

// mergeRecord is into.Merge(r) for records that may be nil.
func mergeRecord(into, r *Record) *Record {
	switch {
	case r == nil:
		return into
	case into == nil:
		c := *r
		return &c
	}
	m := into.Merge(*r)
	return &m
}
