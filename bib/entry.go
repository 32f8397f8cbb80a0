package bib

// Entry is one reference as a file describes it, before any look-up: what
// `check` compares with the oracle's record of the entry's DOI, and what
// `brief --sources` takes as a source.
type Entry struct {
	// Label names the entry in notes and reports: a BibTeX key, "record
	// 3 (line 12)" in RIS, "record 2" in CSL JSON, "references[1]" in CFF,
	// "line 3" for a reference line or a DOI list.
	Label string
	// DOI is normalised; "" when the entry has none or it is invalid.
	DOI string
	// RawDOI is the DOI as written: an entry with RawDOI but no DOI has an
	// invalid DOI (which extraction reports), not none.
	RawDOI string
	Title  string
	// Authors are as written: "Family, Given", "Given Family" or "Family
	// Given".
	Authors []string
	Journal string
	Year    int
	PMID    string
	PMCID   string
	// Abstract is the file's abstract, kept only if the oracle has none.
	Abstract string
	// Software marks a CFF reference of type software: most of it (R, a
	// CRAN package) has no DOI to find, and its year is the version's, not
	// the DOI's.
	Software bool
}
