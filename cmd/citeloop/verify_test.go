package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles"
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
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "cancer screening", "--out", out, "--format", "md,json,html", "--signing-key", key}); err != nil {
		t.Fatalf("brief: %v\n%s", err, stderr)
	}
	if strings.Contains(stderr.String(), "PRIVATE KEY") {
		t.Fatal("brief logged key material")
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
					return r, r.Register("europepmc", func(oracles.Settings) (oracles.Oracle, error) { return unavailableOracle{}, nil })
				}
			}
			if tt.edit {
				path := filepath.Join(out, "brief.json")
				data, _ := os.ReadFile(path)
				edited := strings.Replace(string(data), `"topic": "cancer screening"`, `"topic": "cancer screenin"`, 1)
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
