package collect

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/httpx"
)

const testdata = "../testdata"

// fixedNow is the clock of every test ledger.
var fixedNow = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func readTestdata(t testing.TB, parts ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{testdata}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testOptions read saved Europe PMC answers, as the engine's collectors do.
func testOptions(t testing.TB) Options {
	return Options{Now: func() time.Time { return fixedNow }, Logger: zaptest.NewLogger(t), ReadResponse: europepmc.ReadResponse}
}

// parseSources is readSources' records and whether they are a saved Europe
// PMC answer's.
func parseSources(name string, data []byte) ([]oracles.Hit, bool, error) {
	f, err := readSources(name, data, europepmc.ReadResponse)
	return f.docs, f.fromResponse, err
}

// replay is a fake Europe PMC: the first page (cursorMark "*") answers
// pages[0], the page whose cursorMark is the previous page's nextCursorMark
// answers the next one. A status other than 200 is sent as is for the page
// at that index. It records every query it got.
type replay struct {
	t      testing.TB
	pages  [][]byte
	status map[int]int

	mu       sync.Mutex
	queries  []string
	cursors  []string
	resTypes []string
}

func (rp *replay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	rp.mu.Lock()
	rp.queries = append(rp.queries, q.Get("query"))
	rp.cursors = append(rp.cursors, q.Get("cursorMark"))
	rp.resTypes = append(rp.resTypes, q.Get("resultType"))
	rp.mu.Unlock()
	idx := 0
	if c := q.Get("cursorMark"); c != "*" {
		idx = -1
		for i, p := range rp.pages {
			var head struct {
				NextCursorMark string `json:"nextCursorMark"`
			}
			_ = json.Unmarshal(p, &head)
			if head.NextCursorMark == c && i+1 < len(rp.pages) {
				idx = i + 1
			}
		}
		if idx < 0 {
			http.Error(w, "unknown cursor", http.StatusBadRequest)
			return
		}
	}
	if s, ok := rp.status[idx]; ok {
		http.Error(w, "<html>Service Temporarily Unavailable</html>", s)
		return
	}
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	_, _ = w.Write(rp.pages[idx])
}

// newEuropePMC starts rp and returns a real Europe PMC client pointed at it,
// with millisecond retries.
func newEuropePMC(t testing.TB, rp *replay) *europepmc.Client {
	t.Helper()
	rp.t = t
	srv := httptest.NewServer(rp)
	t.Cleanup(srv.Close)
	return testClient(t, srv.URL)
}

// testClient is a real Europe PMC client of baseURL that retries once,
// with millisecond backoff and no rate limit.
func testClient(t testing.TB, baseURL string) *europepmc.Client {
	return europepmc.New(europepmc.Options{
		BaseURL: baseURL,
		HTTPOptions: httpx.Options{
			MaxAttempts: 2, MinBackoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond,
			Timeout: 5 * time.Second, RatePerSecond: -1,
		},
		Logger: zaptest.NewLogger(t),
	})
}

// response wraps raw core records into a one-page search answer.
func response(t testing.TB, next string, records ...json.RawMessage) []byte {
	t.Helper()
	body := map[string]any{
		"version":    "6.9",
		"hitCount":   len(records),
		"resultList": map[string]any{"result": records},
	}
	if next != "" {
		body["nextCursorMark"] = next
	}
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// records returns the raw records of a recorded response.
func records(t testing.TB, body []byte) []json.RawMessage {
	t.Helper()
	var page struct {
		ResultList struct {
			Result []json.RawMessage `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatal(err)
	}
	return page.ResultList.Result
}

// edit decodes a raw record, lets f change it and encodes it again.
func edit(t testing.TB, raw json.RawMessage, f func(map[string]any)) json.RawMessage {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
