package mcpserver

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// QuoteInput is verify_quote's input.
type QuoteInput struct {
	DOI   string `json:"doi" jsonschema:"the DOI of the paper, e.g. 10.1056/NEJMoa1911303 or https://doi.org/..."`
	Quote string `json:"quote" jsonschema:"the words you attribute to the paper, to be found verbatim in its title or abstract"`
}

// QuoteOutput says whether the quote is in the record, and where.
type QuoteOutput struct {
	DOI      string `json:"doi" jsonschema:"the DOI, normalised"`
	Verified bool   `json:"verified" jsonschema:"the quote is in the record's title or abstract under the citation gate's rules, and the paper is not retracted"`
	Reason   string `json:"reason,omitempty" jsonschema:"why not: quote_not_found, quote_too_short, not_found (no record has this DOI), unknown (the oracle cannot tell: see cause) or retracted"`
	Cause    string `json:"cause,omitempty" jsonschema:"why the DOI is unknown: not_in_offline_corpus (the paper may well exist)"`
	Detail   string `json:"detail,omitempty"`
	Field    string `json:"field,omitempty" jsonschema:"title or abstract: where the quote was found"`
	// Span indexes Source, the record's title, a blank line and abstract.
	Span    *gates.Span `json:"span,omitempty" jsonschema:"the byte range of source the quote matched"`
	Matched string      `json:"matched,omitempty" jsonschema:"the record's own words the quote matched; quote these"`
	Title   string      `json:"title,omitempty" jsonschema:"the record's title"`
	Year    int         `json:"year,omitempty"`
	Source  string      `json:"source,omitempty" jsonschema:"the text the quote was checked against: title, blank line, abstract"`
}

func addVerifyQuote(srv *mcp.Server, s *server) {
	d := s.describer()
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "verify_quote",
		Title: "Verify a quote against a paper",
		Description: "Looks the DOI up in " + d.lookups() + " and checks that the quote appears verbatim in the paper's title or abstract, under the " +
			"same rules as citeloop's citation gate (typography and case folded, whole words, at least 5 words unless it is " +
			"the whole title). Returns verified, the matched span and the record's own words. Use it before attributing words " +
			"or numbers to a paper; if it is not verified, quote `source` instead. " + d.unknownRule(),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(!d.offline)},
	}, s.verifyQuote)
}

func (s *server) verifyQuote(ctx context.Context, _ *mcp.CallToolRequest, in QuoteInput) (*mcp.CallToolResult, QuoteOutput, error) {
	if r := s.capInput("quote", len(in.Quote)); r != nil {
		return r, QuoteOutput{}, nil
	}
	if r := s.capInput("doi", len(in.DOI)); r != nil {
		return r, QuoteOutput{}, nil
	}
	id, err := doi.Normalize(in.DOI)
	if err != nil {
		return failure(ReasonBadInput, fmt.Sprintf("doi %q: %v", in.DOI, err)), QuoteOutput{}, nil
	}
	oracle, err := s.oracle()
	if err != nil {
		return failure(ReasonInternal, err.Error()), QuoteOutput{}, nil
	}
	res, ok := oracle.Lookup(ctx, []string{id})[id]
	if interrupted(ctx, nil) {
		return failure(ReasonInterrupted, "the call was cancelled"), QuoteOutput{}, nil
	}
	out := QuoteOutput{DOI: id}
	switch {
	case ok && oracles.CauseOf(res) == oracles.CauseNotInCorpus:
		// The answer, not a failure: asking again will not change it.
		out.Reason, out.Cause = "unknown", string(oracles.CauseNotInCorpus)
		out.Detail = fmt.Sprintf("%s is unknown: %s; the paper may well exist, and this server cannot check it offline", id, oracles.DescribeUnknown(res.Err))
		s.log.Info("mcp tool", zap.String("tool", "verify_quote"), zap.String("doi", id), zap.Bool("verified", false), zap.String("reason", out.Reason), zap.String("cause", out.Cause))
		return nil, out, nil
	case !ok || res.Status == oracles.Unknown:
		detail := id + " is unknown: no oracle answered"
		if res.Err != nil {
			detail = fmt.Sprintf("%s is unknown: %s", id, oracles.DescribeUnknown(res.Err))
		}
		return failure(ReasonUnavailable, detail), QuoteOutput{}, nil
	case res.Status == oracles.NotFound || res.Record == nil:
		out.Reason, out.Detail = "not_found", "no record has this DOI: it may be fabricated"
		return nil, out, nil
	}
	rec := res.Record
	src := gates.NewSource(rec.Title, rec.Abstract)
	out.Title, out.Year, out.Source = rec.Title, rec.Year, src.Text
	rules := gates.DefaultRules()
	if n := s.opts.Engine.Config().Gate.MinQuoteWords; n > 0 {
		rules.MinWords = n
	}
	span, p := src.Match(rules, in.Quote)
	if !p.OK() {
		out.Reason, out.Detail = string(p.Reason), p.Detail
	} else {
		out.Span, out.Matched = &span, span.Of(src.Text)
		out.Field = "abstract"
		if span.End <= len(gates.NewSource(rec.Title, "").Text) {
			out.Field = "title"
		}
		out.Verified = !rec.Retracted
		if rec.Retracted {
			out.Reason, out.Detail = "retracted", "the quote is in the record, but the paper is retracted"
		}
	}
	s.log.Info("mcp tool", zap.String("tool", "verify_quote"), zap.String("doi", id), zap.Bool("verified", out.Verified), zap.String("reason", out.Reason))
	return nil, out, nil
}
