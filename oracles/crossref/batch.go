package crossref

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// DefaultBatchSize is the number of DOIs asked per filter=doi:… request.
const DefaultBatchSize = 20

// MaxBatchSize bounds batch_size: Crossref caps rows at 1000, and a long
// filter makes a URL some proxies refuse.
const MaxBatchSize = 100

// ListResponse is the envelope of GET /works?filter=….
type ListResponse struct {
	Status      string `json:"status"`
	MessageType string `json:"message-type"`
	Message     *struct {
		TotalResults *int    `json:"total-results"`
		Items        []*Work `json:"items"`
	} `json:"message"`
}

// filterable reports whether id can be a value of Crossref's filter
// parameter: a comma separates filter values, so a DOI holding one would be
// read as two.
func filterable(id string) bool { return !strings.Contains(id, ",") }

// FilterURL is the request URL for a batch of normalised, filterable DOIs.
func (c *Client) FilterURL(batch []string) string {
	parts := make([]string, len(batch))
	for i, d := range batch {
		parts[i] = "doi:" + d
	}
	q := url.Values{"filter": {strings.Join(parts, ",")}, "rows": {strconv.Itoa(len(batch))}}
	if c.contact != "" {
		q.Set("mailto", c.contact)
	}
	return c.base + "/works?" + q.Encode()
}

// Lookup answers every DOI in dois; see oracles.Oracle. Invalid DOIs are
// answered Unknown without any request; valid ones are asked batchSize at
// a time with filter=doi:A,doi:B, except DOIs holding a comma, which are
// asked one request each on /works/{doi}. Every attempt, retries included,
// waits for the throttle; TotalBudget bounds each batch from the moment it
// may start.
func (c *Client) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(Name, dois)
	var batched, single []string
	for _, d := range valid {
		if c.batch > 0 && filterable(d) {
			batched = append(batched, d)
		} else {
			single = append(single, d)
		}
	}
	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	keep := func(got map[string]oracles.Result) {
		mu.Lock()
		defer mu.Unlock()
		maps.Copy(out, got)
	}
	if len(single) > 0 {
		wg.Go(func() { keep(c.perDOI.Lookup(ctx, single)) })
	}
	for start := 0; start < len(batched); start += c.batch {
		batch := batched[start:min(start+c.batch, len(batched))]
		wg.Go(func() {
			bctx, cancel := oracles.WithBudget(ctx, c.budget)
			defer cancel()
			keep(c.lookupBatch(bctx, batch))
		})
	}
	wg.Wait()
	return out
}

// lookupBatch asks one filter request for batch. Only a complete answer
// proves an absence; any fault leaves the whole batch Unknown.
func (c *Client) lookupBatch(ctx context.Context, batch []string) map[string]oracles.Result {
	unknown := func(err error) map[string]oracles.Result {
		c.perDOI.Log.Debug("batch unknown", zap.Int("dois", len(batch)))
		return oracles.UnknownAll(Name, batch, fmt.Errorf("crossref: lookup %d DOIs: %w", len(batch), err))
	}
	if err := ctx.Err(); err != nil {
		return unknown(err)
	}
	resp, err := c.perDOI.HTTP.Get(ctx, c.FilterURL(batch))
	if err != nil {
		return unknown(err)
	}
	c.observe(resp)
	records, err := c.parseList(resp, batch)
	if err != nil {
		return unknown(err)
	}
	out := make(map[string]oracles.Result, len(batch))
	for _, d := range batch {
		if rec, ok := records[d]; ok {
			out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: Name, Record: rec}
		} else {
			out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: Name}
		}
	}
	c.perDOI.Log.Debug("batch answered", zap.Int("dois", len(batch)), zap.Int("found", len(records)))
	return out
}

// parseList checks that resp is a complete answer to the filter for batch
// and returns its records by asked DOI. Every item is converted as the
// single-work path converts it (Work.Record).
func (c *Client) parseList(resp *httpx.Response, batch []string) (map[string]*oracles.Record, error) {
	if err := c.perDOI.HTTP.CheckJSON(resp); err != nil {
		return nil, err
	}
	var lr ListResponse
	if err := json.Unmarshal(resp.Body, &lr); err != nil {
		return nil, c.perDOI.HTTP.Bad(resp, "invalid JSON: "+err.Error())
	}
	switch {
	case lr.Status != "ok":
		return nil, c.perDOI.HTTP.Bad(resp, fmt.Sprintf("status %q, want ok", lr.Status))
	case lr.MessageType != "" && lr.MessageType != "work-list":
		return nil, c.perDOI.HTTP.Bad(resp, fmt.Sprintf("message-type %q, want work-list", lr.MessageType))
	case lr.Message == nil || lr.Message.TotalResults == nil:
		return nil, c.perDOI.HTTP.Bad(resp, "no message.total-results")
	case *lr.Message.TotalResults != len(lr.Message.Items) || len(lr.Message.Items) > len(batch):
		return nil, c.perDOI.HTTP.Bad(resp, fmt.Sprintf("incomplete answer: total-results %d, %d items for %d rows",
			*lr.Message.TotalResults, len(lr.Message.Items), len(batch)))
	}
	records := make(map[string]*oracles.Record, len(lr.Message.Items))
	for _, w := range lr.Message.Items {
		if w == nil || w.DOI == "" {
			return nil, c.perDOI.HTTP.Bad(resp, "item without a DOI")
		}
		asked := ""
		for _, d := range batch {
			if doi.Same(w.DOI, d) {
				asked = d
				break
			}
		}
		if asked == "" {
			return nil, c.perDOI.HTTP.Bad(resp, fmt.Sprintf("answer holds a work for %q, which was not asked", w.DOI))
		}
		records[asked] = w.Record()
	}
	return records, nil
}
