package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/all"
)

// TestCollectAsksCrossrefForNotices: with Crossref in oracles.use, a
// collection asks it about every record; a retraction recorded only in
// Crossref's updated-by keeps the paper out of the ledger, and a Crossref
// that cannot answer fails the collection with oracles.ErrUnavailable
// (a run ends oracle_unavailable).
func TestCollectAsksCrossrefForNotices(t *testing.T) {
	search := searchPage(t)
	epmc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(search)
	}))
	t.Cleanup(epmc.Close)
	lead := contract.Lead{Topic: "cancer", MaxSources: 4}
	plain, err := mustEngine(t, europePMCOnly(t, epmc.URL)).Collect(context.Background(), engine.BriefOptions{}, lead)
	if err != nil || len(plain.Entries) == 0 {
		t.Fatalf("without Crossref: %d entries, %v", len(plain.Entries), err)
	}
	retracted := plain.Entries[0].DOI

	var down bool
	asked := 0
	cr := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
			return
		}
		asked++
		var items []map[string]any
		for _, d := range strings.Split(r.URL.Query().Get("filter"), ",") {
			if strings.EqualFold(strings.TrimPrefix(d, "doi:"), retracted) {
				items = append(items, map[string]any{"DOI": retracted, "type": "journal-article",
					"updated-by": []map[string]any{{"DOI": "10.5555/notice", "type": "retraction", "label": "Retraction"}}})
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"status": "ok", "message-type": "work-list",
			"message": map[string]any{"total-results": len(items), "items": items}})
	}))
	t.Cleanup(cr.Close)
	cfg := europePMCOnly(t, epmc.URL)
	cfg.Oracles.Use = []string{"europepmc", "crossref"}
	cfg.Oracles.Set("crossref", "base_url", cr.URL)
	cfg.Oracles.Set("crossref", "max_attempts", "1")
	e := mustEngine(t, cfg)
	l, err := e.Collect(context.Background(), engine.BriefOptions{}, lead)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := l.ByDOI(retracted); ok || l.Excluded["retracted"] != 1 || asked == 0 {
		t.Errorf("Crossref asked %d times; %s in the ledger: %v; excluded %v", asked, retracted, ok, l.Excluded)
	}
	down = true
	if _, err := e.Collect(context.Background(), engine.BriefOptions{}, lead); !errors.Is(err, oracles.ErrUnavailable) {
		t.Errorf("Crossref down: error %v, want one wrapping oracles.ErrUnavailable", err)
	}
}

func mustEngine(t *testing.T, cfg configs.Config) *engine.Engine {
	t.Helper()
	e, err := engine.New(cfg, engine.Deps{Registry: all.Backends(), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	return e
}
