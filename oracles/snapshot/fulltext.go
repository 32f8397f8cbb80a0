package snapshot

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/citeloop/citeloop/oracles"
)

// The recorded open-access full texts the embedded corpus serves (copies
// of testdata/europepmc-fulltext, named by PMCID), and the core records
// derived from their JATS front matter (title, abstract, DOI, PMID,
// PMCID, journal, year), so each recorded article is a record of the
// corpus; corpus/README.md says so.
var (
	//go:embed corpus/fulltext/*.xml
	embeddedFullTexts embed.FS
	//go:embed corpus/fulltext-records.json
	embeddedFullTextRecords []byte
)

// EmbeddedFullTextRecords returns the raw bytes of the core records derived
// from the embedded full texts' front matter.
func EmbeddedFullTextRecords() []byte { return embeddedFullTextRecords }

// EmbeddedFullTexts returns the embedded full texts by PMCID.
func EmbeddedFullTexts() map[string][]byte {
	out := map[string][]byte{}
	entries, _ := fs.ReadDir(embeddedFullTexts, "corpus/fulltext")
	for _, e := range entries {
		b, err := fs.ReadFile(embeddedFullTexts, path.Join("corpus/fulltext", e.Name()))
		if err == nil {
			out[strings.TrimSuffix(e.Name(), ".xml")] = b
		}
	}
	return out
}

// WithFullTexts returns c with more records (a core response, such as
// EmbeddedFullTextRecords) and the full texts it serves by PMCID. A
// record is open access in the corpus exactly when the corpus holds its
// full text: offline, nothing else can be fetched.
func (c *Corpus) WithFullTexts(records []byte, texts map[string][]byte) (*Corpus, error) {
	more, err := Load(records)
	if err != nil {
		return nil, fmt.Errorf("snapshot full-text records: %w", err)
	}
	n := &Corpus{name: c.name, byDOI: map[string]oracles.Record{}, fullTexts: texts}
	n.results = append(append(n.results, c.results...), more.results...)
	for _, d := range append(append([]doc{}, c.docs...), more.docs...) {
		_, ok := texts[d.hit.Record.PMCID]
		d.hit.Record.OpenAccess = ok && d.hit.Record.PMCID != ""
		n.add(d)
	}
	return n, nil
}

var _ oracles.FullTexter = (*Oracle)(nil)

// FullText serves a full text the corpus holds; for any other id it
// answers oracles.ErrNoFullText, which leaves the quote to the abstract.
func (o *Oracle) FullText(ctx context.Context, id string) (oracles.FullText, error) {
	if err := ctx.Err(); err != nil {
		return oracles.FullText{}, fmt.Errorf("snapshot: full text of %s: %w: %w", id, oracles.ErrUnavailable, err)
	}
	b, ok := o.corpus.fullTexts[id]
	if !ok {
		return oracles.FullText{}, fmt.Errorf("snapshot: full text of %s: %w: not in %s", id, oracles.ErrNoFullText, o.corpus.name)
	}
	return oracles.FullText{ID: id, Body: b, Oracle: o.Name()}, nil
}
