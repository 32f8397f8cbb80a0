package collect

// ParseReferences reads a bibliography the way a sources file is read
// (BibTeX, RIS, CSL JSON, JSON lines, a DOI list; chosen by name's
// extension and the content), without any look-up. Tests of citeloop's own
// exports parse them back with it.
func ParseReferences(name string, data []byte) ([]Doc, error) {
	docs, _, err := parseSources(name, data)
	return docs, err
}
