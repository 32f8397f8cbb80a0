// Package bib reads bibliographies and the documents that cite DOIs:
// BibTeX (decoded with internal/latex), .bbl files and LaTeX \bibitem
// lists, RIS, CSL JSON, JSON Lines records, CITATION.cff, DOI lists, and
// the reference lines of Markdown or plain text (package refline). Parse
// reads a document once into the DOIs it cites (a doi field that is no DOI
// among them, invalid as written) and what its entries say of each paper:
// authors, title, venue, volume, issue, pages, year, type. `check` and
// `brief --sources` both read files through it, so the same file gives
// both commands the same DOIs.
//
// Nothing here looks anything up: an entry is what the file says, to be
// compared with, or completed by, an oracle's record.
package bib
