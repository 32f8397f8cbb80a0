package main

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
	"github.com/citeloop/citeloop/pipeline"
)

func TestBriefLeadFlagErrorsAreUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		give []string
		want []string // each must appear in the error
	}{
		{name: "orcid checksum", give: []string{"--orcid", "0000-0002-1825-0098"}, want: []string{"orcid", "checksum"}},
		{name: "orcid format", give: []string{"--orcid", "1825-0097"}, want: []string{"orcid", "0000-0000-0000-000X"}},
		{name: "empty lead", give: []string{"--since", "2022-01-01"}, want: []string{"orcid", "lead is empty"}},
		{name: "since after until", give: []string{"--name", "Smith AB", "--since", "2024-01-01", "--until", "2023-01-01"}, want: []string{"since", "after until"}},
		{name: "bad date", give: []string{"--topic", "x", "--until", "2023-02-30"}, want: []string{"until", "2023-02-30"}},
		{name: "missing sources file", give: []string{"--sources", "/nonexistent/refs.bib"}, want: []string{"--sources", "refs.bib"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, _ := testApp(nil)
			a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
				t.Fatal("agents built for an invalid lead")
				return nil, nil, nil
			}
			args := append([]string{"brief", "--offline", "--out", filepath.Join(t.TempDir(), "out")}, tt.give...)
			err := runApp(context.Background(), a, args)
			if got := exitCode(err); got != exitUsage {
				t.Fatalf("exit code = %d (%v), want %d", got, err, exitUsage)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestBriefOfflineORCIDWithTooFewSourcesIsRefused(t *testing.T) {
	a, stdout, _ := testApp(nil)
	calls := 0
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return &callWriter{draft: func(int) contract.Draft { return contract.Draft{} }, calls: &calls}, noObjections{}, nil
	}
	out := filepath.Join(t.TempDir(), "out")
	err := runApp(context.Background(), a, []string{"brief", "--offline", "--orcid", "https://orcid.org/0000-0002-6307-9196", "--since", "2025", "--out", out})
	if got := exitCode(err); got != exitRefused {
		t.Fatalf("exit code = %d (%v), want %d", got, err, exitRefused)
	}
	if calls != 0 {
		t.Errorf("writer called %d times before refusing", calls)
	}
	if want := "1 citable source for ORCID 0000-0002-6307-9196, since 2025-01-01; need 3"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout %q does not say %q", stdout, want)
	}
}

// fakeEuropePMC answers searches with the records of one recorded core page
// and DOI lookups (DOI:"…" OR …) from the same records.
func fakeEuropePMC(t *testing.T, fixture string) *europepmctest.Server {
	return europepmctest.NewServer(t, europepmctest.Records(t, filepath.Join("..", "..", "testdata", "europepmc", fixture))...)
}

// europePMCAt makes the app's registry hold Europe PMC alone, at url.
func europePMCAt(a *app, url string) {
	a.registry = func() (*oracles.Registry, error) {
		r := oracles.NewRegistry()
		return r, r.Register(europepmc.Name, oracles.NewPlugin(europepmc.DefaultSettings, func(s europepmc.Settings, env oracles.Env) (oracles.Oracle, error) {
			s.BaseURL, s.MaxAttempts = url, 1
			return europepmc.Build(s, env)
		}))
	}
}

func TestBriefLiveEuropePMC(t *testing.T) {
	realDraft := contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{
		{ID: "c1", Text: "x", Citations: []contract.Citation{{DOI: "10.1002/hpja.70052", Quote: "bowel cancer screening rates are lower in rural/remote Australia"}}},
	}}}}
	tests := []struct {
		name       string
		fail       bool
		wantCode   int
		wantWrites int
	}{
		{name: "search, write, verify", wantCode: exitOK, wantWrites: 1},
		{name: "503 during collection", fail: true, wantCode: exitOracleUnavailable, wantWrites: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := fakeEuropePMC(t, "pyEuropePMC__search_cancer_core.json")
			if tt.fail {
				fake.SetStatus(http.StatusServiceUnavailable)
			}
			a, stdout, _ := testApp(nil)
			europePMCAt(a, fake.URL)
			calls := 0
			a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
				return &callWriter{draft: func(int) contract.Draft { return realDraft }, calls: &calls}, noObjections{}, nil
			}
			out := filepath.Join(t.TempDir(), "out")
			err := runApp(context.Background(), a, []string{"brief", "--topic", "cancer screening", "--any", "--since", "2025-01-01", "--out", out, "--format", "json"})
			if got := exitCode(err); got != tt.wantCode {
				t.Fatalf("exit code = %d (%v)\nstdout: %s", got, err, stdout)
			}
			if calls != tt.wantWrites {
				t.Errorf("writer calls = %d, want %d", calls, tt.wantWrites)
			}
			if tt.fail {
				return
			}
			asked := fake.Queries()
			if want := `("cancer" OR "screening") AND FIRST_PDATE:[2025-01-01 TO 9999-12-31]`; len(asked) == 0 || asked[0] != want {
				t.Errorf("first query = %q, want %q", asked, want)
			}
			var ledger contract.Ledger
			readJSON(t, filepath.Join(out, "ledger.json"), &ledger)
			// 25 records: one without DOI, two errata, the rest ranked and
			// cut to the prompt budget.
			if n := len(ledger.Entries); n < 3 || n+ledger.Excluded["budget"] != 22 || ledger.Entries[0].Origin != "europepmc" || ledger.Excluded["no_doi"] != 1 {
				t.Errorf("ledger: %d entries, origin %q, excluded %v", len(ledger.Entries), ledger.Entries[0].Origin, ledger.Excluded)
			}
		})
	}
}

func TestBriefSourcesBibliography(t *testing.T) {
	fake := fakeEuropePMC(t, "bx-scholar-mcp__europepmc_by_doi.json")
	a, stdout, _ := testApp(nil)
	europePMCAt(a, fake.URL)
	calls := 0
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return &callWriter{draft: func(int) contract.Draft { return contract.Draft{} }, calls: &calls}, noObjections{}, nil
	}
	refs := filepath.Join(t.TempDir(), "refs.txt")
	if err := os.WriteFile(refs, []byte("10.1016/j.molcel.2019.07.008\n10.1088/1748-9326/ab28b0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := runApp(context.Background(), a, []string{"brief", "--sources", refs, "--out", filepath.Join(t.TempDir(), "out")})
	// One DOI found, one not: too few sources, refused before any writing.
	if got := exitCode(err); got != exitRefused || calls != 0 {
		t.Fatalf("exit code = %d (%v), writer calls %d; want %d and none\nstdout: %s", got, err, calls, exitRefused, stdout)
	}
	if !strings.Contains(stdout.String(), "1 citable source for empty lead; need 3") {
		t.Errorf("stdout = %q", stdout)
	}
}
