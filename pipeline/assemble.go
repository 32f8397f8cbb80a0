package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
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

// ErrNotVerified is returned by Assemble when the run did not end verified.
var ErrNotVerified = errors.New("run did not end verified")

// File is one rendered artifact: its file name and contents.
type File struct {
	Name string
	Data []byte
}

// Render renders the brief of a verified run to bytes, the ledger and the
// approved draft first and then one file per format, in the order they must be written. It refuses
// unless proof was minted by the gate for exactly res.Draft and res.Ledger.
// References are rendered from the ledger, never from text the model typed.
//
// The brief records the proof's stamp (signed when a key is given, see
// WithSigningKey) and the run's provenance (WithProvenance).
func Render(formats []Format, proof gates.Proof, res Result, opts ...RenderOption) ([]File, error) {
	var cfg renderConfig
	for _, o := range opts {
		o(&cfg)
	}
	if res.Reason != contract.Verified {
		return nil, fmt.Errorf("render: %w (%s)", ErrNotVerified, res.Reason)
	}
	if err := proof.Approves(res.Draft, res.Ledger); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	b, err := newBrief(res)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	b.Stamp = Sign(proof.Stamp(), cfg.key)
	b.Provenance = cfg.provenance.withLedger(res.Ledger)
	ledger, err := marshalIndent(res.Ledger)
	if err != nil {
		return nil, fmt.Errorf("render: ledger: %w", err)
	}
	draft, err := marshalIndent(res.Draft)
	if err != nil {
		return nil, fmt.Errorf("render: draft: %w", err)
	}
	files := []File{{Name: LedgerFile, Data: ledger}, {Name: DraftFile, Data: draft}}
	for _, f := range formats {
		var data []byte
		switch f {
		case Markdown:
			data = renderMarkdown(b)
		case JSON:
			data, err = renderJSON(b, res)
		case HTML:
			data, err = renderHTML(b)
		case BibTeX, RIS, CSL:
			data, err = RenderExport(f, b.entries(res.Ledger))
		default:
			err = fmt.Errorf("unknown format %q", f)
		}
		if err != nil {
			return nil, fmt.Errorf("render %s: %w", f, err)
		}
		files = append(files, File{Name: BriefFile(f), Data: data})
	}
	return files, nil
}

// Assemble renders the brief of a verified run into dir (see Render) and
// returns the paths written.
func Assemble(dir string, formats []Format, proof gates.Proof, res Result, opts ...RenderOption) ([]string, error) {
	files, err := Render(formats, proof, res, opts...)
	if err != nil {
		return nil, fmt.Errorf("assemble: %w", err)
	}
	return WriteBrief(dir, files)
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

// RenderReport renders the failure report of a run that did not verify.
// Its name (ReportFile) and first field say it is not a brief.
func RenderReport(res Result) ([]byte, error) {
	data, err := marshalIndent(struct {
		NotABrief string             `json:"NOT_A_BRIEF"`
		Reason    contract.EndReason `json:"end_reason"`
		Detail    string             `json:"detail"`
		Lead      contract.Lead      `json:"lead"`
		Verdict   gates.Verdict      `json:"verdict"`
		Metrics   contract.Metrics   `json:"metrics"`
		Draft     any                `json:"last_draft,omitempty"`
		Ledger    any                `json:"ledger"`
	}{
		NotABrief: "this run did not verify; nothing here may be cited",
		Reason:    res.Reason, Detail: res.Detail, Lead: res.Lead, Verdict: res.Verdict, Metrics: res.Metrics,
		Draft:  nilIfZero(res),
		Ledger: res.Ledger,
	})
	if err != nil {
		return nil, fmt.Errorf("render report: %w", err)
	}
	return data, nil
}

// WriteReport writes a failure report for a run that did not verify.
func WriteReport(dir string, res Result) (string, error) {
	data, err := RenderReport(res)
	if err != nil {
		return "", fmt.Errorf("write report: %w", err)
	}
	return WriteReportData(dir, data)
}

// WriteReportData writes a rendered failure report into dir, after removing
// what an earlier run left there.
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

// Artifacts lists every file name the assembler or WriteReport may write.
func Artifacts() []string {
	names := []string{LedgerFile, DraftFile, ReportFile}
	for _, f := range []Format{Markdown, JSON, HTML, BibTeX, RIS, CSL} {
		names = append(names, BriefFile(f))
	}
	return names
}

// HasBrief reports whether dir holds a complete brief in every one of
// formats. Assemble writes the ledger first and the brief files after it,
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

// BriefFile is the file name of the brief in format f.
// CSL JSON is brief.csl.json, the name pandoc and Zotero expect.
func BriefFile(f Format) string {
	if f == CSL {
		return "brief.csl.json"
	}
	return "brief." + string(f)
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

func nilIfZero(res Result) any {
	if res.Draft.Title == "" && len(res.Draft.Sections) == 0 && !res.Draft.Refused {
		return nil
	}
	return res.Draft
}
