package crossref_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestSearcher: a bibliographic query sends the title in
// query.bibliographic and the family name in query.author, at most max
// rows, and the works come back as hits; any other query is refused
// before a request.
func TestSearcher(t *testing.T) {
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		asked = append(asked, r.URL.Path+"|"+q.Get("query.bibliographic")+"|"+q.Get("query.author")+"|"+q.Get("rows")+"|"+q.Get("mailto"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok","message":{"items":[{"DOI":"10.5555/Magnon.1","title":["Charges ride the spin wave"],"type":"journal-article","issued":{"date-parts":[[2020]]}}]}}`))
	}))
	t.Cleanup(srv.Close)
	var s oracles.Searcher = newClient(t, srv.URL, "ops@example.org")
	res, err := s.Search(context.Background(), oracles.Query{Title: "Charges ride the Spin wave", Author: "Muller"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"/works|Charges ride the Spin wave|Muller|5|ops@example.org"}, asked); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	if res.Query != "query.author=Muller&query.bibliographic=Charges+ride+the+Spin+wave" || len(res.Hits) != 1 || res.Hits[0].Record.DOI != "10.5555/magnon.1" || res.Hits[0].Record.Year != 2020 {
		t.Errorf("result %+v", res)
	}
	for _, q := range []oracles.Query{{}, {Author: "Muller"}, {Title: "x", Terms: []string{"y"}}, {Raw: "TITLE:x"}, {Title: "x", ORCID: "0000-0002-1825-0097"}} {
		if _, err := s.Search(context.Background(), q, 5); !errors.Is(err, oracles.ErrQuery) {
			t.Errorf("Search(%+v) = %v, want a QueryError", q, err)
		}
	}
	if len(asked) != 1 {
		t.Errorf("%d requests, want the one bibliographic search", len(asked))
	}
}

// The client keeps the Searcher contract against a fake /works.
func TestSearcherContract(t *testing.T) {
	oracletest.RunSearcherContract(t, oracletest.SearcherHarness{
		New: func(t *testing.T) oracles.Searcher {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(`{"status":"ok","message":{"items":[{"DOI":"10.5555/a","title":["Spin waves"]},{"DOI":"10.5555/b","title":["Spin waves again"]}]}}`))
			}))
			t.Cleanup(srv.Close)
			return newClient(t, srv.URL, "")
		},
		Query: oracles.Query{Title: "Spin waves", Author: "Muller"},
	})
}
