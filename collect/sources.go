package collect

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"go.uber.org/zap"
	"golang.org/x/text/unicode/norm"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/inputfile"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles"
)

// ErrSources is wrapped by errors about a sources file that cannot be read
// or parsed at all; the CLI maps it to the usage exit code.
var ErrSources = errors.New("unreadable sources file")

// ExcludedNoText counts sources with a DOI but neither title nor abstract to
// show the writer.
const ExcludedNoText = "no_text"

// ExcludedUnknown counts sources the oracle could neither find nor deny:
// offline, the DOIs the corpus does not hold. They are unknown, never
// not_found, and the ledger says why (contract.Ledger.Unknown).
const ExcludedUnknown = "unknown"

// MaxSourcesBytes caps a sources file, as check caps a document
// (check.MaxDocumentBytes): the same file is refused by both, or by neither.
const MaxSourcesBytes = 64 << 20

// FileCollector builds the ledger from a user's own list of sources
// (--sources FILE) instead of a search. Records of a saved search response
// (a Europe PMC core answer, read by Options.ReadResponse) are taken as the
// service has them. A reference from a bibliography (BibTeX,
// RIS, JSON, a DOI list) that lacks a title or an abstract is looked up
// through an oracle: the oracle's title and abstract fill what the file lacks
// and its retraction flags are kept; a DOI the oracle does not find is
// excluded and noted. The same rules as a search then apply: what may be
// cited, merging, BM25 ranking on the lead's topic, budget. Whether each DOI
// exists and is not retracted is the citation gate's check, as for any
// source.
type FileCollector struct {
	path   string
	data   []byte // the file's content, when given instead of read
	oracle oracles.Oracle
	opts   Options
}

// NewFileCollector reads sources from path when Collect runs: a regular
// file of at most MaxSourcesBytes. A nil oracle skips lookup: the file's
// own metadata is used as is.
func NewFileCollector(path string, oracle oracles.Oracle, opts Options) *FileCollector {
	return &FileCollector{path: path, oracle: oracle, opts: opts.withDefaults()}
}

// NewContentCollector is NewFileCollector for a sources file's content
// already in hand (an MCP client sends it); name is the file's name, whose
// extension picks its format, as a path's would.
func NewContentCollector(name string, data []byte, oracle oracles.Oracle, opts Options) *FileCollector {
	return &FileCollector{path: name, data: data, oracle: oracle, opts: opts.withDefaults()}
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
	data := c.data
	if data == nil {
		if data, err = inputfile.ReadFile(c.path, MaxSourcesBytes, "a sources file", nil); err != nil {
			return contract.Ledger{}, fmt.Errorf("%w: %w", ErrSources, err)
		}
	}
	name := filepath.Base(c.path)
	origin := "file:" + name
	file, err := readSources(name, data, c.opts.ReadResponse)
	if err != nil {
		return contract.Ledger{}, err
	}
	docs, fromResponse := file.docs, file.fromResponse
	if len(docs) == 0 {
		// Not a refusal: the user named the wrong file, or an empty one.
		return contract.Ledger{}, fmt.Errorf("%w: no records in %s", ErrSources, c.path)
	}
	checked := make([]fileDoc, 0, len(docs))
	for _, d := range docs {
		checked = append(checked, fileDoc{Hit: d})
	}
	var disagree []string
	if c.oracle != nil {
		if checked, disagree, err = c.lookup(ctx, docs, fromResponse); err != nil {
			return contract.Ledger{}, err
		}
	}
	b := newLedgerBuilder(lead)
	var usable []oracles.Hit
	var unknown []fileDoc
	for _, d := range checked {
		switch {
		case d.missing:
			b.exclude(ExcludedNotFound, d.Record.DOI)
		case d.unknown != nil:
			b.exclude(ExcludedUnknown, d.Record.DOI)
			unknown = append(unknown, d)
		case d.Record.DOI != "" && d.Record.Title == "" && d.Record.Abstract == "":
			b.exclude(ExcludedNoText, d.Record.DOI)
		default:
			usable = append(usable, d.Hit)
		}
	}
	l, err := b.build(ctx, usable, origin, c.opts)
	if err != nil {
		return contract.Ledger{}, fmt.Errorf("collect from %s: %w", origin, err)
	}
	if len(unknown) > 0 {
		noun := "sources"
		if len(unknown) == 1 {
			noun = "source"
		}
		l.Unknown = fmt.Sprintf("%d %s unknown offline: %s", len(unknown), noun, oracles.DescribeUnknown(unknown[0].unknown))
	}
	head := []string{fmt.Sprintf("%s: %d source(s) read", origin, len(docs))}
	if n := file.invalid; n > 0 && !fromResponse {
		head = append(head, fmt.Sprintf("%s: %d invalid DOI token(s) skipped (citeloop check %s lists them)", origin, n, name))
	}
	head = append(head, disagreeNotes(origin, disagree)...)
	l.Notes = append(head, l.Notes...)
	c.opts.Logger.Info("collected from file",
		zap.String("origin", origin), zap.Int("sources", len(docs)), zap.Int("entries", len(l.Entries)))
	return l, nil
}

// fileDoc is a hit read from a file, with whether the oracle failed to
// find it, or could not tell because its corpus does not hold it (unknown,
// the cause).
type fileDoc struct {
	oracles.Hit
	missing bool
	unknown error
}

// fileDocs are a file's entries as docs, labelled by their entry's label.
func fileDocs(entries []bib.Entry) []oracles.Hit {
	docs := make([]oracles.Hit, 0, len(entries))
	for _, e := range entries {
		docs = append(docs, oracles.Hit{
			ID: e.Label,
			Record: oracles.Record{
				DOI: e.DOI, Title: e.Title, Authors: e.Authors, Journal: e.Journal,
				Year: e.Year, PMID: e.PMID, PMCID: e.PMCID, Abstract: e.Abstract,
			},
		})
	}
	return docs
}

// needsLookup reports whether a reference lacks text the oracle may have,
// or, with all, whether it has a DOI at all.
func needsLookup(d oracles.Hit, all bool) bool {
	return d.Record.DOI != "" && (all || d.Record.Title == "" || d.Record.Abstract == "")
}

// lookup asks the oracle, in one call, about every DOI of the file and
// merges its answers: where the oracle has the record, its metadata wins
// (title, authors, journal, year, PMID, PMCID, types; see fromOracle), so
// that a reference is rendered, numbers are backed by a title and notices
// are classified by one record, the oracle's, whose text quotes are
// checked against too. It also returns a description of each
// record whose file metadata the oracle contradicts, for the ledger's
// notes. A reference that lacks a title or an abstract (or, with
// Options.LookupAll, any) must be answered: one the oracle does not find
// is excluded, one an offline corpus does not hold is kept out as unknown,
// and any other unknown answer fails the lookup. A complete record (a saved
// search response, or a reference with title and abstract) the oracle
// cannot confirm is kept as the file has it: the gate asks again and
// decides.
func (c *FileCollector) lookup(ctx context.Context, docs []oracles.Hit, complete bool) ([]fileDoc, []string, error) {
	all := c.opts.LookupAll && !complete
	var dois []string
	for _, d := range docs {
		if d.Record.DOI != "" {
			dois = append(dois, d.Record.DOI)
		}
	}
	answers := map[string]oracles.Result{}
	if len(dois) > 0 {
		answers = c.oracle.Lookup(ctx, dois)
	}
	out := make([]fileDoc, 0, len(docs))
	var disagree []string
	unknown, asked := 0, 0
	var cause error
	for _, d := range docs {
		fd := fileDoc{Hit: d}
		res, ok := answers[d.Record.DOI]
		must := !complete && needsLookup(d, all)
		if must {
			asked++
		}
		switch {
		case d.Record.DOI == "":
		case ok && res.Status == oracles.Found && res.Record != nil:
			if diff := metadataDiff(d.Record, *res.Record); len(diff) > 0 {
				disagree = append(disagree, d.Record.DOI+" ("+strings.Join(diff, ", ")+")")
			}
			fd.Record = fromOracle(*res.Record, d.Record)
		case !must:
			// Complete as the file has it; the gate asks the oracle again.
		case res.Status == oracles.NotFound:
			fd.missing = true
		case res.Status == oracles.Unknown && oracles.CauseOf(res) == oracles.CauseNotInCorpus:
			fd.unknown = res.Err
		default:
			unknown++
			if cause == nil {
				cause = res.Err
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
		return nil, nil, fmt.Errorf("look up %d of %d source DOI(s) with %s: %w", unknown, asked, c.oracle.Name(), cause)
	}
	return out, disagree, nil
}

// fromOracle is the record of a reference the oracle has: the oracle's
// metadata (title, authors, journal, year, identifiers, types), with the
// file's DOI spelling, the warning flags of both, the file's title only
// where the oracle has none, and the file's abstract where it gives one:
// that is the text the writer is shown, which the gate checks against the
// oracle's (a quote only an edited file holds fails source_text_mismatch).
// The file's identifiers, authors, journal, year and types are not taken
// where the oracle is silent: a reference shows nothing the oracle does
// not say.
func fromOracle(o, file oracles.Record) oracles.Record {
	text := oracles.Record{Title: file.Title, Abstract: file.Abstract, Retracted: file.Retracted,
		RetractionNotice: file.RetractionNotice, Erratum: file.Erratum, Preprint: file.Preprint, Corrected: file.Corrected}
	r := o.Merge(text)
	r.DOI = file.DOI
	if file.Abstract != "" {
		r.Abstract = file.Abstract
	}
	return r
}

// metadataDiff names the fields in which a file's record contradicts the
// oracle's: both give the field and they differ other than by case,
// spacing, punctuation or markup (titles, journals), by the form of a name
// (authors: the first author's family name), or at all (year, PMID, PMCID).
func metadataDiff(file, oracle oracles.Record) []string {
	var out []string
	differ := func(name, a, b string) {
		if a != "" && b != "" && a != b {
			out = append(out, name)
		}
	}
	differ("title", foldMeta(file.Title), foldMeta(oracle.Title))
	if len(file.Authors) > 0 && len(oracle.Authors) > 0 {
		differ("authors", familyName(file.Authors[0]), familyName(oracle.Authors[0]))
	}
	differ("journal", foldMeta(file.Journal), foldMeta(oracle.Journal))
	if file.Year != 0 && oracle.Year != 0 && file.Year != oracle.Year && file.Year != oracle.OnlineYear && file.Year != oracle.PrintYear {
		out = append(out, "year")
	}
	differ("PMID", strings.TrimSpace(file.PMID), strings.TrimSpace(oracle.PMID))
	differ("PMCID", strings.ToUpper(strings.TrimSpace(file.PMCID)), strings.ToUpper(strings.TrimSpace(oracle.PMCID)))
	return out
}

// foldMeta is a title or journal as compared: its reader's text, letters
// and digits only, lower case.
func foldMeta(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, norm.NFKD.String(contract.CleanText(s)))
}

// familyName is an author's family name as compared: before a comma
// ("Xiang, Zhisheng"), else the first word ("Xiang Z"), folded.
func familyName(a string) string {
	if f, _, ok := strings.Cut(a, ","); ok {
		return foldMeta(f)
	}
	f, _, _ := strings.Cut(strings.TrimSpace(a), " ")
	return foldMeta(f)
}

// disagreeNotes are the ledger's notes of records whose file metadata the
// oracle contradicts: the oracle's record is used.
func disagreeNotes(origin string, disagree []string) []string {
	if len(disagree) == 0 {
		return nil
	}
	const shown = 5
	more := ""
	if len(disagree) > shown {
		more = fmt.Sprintf(" and %d more", len(disagree)-shown)
		disagree = disagree[:shown]
	}
	return []string{fmt.Sprintf("%s: the oracle's metadata replaces the file's where they disagree: %s%s", origin, strings.Join(disagree, "; "), more)}
}

// sourceFile is a sources file read once.
type sourceFile struct {
	docs []oracles.Hit
	// fromResponse reports a saved search response (Options.ReadResponse),
	// whose records are complete as the service has them.
	fromResponse bool
	// invalid counts the invalid DOI tokens skipped, which `check` reports
	// as invalid: none outside the kinds check reads DOIs of (BibTeX, RIS,
	// CSL JSON, Markdown, CFF).
	invalid int
}

// readSources reads a sources file with package bib. name (its base name)
// picks the format by extension, else the content does:
//
//   - a saved search response that read takes (europepmc.ReadResponse: a
//     Europe PMC answer, JSON with resultList), its records as they are;
//   - a JSON array, or JSON Lines, of records with contract.Entry's fields
//     (doi, title, abstract, authors, journal, year, pmid, pmcid) or
//     CSL-JSON's (DOI, title, abstract, author [{family, given}],
//     container-title, issued);
//   - BibTeX (.bib) or RIS (.ris);
//   - Markdown (.md) or CITATION.cff (.cff): the DOIs `check` reads in it;
//   - otherwise a plain list of DOIs, one a line (# starts a comment).
//
// A BibTeX, RIS or CSL JSON array gets, besides its entries, one record per
// valid DOI the document cites outside them (a note, a url; see
// bib.Document.WithDOIEntries): the same DOIs `check` reports for the file.
// Invalid tokens are skipped (Collect notes how many). Entries without a
// valid DOI are returned too: collection counts them as no_doi. A file that
// is not what its extension says is an error wrapping ErrSources.
func readSources(name string, data []byte, read ResponseReader) (sourceFile, error) {
	// Every parser gets the text check reads (bib.Decode): UTF-16 and
	// Windows-1252 decoded, no byte-order mark (left in, it would hide a
	// RIS file's first tag or a DOI list's first line), every line break
	// a "\n".
	text, err := bib.Decode(data)
	if err != nil {
		return sourceFile{}, sourcesError(name, err)
	}
	data = []byte(text)
	trimmed := bytes.TrimSpace(data)
	ext := strings.ToLower(filepath.Ext(name))
	var (
		doc  bib.Document
		recs []bib.Entry
	)
	switch {
	case ext == ".bib" || ext == ".bibtex" || (ext != ".json" && bytes.HasPrefix(trimmed, []byte("@"))):
		doc = bib.ParseAs(bib.BibTeX, name, data)
		recs = doc.WithDOIEntries()
	case ext == ".ris" || bytes.HasPrefix(trimmed, []byte("TY  -")):
		doc = bib.ParseAs(bib.RIS, name, data)
		recs = doc.WithDOIEntries()
	case ext == ".jsonl" || ext == ".ndjson":
		doc = bib.ParseAs(bib.JSONLines, name, data)
		recs = doc.Entries
	case ext == ".json" || bytes.HasPrefix(trimmed, []byte("{")) || bytes.HasPrefix(trimmed, []byte("[")):
		switch {
		case bytes.HasPrefix(trimmed, []byte("[")):
			doc = bib.ParseAs(bib.CSLJSON, name, data)
			recs = doc.WithDOIEntries()
		default:
			if read != nil {
				hits, ok, err := read(trimmed)
				if err != nil {
					return sourceFile{}, sourcesError(name, err)
				}
				if ok {
					return sourceFile{docs: hits, fromResponse: true}, nil
				}
			}
			doc = bib.ParseAs(bib.JSONLines, name, data)
			recs = doc.Entries
		}
	case slices.Contains([]bib.Kind{bib.BBL, bib.MEDLINE, bib.Refer, bib.EndNoteXML, bib.CSLYAML, bib.ZoteroRDF}, bib.KindOf(name)):
		// The other bibliographies check reads: the same entries.
		doc = bib.Parse(name, data)
		recs = doc.WithDOIEntries()
	case ext == ".md" || ext == ".markdown" || ext == ".cff" || bib.KindOf(name) == bib.HTML:
		// One reader per file kind: brief --sources refs.md and check
		// refs.md see the same DOIs, and prose is no record.
		doc = bib.Parse(name, data)
		recs = doc.DOIEntries()
	default:
		doc = bib.ParseAs(bib.DOIList, name, data)
		recs = doc.Entries
	}
	if doc.Err != nil && doc.Kind != bib.CFF {
		return sourceFile{}, sourcesError(name, doc.Err)
	}
	f := sourceFile{docs: fileDocs(recs)}
	switch ext {
	case ".bib", ".bibtex", ".ris", ".json", ".md", ".markdown", ".cff":
		for _, d := range doc.DOIs {
			if d.Invalid != "" {
				f.invalid++
			}
		}
	}
	return f, nil
}

// sourcesError is the error of a sources file that is not what its
// extension says.
func sourcesError(name string, err error) error {
	return fmt.Errorf("%s: %w: %v", name, ErrSources, err)
}
