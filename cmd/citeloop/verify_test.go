package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// A brief signed with a key from keygen verifies offline with its public
// key and exports its references; an oracle outage exits 4 and an edit 3.
func TestVerifyCommand(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "citeloop.key")
	a, stdout, stderr := testApp(nil)
	if err := runApp(context.Background(), a, []string{"keygen", key}); err != nil {
		t.Fatalf("keygen: %v", err)
	}
	if strings.Contains(stdout.String()+stderr.String(), "PRIVATE KEY") {
		t.Fatal("keygen printed key material")
	}
	if info, err := os.Stat(key); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("private key file: %v %v, want mode 0600", info, err)
	}
	out := filepath.Join(dir, "briefs", "one")
	a, stdout, stderr = testApp(nil)
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "--out", out, "--format", "md,json,html", "--signing-key", key}); err != nil {
		t.Fatalf("brief: %v\n%s", err, stderr)
	}
	if strings.Contains(stderr.String(), "PRIVATE KEY") || strings.Contains(stdout.String(), "PRIVATE KEY") {
		t.Fatal("brief printed or logged key material")
	}

	tests := []struct {
		name     string
		args     []string
		unavail  bool
		edit     bool
		wantCode int
		wantOut  string
	}{
		{name: "offline with the public key", args: []string{"--offline", "--public-key", key + ".pub", "--export", "bib"}, wantCode: exitOK, wantOut: "ok      "},
		{name: "offline without a key says signed", args: []string{"--offline"}, wantCode: exitOK, wantOut: "signed (not checked"},
		{name: "oracle outage", args: []string{"--public-key", key + ".pub"}, unavail: true, wantCode: exitOracleUnavailable, wantOut: "oracle_unavailable"},
		{name: "unknown export", args: []string{"--offline", "--export", "docx"}, wantCode: exitUsage},
		{name: "edited", args: []string{"--offline"}, edit: true, wantCode: exitNotVerified, wantOut: "lead_changed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, stdout, stderr := testApp(nil)
			if tt.unavail {
				a.registry = func() (*oracles.Registry, error) {
					r := oracles.NewRegistry()
					return r, r.Register("europepmc", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return unavailableOracle{}, nil }))
				}
			}
			if tt.edit {
				path := filepath.Join(out, "brief.json")
				data, _ := os.ReadFile(path)
				edited := strings.Replace(string(data), `"topic": "breast cancer"`, `"topic": "breast cance"`, 1)
				if edited == string(data) {
					t.Fatal("setup: nothing edited")
				}
				if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := runApp(context.Background(), a, append([]string{"verify"}, append(tt.args, filepath.Dir(out))...))
			if got := exitCode(err); got != tt.wantCode {
				t.Fatalf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", got, err, tt.wantCode, stdout, stderr)
			}
			if !strings.Contains(stdout.String(), tt.wantOut) {
				t.Errorf("stdout %q does not contain %q", stdout, tt.wantOut)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(out, "brief.bib")); err != nil {
		t.Errorf("verify --export bib wrote no brief.bib: %v", err)
	}
}

// watch exits 0 on a clean run, 4 on an outage, 2 on a bad --fail-on.
func TestWatchCommandExitCodes(t *testing.T) {
	dir := t.TempDir()
	a, _, stderr := testApp(nil)
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "--out", filepath.Join(dir, "one"), "--format", "json"}); err != nil {
		t.Fatalf("brief: %v\n%s", err, stderr)
	}
	var ledger contract.Ledger
	readJSON(t, filepath.Join(dir, "one", "ledger.json"), &ledger)
	fake := func(retracted bool) *oracletest.Fake {
		var recs []oracles.Record
		for _, e := range ledger.Entries {
			recs = append(recs, oracles.Record{DOI: e.DOI, Title: e.Title, Retracted: retracted})
		}
		return oracletest.NewFake("europepmc", recs, nil)
	}
	tests := []struct {
		name     string
		args     []string
		unavail  bool
		oracle   oracles.Oracle
		wantCode int
	}{
		{name: "clean", args: []string{"--fail-on", "news"}, oracle: fake(false), wantCode: exitOK},
		{name: "news without --fail-on", oracle: fake(true), wantCode: exitOK},
		{name: "outage", args: []string{"--fail-on", "news"}, unavail: true, wantCode: exitOracleUnavailable},
		{name: "bad fail-on", args: []string{"--fail-on", "everything"}, wantCode: exitUsage},
	}
	// News is reported once: a fresh folder state gets it with --fail-on.
	newsDir := t.TempDir()
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "--out", filepath.Join(newsDir, "one"), "--format", "json"}); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{exitNotVerified, exitOK} {
		a, stdout, _ := testApp(nil)
		a.registry = func() (*oracles.Registry, error) {
			r := oracles.NewRegistry()
			return r, r.Register("europepmc", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return fake(true), nil }))
		}
		err := runApp(context.Background(), a, []string{"watch", "--fail-on", "news", newsDir})
		if got := exitCode(err); got != want {
			t.Errorf("news run %d: exit %d (%v), want %d\n%s", i+1, got, err, want, stdout)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, stdout, stderr := testApp(nil)
			if tt.unavail {
				tt.oracle = unavailableOracle{}
			}
			if tt.oracle != nil {
				a.registry = func() (*oracles.Registry, error) {
					r := oracles.NewRegistry()
					return r, r.Register("europepmc", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return tt.oracle, nil }))
				}
			}
			err := runApp(context.Background(), a, append(append([]string{"watch"}, tt.args...), dir))
			if got := exitCode(err); got != tt.wantCode {
				t.Fatalf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", got, err, tt.wantCode, stdout, stderr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "watch-report.html")); err != nil {
		t.Errorf("no report: %v", err)
	}
}

// An unusable signing key is a usage error naming the file, never its bytes.
func TestBriefRejectsAnUnusableSigningKey(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "key")
	if err := os.WriteFile(garbage, []byte("SECRETSECRETSECRET"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{garbage, filepath.Join(dir, "missing")} {
		a, stdout, stderr := testApp(nil)
		err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "--out", filepath.Join(dir, "out"), "--signing-key", key})
		if got := exitCode(err); got != exitUsage {
			t.Errorf("%s: exit %d (%v), want %d", key, got, err, exitUsage)
		}
		all := stdout.String() + stderr.String() + fmt.Sprint(err)
		if !strings.Contains(all, key) || strings.Contains(all, "SECRET") {
			t.Errorf("%s: output %q must name the file and not show its content", key, all)
		}
	}
}
