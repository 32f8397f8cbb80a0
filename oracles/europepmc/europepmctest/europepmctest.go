// Package europepmctest provides a fake Europe PMC search server and a loader
// for recorded Europe PMC answers, for use in tests, as net/http/httptest
// does for HTTP servers.
//
// It imports nothing from citeloop, so any test package may use it.
package europepmctest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// Records loads the core records of a recorded response file: a Europe PMC
// search answer, or a recorded cassette whose "body" holds one.
func Records(t testing.TB, path string) []json.RawMessage {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		Body       *string `json:"body"`
		ResultList struct {
			Result []json.RawMessage `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if page.Body != nil {
		if err := json.Unmarshal([]byte(*page.Body), &page); err != nil {
			t.Fatalf("%s: cassette body: %v", path, err)
		}
	}
	return page.ResultList.Result
}

// doiTerm is a DOI:"…" term of a Europe PMC query.
var doiTerm = regexp.MustCompile(`DOI:"([^"]*)"`)

// idTerm is an "EXT_ID:… AND SRC:…" term: a record by its source's id.
var idTerm = regexp.MustCompile(`EXT_ID:"?([A-Za-z0-9]+)"? AND SRC:"?([A-Z]+)"?`)

// Handler speaks Europe PMC's search protocol (GET /search and POST
// /searchPOST, form or query parameters, format=json and resultType=core
// required) over a fixed set of core records. A query with DOI:"…" terms is
// answered, term by term, with the records whose doi matches
// case-insensitively; a query without any DOI term, as a search, with every
// record. A query with (EXT_ID:… AND SRC:…) terms is answered with the
// records of that id and source. Answers are one page (hitCount, no nextCursorMark). It counts
// requests and records the queries and DOIs asked. It is safe for concurrent
// use.
type Handler struct {
	records []json.RawMessage
	dois    []string // lower-cased doi of records[i]
	ids     []string // "SRC id" of records[i]

	mu       sync.Mutex
	status   int
	requests int
	queries  []string
	asked    []string
}

// NewHandler returns a Handler serving records.
func NewHandler(records ...json.RawMessage) *Handler {
	h := &Handler{records: records, dois: make([]string, len(records)), ids: make([]string, len(records))}
	for i, raw := range records {
		var r struct {
			DOI    string `json:"doi"`
			ID     string `json:"id"`
			Source string `json:"source"`
		}
		_ = json.Unmarshal(raw, &r)
		h.dois[i] = strings.ToLower(strings.TrimSpace(r.DOI))
		h.ids[i] = r.Source + " " + r.ID
	}
	return h
}

// SetStatus makes every later request, still counted, answer code with a
// plain-text body; 0 or 200 restores normal answers.
func (h *Handler) SetStatus(code int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.status = code
}

// Requests returns how many requests reached the handler.
func (h *Handler) Requests() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.requests
}

// Queries returns the query parameter of each request that had one, in order.
func (h *Handler) Queries() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.queries...)
}

// Asked returns the DOIs of every DOI:"…" term asked, as sent, in order.
func (h *Handler) Asked() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.asked...)
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	parseErr := r.ParseForm()
	q := r.Form.Get("query")
	terms := doiTerm.FindAllStringSubmatch(q, -1)
	h.mu.Lock()
	h.requests++
	status := h.status
	if q != "" {
		h.queries = append(h.queries, q)
	}
	for _, m := range terms {
		h.asked = append(h.asked, m[1])
	}
	h.mu.Unlock()

	switch {
	case status != 0 && status != http.StatusOK:
		http.Error(w, http.StatusText(status), status)
		return
	case !(r.Method == http.MethodGet && r.URL.Path == "/search") && !(r.Method == http.MethodPost && r.URL.Path == "/searchPOST"):
		http.Error(w, "no such endpoint", http.StatusNotFound)
		return
	case parseErr != nil:
		http.Error(w, parseErr.Error(), http.StatusBadRequest)
		return
	case r.Form.Get("format") != "json" || r.Form.Get("resultType") != "core":
		// The real API would answer XML or lite records: make that loud.
		http.Error(w, "format=json and resultType=core are required", http.StatusBadRequest)
		return
	}

	hits := []json.RawMessage{}
	ids := idTerm.FindAllStringSubmatch(q, -1)
	if terms == nil && ids == nil {
		hits = append(hits, h.records...)
	}
	for _, m := range ids {
		for i, id := range h.ids {
			if id == m[2]+" "+m[1] {
				hits = append(hits, h.records[i])
			}
		}
	}
	for _, m := range terms {
		want := strings.ToLower(strings.TrimSpace(m[1]))
		for i, d := range h.dois {
			if d != "" && d == want {
				hits = append(hits, h.records[i])
			}
		}
	}
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"version":    "6.9",
		"hitCount":   len(hits),
		"request":    map[string]any{"queryString": q, "resultType": "core"},
		"resultList": map[string]any{"result": hits},
	})
}

// Server is a Handler listening on a local httptest server.
type Server struct {
	*Handler
	// URL is the REST root, e.g. http://127.0.0.1:1234, to which the
	// client appends /search and /searchPOST.
	URL string
}

// NewServer starts a Server serving records; it is closed on t.Cleanup.
func NewServer(t testing.TB, records ...json.RawMessage) *Server {
	t.Helper()
	h := NewHandler(records...)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &Server{Handler: h, URL: srv.URL}
}
