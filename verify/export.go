package verify

import (
	"fmt"
	"path/filepath"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

// Export renders the references of the brief whose brief.json is at path in
// format f (bib, ris or csl), from its ledger.json and draft.json: never
// from model text. Call it only for a brief that verified.
func Export(path string, f brief.Format) (brief.File, error) {
	dir := filepath.Dir(path)
	files := briefFiles{fsys: diskFS(dir), dir: ".", shown: func(name string) string { return filepath.Join(dir, name) }, read: map[string][]byte{}}
	var ledger contract.Ledger
	var draft contract.Draft
	if err := files.readJSON(brief.LedgerFile, &ledger); err != nil {
		return brief.File{}, fmt.Errorf("export: %w", err)
	}
	if err := files.readJSON(brief.DraftFile, &draft); err != nil {
		return brief.File{}, fmt.Errorf("export: %w", err)
	}
	entries, err := brief.CitedEntries(draft, ledger)
	if err != nil {
		return brief.File{}, fmt.Errorf("export %s: %w", path, err)
	}
	data, err := brief.RenderExport(f, entries)
	if err != nil {
		return brief.File{}, err
	}
	return brief.File{Name: filepath.Join(dir, brief.BriefFile(f)), Data: data}, nil
}
