package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// serveCrossrefFilter answers GET /works?filter=doi:A,doi:B as Crossref
// does, from the single-work bodies in known: a work-list of the known
// asked DOIs. Any asked DOI in down makes the whole answer a 503. It
// reports false, writing nothing, for a request that is not a DOI filter.
func serveCrossrefFilter(w http.ResponseWriter, r *http.Request, known map[string]string, down map[string]bool) bool {
	filter := r.URL.Query().Get("filter")
	if r.URL.Path != "/works" || !strings.HasPrefix(filter, "doi:") {
		return false
	}
	items := []json.RawMessage{}
	for _, f := range strings.Split(filter, ",") {
		id := strings.ToLower(strings.TrimPrefix(f, "doi:"))
		if down[id] {
			w.WriteHeader(http.StatusServiceUnavailable)
			return true
		}
		body, ok := known[id]
		if !ok {
			continue
		}
		var one struct {
			Message json.RawMessage `json:"message"`
		}
		if err := json.Unmarshal([]byte(body), &one); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return true
		}
		items = append(items, one.Message)
	}
	b, _ := json.Marshal(items)
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"status":"ok","message-type":"work-list","message":{"total-results":%d,"items":%s}}`, len(items), b)
	return true
}
