package datacite_test

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

	"github.com/google/go-cmp/cmp"
	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/datacite"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "datacite", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fakeDataCite speaks GET /dois/{doi} like api.datacite.org: the recorded
// document for the recorded DOI, a document of the same shape for other
// known records, and the recorded 404 errors document for the rest.
func fakeDataCite(t *testing.T, known []oracles.Record) http.Handler {
	recorded := map[string][]byte{"10.5281/zenodo.3763274": fixture(t, "dois_10.5281_zenodo.3763274.json")}
	notFound := fixture(t, "dois_not_found.json")
	set := map[string]oracles.Record{}
	for _, r := range known {
		d, _ := doi.Normalize(r.DOI)
		set[d] = r
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok := strings.CutPrefix(r.URL.Path, "/dois/")
		key, err := doi.Normalize(id)
		rec, known := set[key]
		w.Header().Set("Content-Type", "application/vnd.api+json; charset=utf-8")
		if !ok || err != nil || !known {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write(notFound)
			return
		}
		if b, ok := recorded[key]; ok {
			_, _ = w.Write(b)
			return
		}
		var creators []map[string]any
		for _, a := range rec.Authors {
			creators = append(creators, map[string]any{"name": a, "nameType": "Personal"})
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{
			"id": key, "type": "dois", "attributes": map[string]any{
				"doi": key, "titles": []any{map[string]any{"title": rec.Title}}, "creators": creators,
				"publisher": rec.Journal, "publicationYear": rec.Year,
				"types": map[string]any{"resourceTypeGeneral": "Text"}, "state": "findable",
			},
		}})
	})
}

func newClient(t *testing.T, base string) *datacite.Client {
	return datacite.New(datacite.Options{BaseURL: base, HTTPOptions: oracletest.FastOptions(datacite.Name), Logger: zaptest.NewLogger(t)})
}

func TestConformance(t *testing.T) {
	oracletest.Run(t, oracletest.Harness{
		New:     func(t *testing.T, baseURL string) oracles.Oracle { return newClient(t, baseURL) },
		Handler: fakeDataCite,
		Known: []oracles.Record{
			{DOI: "10.5281/zenodo.3763274"},
			{DOI: "10.48550/arXiv.1706.03762", Title: "Attention Is All You Need", Authors: []string{"Ashish Vaswani"}, Journal: "arXiv", Year: 2017},
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

func TestRecordedDocument(t *testing.T) {
	srv := httptest.NewServer(fakeDataCite(t, []oracles.Record{{DOI: "10.5281/zenodo.3763274"}}))
	defer srv.Close()
	r := lookupOne(t, newClient(t, srv.URL), "https://doi.org/10.5281/ZENODO.3763274")
	if r.Status != oracles.Found {
		t.Fatalf("got %v (%v)", r.Status, r.Err)
	}
	want := oracles.Record{
		DOI: "10.5281/zenodo.3763274", Title: "Linked COVID-19 Data: Robert Koch-Institut (RKI)",
		Authors: []string{"Florian Thiery"}, Journal: "Zenodo", Year: 2020,
		PubTypes: []string{"Dataset"}, Source: "DataCite",
	}
	if diff := cmp.Diff(want, *r.Record); diff != "" {
		t.Errorf("record (-want +got):\n%s", diff)
	}
}

func TestAnswers(t *testing.T) {
	const doi = "10.5281/zenodo.1"
	tests := []struct {
		name   string
		status int
		body   string
		want   oracles.Status
	}{
		{"recorded 404", 404, string(fixture(t, "dois_not_found.json")), oracles.NotFound},
		{"found, year as string, publisher object, preprint", 200,
			`{"data":{"id":"10.5281/zenodo.1","type":"dois","attributes":{"doi":"10.5281/ZENODO.1","publicationYear":"2019","publisher":{"name":"Zenodo"},"types":{"resourceTypeGeneral":"Preprint"}}}}`, oracles.Found},
		{"another DOI", 200, `{"data":{"id":"10.5281/zenodo.2","type":"dois","attributes":{"doi":"10.5281/zenodo.2"}}}`, oracles.Unknown},
		{"no data", 200, `{"errors":[]}`, oracles.Unknown},
		{"wrong type", 200, `{"data":{"id":"10.5281/zenodo.1","type":"clients","attributes":{}}}`, oracles.Unknown},
		{"html 404", 404, `<html>nginx</html>`, oracles.Unknown},
		{"404 other error", 404, `{"errors":[{"status":"400","title":"bad"}]}`, oracles.Unknown},
		{"403", 403, `{"errors":[{"status":"403"}]}`, oracles.Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/vnd.api+json")
				w.WriteHeader(tt.status)
				_, _ = w.Write([]byte(tt.body))
			}))
			defer srv.Close()
			r := lookupOne(t, newClient(t, srv.URL), doi)
			if r.Status != tt.want {
				t.Fatalf("got %v (%v), want %v", r.Status, r.Err, tt.want)
			}
			if r.Status == oracles.Unknown && !errors.Is(r.Err, oracles.ErrUnavailable) {
				t.Errorf("err %v does not wrap ErrUnavailable", r.Err)
			}
			if r.Status == oracles.Found && (r.Record.Year != 2019 || r.Record.Journal != "Zenodo" || !r.Record.Preprint) {
				t.Errorf("record = %+v", r.Record)
			}
		})
	}
}

func TestRequestPath(t *testing.T) {
	var gotPath, gotRaw string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotPath, gotRaw = r.URL.Path, r.URL.EscapedPath()
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write(fixture(t, "dois_not_found.json"))
	}))
	defer srv.Close()
	const sici = "10.1002/(sici)1097-4636(199812)43:4<448::aid-jbm14>3.0.co;2-#"
	if r := lookupOne(t, newClient(t, srv.URL), sici); r.Status != oracles.NotFound {
		t.Fatalf("got %v (%v)", r.Status, r.Err)
	}
	if gotPath != "/dois/"+sici || strings.Contains(gotRaw, "%2F") || strings.ContainsAny(gotRaw, "<>#;") {
		t.Errorf("path %q (escaped %q)", gotPath, gotRaw)
	}
}

func TestPlugin(t *testing.T) {
	srv := httptest.NewServer(fakeDataCite(t, []oracles.Record{{DOI: "10.5281/zenodo.3763274"}}))
	defer srv.Close()
	reg := oracles.NewRegistry()
	if err := reg.Register(datacite.Name, datacite.Plugin()); err != nil {
		t.Fatal(err)
	}
	sec, err := oracles.ParseSection(datacite.Name, []byte("base_url: "+srv.URL+"\nmax_attempts: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	o, err := reg.New(datacite.Name, sec, oracles.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if r := lookupOne(t, o, "10.5281/zenodo.3763274"); r.Status != oracles.Found || r.Oracle != datacite.Name {
		t.Errorf("got %+v", r)
	}
}
