package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/citeloop/citeloop/oracles/snapshot"
)

// crossrefWork is a /works answer of the recorded shape.
func crossrefWork(doi, title string, retracted bool) string {
	updated := ""
	if retracted {
		updated = `,"updated-by":[{"DOI":"10.9999/notice","type":"retraction","source":"retraction-watch","label":"Retraction"}]`
	}
	d, _ := json.Marshal(doi)
	ti, _ := json.Marshal(title)
	return fmt.Sprintf(`{"status":"ok","message-type":"work","message-version":"1.0.0","message":{"DOI":%s,"title":[%s],"type":"journal-article","source":"Crossref"%s}}`, d, ti, updated)
}

// fakeCrossrefServer answers known DOIs, 503s the "down" ones, and 404s the
// rest with Crossref's text body. It counts requests.
func fakeCrossrefServer(t *testing.T, known map[string]string, down map[string]bool) (*httptest.Server, *atomic.Int64) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		if serveCrossrefFilter(w, r, known, down) {
			return
		}
		doi := strings.ToLower(strings.TrimPrefix(r.URL.Path, "/works/"))
		switch body, ok := known[doi]; {
		case down[doi]:
			w.WriteHeader(http.StatusServiceUnavailable)
		case ok:
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(body))
		default:
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte("Resource not found."))
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// fakeHandleServer answers the doi.org handle API for known DOIs.
func fakeHandleServer(t *testing.T, known ...string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		doi := strings.TrimPrefix(r.URL.Path, "/api/handles/")
		w.Header().Set("Content-Type", "application/json")
		for _, k := range known {
			if strings.EqualFold(k, doi) {
				fmt.Fprintf(w, `{"responseCode":1,"handle":%q,"values":[]}`, k)
				return
			}
		}
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"responseCode":100,"handle":%q}`, doi)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkConfig writes a config using crossref (and doiorg) at the fake servers
// with fast, single-attempt settings.
func checkConfig(t *testing.T, dir, policy, crossrefURL, doiorgURL string) string {
	use := "[crossref]"
	if doiorgURL != "" {
		use = "[crossref, doiorg]"
	} else {
		doiorgURL = "http://127.0.0.1:1"
	}
	return writeFile(t, dir, "citeloop.yaml", fmt.Sprintf(`oracles:
  use: %s
  policy: %s
  crossref:
    base_url: %s
    timeout: 1s
    total_budget: 5s
    max_attempts: 1
    rate_per_second: 1000
    max_concurrent: 4
    batch_size: 1       # one DOI a request: a "down" DOI fails alone
  doiorg:
    base_url: %s
    timeout: 1s
    total_budget: 5s
    max_attempts: 1
    rate_per_second: 1000
`, use, policy, crossrefURL, doiorgURL))
}

func runCheckCLI(t *testing.T, env map[string]string, stdin string, args ...string) (int, string, string, error) {
	t.Helper()
	a, stdout, stderr := testApp(env)
	a.registry = shippedOracles // every oracle, as main has them
	a.stdin = strings.NewReader(stdin)
	err := runApp(context.Background(), a, append([]string{"--log-level", "error"}, args...))
	return exitCode(err), stdout.String(), stderr.String(), err
}

const (
	doiA    = "10.1038/nnano.2014.279"
	doiB    = "10.1371/journal.pone.0033693"
	doiGone = "10.1371/notarealdoi"
	doiRetr = "10.1234/retracted.1"
)

func TestCheckEndToEnd(t *testing.T) {
	known := map[string]string{
		doiA:    crossrefWork(doiA, "Charges ride the spin wave", false),
		doiB:    crossrefWork("10.1371/JOURNAL.PONE.0033693", "Methylphenidate \x1b[31mExposure", false),
		doiRetr: crossrefWork(doiRetr, "A retracted paper", true),
	}
	tests := []struct {
		name        string
		give        string // document text
		down        []string
		wantCode    int
		wantVerdict map[string]string
	}{
		{"all found", "See doi:10.1038/NNANO.2014.279 and https://doi.org/10.1371/journal.pone.0033693.\n",
			nil, exitOK, map[string]string{doiA: "found", doiB: "found"}},
		{"one not found", "@article{x, doi = {10.1038/nnano.2014.279}}\n@article{y, doi = {10.1371/notarealdoi}}\n",
			nil, exitNotVerified, map[string]string{doiA: "found", doiGone: "not_found"}},
		{"retracted", "DO  - 10.1234/retracted.1\n",
			nil, exitNotVerified, map[string]string{doiRetr: "retracted"}},
		{"not found wins over unknown", "10.1038/nnano.2014.279 10.1371/notarealdoi 10.1371/journal.pone.0033693\n",
			[]string{doiB}, exitNotVerified, map[string]string{doiA: "found", doiGone: "not_found", doiB: "unknown"}},
		{"unknown and nothing worse", "10.1038/nnano.2014.279 10.1371/journal.pone.0033693\n",
			[]string{doiB}, exitOracleUnavailable, map[string]string{doiA: "found", doiB: "unknown"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			down := map[string]bool{}
			for _, d := range tt.down {
				down[d] = true
			}
			srv, _ := fakeCrossrefServer(t, known, down)
			dir := t.TempDir()
			cfg := checkConfig(t, dir, "any_of", srv.URL, "")
			doc := writeFile(t, dir, "refs.txt", tt.give)

			code, stdout, stderr, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--json", doc)
			if code != tt.wantCode {
				t.Fatalf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", code, err, tt.wantCode, stdout, stderr)
			}
			var rep checkReport
			if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
				t.Fatalf("--json output: %v\n%s", err, stdout)
			}
			if rep.ExitCode != tt.wantCode || len(rep.DOIs) != len(tt.wantVerdict) {
				t.Errorf("report exit %d with %d DOIs, want %d with %d", rep.ExitCode, len(rep.DOIs), tt.wantCode, len(tt.wantVerdict))
			}
			for _, row := range rep.DOIs {
				if want := tt.wantVerdict[row.DOI]; row.Verdict != want {
					t.Errorf("%s: verdict %q, want %q (err %s)", row.DOI, row.Verdict, want, row.Error)
				}
				if len(row.Locations) == 0 || row.Locations[0].File != doc || row.Locations[0].Line < 1 {
					t.Errorf("%s: locations %+v", row.DOI, row.Locations)
				}
				if strings.ContainsRune(row.Title, '\x1b') {
					t.Errorf("%s: title keeps a terminal escape: %q", row.DOI, row.Title)
				}
			}
		})
	}
}

func TestCheckTableAndStdin(t *testing.T) {
	srv, _ := fakeCrossrefServer(t, map[string]string{doiA: crossrefWork(doiA, "Charges ride the spin wave", false)}, nil)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	file := writeFile(t, dir, "notes.md", "[a](https://doi.org/10.1038/nnano.2014.279)\n")
	code, stdout, _, err := runCheckCLI(t, nil, "again: doi:10.1038/nnano.2014.279; gone: 10.1371/notarealdoi.\n",
		"--config", cfg, "check", file, "-")
	if code != exitNotVerified {
		t.Fatalf("exit %d (%v)\n%s", code, err, stdout)
	}
	for _, want := range []string{
		"DOI", "VERDICT", "WHERE", "TITLE",
		"10.1038/nnano.2014.279", "found", "Charges ride the spi", "notes.md:1 (+1)",
		"10.1371/notarealdoi", "not_found", "<stdin>:1",
		"2 references in 2 file(s): 1 found, 1 not_found",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
}

// TestCheckRequirePolicy: with require, a DOI crossref finds but doi.org
// denies is not_found, decided by doiorg.
func TestCheckRequirePolicy(t *testing.T) {
	cr, _ := fakeCrossrefServer(t, map[string]string{
		doiA: crossrefWork(doiA, "Charges ride the spin wave", false),
		doiB: crossrefWork(doiB, "Methylphenidate", false),
	}, nil)
	handles := fakeHandleServer(t, doiA)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "require", cr.URL, handles.URL)
	doc := writeFile(t, dir, "refs.txt", doiA+"\n"+doiB+"\n")
	code, stdout, _, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--json", doc)
	if code != exitNotVerified {
		t.Fatalf("exit %d (%v)\n%s", code, err, stdout)
	}
	var rep checkReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range rep.DOIs {
		got[r.DOI] = r.Verdict + " by " + r.Oracle
	}
	want := map[string]string{doiA: "found by crossref+doiorg", doiB: "not_found by doiorg"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %q, want %q", k, got[k], v)
		}
	}
}

// TestCheckEuropePMCFromEnv: with the default config (Europe PMC alone),
// CITELOOP_EUROPEPMC_URL points the oracle at a server replaying the
// recorded Europe PMC answer for a DOI query.
func TestCheckEuropePMCFromEnv(t *testing.T) {
	srv := fakeEuropePMC(t, "bx-scholar-mcp__europepmc_by_doi.json")
	doc := writeFile(t, t.TempDir(), "refs.md", "Mol Cell 2019. doi:10.1016/j.molcel.2019.07.008\nAnd 10.99999/no.such.doi.\n")
	env := map[string]string{"CITELOOP_EUROPEPMC_URL": srv.URL, "CITELOOP_CONTACT": "ops@example.org"}
	code, stdout, _, err := runCheckCLI(t, env, "", "check", "--json", doc)
	if code != exitNotVerified {
		t.Fatalf("exit %d (%v)\n%s", code, err, stdout)
	}
	var rep checkReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.DOIs) != 2 || rep.DOIs[0].Verdict != "found" || rep.DOIs[0].Oracle != "europepmc" || rep.DOIs[1].Verdict != "not_found" {
		t.Errorf("report = %+v", rep.DOIs)
	}
	if q := srv.Queries(); len(q) == 0 || !strings.Contains(q[len(q)-1], `DOI:"10.1016/j.molcel.2019.07.008"`) {
		t.Errorf("queries %q do not ask for the DOI", q)
	}
}

func TestCheckUsageErrors(t *testing.T) {
	srv, requests := fakeCrossrefServer(t, nil, nil)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	good := writeFile(t, dir, "ok.txt", "10.1038/nnano.2014.279\n")
	missing := filepath.Join(dir, "no-such-file.bib")
	badCfg := writeFile(t, dir, "bad.yaml", "oracles:\n  use: [pubmed]\n")
	badKey := writeFile(t, dir, "badkey.yaml", "oracles:\n  crossref:\n    rate_limit: 5\n")
	badSection := writeFile(t, dir, "badsection.yaml", "oracles:\n  pubmed:\n    timeout: 1s\n")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"--config", cfg, "check", good, missing}, missing},
		{"directory", []string{"--config", cfg, "check", dir}, dir},
		{"no files", []string{"--config", cfg, "check"}, "at least one file"},
		{"stdin twice", []string{"--config", cfg, "check", "-", "-"}, "stdin"},
		{"bad config", []string{"--config", badCfg, "check", good}, "pubmed"},
		{"bad contact env", []string{"--config", cfg, "check", good}, "oracles.contact"},
		{"unknown key in an oracle's section", []string{"--config", badKey, "check", good}, "oracles.crossref.rate_limit: line 3: unknown key (did you mean rate_per_second?)"},
		{"section of an unregistered oracle", []string{"--config", badSection, "check", good}, "oracles.pubmed: unknown key"},
		{"bad env base URL", []string{"--config", cfg, "check", good}, "oracles.europepmc.base_url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{}
			switch tt.name {
			case "bad contact env":
				env["CITELOOP_CONTACT"] = "not an address"
			case "bad env base URL":
				env["CITELOOP_EUROPEPMC_URL"] = "ftp://mirror.example"
			}
			code, _, _, err := runCheckCLI(t, env, "", tt.args...)
			if code != exitUsage {
				t.Fatalf("exit %d (%v), want %d", code, err, exitUsage)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v does not name %q", err, tt.want)
			}
		})
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("usage errors made %d requests, want 0", n)
	}
}

func TestCheckOffline(t *testing.T) {
	corpus, err := snapshot.Default()
	if err != nil {
		t.Fatal(err)
	}
	in := corpus.Results()[0].DOI
	tests := []struct {
		name     string
		give     string
		wantCode int
		want     []string
	}{
		{"in corpus", fmt.Sprintf("cited: https://doi.org/%s\n", in), exitOK, []string{"snapshot", "1 found"}},
		{"outside the corpus is unknown, not not_found",
			fmt.Sprintf("cited: https://doi.org/%s and 10.99999/not.in.corpus\n", in), exitOracleUnavailable,
			[]string{"1 found, 1 unknown", "not in the offline corpus"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, _, err := runCheckCLI(t, nil, tt.give, "check", "--offline", "-")
			if code != tt.wantCode {
				t.Fatalf("exit %d (%v), want %d\n%s", code, err, tt.wantCode, stdout)
			}
			_, jsonOut, _, _ := runCheckCLI(t, nil, tt.give, "check", "--offline", "--json", "-")
			for _, w := range tt.want {
				if !strings.Contains(stdout+jsonOut, w) {
					t.Errorf("output lacks %q:\n%s\n%s", w, stdout, jsonOut)
				}
			}
		})
	}
}

// TestCheckEmptyIsNotSuccess: input with no DOI at all (an empty file, a
// binary, a failed conversion piped in) exits 3 with one line naming the
// file, unless --allow-empty.
func TestCheckEmptyIsNotSuccess(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name  string
		file  string
		stdin string
		allow bool
		want  int
	}{
		{name: "empty stdin", file: "-", want: exitNotVerified},
		{name: "prose without DOI", file: writeFile(t, dir, "notes.md", "no identifiers here\n"), want: exitNotVerified},
		{name: "binary", file: writeFile(t, dir, "blob.bin", "\x00\x01\x02\xff\xfe\x10.\x00"), want: exitNotVerified},
		{name: "allow empty", file: writeFile(t, dir, "empty.txt", ""), allow: true, want: exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"check", "--offline", tt.file}
			if tt.allow {
				args = append(args, "--allow-empty")
			}
			code, stdout, _, err := runCheckCLI(t, nil, tt.stdin, args...)
			if code != tt.want {
				t.Fatalf("exit %d (%v), want %d\n%s", code, err, tt.want, stdout)
			}
			name := tt.file
			if name == "-" {
				name = "<stdin>"
			}
			if !tt.allow && (err == nil || !strings.Contains(err.Error(), "no DOI found in "+name)) {
				t.Errorf("error %v does not say no DOI was found in %s", err, name)
			}
		})
	}
}

// TestCheckDecodesUTF16AndBOM: files saved by word processors and Windows
// tools are read as text, so their DOIs are checked (check's tests cover
// every encoding ReadDocuments decodes).
func TestCheckDecodesUTF16AndBOM(t *testing.T) {
	corpus, err := snapshot.Default()
	if err != nil {
		t.Fatal(err)
	}
	in := corpus.Results()[0].DOI
	text := "Reference: doi:" + in + ".\r\n"
	utf16 := func(bigEndian, bom bool) string {
		var b []byte
		if bom {
			if bigEndian {
				b = append(b, 0xFE, 0xFF)
			} else {
				b = append(b, 0xFF, 0xFE)
			}
		}
		for _, r := range text {
			if bigEndian {
				b = append(b, byte(r>>8), byte(r))
			} else {
				b = append(b, byte(r), byte(r>>8))
			}
		}
		return string(b)
	}
	tests := []struct{ name, give string }{
		{"utf-16le bom", utf16(false, true)},
		{"utf-16be no bom", utf16(true, false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, _, err := runCheckCLI(t, nil, tt.give, "check", "--offline", "-")
			if code != exitOK || !strings.Contains(stdout, "1 references in 1 file(s): 1 found") {
				t.Errorf("exit %d (%v)\n%s", code, err, stdout)
			}
		})
	}
}

// TestCheckInterruptedPrintsNoTable: a cancelled check exits 130 and prints
// no table of the lookups it abandoned.
func TestCheckInterruptedPrintsNoTable(t *testing.T) {
	a, stdout, _ := testApp(nil)
	a.registry = shippedOracles
	a.stdin = strings.NewReader("10.1038/nnano.2014.279\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := runApp(ctx, a, []string{"--log-level", "error", "check", "--offline", "-"})
	if code := exitCode(err); code != exitInterrupted {
		t.Fatalf("exit %d (%v), want %d", code, err, exitInterrupted)
	}
	if stdout.Len() != 0 {
		t.Errorf("interrupted check printed:\n%s", stdout)
	}
}
