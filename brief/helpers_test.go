package brief_test

import (
	"context"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/pipeline"
)

// ledger has three real-looking sources; S3 is retracted.
func ledger() contract.Ledger {
	l := contract.Ledger{Entries: []contract.Entry{
		{ID: "S1", DOI: "10.1002/hpja.70052", Title: "Bowel cancer screening in Tasmania", Abstract: "Bowel cancer screening rates are lower in rural areas. Co-design improved awareness."},
		{ID: "S2", DOI: "10.1097/cm9.0000000000003667", Title: "Breast cancer in older women", Abstract: "The burden of breast cancer for older adults has been rising."},
		{ID: "S3", DOI: "10.3928/02793695-20260701-01", Title: "Retracted editorial", Abstract: "Nurses improved outcomes.", Retracted: true},
	}}
	for i := range l.Entries {
		l.Entries[i].Seal()
	}
	return l
}

// oracleOf confirms every DOI of ledger().
type oracleOf struct{}

func (oracleOf) Name() string { return "fake" }
func (oracleOf) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	out := map[string]oracles.Result{}
	for _, d := range dois {
		if e, ok := ledger().ByDOI(d); ok {
			out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: "fake", Record: &oracles.Record{DOI: e.DOI, Title: e.Title, Retracted: e.Retracted}}
		} else {
			out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: "fake"}
		}
	}
	return out
}

func draft(doi, quote string) contract.Draft {
	return contract.Draft{Title: "Brief", Sections: []contract.Section{{Heading: "Findings", Claims: []contract.Claim{
		{ID: "c1", Text: "Breast cancer burden in older adults is rising.", Citations: []contract.Citation{{DOI: "10.1097/cm9.0000000000003667", Quote: "burden of breast cancer for older adults has been rising"}}},
		{ID: "c2", Text: "Rural screening is lower.", Citations: []contract.Citation{{DOI: doi, Quote: quote}}},
	}}}}
}

var (
	good        = draft("10.1002/hpja.70052", "screening rates are lower in rural areas")
	fabricated  = draft("10.1038/fake.2024.001", "screening rates are lower in rural areas")
	fabricated2 = draft("10.1038/fake.2024.002", "screening rates are lower in rural areas")
	fabricated3 = draft("10.1038/fake.2024.003", "screening rates are lower in rural areas")
)

// collected is a Collector of one ledger.
type collected contract.Ledger

func (c collected) Collect(context.Context, contract.Lead) (contract.Ledger, error) {
	return contract.Ledger(c), nil
}

// drafts is a writer that returns its drafts in turn, repeating the last.
type drafts struct {
	list  []contract.Draft
	calls int
}

func (w *drafts) Write(context.Context, contract.WriteRequest) (contract.WriteResult, error) {
	w.calls++
	return contract.WriteResult{Draft: w.list[min(w.calls, len(w.list))-1], Usage: contract.Usage{Calls: 1, PromptTokens: 100, OutputTokens: 10}}, nil
}

// noObjections is a skeptic that never objects.
type noObjections struct{}

func (noObjections) Review(context.Context, contract.ReviewRequest) (contract.ReviewResult, error) {
	return contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{}}}, nil
}

// run runs the loop over l with a writer returning ds, through a gate over
// oracle, and returns its result.
func run(t *testing.T, l contract.Ledger, oracle oracles.Oracle, ds ...contract.Draft) pipeline.Result {
	t.Helper()
	r := pipeline.Runner{Collector: collected(l), Writer: &drafts{list: ds}, Skeptic: noObjections{}, Gate: gates.New(oracle), MaxIterations: 3}
	res, err := r.Run(context.Background(), contract.Lead{Topic: "t"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// verified is run that must end verified.
func verified(t *testing.T, l contract.Ledger, oracle oracles.Oracle, ds ...contract.Draft) pipeline.Result {
	t.Helper()
	res := run(t, l, oracle, ds...)
	if res.Reason != contract.Verified {
		t.Fatalf("run ended %s (%s); failures %+v", res.Reason, res.Detail, res.Verdict.Failures)
	}
	return res
}

// assemble assembles res in formats into dir.
func assemble(t *testing.T, dir string, res pipeline.Result, formats ...brief.Format) {
	t.Helper()
	files, err := brief.Assemble(formats, res)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := brief.WriteBrief(dir, files); err != nil {
		t.Fatal(err)
	}
}
