package europepmc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// sizedServer serves the 25 recorded cancer records in pages of at most
// limit, records the pageSize and path of every request, and fails with
// 503 from request failFrom on (0: never).
func sizedServer(t *testing.T, limit, failFrom int) (string, func() ([]string, []string)) {
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
	var mu sync.Mutex
	var sizes, paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		sizes = append(sizes, r.FormValue("pageSize"))
		paths = append(paths, r.URL.Path)
		n := len(sizes)
		mu.Unlock()
		if failFrom > 0 && n >= failFrom {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
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
	return srv.URL, func() ([]string, []string) {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), sizes...), append([]string(nil), paths...)
	}
}

// SearchAll asks each page for only the records it still needs.
func TestSearchAllAsksForWhatItStillNeeds(t *testing.T) {
	tests := []struct {
		name      string
		limit     int
		max       int
		wantSizes []string
	}{
		{name: "second page asks for the rest", limit: 10, max: 15, wantSizes: []string{"15", "5"}},
		{name: "three pages", limit: 10, max: 25, wantSizes: []string{"25", "15", "5"}},
		{name: "capped at the API's page size", limit: 1000, max: 5000, wantSizes: []string{"1000"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, requests := sizedServer(t, tt.limit, 0)
			if _, err := newClient(t, url, 25).SearchAll(context.Background(), "cancer", tt.max); err != nil {
				t.Fatal(err)
			}
			sizes, _ := requests()
			if d := cmp.Diff(tt.wantSizes, sizes); d != "" {
				t.Errorf("pageSize asked (-want +got):\n%s", d)
			}
		})
	}
}

func TestSearchAllErrorSaysWhichPage(t *testing.T) {
	url, _ := sizedServer(t, 10, 2)
	o := europepmc.New(europepmc.Options{BaseURL: url, HTTPOptions: oracletest.FastOptions(europepmc.Name)})
	_, err := o.SearchAll(context.Background(), "cancer", 25)
	if err == nil || !strings.Contains(err.Error(), "(page 2, 10 records so far)") {
		t.Errorf("error = %v, want it to name page 2 after 10 records", err)
	}
}

// A query longer than PostOver goes by POST; one exactly PostOver long
// still goes by GET.
func TestSearchPostOverBoundary(t *testing.T) {
	tests := []struct {
		postOver int
		want     string
	}{
		{postOver: len("cancer"), want: "/search"},
		{postOver: len("cancer") - 1, want: "/searchPOST"},
	}
	for _, tt := range tests {
		url, requests := sizedServer(t, 1000, 0)
		o := europepmc.New(europepmc.Options{BaseURL: url, PostOver: tt.postOver, HTTPOptions: oracletest.FastOptions(europepmc.Name)})
		if _, err := o.SearchPage(context.Background(), "cancer", 5, ""); err != nil {
			t.Fatal(err)
		}
		if _, paths := requests(); len(paths) != 1 || paths[0] != tt.want {
			t.Errorf("PostOver %d: paths %v, want [%s]", tt.postOver, paths, tt.want)
		}
	}
}

// A batch size above half the API's page size is cut to it: 600 DOIs take
// two queries of at most 500.
func TestBatchSizeIsCappedAtHalfAPage(t *testing.T) {
	url, n := replay(t, 200, []byte(`{"hitCount":0,"resultList":{"result":[]}}`))
	o := newClient(t, url, 600)
	dois := make([]string, 600)
	for i := range dois {
		dois[i] = fmt.Sprintf("10.1234/cap.%d", i)
	}
	got := o.Lookup(context.Background(), dois)
	if r := got[dois[599]]; r.Status != oracles.NotFound {
		t.Fatalf("got %s (err %v), want not found", r.Status, r.Err)
	}
	if n.Load() != 2 {
		t.Errorf("requests = %d, want 2 batches of at most 500", n.Load())
	}
}

// Search with no page size asks for the default batch size.
func TestSearchDefaultPageSize(t *testing.T) {
	url, requests := sizedServer(t, 1000, 0)
	if _, err := newClient(t, url, 25).SearchPage(context.Background(), "cancer", 0, ""); err != nil {
		t.Fatal(err)
	}
	if sizes, _ := requests(); len(sizes) != 1 || sizes[0] != strconv.Itoa(europepmc.DefaultBatchSize) {
		t.Errorf("pageSize asked = %v, want [%d]", sizes, europepmc.DefaultBatchSize)
	}
}
