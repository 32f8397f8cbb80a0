// Package corpuspull builds an offline corpus from live Europe PMC: the
// records of a few core searches, kept byte for byte as the service sent
// them and merged into one resultType=core response, the form of the
// embedded corpus, which package snapshot reads (citeloop --corpus FILE).
package corpuspull

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/citeloop/citeloop/oracles/europepmc"
)

// Search is one query of a pull: Label says what it is for a reader
// ("topic breast cancer"), Query is in Europe PMC's syntax.
type Search struct {
	Label string `json:"label"`
	Query string `json:"query"`
}

// Options configures Pull. Zero fields take their defaults.
type Options struct {
	// BaseURL is Europe PMC's REST root (default europepmc.DefaultBaseURL);
	// /search is appended.
	BaseURL string
	// HTTP sends the requests (default: a client with a 60 s timeout).
	HTTP *http.Client
	// UserAgent is sent with every request.
	UserAgent string
	// Max is the most records kept per search (default 25, at most 1000
	// per page; more follow nextCursorMark).
	Max int
	// Now stamps the pull (default time.Now).
	Now func() time.Time
}

// Pulled is what a pull fetched: per search, its hit count and the
// records kept; Records is the merged count, each record once.
type Pulled struct {
	Searches []Counted `json:"searches"`
	Records  int       `json:"records"`
}

// Counted is one search with Europe PMC's hit count and the records kept.
type Counted struct {
	Search
	HitCount int `json:"hit_count"`
	Kept     int `json:"kept"`
}

// page is one search answer with its records undecoded.
type page struct {
	Version        string `json:"version"`
	HitCount       *int   `json:"hitCount"`
	NextCursorMark string `json:"nextCursorMark"`
	ResultList     *struct {
		Result []json.RawMessage `json:"result"`
	} `json:"resultList"`
}

// corpus is the file a pull writes: a core search response whose request
// says how it was made.
type corpus struct {
	Version    string `json:"version"`
	HitCount   int    `json:"hitCount"`
	Request    any    `json:"request"`
	ResultList struct {
		Result []json.RawMessage `json:"result"`
	} `json:"resultList"`
}

// Pull runs every search and returns the corpus file: the records in the
// order found, a record found by several searches once (by source and id,
// else DOI). A failed request fails the pull; nothing is half-written
// because nothing is written here.
func Pull(ctx context.Context, opts Options, searches []Search) ([]byte, Pulled, error) {
	if len(searches) == 0 {
		return nil, Pulled{}, fmt.Errorf("corpus pull: no search")
	}
	opts = withDefaults(opts)
	var out corpus
	var got Pulled
	seen := map[string]bool{}
	for _, s := range searches {
		version, hits, recs, err := searchAll(ctx, opts, s.Query)
		if err != nil {
			return nil, got, fmt.Errorf("corpus pull: %s: %w", s.Label, err)
		}
		if out.Version == "" {
			out.Version = version
		}
		kept := 0
		for _, r := range recs {
			k := recordKey(r)
			if k != "" && seen[k] {
				continue
			}
			seen[k] = true
			out.ResultList.Result = append(out.ResultList.Result, r)
			kept++
		}
		got.Searches = append(got.Searches, Counted{Search: s, HitCount: hits, Kept: kept})
	}
	got.Records = len(out.ResultList.Result)
	out.HitCount = got.Records
	if out.ResultList.Result == nil {
		out.ResultList.Result = []json.RawMessage{}
	}
	out.Request = struct {
		ResultType string    `json:"resultType"`
		PulledAt   string    `json:"pulledAt"`
		PulledBy   string    `json:"pulledBy"`
		Searches   []Counted `json:"searches"`
	}{"core", opts.Now().UTC().Format(time.RFC3339), "citeloop corpus pull", got.Searches}
	data, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		return nil, got, fmt.Errorf("corpus pull: encode: %w", err)
	}
	return append(data, '\n'), got, nil
}

func withDefaults(o Options) Options {
	if o.BaseURL == "" {
		o.BaseURL = europepmc.DefaultBaseURL
	}
	o.BaseURL = strings.TrimRight(o.BaseURL, "/")
	if o.HTTP == nil {
		o.HTTP = &http.Client{Timeout: 60 * time.Second}
	}
	if o.Max <= 0 {
		o.Max = 25
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// recordKey identifies a record across searches.
func recordKey(raw json.RawMessage) string {
	var r struct{ ID, Source, DOI string }
	if json.Unmarshal(raw, &r) != nil {
		return ""
	}
	if r.ID != "" {
		return r.Source + "/" + r.ID
	}
	return strings.ToLower(r.DOI)
}

// maxPage is the largest page Europe PMC serves.
const maxPage = 1000

// searchAll follows nextCursorMark until it has opts.Max records or the
// last page.
func searchAll(ctx context.Context, opts Options, query string) (version string, hits int, recs []json.RawMessage, err error) {
	cursor := "*"
	for len(recs) < opts.Max {
		p, err := searchPage(ctx, opts, query, min(opts.Max-len(recs), maxPage), cursor)
		if err != nil {
			return "", 0, nil, err
		}
		if version == "" {
			version, hits = p.Version, *p.HitCount
		}
		recs = append(recs, p.ResultList.Result...)
		if len(p.ResultList.Result) == 0 || p.NextCursorMark == "" || p.NextCursorMark == cursor {
			break
		}
		cursor = p.NextCursorMark
	}
	return version, hits, recs[:min(len(recs), opts.Max)], nil
}

func searchPage(ctx context.Context, opts Options, query string, size int, cursor string) (page, error) {
	v := url.Values{"query": {query}, "format": {"json"}, "resultType": {"core"},
		"pageSize": {strconv.Itoa(size)}, "cursorMark": {cursor}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, opts.BaseURL+"/search?"+v.Encode(), nil)
	if err != nil {
		return page{}, err
	}
	if opts.UserAgent != "" {
		req.Header.Set("User-Agent", opts.UserAgent)
	}
	resp, err := opts.HTTP.Do(req)
	if err != nil {
		return page{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return page{}, fmt.Errorf("read answer: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return page{}, fmt.Errorf("Europe PMC answered %s", resp.Status)
	}
	var p page
	if err := json.Unmarshal(body, &p); err != nil {
		return page{}, fmt.Errorf("decode answer: %w", err)
	}
	if p.HitCount == nil || p.ResultList == nil {
		return page{}, fmt.Errorf("the answer is not a search response (no hitCount or resultList)")
	}
	return p, nil
}
