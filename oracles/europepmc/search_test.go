package europepmc_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles"
)

// pagedServer serves the 25 recorded cancer records for any query, in pages
// of at most limit records, like Europe PMC's cursorMark paging.
func pagedServer(t *testing.T, limit int) (string, *[]string) {
	t.Helper()
	var page struct {
		ResultList struct {
			Result []json.RawMessage `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(readFixture(t, "pyEuropePMC__search_cancer_core.json"), &page); err != nil {
		t.Fatal(err)
	}
	records := page.ResultList.Result
	var cursors []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cursors = append(cursors, r.FormValue("cursorMark"))
		size, _ := strconv.Atoi(r.FormValue("pageSize"))
		size = min(size, limit)
		off := 0
		if c, ok := strings.CutPrefix(r.FormValue("cursorMark"), "c"); ok {
			off, _ = strconv.Atoi(c)
		}
		end := min(off+size, len(records))
		writePage(w, r.FormValue("query"), len(records), records[off:end], end < len(records), fmt.Sprintf("c%d", end))
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &cursors
}

func TestSearchAll(t *testing.T) {
	tests := []struct {
		name         string
		limit, max   int
		wantRecords  int
		wantRequests int
	}{
		{"all in one page", 1000, 100, 25, 1},
		{"three pages to the last", 10, 100, 25, 3},
		{"stops at max", 10, 15, 15, 2},
		{"max inside first page", 10, 4, 4, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, cursors := pagedServer(t, tt.limit)
			o := newClient(t, url, 25)
			got, err := o.SearchAll(context.Background(), "cancer", tt.max)
			if err != nil {
				t.Fatalf("SearchAll() error = %v", err)
			}
			if len(got) != tt.wantRecords {
				t.Errorf("records = %d, want %d", len(got), tt.wantRecords)
			}
			if len(*cursors) != tt.wantRequests || (*cursors)[0] != "*" {
				t.Errorf("cursors = %v, want %d requests starting at *", *cursors, tt.wantRequests)
			}
			if len(got) > 0 && got[0].DOI != "10.1016/s0140-6736(24)02600-x" {
				t.Errorf("first record DOI = %q, want the recorded first hit", got[0].DOI)
			}
		})
	}
}

func TestSearch(t *testing.T) {
	url, _ := replay(t, 200, readFixture(t, "bx-scholar-mcp__europepmc_preprint.json"))
	o := newClient(t, url, 25)
	page, err := o.SearchPage(context.Background(), `SRC:PPR AND "urban mobility"`, 1, "")
	if err != nil {
		t.Fatalf("Search() error = %v", err)
	}
	if *page.HitCount != 412 || page.NextCursorMark != "AoIIQIbSpSg1NjI1OTc1NQ==" || len(page.ResultList.Result) != 1 {
		t.Errorf("page = hitCount %d, next %q, %d records; want the recorded page", *page.HitCount, page.NextCursorMark, len(page.ResultList.Result))
	}
	if !page.ResultList.Result[0].Record().Preprint {
		t.Errorf("recorded PPR record is not flagged preprint")
	}
}

func TestSearchErrors(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
	}{
		{"503", 503, ""},
		{"error document", 200, `{"errMsg":"Bad Request"}`},
		{"HTML", 200, "<html><body>maintenance</body></html>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, _ := replay(t, tt.status, []byte(tt.body))
			o := newClient(t, url, 25)
			if _, err := o.SearchPage(context.Background(), "cancer", 10, ""); !errors.Is(err, oracles.ErrUnavailable) {
				t.Errorf("Search() error = %v, want ErrUnavailable", err)
			}
			if got, err := o.SearchAll(context.Background(), "cancer", 10); !errors.Is(err, oracles.ErrUnavailable) || got != nil {
				t.Errorf("SearchAll() = %d records, %v; want none and ErrUnavailable", len(got), err)
			}
		})
	}
	if _, err := newClient(t, "http://127.0.0.1:1", 25).SearchAll(context.Background(), "x", 0); err == nil {
		t.Errorf("SearchAll(max 0) succeeded, want an error")
	}
}
