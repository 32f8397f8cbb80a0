package brief

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/citeloop/citeloop/internal/atomicfile"
)

// Format is an output format of the assembler.
type Format string

// The formats the assembler renders.
const (
	Markdown Format = "md"
	JSON     Format = "json"
	HTML     Format = "html"
	// The reference exports, rendered from the ledger entries the brief
	// cites (export.go).
	BibTeX Format = "bib"
	RIS    Format = "ris"
	CSL    Format = "csl"
)

// ParseFormats parses a comma-separated list such as "md,json".
func ParseFormats(s string) ([]Format, error) {
	var out []Format
	for _, f := range strings.Split(s, ",") {
		switch Format(strings.TrimSpace(f)) {
		case Markdown, JSON, HTML, BibTeX, RIS, CSL:
			out = append(out, Format(strings.TrimSpace(f)))
		default:
			return nil, fmt.Errorf("unknown format %q (want md, json, html, bib, ris or csl)", f)
		}
	}
	return out, nil
}

// File names the assembler writes.
const (
	LedgerFile = "ledger.json"
	// DraftFile is the draft the gate approved, as the writer typed it:
	// verify recomputes its digest. The brief files show source spans only.
	DraftFile  = "draft.json"
	ReportFile = "FAILED-not-a-brief.json"
)

// File is one rendered artifact: its file name and contents.
type File struct {
	Name string
	Data []byte
}

// BriefFile is the file name of the brief in format f.
// CSL JSON is brief.csl.json, the name pandoc and Zotero expect.
func BriefFile(f Format) string {
	if f == CSL {
		return "brief.csl.json"
	}
	return "brief." + string(f)
}

// Artifacts lists every file name the assembler or WriteReportData may
// write.
func Artifacts() []string {
	names := []string{LedgerFile, DraftFile, ReportFile}
	for _, f := range []Format{Markdown, JSON, HTML, BibTeX, RIS, CSL} {
		names = append(names, BriefFile(f))
	}
	return names
}

// WriteBrief writes rendered files into dir in their order, after removing
// what an earlier run left there. Files are written atomically and the
// ledger comes first: a reader never sees a half-written brief, nor a brief
// pointing at a missing ledger.
func WriteBrief(dir string, files []File) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("assemble: %w", err)
	}
	if _, err := ClearArtifacts(dir); err != nil {
		return nil, fmt.Errorf("assemble: %w", err)
	}
	var written []string
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if err := atomicfile.WriteFile(path, f.Data); err != nil {
			return written, fmt.Errorf("assemble: %w", err)
		}
		written = append(written, path)
	}
	return written, nil
}

// WriteReportData writes a rendered failure report (RenderReport) into dir,
// after removing what an earlier run left there.
func WriteReportData(dir string, data []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("write report: %w", err)
	}
	if _, err := ClearArtifacts(dir); err != nil {
		return "", fmt.Errorf("write report: %w", err)
	}
	path := filepath.Join(dir, ReportFile)
	return path, atomicfile.WriteFile(path, data)
}

// HasBrief reports whether dir holds a complete brief in every one of
// formats. WriteBrief writes the ledger first and the brief files after it,
// each atomically, and ClearArtifacts runs before any new write, so all of
// them present means a run verified and finished writing.
func HasBrief(dir string, formats []Format) bool {
	names := []string{LedgerFile}
	for _, f := range formats {
		names = append(names, BriefFile(f))
	}
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			return false
		}
	}
	return true
}

// ClearArtifacts removes what an earlier run wrote into dir (only the file
// names in Artifacts), so that a failed run never leaves an older brief
// looking like its result, and a verified one leaves no stale format or
// failure report beside it. It returns the names removed.
func ClearArtifacts(dir string) ([]string, error) {
	var removed []string
	for _, name := range Artifacts() {
		err := os.Remove(filepath.Join(dir, name))
		switch {
		case err == nil:
			removed = append(removed, name)
		case !errors.Is(err, os.ErrNotExist):
			return removed, err
		}
	}
	return removed, nil
}
