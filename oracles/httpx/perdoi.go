package httpx

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// PerDOI is an oracle that asks an HTTP API about one DOI per request. An
// oracle package supplies only URL and Answer; PerDOI does the rest and
// enforces the contract centrally, whatever Answer says: Found always
// carries a record for the asked DOI (doi.Same), NotFound and
// Unknown never carry one, and Unknown always carries a cause wrapping
// oracles.ErrUnavailable or the context's error.
type PerDOI struct {
	// Oracle is the oracle's name, set on every answer and error.
	Oracle string
	// URL is the request URL for a normalised DOI.
	URL func(doi string) string
	// Answer is the verdict of one response to the request for doi. A
	// non-nil error makes the answer Unknown with that cause.
	Answer func(resp *Response, doi string) (oracles.Status, *oracles.Record, error)
	// HTTP sends the requests; its limits are shared by every Lookup.
	HTTP *Client
	// Parallel caps the DOIs asked at once; zero or negative means no cap,
	// for an HTTP client whose Limiter bounds the requests in flight.
	Parallel int
	// Budget, when positive, bounds each Lookup, retries included.
	Budget time.Duration
	// Log, when not nil, receives one debug line of counts per Lookup.
	Log *zap.Logger
}

var _ oracles.Oracle = (*PerDOI)(nil)

// NewPerDOI returns a PerDOI named name, its HTTP client built from ho with
// ho.Name set to name and ho.Logger defaulting to log, and its Log being log
// labelled with the name; a nil log means zap.NewNop(). The caller sets URL
// and Answer, and Parallel and Budget where it has them.
func NewPerDOI(name string, ho Options, log *zap.Logger) PerDOI {
	if log == nil {
		log = zap.NewNop()
	}
	ho.Name = name
	if ho.Logger == nil {
		ho.Logger = log
	}
	return PerDOI{Oracle: name, HTTP: New(ho), Log: log.With(zap.String("oracle", name))}
}

// Name returns p.Oracle.
func (p *PerDOI) Name() string { return p.Oracle }

// Lookup answers every DOI in dois; see oracles.Oracle and
// oracles.LookupEach. Invalid DOIs are answered Unknown without a request.
func (p *PerDOI) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	return oracles.LookupEach(ctx, dois, oracles.EachOptions{
		Oracle: p.Oracle, Parallel: p.Parallel, Budget: p.Budget, Log: p.Log,
	}, p.lookupOne)
}

// lookupOne asks for one normalised DOI.
func (p *PerDOI) lookupOne(ctx context.Context, id string) oracles.Result {
	if err := ctx.Err(); err != nil {
		return p.unknown(id, err)
	}
	resp, err := p.HTTP.Get(ctx, p.URL(id))
	if err != nil {
		return p.unknown(id, err)
	}
	status, rec, err := p.Answer(resp, id)
	if err != nil {
		return p.unknown(id, err)
	}
	switch status {
	case oracles.Found:
		if rec == nil {
			return p.unknown(id, p.HTTP.Bad(resp, "found without a record"))
		}
		if !doi.Same(rec.DOI, id) {
			return p.unknown(id, p.HTTP.Bad(resp, fmt.Sprintf("answered for another DOI %q", rec.DOI)))
		}
		return oracles.Result{DOI: id, Status: oracles.Found, Oracle: p.Oracle, Record: rec}
	case oracles.NotFound:
		return oracles.Result{DOI: id, Status: oracles.NotFound, Oracle: p.Oracle}
	default:
		return p.unknown(id, p.HTTP.Bad(resp, "no verdict"))
	}
}

// unknown answers id Unknown with err wrapped as "<oracle>: lookup <id>".
func (p *PerDOI) unknown(id string, err error) oracles.Result {
	return oracles.Result{DOI: id, Status: oracles.Unknown, Oracle: p.Oracle,
		Err: fmt.Errorf("%s: lookup %s: %w", p.Oracle, id, err)}
}
