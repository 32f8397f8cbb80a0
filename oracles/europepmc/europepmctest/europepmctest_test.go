package europepmctest_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

const dir = "../../../testdata/europepmc/"

type page struct {
	HitCount       int                                     `json:"hitCount"`
	NextCursorMark string                                  `json:"nextCursorMark"`
	ResultList     struct{ Result []struct{ DOI string } } `json:"resultList"`
}

func search(t *testing.T, s *europepmctest.Server, post bool, query string) (int, page) {
	t.Helper()
	v := url.Values{"query": {query}, "format": {"json"}, "resultType": {"core"}}
	var resp *http.Response
	var err error
	if post {
		resp, err = http.PostForm(s.URL+"/searchPOST", v)
	} else {
		resp, err = http.Get(s.URL + "/search?" + v.Encode())
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var p page
	if resp.StatusCode == http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
			t.Fatal(err)
		}
	}
	return resp.StatusCode, p
}

func dois(p page) []string {
	var out []string
	for _, r := range p.ResultList.Result {
		out = append(out, r.DOI)
	}
	return out
}

func TestRecords(t *testing.T) {
	if got := europepmctest.Records(t, dir+"pyEuropePMC__search_cancer_core.json"); len(got) != 25 {
		t.Errorf("search answer: %d records, want 25", len(got))
	}
	cassette := europepmctest.Records(t, dir+"europepmc-evidence-mcp__cassette_064a38aa678c39812fa590da_extid_retracted.json")
	if len(cassette) != 1 {
		t.Errorf("cassette: %d records, want 1", len(cassette))
	}
}

func TestServer(t *testing.T) {
	recs := europepmctest.Records(t, dir+"pyEuropePMC__search_cancer_core.json")
	s := europepmctest.NewServer(t, recs...)

	code, p := search(t, s, false, `DOI:"10.1002/HPJA.70059" OR DOI:"10.9999/none"`)
	if code != http.StatusOK || p.HitCount != 1 || p.NextCursorMark != "" || !slices.Equal(dois(p), []string{"10.1002/hpja.70059"}) {
		t.Errorf("GET DOI query: %d %+v", code, p)
	}
	code, p = search(t, s, true, `DOI:"10.1111/ans.70196"`)
	if code != http.StatusOK || p.HitCount != 1 || !slices.Equal(dois(p), []string{"10.1111/ans.70196"}) {
		t.Errorf("POST DOI query: %d %+v", code, p)
	}
	if code, p = search(t, s, false, `"cancer"`); code != http.StatusOK || p.HitCount != len(recs) {
		t.Errorf("search without DOI terms: %d, %d hits; want every record (%d)", code, p.HitCount, len(recs))
	}
	if got, want := s.Asked(), []string{"10.1002/HPJA.70059", "10.9999/none", "10.1111/ans.70196"}; !slices.Equal(got, want) {
		t.Errorf("Asked = %q, want %q", got, want)
	}
	if q := s.Queries(); len(q) != 3 || q[2] != `"cancer"` {
		t.Errorf("Queries = %q", q)
	}

	resp, err := http.Get(s.URL + "/search?query=" + url.QueryEscape(`DOI:"10.1002/hpja.70059"`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("without format=json and resultType=core: %d, want 400", resp.StatusCode)
	}
	resp, err = http.Get(s.URL + "/other")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("other path: %d, want 404", resp.StatusCode)
	}

	s.SetStatus(http.StatusServiceUnavailable)
	if code, _ := search(t, s, false, `DOI:"10.1002/hpja.70059"`); code != http.StatusServiceUnavailable {
		t.Errorf("after SetStatus(503): %d", code)
	}
	s.SetStatus(0)
	if code, p := search(t, s, false, `DOI:"10.1002/hpja.70059"`); code != http.StatusOK || p.HitCount != 1 {
		t.Errorf("after SetStatus(0): %d %+v", code, p)
	}
	if got := s.Requests(); got != 7 {
		t.Errorf("Requests = %d, want 7", got)
	}
}
