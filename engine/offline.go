package engine

import (
	"fmt"
	"sync"

	"github.com/citeloop/citeloop/internal/inputfile"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

// Offline is a parsed offline corpus: the snapshot oracle, which answers
// DOI lookups and searches the same records. It is decoded once and shared,
// read-only, by every lead and goroutine that uses it.
type Offline struct {
	corpus *snapshot.Corpus
	oracle *snapshot.Oracle
}

// LoadOffline decodes a Europe PMC resultType=core JSON response once, for
// both the collector and the oracle.
func LoadOffline(data []byte) (*Offline, error) {
	c, err := snapshot.Load(data)
	if err != nil {
		return nil, fmt.Errorf("%w: offline corpus: %w", ErrInput, err)
	}
	return newOffline(c), nil
}

func newOffline(c *snapshot.Corpus) *Offline {
	return &Offline{corpus: c, oracle: snapshot.NewOracle(c)}
}

// embeddedOffline parses the corpus shipped in the binary on first use. It
// is the one package-level value: immutable once built, and built at most
// once per process however many engines, leads and checks use it.
var embeddedOffline = sync.OnceValues(func() (*Offline, error) {
	c, err := snapshot.Default()
	if err != nil {
		return nil, fmt.Errorf("%w: offline corpus: %w", ErrInput, err)
	}
	return newOffline(c), nil
})

// EmbeddedOffline returns the corpus shipped in the binary, parsed once per
// process.
func EmbeddedOffline() (*Offline, error) { return embeddedOffline() }

// OfflineFile loads a corpus from a file, or returns the embedded one when
// path is empty.
func OfflineFile(path string) (*Offline, error) {
	if path == "" {
		return EmbeddedOffline()
	}
	data, err := inputfile.ReadFile(path, snapshot.MaxFileBytes, "a corpus file", nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	off, err := LoadOffline(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return newOffline(off.corpus.Named(path)), nil
}

// Oracle answers DOI lookups from the corpus.
func (o *Offline) Oracle() oracles.Oracle { return o.oracle }

// Len is the number of records in the corpus.
func (o *Offline) Len() int { return o.corpus.Len() }

// Name says which corpus it is: "the embedded corpus", or its file.
func (o *Offline) Name() string { return o.corpus.Name() }

// searcher is a local search over the corpus. The snapshot only reads its
// records, so one corpus serves every concurrent lead.
func (o *Offline) searcher() oracles.Searcher { return o.oracle }

// FullTexter serves the corpus's recorded full texts (none for a corpus
// file: its records' full texts are not checked offline).
func (o *Offline) FullTexter() oracles.FullTexter { return o.oracle }

// Records are the corpus's records as Europe PMC returned them, in order;
// callers only read them (the corpus's coverage is computed from them).
func (o *Offline) Records() []europepmc.Result { return o.corpus.Results() }
