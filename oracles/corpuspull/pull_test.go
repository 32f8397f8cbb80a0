package corpuspull_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles/corpuspull"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

// pages answers a query with two pages of two records each (cursor "*"
// then "p2"), record ids from the query's first letter, one record ("b1")
// shared by queries a and b.
func pages(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.URL.Path != "/search" || q.Get("resultType") != "core" || q.Get("format") != "json" {
			http.Error(w, "want core json", http.StatusBadRequest)
			return
		}
		if q.Get("query") == "broken" {
			fmt.Fprint(w, `{"version":"6.9"}`)
			return
		}
		p := q.Get("query")[:1]
		ids, next := []string{p + "1", p + "2"}, "p2"
		if q.Get("cursorMark") == "p2" {
			ids, next = []string{p + "3", p + "4"}, "p2"
		}
		if p == "a" && q.Get("cursorMark") == "*" {
			ids[1] = "b1"
		}
		var recs []string
		for _, id := range ids {
			recs = append(recs, fmt.Sprintf(`{"id":%q,"source":"MED","doi":"10.1/%s","title":"T %s","abstractText":"A.","keywordList":{"keyword":["kw"]}}`, id, id, id))
		}
		fmt.Fprintf(w, `{"version":"6.9","hitCount":40,"nextCursorMark":%q,"resultList":{"result":[%s]}}`, next, strings.Join(recs, ","))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestPullMergesPagesAndSearches(t *testing.T) {
	srv := pages(t)
	now := func() time.Time { return time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) }
	data, got, err := corpuspull.Pull(context.Background(), corpuspull.Options{BaseURL: srv.URL, Max: 3, Now: now},
		[]corpuspull.Search{{Label: "a", Query: "a"}, {Label: "b", Query: "b"}})
	if err != nil {
		t.Fatal(err)
	}
	want := corpuspull.Pulled{Records: 5, Searches: []corpuspull.Counted{
		{Search: corpuspull.Search{Label: "a", Query: "a"}, HitCount: 40, Kept: 3},
		{Search: corpuspull.Search{Label: "b", Query: "b"}, HitCount: 40, Kept: 2},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pulled (-want +got):\n%s", diff)
	}
	var doc struct {
		ResultList struct {
			Result []struct {
				ID          string `json:"id"`
				KeywordList any    `json:"keywordList"`
			} `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range doc.ResultList.Result {
		ids = append(ids, r.ID)
		if r.KeywordList == nil {
			t.Errorf("record %s lost its keywordList", r.ID)
		}
	}
	if diff := cmp.Diff([]string{"a1", "b1", "a3", "b2", "b3"}, ids); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
	c, err := snapshot.Load(data)
	if err != nil || c.Len() != 5 {
		t.Fatalf("the corpus does not load: %v (%d records)", err, c.Len())
	}
}

func TestPullFailsOnAnswersThatAreNotSearches(t *testing.T) {
	srv := pages(t)
	for _, tt := range []struct {
		name string
		base string
		q    []corpuspull.Search
	}{
		{"no search", srv.URL, nil},
		{"no hitCount", srv.URL, []corpuspull.Search{{Label: "x", Query: "broken"}}},
		{"404", srv.URL + "/nothing", []corpuspull.Search{{Label: "x", Query: "a"}}},
	} {
		if _, _, err := corpuspull.Pull(context.Background(), corpuspull.Options{BaseURL: tt.base}, tt.q); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
