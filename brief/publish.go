package brief

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/inputfile"
	"github.com/citeloop/citeloop/pipeline"
)

// Published says what Publish did in a folder.
type Published struct {
	// Paths are the files written: the brief and its ledger, or the
	// failure report.
	Paths []string
	// Removed are files an earlier run left there and Publish removed, so
	// that an old brief never looks like this run's result.
	Removed []string
}

// Publish writes a run's rendered files into dir. A verified run's brief is
// written only if its proof still approves its draft and ledger. Any other
// run removes an earlier brief from dir and writes the failure report
// (ReportFile, among files) only if report is set. An errored run writes
// and removes nothing.
func Publish(dir string, res pipeline.Result, files []File, report bool) (Published, error) {
	var p Published
	switch res.Reason {
	case contract.Errored:
		return p, nil
	case contract.Verified:
		if err := res.Proof.Approves(res.Draft, res.Ledger); err != nil {
			return p, fmt.Errorf("publish %s: %w", dir, err)
		}
		paths, err := WriteBrief(dir, files)
		p.Paths = paths
		return p, err
	}
	removed, err := ClearArtifacts(dir)
	p.Removed = removed
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return p, fmt.Errorf("publish %s: %w", dir, err)
	}
	if !report {
		return p, nil
	}
	for _, f := range files {
		if f.Name != ReportFile {
			continue
		}
		path, err := WriteReportData(dir, f.Data)
		if err != nil {
			return p, fmt.Errorf("publish %s: %w", dir, err)
		}
		p.Paths = append(p.Paths, path)
	}
	return p, nil
}

// maxLedgerBytes caps the ledger.json LedgerUnchanged reads back.
const maxLedgerBytes = 32 << 20

// LedgerUnchanged reports whether ledger cites the same sources with the
// same texts as the ledger of the verified brief in dir: the same DOIs with
// the same content hashes, in the same order. Collection times and notes
// do not count. A folder without a verified brief is never unchanged.
func LedgerUnchanged(dir string, formats []Format, ledger contract.Ledger) (bool, error) {
	if !HasBrief(dir, formats) {
		return false, nil
	}
	data, err := inputfile.ReadFile(filepath.Join(dir, LedgerFile), maxLedgerBytes, "a ledger", nil)
	if err != nil {
		return false, fmt.Errorf("ledger unchanged: %w", err)
	}
	var old contract.Ledger
	if err := json.Unmarshal(data, &old); err != nil {
		return false, fmt.Errorf("ledger unchanged: %s: %w", filepath.Join(dir, LedgerFile), err)
	}
	if len(old.Entries) != len(ledger.Entries) {
		return false, nil
	}
	for i, e := range ledger.Entries {
		if o := old.Entries[i]; o.DOI != e.DOI || o.ContentHash != e.ContentHash || o.ContentHash == "" {
			return false, nil
		}
	}
	return true, nil
}
