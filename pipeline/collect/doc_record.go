package collect

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/citeloop/citeloop/internal/orcid"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// Doc is one search hit: the oracle record plus what collection needs that
// oracles.Record does not carry.
type Doc struct {
	Record oracles.Record
	// ID and Source are Europe PMC's own identifiers ("PPR1303372", "PPR").
	// A reference read from a bibliography has no Source and its label as
	// ID (a BibTeX key, "line 3"), used to name it in notes.
	ID     string
	Source string
	// FirstPublished is Europe PMC's firstPublicationDate (YYYY-MM-DD).
	FirstPublished string
	// Links are Europe PMC commentCorrection links, such as "Preprint of".
	Links []Link
	// ORCIDs, Affiliations and Keywords are used by the local searcher to
	// match a query the way Europe PMC would.
	ORCIDs       []string
	Affiliations []string
	Keywords     []string
}

// Link is a commentCorrection link to another Europe PMC record.
type Link struct {
	Type   string // "Preprint of", "Preprint in", "Retraction in", ...
	Source string
	ID     string
}

// key identifies the record in Europe PMC ("MED:31398324").
func (d Doc) key() string {
	if d.ID == "" {
		return ""
	}
	return d.Source + ":" + d.ID
}

// DocFromResult converts a Europe PMC core result.
func DocFromResult(r europepmc.Result) Doc {
	d := Doc{
		Record:         r.Record(),
		ID:             r.ID,
		Source:         r.Source,
		FirstPublished: r.FirstPublicationDate,
	}
	if r.CommentCorrectionList != nil {
		for _, c := range r.CommentCorrectionList.CommentCorrection {
			d.Links = append(d.Links, Link{Type: c.Type, Source: c.Source, ID: c.ID})
		}
	}
	return d
}

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

// ParseDocs decodes a Europe PMC core search response (as recorded or
// embedded) into docs, including the author ORCIDs, affiliations and
// keywords a local search matches on.
func ParseDocs(body []byte) ([]Doc, error) {
	resp, err := europepmc.ParseResponse(body)
	if err != nil {
		return nil, err
	}
	var extra struct {
		ResultList struct {
			Result []extraResult `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(body, &extra); err != nil {
		return nil, fmt.Errorf("decode search response: %w", err)
	}
	docs := make([]Doc, 0, len(resp.ResultList.Result))
	for i, r := range resp.ResultList.Result {
		d := DocFromResult(r)
		if i < len(extra.ResultList.Result) {
			d.addExtra(extra.ResultList.Result[i])
		}
		docs = append(docs, d)
	}
	return docs, nil
}

func (d *Doc) addExtra(x extraResult) {
	if x.Affiliation != "" {
		d.Affiliations = append(d.Affiliations, x.Affiliation)
	}
	if x.AuthorList != nil {
		for _, a := range x.AuthorList.Author {
			if a.AuthorID != nil && strings.EqualFold(a.AuthorID.Type, "ORCID") {
				if o, err := orcid.Normalize(a.AuthorID.Value); err == nil {
					d.ORCIDs = append(d.ORCIDs, o)
				}
			}
			if a.Affiliations != nil {
				for _, af := range a.Affiliations.Affiliation {
					d.Affiliations = append(d.Affiliations, af.Affiliation)
				}
			}
		}
	}
	if x.KeywordList != nil {
		d.Keywords = append(d.Keywords, x.KeywordList.Keyword...)
	}
}
