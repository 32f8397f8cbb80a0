package verify_test

import (
	"context"
	"crypto/ed25519"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/all"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

var fixedNow = func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) }

// writeBrief writes a real brief (offline corpus, every format) into a new
// folder, signed with key when key is set, and returns the folder.
func writeBrief(t testing.TB, key ed25519.PrivateKey) string {
	t.Helper()
	return writeBriefIn(t, key, []brief.Format{brief.Markdown, brief.JSON, brief.HTML, brief.BibTeX, brief.RIS, brief.CSL})
}

// writeBriefIn is writeBrief in the given formats.
func writeBriefIn(t testing.TB, key ed25519.PrivateKey, formats []brief.Format) string {
	t.Helper()
	e, err := engine.New(configs.Default(), engine.Deps{Registry: all.Backends(), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	o := engine.BriefOptions{Offline: off, Formats: formats}
	if key != nil {
		o.SigningKeyFile = filepath.Join(t.TempDir(), "key.pem")
		priv, _, err := brief.MarshalKeyPair(key)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(o.SigningKeyFile, priv, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	b, err := e.NewBriefer(o)
	if err != nil {
		t.Fatal(err)
	}
	res, files, err := b.RunLead(context.Background(), contract.Lead{Topic: "cancer screening", AnyTopicWord: true})
	if err != nil || res.Reason != contract.Verified {
		t.Fatalf("setup: run ended %s: %s (%v)", res.Reason, res.Detail, err)
	}
	dir := filepath.Join(t.TempDir(), "brief")
	if _, err := brief.Publish(dir, res, files, false); err != nil {
		t.Fatal(err)
	}
	return dir
}

// ledgerOf reads the folder's ledger.
func ledgerOf(t *testing.T, dir string) contract.Ledger {
	t.Helper()
	var l contract.Ledger
	readJSON(t, filepath.Join(dir, brief.LedgerFile), &l)
	return l
}

// knownOracle answers Found for every ledger entry, as Europe PMC would
// for an untouched brief; edit changes a record first.
func knownOracle(l contract.Ledger, edit func(*oracles.Record)) *oracletest.Fake {
	var recs []oracles.Record
	for _, e := range l.Entries {
		r := oracles.Record{DOI: e.DOI, Title: e.Title, Abstract: e.Abstract, Year: e.Year}
		if edit != nil {
			edit(&r)
		}
		recs = append(recs, r)
	}
	return oracletest.NewFake("europepmc", recs, nil)
}

// replaceOnce replaces the first old in the file with new, failing if old is
// not there, so an edit test never passes by editing nothing.
func replaceOnce(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("setup: %q not in %s", old, path)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}
