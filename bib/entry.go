package bib

import "github.com/citeloop/citeloop/doi/extract"

// Entry is one reference as a file describes it, before any look-up: what
// `check` compares with the oracle's record of the entry's DOI, and what
// `brief --sources` takes as a source.
type Entry struct {
	// Label names the entry in notes and reports: a BibTeX key, "record
	// 3 (line 12)" in RIS, "record 2" in CSL JSON, "references[1]" in CFF,
	// "line 3" for a reference line or a DOI list.
	Label string
	// Line is the 1-based line where the entry starts in its file; 0 when
	// it cannot be told (a CSL JSON record on no line of its own).
	Line int
	// DOI is normalised; "" when the entry has none or it is invalid.
	DOI string
	// RawDOI is the DOI as written: an entry with RawDOI but no DOI has an
	// invalid DOI (which Parse reports among the document's DOIs), not
	// none. An entry without a doi field takes the first DOI another of
	// its fields gives (a url, an eprint, a note, a CFF identifier).
	RawDOI string
	// MoreDOIs are further DOIs the entry's own doi field gives (a doi
	// field written twice, with another DOI): each is compared with the
	// entry as DOI is.
	MoreDOIs []string
	Title    string
	// Authors are as written: "Family, Given", "Given Family" or "Family
	// Given"; a last "others" or "et al." says the list was cut on purpose.
	Authors []string
	// Journal is the venue: the journal, or a book or proceedings title.
	Journal string
	// Publisher is the publisher, or for a preprint its server ("bioRxiv")
	// when no journal is given.
	Publisher string
	ISSN      []string
	Volume    string
	Issue     string
	Pages     string
	Year      int
	// Type is what the file says the entry cites: TypeArticle, TypePreprint,
	// TypeOther, or "" when it does not say.
	Type  Type
	PMID  string
	PMCID string
	// Abstract is the file's abstract, kept only if the oracle has none.
	Abstract string
	// Software marks a CFF reference of type software: most of it (R, a
	// CRAN package) has no DOI to find, and its year is the version's, not
	// the DOI's.
	Software bool
	// Text is a reference line or list item as written (Markdown, text,
	// .bbl), for a report to show; "" for structured records.
	Text string
	// Unread says why a reference line could not be read into fields (no
	// author list, no year where its shape puts one): `check` reports it
	// not_checked rather than guessing. "" for an entry that was read.
	Unread string

	// last is the entry's last line (0 when its reader cannot tell): the
	// DOIs written on lines Line to last are the entry's, and a DOI's line
	// is found there, never at another entry that writes the same text.
	last int
	// doiLine is the line of the entry's DOI when its reader knows it (a
	// CFF node); 0 to find it between start and end.
	doiLine int
	// doiWhy says why RawDOI is no DOI when the reader knows better than
	// doi.Normalize (an undefined @string macro).
	doiWhy string
	// others are the DOIs (and invalid DOI tokens) the entry's other
	// fields give, beyond its own, as Parse reports them: rows of their
	// own, at the entry.
	others []extract.Found
	// beside are the valid DOIs of others the entry claims beside its
	// own (OtherDOIs).
	beside []string
}

// Type is the kind of work an entry says it cites.
type Type string

// The types of work.
const (
	TypeArticle  Type = "article"
	TypePreprint Type = "preprint"
	TypeOther    Type = "other"
)
