package oracletest_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// refOracle is a minimal correct oracle over a one-DOI-per-request JSON
// protocol (GET /works/{doi}: 200 with the record, 404 when absent). The
// suite must pass against it.
type refOracle struct {
	base string
	http *httpx.Client
}

func (o *refOracle) Name() string { return "ref" }

func (o *refOracle) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(o.Name(), dois)
	for _, d := range valid {
		out[d] = o.one(ctx, d)
	}
	return out
}

func (o *refOracle) one(ctx context.Context, id string) oracles.Result {
	unknown := func(err error) oracles.Result {
		return oracles.Result{DOI: id, Oracle: o.Name(), Status: oracles.Unknown, Err: err}
	}
	resp, err := o.http.Get(ctx, o.base+"/works/"+url.PathEscape(id))
	if err != nil {
		return unknown(err)
	}
	if resp.StatusCode == http.StatusNotFound {
		// Only the API's own not-found answer proves absence: a proxy's
		// HTML page or an empty 404 says nothing about the DOI.
		if strings.TrimSpace(string(resp.Body)) != refNotFound {
			return unknown(o.http.Bad(resp, "404 without the API's not-found body"))
		}
		return oracles.Result{DOI: id, Oracle: o.Name(), Status: oracles.NotFound}
	}
	var rec oracles.Record
	if err := o.http.DecodeJSON(resp, &rec); err != nil {
		return unknown(err)
	}
	if !doi.Same(rec.DOI, id) {
		return unknown(o.http.Bad(resp, "answered for another DOI "+rec.DOI))
	}
	rec.DOI = id
	return oracles.Result{DOI: id, Oracle: o.Name(), Status: oracles.Found, Record: &rec}
}

// refNotFound is the whole body of the reference API's 404 for an unknown
// DOI.
const refNotFound = "Resource not found."

func refHandler(_ *testing.T, known []oracles.Record) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked := strings.TrimPrefix(r.URL.Path, "/works/")
		for _, rec := range known {
			if strings.EqualFold(rec.DOI, asked) {
				w.Header().Set("Content-Type", "application/json")
				_ = json.NewEncoder(w).Encode(rec)
				return
			}
		}
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(refNotFound))
	})
}

func TestRunAgainstReferenceOracle(t *testing.T) {
	oracletest.Run(t, oracletest.Harness{
		New: func(t *testing.T, baseURL string) oracles.Oracle {
			opts := oracletest.FastOptions("ref")
			opts.Logger = zaptest.NewLogger(t)
			return &refOracle{base: baseURL, http: httpx.New(opts)}
		},
		Handler: refHandler,
		Known: []oracles.Record{
			{DOI: "10.1016/j.molcel.2019.07.008", Title: "A"},
			{DOI: "10.1158/0008-5472.CAN-09-4563", Title: "B"},
		},
	})
}

func TestProblems(t *testing.T) {
	found := func(doi string) oracles.Result {
		return oracles.Result{DOI: doi, Oracle: "x", Status: oracles.Found, Record: &oracles.Record{DOI: doi}}
	}
	tests := []struct {
		name  string
		asked []string
		give  map[string]oracles.Result
		want  int // number of problems
	}{
		{
			name:  "well formed",
			asked: []string{"10.1234/A", "10.1234/b", "bad"},
			give: map[string]oracles.Result{
				"10.1234/a": found("10.1234/a"),
				"10.1234/b": {DOI: "10.1234/b", Oracle: "x", Status: oracles.NotFound},
				"bad":       {DOI: "bad", Oracle: "x", Err: &doi.Error{Input: "bad"}},
			},
			want: 0,
		},
		{
			name:  "missing answer",
			asked: []string{"10.1234/a", "10.1234/b"},
			give:  map[string]oracles.Result{"10.1234/a": found("10.1234/a")},
			want:  1,
		},
		{
			name:  "found with another DOI's record",
			asked: []string{"10.1234/a"},
			give: map[string]oracles.Result{"10.1234/a": {DOI: "10.1234/a", Oracle: "x", Status: oracles.Found,
				Record: &oracles.Record{DOI: "10.1234/other"}}},
			want: 1,
		},
		{
			name:  "unknown without cause",
			asked: []string{"10.1234/a"},
			give:  map[string]oracles.Result{"10.1234/a": {DOI: "10.1234/a", Oracle: "x"}},
			want:  1,
		},
		{
			name:  "not asked, wrong oracle",
			asked: []string{"10.1234/a"},
			give: map[string]oracles.Result{
				"10.1234/a": {DOI: "10.1234/a", Oracle: "y", Status: oracles.NotFound},
				"10.1234/z": found("10.1234/z"),
			},
			want: 2,
		},
		{
			name:  "invalid DOI answered not found",
			asked: []string{`10.1/x" OR "cancer`},
			give: map[string]oracles.Result{
				`10.1/x" OR "cancer`: {DOI: `10.1/x" OR "cancer`, Oracle: "x", Status: oracles.NotFound},
			},
			want: 1,
		},
		{
			name:  "unknown with the wrong error kind is fine for valid DOIs",
			asked: []string{"10.1234/a"},
			give: map[string]oracles.Result{"10.1234/a": {DOI: "10.1234/a", Oracle: "x",
				Err: errors.New("boom")}},
			want: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := oracletest.Problems("x", tt.asked, tt.give)
			if len(got) != tt.want {
				t.Errorf("Problems() = %q, want %d problems", got, tt.want)
			}
		})
	}
}
