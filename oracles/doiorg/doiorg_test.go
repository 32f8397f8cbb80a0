package doiorg_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/doiorg"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "doiorg", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fakeHandles speaks GET /api/handles/{doi} like doi.org: known DOIs get the
// recorded found body (for the recorded DOIs) or one of its shape; others the
// recorded 404 {"responseCode":100,...} shape echoing the asked handle.
func fakeHandles(t *testing.T, known []oracles.Record) http.Handler {
	recorded := map[string][]byte{
		"10.1016/j.cedpsych.2020.101860": fixture(t, "handle_found_10.1016_j.cedpsych.2020.101860.json"),
		"10.1109/cvpr.2016.90":           fixture(t, "handle_found_10.1109_CVPR.2016.90.json"),
	}
	var notFound map[string]any
	if err := json.Unmarshal(fixture(t, "handle_not_found.json"), &notFound); err != nil {
		t.Fatal(err)
	}
	set := map[string]string{}
	for _, r := range known {
		d, _ := doi.Normalize(r.DOI)
		set[d] = r.DOI
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handle, ok := strings.CutPrefix(r.URL.Path, "/api/handles/")
		w.Header().Set("Content-Type", "application/json;charset=UTF-8")
		key, err := doi.Normalize(handle)
		orig, known := set[key]
		if !ok || err != nil || !known {
			body := map[string]any{"responseCode": notFound["responseCode"], "handle": handle}
			w.WriteHeader(http.StatusNotFound)
			_ = json.NewEncoder(w).Encode(body)
			return
		}
		if b, ok := recorded[key]; ok {
			_, _ = w.Write(b)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"responseCode": 1, "handle": orig, "values": []any{
			map[string]any{"index": 1, "type": "URL", "data": map[string]any{"format": "string", "value": "https://example.org/" + orig}},
		}})
	})
}

func newClient(t *testing.T, base string) *doiorg.Client {
	return doiorg.New(doiorg.Options{BaseURL: base, HTTPOptions: oracletest.FastOptions(doiorg.Name), Logger: zaptest.NewLogger(t)})
}

func TestConformance(t *testing.T) {
	oracletest.Run(t, oracletest.Harness{
		New:     func(t *testing.T, baseURL string) oracles.Oracle { return newClient(t, baseURL) },
		Handler: fakeHandles,
		Known: []oracles.Record{
			{DOI: "10.1016/j.cedpsych.2020.101860"},
			{DOI: "10.1109/CVPR.2016.90"},
			{DOI: "10.5281/zenodo.3509134"},
			{DOI: "10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4"},
		},
	})
}

func lookupOne(t *testing.T, o oracles.Oracle, id string) oracles.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	key, _ := doi.Normalize(id)
	return o.Lookup(ctx, []string{id})[key]
}

// TestAnswers: only the handle API's own codes with their own HTTP status
// are verdicts; anything else is Unknown.
func TestAnswers(t *testing.T) {
	const doi = "10.1001/jama.2015.1534"
	tests := []struct {
		name   string
		status int
		body   string
		want   oracles.Status
	}{
		{"recorded not found", 404, string(fixture(t, "handle_not_found.json")), oracles.NotFound},
		{"not found without handle", 404, `{"responseCode":100}`, oracles.NotFound},
		{"found", 200, `{"responseCode":1,"handle":"10.1001/JAMA.2015.1534","values":[]}`, oracles.Found},
		{"values not found: handle exists", 200, `{"responseCode":200,"handle":"10.1001/jama.2015.1534"}`, oracles.Found},
		{"found for another handle", 200, `{"responseCode":1,"handle":"10.1001/jama.2015.9999"}`, oracles.Unknown},
		{"found without handle", 200, `{"responseCode":1}`, oracles.Unknown},
		{"error code", 200, `{"responseCode":2,"message":"Error"}`, oracles.Unknown},
		{"100 with 200 status", 200, `{"responseCode":100}`, oracles.Unknown},
		{"1 with 404 status", 404, `{"responseCode":1,"handle":"10.1001/jama.2015.1534"}`, oracles.Unknown},
		{"no code", 200, `{"handle":"10.1001/jama.2015.1534"}`, oracles.Unknown},
		{"html 404", 404, `<html><body>Not Found</body></html>`, oracles.Unknown},
		{"400 bad handle", 400, `{"responseCode":301}`, oracles.Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tt.status)
				_, _ = w.Write([]byte(tt.body))
			}))
			defer srv.Close()
			r := lookupOne(t, newClient(t, srv.URL), doi)
			if r.Status != tt.want {
				t.Fatalf("got %v (%v), want %v", r.Status, r.Err, tt.want)
			}
			switch tt.want {
			case oracles.Found:
				if r.Record == nil || r.Record.DOI != doi || r.Record.Title != "" {
					t.Errorf("record = %+v, want DOI only", r.Record)
				}
			case oracles.Unknown:
				if !errors.Is(r.Err, oracles.ErrUnavailable) {
					t.Errorf("err %v does not wrap ErrUnavailable", r.Err)
				}
			}
		})
	}
}

func TestRequestPath(t *testing.T) {
	tests := []struct {
		give     string
		wantPath string
	}{
		{"10.1016/j.cedpsych.2020.101860", "/api/handles/10.1016/j.cedpsych.2020.101860"},
		{"10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-#", "/api/handles/10.1002/(sici)1097-4636(199812)43:4<448::aid-jbm14>3.0.co;2-#"},
		{"10.1000/a/b/c", "/api/handles/10.1000/a/b/c"},
	}
	for _, tt := range tests {
		var gotPath, gotRaw, gotType string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			gotPath, gotRaw, gotType = r.URL.Path, r.URL.EscapedPath(), r.URL.Query().Get("type")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"responseCode":100}`))
		}))
		r := lookupOne(t, newClient(t, srv.URL), tt.give)
		srv.Close()
		if r.Status != oracles.NotFound {
			t.Errorf("%s: got %v (%v)", tt.give, r.Status, r.Err)
		}
		if gotPath != tt.wantPath || gotType != "URL" {
			t.Errorf("%s: path %q type %q, want %q type URL", tt.give, gotPath, gotType, tt.wantPath)
		}
		if strings.Contains(gotRaw, "%2F") || strings.ContainsAny(gotRaw, "<>#;") {
			t.Errorf("%s: escaped path %q: slashes must stay, specials must be escaped", tt.give, gotRaw)
		}
	}
}

func TestPlugin(t *testing.T) {
	srv := httptest.NewServer(fakeHandles(t, []oracles.Record{{DOI: "10.1109/CVPR.2016.90"}}))
	defer srv.Close()
	reg := oracles.NewRegistry()
	if err := reg.Register(doiorg.Name, doiorg.Plugin()); err != nil {
		t.Fatal(err)
	}
	sec, err := oracles.ParseSection(doiorg.Name, []byte("base_url: "+srv.URL+"\nmax_attempts: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	o, err := reg.New(doiorg.Name, sec, oracles.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if r := lookupOne(t, o, "10.1109/cvpr.2016.90"); r.Status != oracles.Found {
		t.Errorf("got %v (%v)", r.Status, r.Err)
	}
}
