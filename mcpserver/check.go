package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/engine"
)

// CheckInput is check_citations' input: the text itself, or a path under
// the server's root.
type CheckInput struct {
	Text   string `json:"text,omitempty" jsonschema:"the document's content: Markdown, plain text, BibTeX, RIS, CSL JSON or CFF; give text or path"`
	Path   string `json:"path,omitempty" jsonschema:"a file to read instead of text; only files under the server's --root are read"`
	Format string `json:"format,omitempty" jsonschema:"the text's format (markdown, text, bibtex, ris, csl-json, cff); DOIs are found in any of them, and the format decides how each entry's title, year and first author are read to compare them with the DOI's record (mismatch)"`
}

// CheckOutput is the verdict on every distinct DOI the text cites.
type CheckOutput struct {
	// Status is all_found, not_verified or unknown (an oracle could not
	// answer): the one word an agent branches on.
	Status  string         `json:"status" jsonschema:"all_found, not_verified (some DOI not found, invalid or retracted), unknown (some DOI could not be checked: see each one's cause), or error when the call failed (isError is set: read the text)"`
	Problem string         `json:"problem,omitempty" jsonschema:"why the status is not all_found, in one sentence"`
	Summary map[string]int `json:"summary" jsonschema:"how many DOIs got each verdict"`
	DOIs    []CheckedDOI   `json:"dois" jsonschema:"one row per distinct DOI, in order of first citation"`
}

// CheckedDOI is the verdict on one DOI.
type CheckedDOI struct {
	DOI              string `json:"doi"`
	Verdict          string `json:"verdict" jsonschema:"found, not_found, invalid, retracted, erratum, mismatch (the entry's title, year or first author is not the record's), no_doi (a bibliography entry without a DOI) or unknown"`
	Title            string `json:"title,omitempty" jsonschema:"the record's title, to compare with what the text claims"`
	Year             int    `json:"year,omitempty" jsonschema:"the record's publication year"`
	Retracted        bool   `json:"retracted" jsonschema:"the paper is retracted: do not cite it as evidence"`
	RetractionNotice bool   `json:"retraction_notice" jsonschema:"the record is itself a retraction notice, not a paper"`
	Oracle           string `json:"oracle,omitempty" jsonschema:"which service answered"`
	Error            string `json:"error,omitempty" jsonschema:"why the verdict is unknown or invalid"`
	Cause            string `json:"cause,omitempty" jsonschema:"why the verdict is unknown: oracle_unavailable, not_in_offline_corpus, rate_limited, cut_by_budget or interrupted"`
	CachedAt         string `json:"cached_at,omitempty" jsonschema:"when the answer was stored, for one served from the cache (RFC 3339)"`
	Lines            []int  `json:"lines" jsonschema:"the lines of the text that cite it"`
	// Entry is what a bibliography entry says, for comparing with the
	// record when the verdict is mismatch.
	Entry *CheckedEntry `json:"entry,omitempty" jsonschema:"what the bibliography entry (BibTeX, RIS, CSL JSON) citing the DOI says; compare with title and year"`
	// PublishedDOI and SuggestedDOI are the DOIs to cite instead.
	PublishedDOI string `json:"published_doi,omitempty" jsonschema:"for a preprint, the DOI of its published version: cite that"`
	SuggestedDOI string `json:"suggested_doi,omitempty" jsonschema:"for no_doi or mismatch, the DOI of the one paper a title and author search found for the entry"`
}

// CheckedEntry is a bibliography entry's own metadata.
type CheckedEntry struct {
	Label  string `json:"label,omitempty" jsonschema:"the entry's key or position"`
	Title  string `json:"title,omitempty" jsonschema:"the entry's title"`
	Year   int    `json:"year,omitempty" jsonschema:"the entry's year"`
	Author string `json:"first_author,omitempty" jsonschema:"the entry's first author as written"`
}

// statusName is the word CheckOutput.Status uses for a check status.
func statusName(st check.Status) string {
	switch st {
	case check.AllFound:
		return "all_found"
	case check.NotVerified:
		return "not_verified"
	default:
		return "unknown"
	}
}

// formatName gives the document the name check reports, whose extension
// decides how its entries are read for the metadata comparison. ok is false
// for a format citeloop does not know.
func formatName(format string) (name string, ok bool) {
	switch format {
	case "":
		return "input", true
	case "markdown", "md":
		return "input.md", true
	case "text", "txt":
		return "input.txt", true
	case "bibtex", "bib":
		return "input.bib", true
	case "ris":
		return "input.ris", true
	case "csl-json", "json":
		return "input.json", true
	case "cff":
		return "CITATION.cff", true
	}
	return "", false
}

func addCheckCitations(srv *mcp.Server, s *server) {
	d := s.describer()
	verdicts := "found, not_found (no record has this DOI: likely fabricated), invalid, retracted, "
	advice := "Call it before you answer with citations; drop or fix every DOI that is not found."
	if d.offline {
		verdicts = "found, invalid, retracted, "
		advice = "Call it before you answer with citations; drop or fix every DOI that is invalid, retracted or a mismatch."
	}
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "check_citations",
		Title: "Check the DOIs a text cites",
		Description: "Finds every DOI in a text (a draft, a reference list, a .bib or .ris file) and looks each one up in " +
			d.lookups() + ". Returns per DOI: " + verdicts +
			"mismatch (the entry describes its record wrongly: authors, venue, year, volume, pages or title disagree), " +
			"no_doi (an entry without a DOI, with a suggested one), not_checked (a reference line that could not be read) or unknown (with its cause), with the record's real title and year so you " +
			"can see whether the citation describes the paper it names. " + d.unknownRule() + " " + advice,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(!d.offline)},
	}, s.checkCitations)
}

func (s *server) checkCitations(ctx context.Context, _ *mcp.CallToolRequest, in CheckInput) (*mcp.CallToolResult, CheckOutput, error) {
	name, ok := formatName(in.Format)
	if !ok {
		return checkFailed(failure(ReasonBadInput, fmt.Sprintf("format %q is not one of markdown, text, bibtex, ris, csl-json, cff", in.Format)))
	}
	text := in.Text
	switch {
	case in.Text != "" && in.Path != "":
		return checkFailed(failure(ReasonBadInput, "give text or path, not both"))
	case in.Path != "":
		b, err := s.root.read(in.Path, s.opts.MaxInput)
		if err != nil {
			return checkFailed(pathFailure(err))
		}
		text, name = string(b), in.Path
	case in.Text == "":
		return checkFailed(failure(ReasonBadInput, "give the text to check, or a path under the server's root"))
	}
	if r := s.capInput("text", len(text)); r != nil {
		return checkFailed(r)
	}
	checker, err := s.opts.Engine.Checker(engine.CheckOptions{Offline: s.opts.Offline})
	if err != nil {
		return checkFailed(failure(ReasonInternal, err.Error()))
	}
	rep := checker.Check(ctx, []check.Document{{Name: name, Text: text}})
	if interrupted(ctx, nil) {
		return checkFailed(failure(ReasonInterrupted, "the call was cancelled"))
	}
	out := CheckOutput{Status: statusName(rep.Status()), Problem: rep.Problem(), Summary: rep.Summary, DOIs: []CheckedDOI{}}
	for _, r := range rep.DOIs {
		row := CheckedDOI{DOI: r.DOI, Verdict: r.Verdict, Title: r.Title, Year: r.Year, Retracted: r.Verdict == check.VerdictRetracted,
			RetractionNotice: r.RetractionNotice, Oracle: r.Oracle, Error: r.Error, Cause: string(r.Cause), Lines: []int{},
			PublishedDOI: r.PublishedDOI, SuggestedDOI: r.SuggestedDOI}
		if !r.CachedAt.IsZero() {
			row.CachedAt = r.CachedAt.UTC().Format(time.RFC3339)
		}
		if r.Entry != nil {
			row.Entry = &CheckedEntry{Label: r.Entry.Label, Title: r.Entry.Title, Year: r.Entry.Year, Author: r.Entry.Author}
		}
		for _, l := range r.Locations {
			row.Lines = append(row.Lines, l.Line)
		}
		out.DOIs = append(out.DOIs, row)
	}
	s.log.Info("mcp tool", zap.String("tool", "check_citations"), zap.Int("bytes", len(text)), zap.Int("dois", len(out.DOIs)), zap.String("status", out.Status))
	return nil, out, nil
}

// checkFailed returns a tool error with an output that still fits the
// output schema, which the SDK checks even on errors.
func checkFailed(r *mcp.CallToolResult) (*mcp.CallToolResult, CheckOutput, error) {
	return r, CheckOutput{Status: "error", Summary: map[string]int{}, DOIs: []CheckedDOI{}}, nil
}

// pathFailure is the tool error for a file the server would not or could
// not read.
func pathFailure(err error) *mcp.CallToolResult {
	if errors.Is(err, errTooLarge) {
		return failure(ReasonInputTooLarge, err.Error())
	}
	return failure(ReasonPathRefused, err.Error())
}

func ptr[T any](v T) *T { return &v }
