package check_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// downOracle is fake with the DOIs of down answered unknown, as a service
// that failed for them would.
type downOracle struct {
	fake *oracletest.Fake
	down map[string]bool
}

func (o downOracle) Name() string { return o.fake.Name() }

func (o downOracle) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	out := o.fake.Lookup(ctx, dois)
	for d := range out {
		if o.down[d] {
			out[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: o.Name(), Err: errors.New("crossref: 503: " + oracles.ErrUnavailable.Error())}
		}
	}
	return out
}

// byTitle is a searcher's answer: the records listed for the first key the
// query's title contains (case-insensitively), none for other titles.
func byTitle(answers map[string][]oracles.Record) func(oracles.Query) ([]oracles.Record, error) {
	return func(q oracles.Query) ([]oracles.Record, error) {
		for k, recs := range answers {
			if strings.Contains(strings.ToLower(q.Title), strings.ToLower(k)) {
				return recs, nil
			}
		}
		return nil, nil
	}
}

// all answers every query with recs.
func all(recs ...oracles.Record) func(oracles.Query) ([]oracles.Record, error) {
	return func(oracles.Query) ([]oracles.Record, error) { return recs, nil }
}

// one checks one document and returns its only row.
func one(t *testing.T, c *check.Checker, name, text string) (check.Report, check.Row) {
	t.Helper()
	rep := c.Check(context.Background(), []check.Document{{Name: name, Text: text}})
	if len(rep.DOIs) != 1 {
		t.Fatalf("rows %+v, want one", rep.DOIs)
	}
	return rep, rep.DOIs[0]
}

func errorsIsInput(err error) bool { return errors.Is(err, check.ErrInput) }
