// Package snapshot is citeloop's offline default: an oracle and a record
// source over a local corpus of real Europe PMC resultType=core records, so
// the whole pipeline runs with no network and no API key. A DOI is found only
// if the corpus holds a record with exactly that DOI.
package snapshot

import (
	"context"
	_ "embed"
	"fmt"
	"os"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

//go:embed corpus/europepmc-core.json
var embedded []byte

// Embedded returns the raw bytes of the corpus shipped in the binary.
func Embedded() []byte { return embedded }

// Corpus is a set of Europe PMC core records.
type Corpus struct {
	results []europepmc.Result
	byDOI   map[string]oracles.Record
	n       int
}

// Default loads the corpus embedded in the binary.
func Default() (*Corpus, error) { return Load(embedded) }

// LoadFile loads a corpus from a Europe PMC core JSON response on disk.
func LoadFile(path string) (*Corpus, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	c, err := Load(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// Load parses a Europe PMC core JSON response.
func Load(data []byte) (*Corpus, error) {
	resp, err := europepmc.ParseResponse(data)
	if err != nil {
		return nil, fmt.Errorf("snapshot corpus: %w", err)
	}
	c := &Corpus{results: resp.ResultList.Result, byDOI: map[string]oracles.Record{}, n: len(resp.ResultList.Result)}
	for _, r := range c.results {
		rec := r.Record()
		if rec.DOI != "" {
			c.byDOI[rec.DOI] = rec
		}
	}
	return c, nil
}

// FromRecords builds a corpus from records already decoded elsewhere, so a
// process that also needs the records for a local search decodes the corpus
// JSON once. Results is empty for such a corpus.
func FromRecords(recs []oracles.Record) *Corpus {
	c := &Corpus{byDOI: make(map[string]oracles.Record, len(recs)), n: len(recs)}
	for _, rec := range recs {
		if rec.DOI != "" {
			c.byDOI[rec.DOI] = rec
		}
	}
	return c
}

// Results returns the corpus records in their wire form, for collectors.
func (c *Corpus) Results() []europepmc.Result { return c.results }

// Len is the number of records in the corpus.
func (c *Corpus) Len() int { return c.n }

// Oracle answers DOI lookups from a corpus.
type Oracle struct {
	corpus *Corpus
}

var _ oracles.Oracle = (*Oracle)(nil)

// NewOracle returns an oracle over c.
func NewOracle(c *Corpus) *Oracle { return &Oracle{corpus: c} }

// Name is "snapshot".
func (o *Oracle) Name() string { return "snapshot" }

// Lookup answers from the corpus. A cancelled context answers Unknown, like
// any oracle that could not finish.
func (o *Oracle) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(o.Name(), dois)
	if err := ctx.Err(); err != nil {
		for k, v := range oracles.UnknownAll(o.Name(), valid, err) {
			out[k] = v
		}
		return out
	}
	for _, d := range valid {
		rec, ok := o.corpus.byDOI[d]
		if !ok {
			out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: o.Name()}
			continue
		}
		out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: o.Name(), Record: &rec}
	}
	return out
}
