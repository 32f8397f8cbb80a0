package engine

import (
	"fmt"
	"os"
	"sync"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline/collect"
)

// Offline is a parsed offline corpus: the records a local search ranks and
// the snapshot oracle over the same records. It is decoded once and shared,
// read-only, by every lead and goroutine that uses it.
type Offline struct {
	docs   []collect.Doc
	oracle *snapshot.Oracle
}

// LoadOffline decodes a Europe PMC resultType=core JSON response once, for
// both the collector and the oracle.
func LoadOffline(data []byte) (*Offline, error) {
	docs, err := collect.ParseDocs(data)
	if err != nil {
		return nil, fmt.Errorf("%w: offline corpus: %w", ErrInput, err)
	}
	recs := make([]oracles.Record, len(docs))
	for i, d := range docs {
		recs[i] = d.Record
	}
	return &Offline{docs: docs, oracle: snapshot.NewOracle(snapshot.FromRecords(recs))}, nil
}

// embeddedOffline parses the corpus shipped in the binary on first use. It
// is the one package-level value: immutable once built, and built at most
// once per process however many engines, leads and checks use it.
var embeddedOffline = sync.OnceValues(func() (*Offline, error) { return LoadOffline(snapshot.Embedded()) })

// EmbeddedOffline returns the corpus shipped in the binary, parsed once per
// process.
func EmbeddedOffline() (*Offline, error) { return embeddedOffline() }

// OfflineFile loads a corpus from a file, or returns the embedded one when
// path is empty.
func OfflineFile(path string) (*Offline, error) {
	if path == "" {
		return EmbeddedOffline()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	off, err := LoadOffline(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return off, nil
}

// Oracle answers DOI lookups from the corpus.
func (o *Offline) Oracle() oracles.Oracle { return o.oracle }

// Len is the number of records in the corpus.
func (o *Offline) Len() int { return len(o.docs) }

// searcher is a local search over the corpus. collect.Corpus only reads the
// docs, so one slice serves every concurrent lead.
func (o *Offline) searcher() collect.Corpus { return collect.Corpus{Docs: o.docs} }
