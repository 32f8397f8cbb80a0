package engine_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
)

// openAlex is a Go user's own oracle that can also search, as an OpenAlex
// client would: here a map of works. Lookup makes it an oracle; Search,
// the optional oracles.Searcher capability, lets check look an entry
// without a DOI up by title and lets collection gather a lead's sources.
// It owns its query syntax: here, matching words.
type openAlex struct {
	works []oracles.Record
}

var (
	_ oracles.Oracle   = openAlex{}
	_ oracles.Searcher = openAlex{}
)

func (openAlex) Name() string { return "openalex" }

func (o openAlex) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(o.Name(), dois)
	for _, d := range valid {
		out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: o.Name()}
		for _, w := range o.works {
			if w.DOI == d {
				out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: o.Name(), Record: &w}
			}
		}
	}
	return out
}

// Search answers a title search (every word of the title) and a lead's
// topic (every term, or any with q.Any); it refuses what it cannot run.
func (o openAlex) Search(ctx context.Context, q oracles.Query, max int) (oracles.SearchResult, error) {
	if q.Raw != "" || q.ORCID != "" || (q.Title == "" && len(q.Terms) == 0) {
		return oracles.SearchResult{}, &oracles.QueryError{Reason: "openalex: searches a title or a topic"}
	}
	want := words(q.Title)
	for _, t := range q.Terms {
		want = append(want, words(t)...)
	}
	res := oracles.SearchResult{Query: "search=" + strings.Join(want, "+")}
	for _, w := range o.works {
		have := words(w.Title + " " + w.Abstract)
		hits := 0
		for _, x := range want {
			if slices.Contains(have, x) {
				hits++
			}
		}
		if len(res.Hits) < max && hits > 0 && (hits == len(want) || q.Any) {
			res.Hits = append(res.Hits, oracles.Hit{Record: w})
		}
	}
	return res, nil
}

// words are the lower-cased letters-and-digits runs of s.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// A program registers its own searching oracle with one registry line and
// names it in oracles.use and collect.search: check's title search for an entry without a
// DOI asks it, as it asks Europe PMC and Crossref, and collection gathers
// a lead's sources through the same Searcher value.
func Example_ownSearcher() {
	alex := openAlex{works: []oracles.Record{
		{DOI: "10.5555/magnon.1", Title: "Charges ride the spin wave: magnon drag in thin films", Year: 2020, Authors: []string{"Hans Müller"},
			Abstract: "Magnon drag moves charge in thin films."},
		{DOI: "10.5555/folding.1", Title: "Deep learning for protein folding", Year: 2019, Authors: []string{"Ada Okafor"},
			Abstract: "A network predicts structures."},
	}}
	reg := oracles.NewRegistry()
	// The one line.
	if err := reg.Register("openalex", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return alex, nil })); err != nil {
		panic(err)
	}
	cfg := configs.Default()
	cfg.Oracles.Use = []string{"openalex"}
	cfg.Collect.Search = "openalex"
	e, err := engine.New(cfg, engine.Deps{Registry: reg, Now: fixedNow})
	if err != nil {
		panic(err)
	}

	// check: an entry without a DOI is searched by title in openalex.
	checker, err := e.Checker(engine.CheckOptions{})
	if err != nil {
		panic(err)
	}
	rep := checker.Check(context.Background(), []check.Document{{Name: "refs.bib",
		Text: "@article{mueller2020,\n  title = {Charges ride the spin wave},\n  author = {Müller, Hans},\n  year = {2020}\n}\n"}})
	for _, r := range rep.DOIs {
		fmt.Println(r.Entry.Label, r.Verdict, "by", r.Oracle+":", r.Error)
	}

	// collection: collect.search names it, and it gathers a lead's sources.
	ledger, err := e.Collect(context.Background(), engine.BriefOptions{}, contract.Lead{Topic: "magnon drag"})
	if err != nil {
		panic(err)
	}
	fmt.Println(ledger.Notes[0])
	for _, s := range ledger.Entries {
		fmt.Println(s.ID, s.DOI, s.Origin)
	}
	// Output:
	// mueller2020 no_doi by openalex: no DOI; found 10.5555/magnon.1
	// openalex: 1 record(s) for search=magnon+drag
	// S1 10.5555/magnon.1 openalex
}
