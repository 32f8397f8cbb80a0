package collect

import (
	"github.com/citeloop/citeloop/oracles"
)

// ParseReferences reads a bibliography the way a sources file is read
// (BibTeX, RIS, CSL JSON, JSON lines, a DOI list; chosen by name's
// extension and the content), without any look-up; a saved search response
// is not read (see Options.ReadResponse). Tests of citeloop's own exports
// parse them back with it.
func ParseReferences(name string, data []byte) ([]oracles.Hit, error) {
	f, err := readSources(name, data, nil)
	return f.docs, err
}
