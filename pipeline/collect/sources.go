package collect

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi/extract"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles"
)

// ErrSources is wrapped by errors about a sources file that cannot be read
// or parsed at all; the CLI maps it to the usage exit code.
var ErrSources = errors.New("unreadable sources file")

// ExcludedNoText counts sources with a DOI but neither title nor abstract to
// show the writer.
const ExcludedNoText = "no_text"

// FileCollector builds the ledger from a user's own list of sources
// (--sources FILE) instead of a search. Records of a Europe PMC core response
// are taken as Europe PMC has them. A reference from a bibliography (BibTeX,
// RIS, JSON, a DOI list) that lacks a title or an abstract is looked up
// through an oracle: the oracle's title and abstract fill what the file lacks
// and its retraction flags are kept; a DOI the oracle does not find is
// excluded and noted. The same rules as a search then apply: what may be
// cited, merging, BM25 ranking on the lead's topic, budget. Whether each DOI
// exists and is not retracted is the citation gate's check, as for any
// source.
type FileCollector struct {
	path   string
	oracle oracles.Oracle
	opts   Options
}

// NewFileCollector reads sources from path when Collect runs. A nil oracle
// skips lookup: the file's own metadata is used as is.
func NewFileCollector(path string, oracle oracles.Oracle, opts Options) *FileCollector {
	return &FileCollector{path: path, oracle: oracle, opts: opts.withDefaults()}
}

// Collect reads the file, looks its DOIs up and builds the ledger. The lead
// may be empty (the file says what to cite); its topic only ranks. An oracle
// that cannot answer for a DOI makes Collect fail with an error wrapping
// oracles.ErrUnavailable, never a silently thinner ledger.
func (c *FileCollector) Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error) {
	lead, err := leads.ValidateSourcesLead(lead)
	if err != nil {
		return contract.Ledger{}, err
	}
	data, err := os.ReadFile(c.path)
	if err != nil {
		return contract.Ledger{}, fmt.Errorf("%w: %v", ErrSources, err)
	}
	name := filepath.Base(c.path)
	origin := "file:" + name
	docs, fromEuropePMC, err := parseSources(name, data)
	if err != nil {
		return contract.Ledger{}, err
	}
	if len(docs) == 0 {
		// Not a refusal: the user named the wrong file, or an empty one.
		return contract.Ledger{}, fmt.Errorf("%w: no records in %s", ErrSources, c.path)
	}
	checked := make([]fileDoc, 0, len(docs))
	for _, d := range docs {
		checked = append(checked, fileDoc{Doc: d})
	}
	if c.oracle != nil && !fromEuropePMC {
		if checked, err = c.lookup(ctx, docs); err != nil {
			return contract.Ledger{}, err
		}
	}
	b := newLedgerBuilder(lead)
	var usable []Doc
	for _, d := range checked {
		switch {
		case d.missing:
			b.exclude(ExcludedNotFound, d.Record.DOI)
		case d.Record.DOI != "" && d.Record.Title == "" && d.Record.Abstract == "":
			b.exclude(ExcludedNoText, d.Record.DOI)
		default:
			usable = append(usable, d.Doc)
		}
	}
	l := b.build(usable, origin, c.opts)
	head := []string{fmt.Sprintf("%s: %d source(s) read", origin, len(docs))}
	if n := invalidDOIs(name, data); n > 0 && !fromEuropePMC {
		head = append(head, fmt.Sprintf("%s: %d invalid DOI token(s) skipped (citeloop check %s lists them)", origin, n, name))
	}
	l.Notes = append(head, l.Notes...)
	c.opts.Logger.Info("collected from file",
		zap.String("origin", origin), zap.Int("sources", len(docs)), zap.Int("entries", len(l.Entries)))
	return l, nil
}

// fileDoc is a Doc from a file with whether the oracle failed to find it.
type fileDoc struct {
	Doc
	missing bool
}

func fileDocs(entries []fileEntry) []Doc {
	docs := make([]Doc, 0, len(entries))
	for _, e := range entries {
		docs = append(docs, Doc{
			ID: e.Label,
			Record: oracles.Record{
				DOI: e.DOI, Title: e.Title, Authors: e.Authors, Journal: e.Journal,
				Year: e.Year, PMID: e.PMID, PMCID: e.PMCID, Abstract: e.Abstract,
			},
		})
	}
	return docs
}

// needsLookup reports whether a reference lacks text the oracle may have.
func needsLookup(d Doc) bool {
	return d.Record.DOI != "" && (d.Record.Title == "" || d.Record.Abstract == "")
}

// lookup asks the oracle, in one call, about every DOI whose title or
// abstract is missing and merges its answers.
func (c *FileCollector) lookup(ctx context.Context, docs []Doc) ([]fileDoc, error) {
	var dois []string
	for _, d := range docs {
		if needsLookup(d) {
			dois = append(dois, d.Record.DOI)
		}
	}
	answers := map[string]oracles.Result{}
	if len(dois) > 0 {
		answers = c.oracle.Lookup(ctx, dois)
	}
	out := make([]fileDoc, 0, len(docs))
	unknown := 0
	var cause error
	for _, d := range docs {
		fd := fileDoc{Doc: d}
		if needsLookup(d) {
			res := answers[d.Record.DOI]
			switch res.Status {
			case oracles.Found:
				if res.Record != nil {
					// The oracle's title and abstract are what the source
					// says; the file fills only what the oracle lacks, and
					// a warning flag from either is kept.
					fd.Record = res.Record.Merge(d.Record)
					fd.Record.DOI = d.Record.DOI
				}
			case oracles.NotFound:
				fd.missing = true
			default:
				unknown++
				if cause == nil {
					cause = res.Err
				}
			}
		}
		out = append(out, fd)
	}
	if unknown > 0 {
		if cause == nil {
			cause = errors.New("no answer")
		}
		if !errors.Is(cause, oracles.ErrUnavailable) {
			cause = fmt.Errorf("%w: %w", oracles.ErrUnavailable, cause)
		}
		return nil, fmt.Errorf("look up %d of %d source DOI(s) with %s: %w", unknown, len(dois), c.oracle.Name(), cause)
	}
	return out, nil
}

// parseSources reads a sources file. name (its base name) picks the format
// by extension, else the content does:
//
//   - a Europe PMC search response (JSON with resultList), returned as docs;
//   - a JSON array, or JSON Lines, of records with contract.Entry's fields
//     (doi, title, abstract, authors, journal, year, pmid, pmcid) or
//     CSL-JSON's (DOI, title, abstract, author [{family, given}],
//     container-title, issued);
//   - BibTeX (.bib) or RIS (.ris);
//   - Markdown (.md) or CITATION.cff (.cff), read by doi/extract;
//   - otherwise a plain list of DOIs, one a line (# starts a comment).
//
// A BibTeX, RIS or CSL JSON array gets, besides its entries, one record per
// valid DOI FileDOIs finds outside them (a note, a url): the same DOIs
// `check` reports for the file. Invalid tokens are skipped (Collect notes
// how many). Entries without a valid DOI are returned too: collection counts them as
// no_doi. fromEuropePMC reports a Europe PMC response, whose records are
// complete as Europe PMC has them. A file that is not what its extension says is an error wrapping
// ErrSources.
func parseSources(name string, data []byte) (docs []Doc, fromEuropePMC bool, err error) {
	// Every parser gets the data without a leading byte-order mark: left in,
	// it would hide a RIS file's first tag or a DOI list's first line.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	trimmed := bytes.TrimSpace(data)
	ext := strings.ToLower(filepath.Ext(name))
	fail := func(err error) ([]Doc, bool, error) {
		return nil, false, fmt.Errorf("%s: %w: %v", name, ErrSources, err)
	}
	switch {
	case ext == ".bib" || ext == ".bibtex" || (ext != ".json" && bytes.HasPrefix(trimmed, []byte("@"))):
		return fileDocs(withFileDOIs(name, data, parseBibTeX(data))), false, nil
	case ext == ".ris" || bytes.HasPrefix(trimmed, []byte("TY  -")):
		return fileDocs(withFileDOIs(name, data, parseRIS(data))), false, nil
	case ext == ".jsonl" || ext == ".ndjson":
		e, err := parseJSONLines(trimmed)
		if err != nil {
			return fail(err)
		}
		return fileDocs(e), false, nil
	case ext == ".json" || bytes.HasPrefix(trimmed, []byte("{")) || bytes.HasPrefix(trimmed, []byte("[")):
		switch {
		case bytes.HasPrefix(trimmed, []byte("[")):
			var recs []jsonSource
			if err := json.Unmarshal(trimmed, &recs); err != nil {
				return fail(err)
			}
			return fileDocs(withFileDOIs(name, data, jsonEntries(recs))), false, nil
		case bytes.Contains(trimmed, []byte(`"resultList"`)):
			docs, err := ParseDocs(trimmed)
			if err != nil {
				return fail(err)
			}
			return docs, true, nil
		default:
			e, err := parseJSONLines(trimmed)
			if err != nil {
				return fail(err)
			}
			return fileDocs(e), false, nil
		}
	case ext == ".md" || ext == ".markdown" || ext == ".cff":
		return fileDocs(markdownDOIs(data)), false, nil
	default:
		return fileDocs(parseDOIList(data)), false, nil
	}
}

// jsonSource accepts contract.Entry-like and CSL-JSON records. Field names
// match case-insensitively, so "DOI" and "doi" both land in DOI.
type jsonSource struct {
	DOI            string          `json:"doi"`
	Title          string          `json:"title"`
	Abstract       string          `json:"abstract"`
	Authors        []string        `json:"authors"`
	Author         json.RawMessage `json:"author"`
	Journal        string          `json:"journal"`
	ContainerTitle string          `json:"container-title"`
	Year           json.RawMessage `json:"year"`
	Issued         *struct {
		DateParts [][]json.Number `json:"date-parts"`
	} `json:"issued"`
	PMID  string `json:"pmid"`
	PMCID string `json:"pmcid"`
	URL   string `json:"url"`
}

func parseJSONLines(data []byte) ([]fileEntry, error) {
	var recs []jsonSource
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var r jsonSource
		if err := json.Unmarshal(text, &r); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		recs = append(recs, r)
	}
	return jsonEntries(recs), sc.Err()
}

func jsonEntries(recs []jsonSource) []fileEntry {
	out := make([]fileEntry, 0, len(recs))
	for i, r := range recs {
		e := fileEntry{
			Label: "record " + strconv.Itoa(i+1), Title: strings.TrimSpace(r.Title),
			Abstract: strings.TrimSpace(r.Abstract), Authors: r.Authors, Journal: r.Journal,
			PMID: r.PMID, PMCID: r.PMCID,
		}
		e.setDOI(strings.TrimPrefix(strings.TrimSpace(r.DOI), "DOI "))
		if e.RawDOI == "" {
			e.setDOI(doiFromURL(r.URL))
		}
		if e.Journal == "" {
			e.Journal = r.ContainerTitle
		}
		if len(e.Authors) == 0 && len(r.Author) > 0 {
			var csl []struct {
				Family  string `json:"family"`
				Given   string `json:"given"`
				Literal string `json:"literal"`
			}
			if json.Unmarshal(r.Author, &csl) == nil {
				for _, a := range csl {
					name := strings.TrimSpace(strings.TrimSpace(a.Family+" "+a.Given) + a.Literal)
					if name != "" {
						e.Authors = append(e.Authors, name)
					}
				}
			}
		}
		if y := strings.Trim(string(r.Year), `" `); y != "" {
			e.Year = leadingYear(y)
		}
		if e.Year == 0 && r.Issued != nil && len(r.Issued.DateParts) > 0 && len(r.Issued.DateParts[0]) > 0 {
			if y, err := r.Issued.DateParts[0][0].Int64(); err == nil {
				e.Year = int(y)
			}
		}
		out = append(out, e)
	}
	return out
}

// markdownDOIs reads a Markdown document (a reference list, a draft) the
// way `citeloop check` does, with doi/extract: every valid DOI in the text
// is one record, prose and headings are not records. One reader per file
// kind: brief --sources refs.md and check refs.md see the same DOIs.
func markdownDOIs(data []byte) []fileEntry {
	var out []fileEntry
	for _, f := range extract.Extract(string(data)) {
		if f.Invalid != "" {
			continue
		}
		e := fileEntry{Label: "line " + strconv.Itoa(f.Line)}
		e.setDOI(f.DOI)
		out = append(out, e)
	}
	return out
}
