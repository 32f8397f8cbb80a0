package crossref_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// interaction is one recorded request and answer from a VCR cassette.
type interaction struct {
	URI    string
	Status int
	Header http.Header
	Body   string
}

// loadCassette reads a VCR cassette in either the Python vcrpy layout
// (interactions, status.code, headers as lists) or the R vcr layout
// (http_interactions, status.status_code, headers as strings).
func loadCassette(t *testing.T, name string) []interaction {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "crossref", name))
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Interactions     []rawInteraction `yaml:"interactions"`
		HTTPInteractions []rawInteraction `yaml:"http_interactions"`
	}
	if err := yaml.Unmarshal(b, &raw); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []interaction
	for _, r := range append(raw.Interactions, raw.HTTPInteractions...) {
		code := r.Response.Status.Code
		if code == 0 {
			code, _ = strconv.Atoi(r.Response.Status.StatusCode)
		}
		h := http.Header{}
		for k, v := range r.Response.Headers {
			switch v := v.(type) {
			case string:
				h.Add(k, v)
			case []any:
				for _, s := range v {
					h.Add(k, fmt.Sprint(s))
				}
			}
		}
		out = append(out, interaction{URI: r.Request.URI, Status: code, Header: h, Body: r.Response.Body.String})
	}
	if len(out) == 0 {
		t.Fatalf("%s: no interactions", name)
	}
	return out
}

type rawInteraction struct {
	Request struct {
		URI string `yaml:"uri"`
	} `yaml:"request"`
	Response struct {
		Status struct {
			Code       int    `yaml:"code"`
			StatusCode string `yaml:"status_code"`
		} `yaml:"status"`
		Headers map[string]any `yaml:"headers"`
		Body    struct {
			String string `yaml:"string"`
		} `yaml:"body"`
	} `yaml:"response"`
}

const (
	habaneroCassette = "habanero__crossref_works_404_test_works_bad_id_warn.yaml"
	rcrossref        = "rcrossref__crossref_works_404_and_200_cr_works__warns_well.yml"
	ploneFixture     = "habanero__work_10.1371_journal.pone.0033693.json"
)

// recordedWorks returns the real 200 bodies by normalised DOI.
func recordedWorks(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, it := range loadCassette(t, rcrossref) {
		if it.Status == http.StatusOK {
			out["10.1038/nnano.2014.279"] = []byte(it.Body)
		}
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "crossref", ploneFixture))
	if err != nil {
		t.Fatal(err)
	}
	out["10.1371/journal.pone.0033693"] = b
	if len(out) != 2 {
		t.Fatalf("recorded works: got %d, want 2", len(out))
	}
	return out
}

// recordedNotFound is the real 404 answer of the public pool.
func recordedNotFound(t *testing.T) interaction {
	t.Helper()
	it := loadCassette(t, habaneroCassette)[0]
	if it.Status != http.StatusNotFound {
		t.Fatalf("habanero cassette: status %d, want 404", it.Status)
	}
	return it
}

// fakeCrossref speaks GET /works/{doi} like api.crossref.org: known DOIs
// get their recorded body (or, for a record without one, a body of the
// same shape built from it); others get the recorded 404 with its headers.
func fakeCrossref(t *testing.T, known []oracles.Record) http.Handler {
	bodies := recordedWorks(t)
	notFound := recordedNotFound(t)
	byDOI := map[string]oracles.Record{}
	for _, r := range known {
		d, _ := doi.Normalize(r.DOI)
		byDOI[d] = r
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.Path == "/works" {
			serveFilter(w, r, bodies, byDOI)
			return
		}
		id, ok := strings.CutPrefix(r.URL.Path, "/works/")
		if r.Method != http.MethodGet || !ok {
			http.Error(w, "Resource not found.", http.StatusNotFound)
			return
		}
		w.Header().Set("x-rate-limit-limit", "50")
		w.Header().Set("x-rate-limit-interval", "1s")
		key, err := doi.Normalize(id)
		rec, known := byDOI[key]
		if err != nil || !known {
			for k, v := range notFound.Header {
				if !strings.EqualFold(k, "transfer-encoding") && !strings.EqualFold(k, "x-rate-limit-limit") {
					w.Header()[http.CanonicalHeaderKey(k)] = v
				}
			}
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(notFound.Body))
			return
		}
		body, ok := bodies[key]
		if !ok {
			body = synthWork(rec)
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})
}

// synthWork builds a /works answer of the recorded shape for rec.
func synthWork(rec oracles.Record) []byte {
	var authors []map[string]any
	for _, a := range rec.Authors {
		given, family, _ := strings.Cut(a, " ")
		authors = append(authors, map[string]any{"given": given, "family": family, "affiliation": []any{}})
	}
	b, _ := json.Marshal(map[string]any{
		"status": "ok", "message-type": "work", "message-version": "1.0.0",
		"message": map[string]any{
			"DOI": rec.DOI, "title": []string{rec.Title}, "author": authors,
			"container-title": []string{rec.Journal}, "type": "journal-article", "source": "Crossref",
			"issued": map[string]any{"date-parts": [][]int{{rec.Year}}},
		},
	})
	return b
}

// serveFilter answers GET /works?filter=doi:A,doi:B&rows=N as Crossref
// does: a work-list of the known works among the asked DOIs, each item the
// message of its recorded (or synthesised) single-work body.
func serveFilter(w http.ResponseWriter, r *http.Request, bodies map[string][]byte, byDOI map[string]oracles.Record) {
	rows, err := strconv.Atoi(r.URL.Query().Get("rows"))
	if err != nil || rows < 1 {
		http.Error(w, "bad rows", http.StatusBadRequest)
		return
	}
	items := []json.RawMessage{}
	for _, f := range strings.Split(r.URL.Query().Get("filter"), ",") {
		id, ok := strings.CutPrefix(f, "doi:")
		if !ok {
			http.Error(w, "bad filter "+f, http.StatusBadRequest)
			return
		}
		key, err := doi.Normalize(id)
		rec, known := byDOI[key]
		if err != nil || !known {
			continue
		}
		body, ok := bodies[key]
		if !ok {
			body = synthWork(rec)
		}
		var one struct {
			Message json.RawMessage `json:"message"`
		}
		if err := json.Unmarshal(body, &one); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		items = append(items, one.Message)
	}
	total := len(items)
	b, _ := json.Marshal(map[string]any{
		"status": "ok", "message-type": "work-list", "message-version": "1.0.0",
		"message": map[string]any{"total-results": total, "items": items[:min(rows, total)], "items-per-page": rows},
	})
	w.Header().Set("x-rate-limit-limit", "50")
	w.Header().Set("x-rate-limit-interval", "1s")
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
}
