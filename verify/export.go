package verify

import (
	"fmt"
	"path/filepath"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

// Export renders the references of the brief whose brief.json is at path in
// format f (bib, ris or csl), from its ledger.json and draft.json: never
// from model text. Call it only for a brief that verified.
func Export(path string, f pipeline.Format) (pipeline.File, error) {
	dir := filepath.Dir(path)
	var ledger contract.Ledger
	var draft contract.Draft
	if err := readJSON(filepath.Join(dir, pipeline.LedgerFile), &ledger); err != nil {
		return pipeline.File{}, fmt.Errorf("export: %w", err)
	}
	if err := readJSON(filepath.Join(dir, pipeline.DraftFile), &draft); err != nil {
		return pipeline.File{}, fmt.Errorf("export: %w", err)
	}
	entries, err := pipeline.CitedEntries(draft, ledger)
	if err != nil {
		return pipeline.File{}, fmt.Errorf("export %s: %w", path, err)
	}
	data, err := pipeline.RenderExport(f, entries)
	if err != nil {
		return pipeline.File{}, err
	}
	return pipeline.File{Name: filepath.Join(dir, pipeline.BriefFile(f)), Data: data}, nil
}
