package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles/cache"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

// cachedDOI is asked of two Europe PMCs that answer differently.
const cachedDOI = "10.1002/hpja.70052"

func epmcRecord(t *testing.T, pubType string) json.RawMessage {
	t.Helper()
	return json.RawMessage(`{"id":"40356016","source":"MED","pmid":"40356016","doi":"` + cachedDOI + `","title":"Bowel cancer screening in Tasmania.","pubYear":"2025","pubTypeList":{"pubType":["` + pubType + `"]}}`)
}

// Two Europe PMCs (a mirror that flags the DOI retracted, and the "real"
// one that does not) share one cache folder: each run sees only its own
// oracle's answer, asked or cached, and the cached one says so with its
// age in check --format json.
func TestCacheKeepsEachOraclesAnswers(t *testing.T) {
	mirror := europepmctest.NewServer(t, epmcRecord(t, "Retracted Publication"))
	real := europepmctest.NewServer(t, epmcRecord(t, "Journal Article"))
	cacheHome := t.TempDir()
	doc := writeFile(t, t.TempDir(), "refs.md", "doi:"+cachedDOI+"\n")
	check := func(url string) checkReport {
		t.Helper()
		_, stdout, _, err := runCheckCLI(t, map[string]string{"CITELOOP_EUROPEPMC_URL": url, "XDG_CACHE_HOME": cacheHome}, "", "check", "--format", "json", doc)
		var rep checkReport
		if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil || len(rep.DOIs) != 1 {
			t.Fatalf("check against %s: %v %v\n%s", url, err, jerr, stdout)
		}
		return rep
	}
	for pass := range 2 {
		for _, o := range []struct {
			name    string
			srv     *europepmctest.Server
			verdict string
		}{{"mirror", mirror, "retracted"}, {"real", real, "found"}} {
			row := check(o.srv.URL).DOIs[0]
			if row.Verdict != o.verdict {
				t.Errorf("pass %d, %s: verdict %s, want %s (its own answer)", pass+1, o.name, row.Verdict, o.verdict)
			}
			cached := !row.CachedAt.IsZero()
			if cached != (pass == 1) || (cached && row.CacheAge == "") {
				t.Errorf("pass %d, %s: cached_at %v cache_age %q; want the answer cached only on the second pass, with its age", pass+1, o.name, row.CachedAt, row.CacheAge)
			}
		}
	}
	if m, r := mirror.Requests(), real.Requests(); m != 1 || r != 1 {
		t.Errorf("requests: mirror %d, real %d; want 1 each (the second pass from the cache)", m, r)
	}
	// --no-cache asks again; cache path names the one store; cache clear
	// empties it.
	a, _, _ := testApp(map[string]string{"CITELOOP_EUROPEPMC_URL": real.URL, "XDG_CACHE_HOME": cacheHome})
	if err := runApp(t.Context(), a, []string{"-q", "check", "--no-cache", doc}); err != nil || real.Requests() != 2 {
		t.Errorf("--no-cache: %v, %d requests; want a second request", err, real.Requests())
	}
	store := cache.Path(filepath.Join(cacheHome, "citeloop", "oracles"))
	a, stdout, _ := testApp(map[string]string{"XDG_CACHE_HOME": cacheHome})
	if err := runApp(t.Context(), a, []string{"cache", "path"}); err != nil || strings.TrimSpace(stdout.String()) != store {
		t.Errorf("cache path: %q, %v; want %s", stdout, err, store)
	}
	if _, err := os.Stat(store); err != nil {
		t.Fatalf("no store at %s: %v", store, err)
	}
	a, _, stderr := testApp(map[string]string{"XDG_CACHE_HOME": cacheHome})
	if err := runApp(t.Context(), a, []string{"cache", "clear"}); err != nil || !strings.Contains(stderr.String(), store) {
		t.Errorf("cache clear: %v, said %q", err, stderr)
	}
	if _, err := os.Stat(store); !os.IsNotExist(err) {
		t.Errorf("the store is still there after cache clear: %v", err)
	}
	if row := check(mirror.URL).DOIs[0]; !row.CachedAt.IsZero() || mirror.Requests() != 2 {
		t.Errorf("after clear: cached_at %v, %d mirror requests; want asked again", row.CachedAt, mirror.Requests())
	}
}
