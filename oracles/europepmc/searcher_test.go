package europepmc_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestQueryString pins the Europe PMC queries a Query becomes: a lead's
// (collection) and a title's (check's search for an entry without a DOI).
// collect's tests pin the same strings from the leads they come from.
func TestQueryString(t *testing.T) {
	tests := []struct {
		name string
		give oracles.Query
		want string
	}{
		{"title and author", oracles.Query{Title: "Spin waves", Author: "Smith"}, `TITLE:"Spin waves" AND AUTH:"Smith"`},
		{"title alone", oracles.Query{Title: "Spin waves"}, `TITLE:"Spin waves"`},
		{"title and author are quoted", oracles.Query{Title: `a" OR TITLE:"b*`, Author: `x"y`}, `TITLE:"a OR TITLE: b" AND AUTH:"x y"`},
		{"an entry's title as check passes it", oracles.Query{Title: `Spin" OR AUTH:"x* \ waves?`, Author: "Smith"}, `TITLE:"Spin OR AUTH: x waves" AND AUTH:"Smith"`},
		{"a title that cleans to nothing stays a title", oracles.Query{Title: `"?*`, Author: "Smith"}, `TITLE:"" AND AUTH:"Smith"`},
		{"orcid wins over name", oracles.Query{ORCID: "0000-0002-1825-0097", Author: "Carberry J", Affiliation: "Wherever", Since: "2022-01-01", Until: "2024-12-31"},
			`AUTHORID:"0000-0002-1825-0097" AND FIRST_PDATE:[2022-01-01 TO 2024-12-31]`},
		{"name, affiliation, terms", oracles.Query{Author: "Smith AB", Affiliation: "University of Oxford", Terms: []string{"cancer", "screening"}},
			`AUTH:"Smith AB" AND AFF:"University of Oxford" AND ("cancer" AND "screening")`},
		{"any term", oracles.Query{Terms: []string{"cancer", "screening"}, Any: true}, `("cancer" OR "screening")`},
		{"raw is the whole query", oracles.Query{Raw: `TITLE:"x" AND PUB_YEAR:2020`, Author: "ignored"}, `TITLE:"x" AND PUB_YEAR:2020`},
		{"a bad date is left out", oracles.Query{Terms: []string{"x"}, Since: "2020-1-1"}, `"x"`},
		{"open since", oracles.Query{Terms: []string{"CRISPR"}, Until: "2020-06-30"}, `"CRISPR" AND FIRST_PDATE:[1000-01-01 TO 2020-06-30]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := europepmc.QueryString(tt.give); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestSearcher: Search sends QueryString's query in resultType=core, says
// so in the result, and returns hits that link a preprint to its
// published version; an empty query asks nothing.
func TestSearcher(t *testing.T) {
	body := []byte(`{"hitCount":1,"resultList":{"result":[{"id":"PPR1303372","source":"PPR","doi":"10.12688/openreseurope.23222.2",` +
		`"title":"Mapping the adoption of artificial intelligence in urban mobility","authorString":"Cai M.",` +
		`"commentCorrectionList":{"commentCorrection":[{"id":"42732137","source":"MED","type":"Preprint of"},{"id":"1","source":"MED","type":"Erratum in"}]}}]}}`)
	var queries []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		queries = append(queries, r.FormValue("query")+" "+r.FormValue("resultType"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	var s oracles.Searcher = newClient(t, srv.URL, 25)
	res, err := s.Search(context.Background(), oracles.Query{Title: "urban mobility", Author: "Cai"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{`TITLE:"urban mobility" AND AUTH:"Cai" core`}, queries); diff != "" {
		t.Errorf("queries (-want +got):\n%s", diff)
	}
	if res.Query != `TITLE:"urban mobility" AND AUTH:"Cai"` || len(res.Hits) != 1 {
		t.Fatalf("result %+v", res)
	}
	h := res.Hits[0]
	if h.Record.DOI != "10.12688/openreseurope.23222.2" || h.Key() != "PPR:PPR1303372" || !cmp.Equal(h.SameWork, []string{"MED:42732137"}) {
		t.Errorf("hit %+v (key %q), want the preprint with its published version as the same work", h, h.Key())
	}
	_, err = s.Search(context.Background(), oracles.Query{}, 5)
	if !errors.Is(err, oracles.ErrQuery) || len(queries) != 1 {
		t.Errorf("empty query: %v after %d requests, want a QueryError and no request", err, len(queries))
	}
}

func TestReadResponse(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", "europepmc-core.json"))
	if err != nil {
		t.Fatal(err)
	}
	hits, ok, err := europepmc.ReadResponse(body)
	if !ok || err != nil || len(hits) < 25 {
		t.Fatalf("corpus: %d hits, ok %v, %v", len(hits), ok, err)
	}
	if _, ok, _ := europepmc.ReadResponse([]byte(`{"doi": "10.1/x"}`)); ok {
		t.Error("a JSON record read as a search answer")
	}
	if _, ok, err := europepmc.ReadResponse([]byte(`{"resultList": {}}`)); !ok || err == nil {
		t.Errorf("an answer without hitCount: ok %v, %v; want ok and an error", ok, err)
	}
}

// The client keeps the Searcher contract against the fake Europe PMC.
func TestSearcherContract(t *testing.T) {
	records := europepmctest.Records(t, filepath.Join("..", "..", "testdata", "corpus", "europepmc-core.json"))
	oracletest.RunSearcherContract(t, oracletest.SearcherHarness{
		New: func(t *testing.T) oracles.Searcher {
			// Eight searches at once under -race on a loaded machine can
			// take longer than the fault tests' 200 ms per attempt; this
			// test is about concurrency, not time.
			opts := oracletest.FastOptions(europepmc.Name)
			opts.Timeout = 5 * time.Second
			return europepmc.New(europepmc.Options{BaseURL: europepmctest.NewServer(t, records...).URL, BatchSize: 25,
				HTTPOptions: opts, Logger: zaptest.NewLogger(t)})
		},
		Query: oracles.Query{Terms: []string{"cancer"}},
	})
}
