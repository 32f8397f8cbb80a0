// Package snapshot is citeloop's offline default: an oracle and a searcher
// over a local corpus of real Europe PMC resultType=core records, so the
// whole pipeline runs with no network and no API key. A DOI is found only
// if the corpus holds a record with exactly that DOI; a DOI it does not
// hold is unknown (oracles.ErrNotInCorpus), never not found: a corpus of a
// few dozen records proves nothing by leaving a paper out. A search matches
// the records the way Europe PMC would run the query (see Oracle.Search).
package snapshot

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/citeloop/citeloop/internal/inputfile"
	"github.com/citeloop/citeloop/internal/orcid"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

//go:embed corpus/europepmc-core.json
var embedded []byte

// Embedded returns the raw bytes of the corpus shipped in the binary.
func Embedded() []byte { return embedded }

// Corpus is a set of Europe PMC core records, decoded once and read-only
// after: one corpus serves every lead and goroutine.
type Corpus struct {
	results []europepmc.Result
	docs    []doc
	byDOI   map[string]oracles.Record
	// name says which corpus it is, in an unknown answer's cause.
	name string
	// fullTexts are the full texts it serves, by PMCID (WithFullTexts).
	fullTexts map[string][]byte
}

// EmbeddedName names the corpus shipped in the binary.
const EmbeddedName = "the embedded corpus"

// Named returns c under another name ("the embedded corpus", a file's
// path), which unknown answers give as their cause. The records are
// shared, not copied.
func (c *Corpus) Named(name string) *Corpus {
	n := *c
	n.name = name
	return &n
}

// Name is what the corpus is called in an unknown answer's cause.
func (c *Corpus) Name() string { return c.name }

// doc is one record with what a local search matches on that
// oracles.Record does not carry.
type doc struct {
	hit oracles.Hit
	// firstPublished is Europe PMC's firstPublicationDate (YYYY-MM-DD).
	firstPublished string
	orcids         []string
	affiliations   []string
	keywords       []string
}

// Default loads the corpus embedded in the binary: its core records, the
// records derived from its recorded full texts, and those full texts.
func Default() (*Corpus, error) {
	c, err := Load(embedded)
	if err != nil {
		return nil, err
	}
	c, err = c.WithFullTexts(embeddedFullTextRecords, EmbeddedFullTexts())
	if err != nil {
		return nil, err
	}
	return c.Named(EmbeddedName), nil
}

// MaxFileBytes caps a corpus file: the embedded one is under 1 MiB, and a
// saved Europe PMC answer of 1,000 core records is about 20 MiB.
const MaxFileBytes = 256 << 20

// LoadFile loads a corpus from a Europe PMC core JSON response on disk: a
// regular file of at most MaxFileBytes (package inputfile).
func LoadFile(path string) (*Corpus, error) {
	data, err := inputfile.ReadFile(path, MaxFileBytes, "a corpus file", nil)
	if err != nil {
		return nil, err
	}
	c, err := Load(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c.Named(path), nil
}

// Load parses a Europe PMC core JSON response, including the author
// ORCIDs, affiliations and keywords a search matches on.
func Load(data []byte) (*Corpus, error) {
	resp, err := europepmc.ParseResponse(data)
	if err != nil {
		return nil, fmt.Errorf("snapshot corpus: %w", err)
	}
	var extra struct {
		ResultList struct {
			Result []extraResult `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(data, &extra); err != nil {
		return nil, fmt.Errorf("snapshot corpus: decode search response: %w", err)
	}
	c := &Corpus{results: resp.ResultList.Result, byDOI: map[string]oracles.Record{}, name: "the offline corpus"}
	for i, r := range c.results {
		d := doc{hit: r.Hit(), firstPublished: r.FirstPublicationDate}
		if i < len(extra.ResultList.Result) {
			d.addExtra(extra.ResultList.Result[i])
		}
		c.add(d)
	}
	return c, nil
}

// FromRecords builds a corpus from records alone (no ORCIDs, affiliations
// or keywords to search). Results is empty for such a corpus.
func FromRecords(recs []oracles.Record) *Corpus {
	c := &Corpus{byDOI: make(map[string]oracles.Record, len(recs)), name: "the offline corpus"}
	for _, rec := range recs {
		c.add(doc{hit: oracles.Hit{Record: rec}})
	}
	return c
}

func (c *Corpus) add(d doc) {
	c.docs = append(c.docs, d)
	if rec := d.hit.Record; rec.DOI != "" {
		c.byDOI[rec.DOI] = rec
	}
}

// Results returns the corpus records in their wire form.
func (c *Corpus) Results() []europepmc.Result { return c.results }

// Len is the number of records in the corpus.
func (c *Corpus) Len() int { return len(c.docs) }

// extraResult holds the core fields europepmc.Result does not decode.
type extraResult struct {
	AuthorList *struct {
		Author []struct {
			AuthorID *struct {
				Type  string `json:"type"`
				Value string `json:"value"`
			} `json:"authorId"`
			Affiliations *struct {
				Affiliation []struct {
					Affiliation string `json:"affiliation"`
				} `json:"authorAffiliation"`
			} `json:"authorAffiliationDetailsList"`
		} `json:"author"`
	} `json:"authorList"`
	Affiliation string `json:"affiliation"`
	KeywordList *struct {
		Keyword []string `json:"keyword"`
	} `json:"keywordList"`
}

func (d *doc) addExtra(x extraResult) {
	if x.Affiliation != "" {
		d.affiliations = append(d.affiliations, x.Affiliation)
	}
	if x.AuthorList != nil {
		for _, a := range x.AuthorList.Author {
			if a.AuthorID != nil && strings.EqualFold(a.AuthorID.Type, "ORCID") {
				if o, err := orcid.Normalize(a.AuthorID.Value); err == nil {
					d.orcids = append(d.orcids, o)
				}
			}
			if a.Affiliations != nil {
				for _, af := range a.Affiliations.Affiliation {
					d.affiliations = append(d.affiliations, af.Affiliation)
				}
			}
		}
	}
	if x.KeywordList != nil {
		d.keywords = append(d.keywords, x.KeywordList.Keyword...)
	}
}

// Oracle answers DOI lookups from a corpus and searches it.
type Oracle struct {
	corpus *Corpus
}

var (
	_ oracles.Oracle   = (*Oracle)(nil)
	_ oracles.Searcher = (*Oracle)(nil)
)

// NewOracle returns an oracle over c.
func NewOracle(c *Corpus) *Oracle { return &Oracle{corpus: c} }

// Name is "snapshot".
func (o *Oracle) Name() string { return "snapshot" }

// Lookup answers from the corpus: Found with its record, or Unknown with a
// *oracles.NotInCorpusError for a DOI it does not hold (never NotFound).
// A cancelled context answers Unknown, like any oracle that could not
// finish.
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
			out[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: o.Name(), Err: o.notHeld()}
			continue
		}
		out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: o.Name(), Record: &rec}
	}
	return out
}

// notHeld is the cause of an Unknown answer for a DOI the corpus lacks.
func (o *Oracle) notHeld() error {
	return &oracles.NotInCorpusError{Corpus: o.corpus.name, Records: o.corpus.Len()}
}

// Corpus is the corpus o answers from.
func (o *Oracle) Corpus() *Corpus { return o.corpus }
