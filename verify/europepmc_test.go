package verify_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/verify"
)

// fakeEuropePMC answers DOI queries from the real records of the embedded
// corpus (recorded Europe PMC core responses), as the REST API does; edit
// changes a record's JSON before it is served.
type fakeEuropePMC struct {
	mu      sync.Mutex
	records map[string]map[string]any // by lower-cased DOI
	edit    func(doi string, rec map[string]any)
}

var doiTerm = regexp.MustCompile(`DOI:"([^"]+)"`)

func newFakeEuropePMC(t *testing.T) *fakeEuropePMC {
	t.Helper()
	var corpus struct {
		ResultList struct {
			Result []map[string]any `json:"result"`
		} `json:"resultList"`
	}
	f := &fakeEuropePMC{records: map[string]map[string]any{}}
	// Every record the offline brief may cite: the embedded search
	// response and the records derived from the embedded full texts.
	for _, data := range [][]byte{snapshot.Embedded(), snapshot.EmbeddedFullTextRecords()} {
		corpus.ResultList.Result = nil
		if err := json.Unmarshal(data, &corpus); err != nil {
			t.Fatal(err)
		}
		for _, r := range corpus.ResultList.Result {
			if d, ok := r["doi"].(string); ok {
				f.records[strings.ToLower(d)] = r
			}
		}
	}
	return f
}

func (f *fakeEuropePMC) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	result := []map[string]any{}
	for _, m := range doiTerm.FindAllStringSubmatch(r.Form.Get("query"), -1) {
		d := strings.ToLower(m[1])
		rec, ok := f.records[d]
		if !ok {
			continue
		}
		var cp map[string]any
		b, _ := json.Marshal(rec)
		_ = json.Unmarshal(b, &cp)
		if f.edit != nil {
			f.edit(d, cp)
		}
		result = append(result, cp)
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"version": "6.9", "hitCount": len(result), "resultList": map[string]any{"result": result}})
}

func (f *fakeEuropePMC) setEdit(edit func(string, map[string]any)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.edit = edit
}

// Online against a fake Europe PMC over HTTP, through the real client: an
// untouched brief verifies; a source Europe PMC now lists as retracted
// (a "Retraction in" correction) or corrected ("Erratum in") is named.
func TestOnlineAgainstFakeEuropePMC(t *testing.T) {
	fake := newFakeEuropePMC(t)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	client := europepmc.New(europepmc.Options{BaseURL: srv.URL, HTTPOptions: oracletest.FastOptions(europepmc.Name)})
	dir := writeBrief(t, nil)
	path := filepath.Join(dir, "brief.json")
	l := ledgerOf(t, dir)
	target := strings.ToLower(l.Entries[0].DOI)

	tests := []struct {
		name       string
		correction string
		wantStatus verify.Status
		wantCode   string
	}{
		{name: "untouched", wantStatus: verify.OK},
		{name: "retracted since", correction: "Retraction in", wantStatus: verify.Changed, wantCode: "source_retracted"},
		{name: "corrected since", correction: "Erratum in", wantStatus: verify.Changed, wantCode: "source_corrected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake.setEdit(func(d string, rec map[string]any) {
				if tt.correction != "" && d == target {
					rec["commentCorrectionList"] = map[string]any{"commentCorrection": []map[string]any{{"id": "1", "source": "MED", "type": tt.correction, "reference": "notice"}}}
				}
			})
			r := verify.Brief(context.Background(), path, verify.Options{Oracle: client})
			if r.Status != tt.wantStatus || (tt.wantCode != "" && !slices.Contains(codes(r), tt.wantCode)) {
				t.Errorf("status %s findings %+v, want %s with %q", r.Status, r.Findings, tt.wantStatus, tt.wantCode)
			}
			if len(r.Sources) == 0 {
				t.Error("no source looked up")
			}
		})
	}
}
