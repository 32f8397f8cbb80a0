package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles"
)

// LeadInput is what a brief is about: a topic, a researcher, or both.
type LeadInput struct {
	Topic       string `json:"topic,omitempty" jsonschema:"the topic: words or \"quoted phrases\", e.g. cancer screening; records must match every word and phrase"`
	AnyWord     bool   `json:"any_topic_word,omitempty" jsonschema:"match records with any word or phrase of the topic instead of all of them (widens a topic too narrow to brief)"`
	ORCID       string `json:"orcid,omitempty" jsonschema:"a researcher's ORCID iD, e.g. 0000-0002-1825-0097"`
	Name        string `json:"name,omitempty" jsonschema:"a researcher's name as Europe PMC writes authors, e.g. Smith AB"`
	Affiliation string `json:"affiliation,omitempty" jsonschema:"narrows a name search to this affiliation"`
	Since       string `json:"since,omitempty" jsonschema:"earliest publication date, YYYY-MM-DD or YYYY"`
	Until       string `json:"until,omitempty" jsonschema:"latest publication date, YYYY-MM-DD or YYYY"`
	MaxSources  int    `json:"max_sources,omitempty" jsonschema:"most sources to collect"`
	Sources     string `json:"sources,omitempty" jsonschema:"cite these sources instead of searching: a sources file's content (BibTeX, RIS, CSL JSON, JSON Lines, a Europe PMC core answer, or one DOI a line); the topic then only ranks them"`
	SourcesPath string `json:"sources_path,omitempty" jsonschema:"a sources file to read instead of sources; only files under the server's --root are read"`
}

func (l LeadInput) lead() contract.Lead {
	return contract.Lead{Topic: l.Topic, AnyTopicWord: l.AnyWord, ORCID: l.ORCID, Name: l.Name, Affiliation: l.Affiliation, Since: l.Since, Until: l.Until, MaxSources: l.MaxSources}
}

// size is the lead's total text, for the input cap.
func (l LeadInput) size() int {
	return len(l.Topic) + len(l.ORCID) + len(l.Name) + len(l.Affiliation) + len(l.Since) + len(l.Until) + len(l.SourcesPath)
}

// sources fills o's sources from the input: the content, or the file under
// the root, read with the cap.
func (s *server) sources(in LeadInput, o *engine.BriefOptions) *mcp.CallToolResult {
	switch {
	case in.Sources != "" && in.SourcesPath != "":
		return failure(ReasonBadInput, "give sources or sources_path, not both")
	case in.Sources != "":
		if r := s.capInput("sources", len(in.Sources)); r != nil {
			return r
		}
		o.Sources, o.SourcesFile = []byte(in.Sources), "sources"
	case in.SourcesPath != "":
		data, err := s.root.read(in.SourcesPath, s.opts.MaxInput)
		if err != nil {
			return pathFailure(err)
		}
		o.Sources, o.SourcesFile = data, filepath.Base(in.SourcesPath)
	}
	return nil
}

// CollectOutput is a lead's evidence ledger.
type CollectOutput struct {
	Sources int `json:"sources" jsonschema:"how many citable sources were collected"`
	// Unknown says why sources were kept out as unknown.
	Unknown string          `json:"unknown,omitempty" jsonschema:"why some sources were kept out as unknown (offline: not in the corpus; the papers may well exist)"`
	Ledger  contract.Ledger `json:"ledger" jsonschema:"the evidence ledger: each source's DOI, title, year and abstract, the only texts a brief may cite"`
}

// BriefInput is write_brief's input.
type BriefInput struct {
	LeadInput
	MaxIterations int `json:"max_iterations,omitempty" jsonschema:"most writer, skeptic, gate passes; 0 means the server's setting"`
}

// BriefOutput is a verified brief: only the gate's proof produces one.
type BriefOutput struct {
	Reason string      `json:"reason" jsonschema:"verified; any other end reason comes with isError set and no files"`
	Detail string      `json:"detail"`
	Passes int         `json:"passes" jsonschema:"writer, skeptic, gate passes it took"`
	Files  []BriefFile `json:"files,omitempty" jsonschema:"the rendered brief (ledger.json, brief.md, brief.json), only when verified"`
}

// BriefFile is one rendered file of a brief.
type BriefFile struct {
	Name    string `json:"name"`
	Content string `json:"content"`
}

func addCollectSources(srv *mcp.Server, s *server) {
	d := s.describer()
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "collect_sources",
		Title: "Collect the sources for a lead",
		Description: "Searches " + d.searches() + " for a topic and/or a researcher (ORCID or name), or reads the sources you give " +
			"(sources or sources_path: a BibTeX, RIS, CSL JSON file or one DOI a line), and returns the evidence ledger: " +
			"the citable papers with DOI, title, year and abstract, retracted papers left out, and what was kept out by reason. " +
			"No language model is called. Cite only these DOIs, quoting their abstracts. " + d.unknownRule(),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(!d.offline)},
	}, s.collectSources)
}

func addWriteBrief(srv *mcp.Server, s *server) {
	d := s.describer()
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "write_brief",
		Title: "Write a verified brief",
		Description: "Collects the sources for a lead (searched in " + d.searches() + ", or the sources you give), has a writer draft claims " +
			"citing them with verbatim quotes and a skeptic object, and returns the brief only if citeloop's deterministic citation " +
			"gate verified every citation against " + d.lookups() + ". Otherwise " +
			"the call fails with the end reason (iteration_cap, no_progress, refused, oracle_unavailable, model_error) and " +
			"diagnostics, never a brief. Sends a progress notification per pass when given a progress token; cancellable. " +
			"Takes minutes with a language model.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(!d.offline)},
	}, s.writeBrief)
}

// briefer builds a Briefer for one call over o.
func (s *server) briefer(o engine.BriefOptions, maxIterations int) (*engine.Briefer, *mcp.CallToolResult) {
	if maxIterations < 0 {
		return nil, failure(ReasonBadInput, fmt.Sprintf("max_iterations must be at least 1, got %d", maxIterations))
	}
	if maxIterations == 0 {
		maxIterations = s.opts.MaxIterations
	}
	o.MaxIterations = maxIterations
	b, err := s.opts.Engine.NewBriefer(o)
	if err != nil {
		return nil, failure(ReasonInternal, err.Error())
	}
	return b, nil
}

// validLead applies the input cap and the lead rules, and returns the
// options that collect the lead's sources: the server's corpus offline, the
// sources given.
func (s *server) validLead(in LeadInput) (contract.Lead, engine.BriefOptions, *mcp.CallToolResult) {
	o := engine.BriefOptions{Offline: s.opts.Offline}
	if r := s.capInput("lead", in.size()); r != nil {
		return contract.Lead{}, o, r
	}
	if r := s.sources(in, &o); r != nil {
		return contract.Lead{}, o, r
	}
	l, err := o.ValidateLead(in.lead())
	if err != nil {
		return contract.Lead{}, o, failure(ReasonBadInput, err.Error())
	}
	return l, o, nil
}

func (s *server) collectSources(ctx context.Context, _ *mcp.CallToolRequest, in LeadInput) (*mcp.CallToolResult, CollectOutput, error) {
	lead, o, bad := s.validLead(in)
	if bad != nil {
		return bad, CollectOutput{}, nil
	}
	ledger, err := s.opts.Engine.Collect(ctx, o, lead)
	switch {
	case interrupted(ctx, err):
		return failure(ReasonInterrupted, "the call was cancelled"), CollectOutput{}, nil
	case errors.Is(err, oracles.ErrUnavailable):
		return failure(ReasonUnavailable, err.Error()), CollectOutput{}, nil
	case errors.Is(err, collect.ErrSources), errors.Is(err, leads.ErrInvalidLead):
		return failure(ReasonBadInput, err.Error()), CollectOutput{}, nil
	case err != nil:
		return failure(ReasonInternal, err.Error()), CollectOutput{}, nil
	}
	s.log.Info("mcp tool", zap.String("tool", "collect_sources"), zap.Int("sources", len(ledger.Entries)), zap.Any("excluded", ledger.Excluded))
	return nil, CollectOutput{Sources: len(ledger.Entries), Unknown: ledger.Unknown, Ledger: ledger}, nil
}

func (s *server) writeBrief(ctx context.Context, req *mcp.CallToolRequest, in BriefInput) (*mcp.CallToolResult, BriefOutput, error) {
	lead, o, bad := s.validLead(in.LeadInput)
	if bad != nil {
		return bad, BriefOutput{}, nil
	}
	b, bad := s.briefer(o, in.MaxIterations)
	if bad != nil {
		return bad, BriefOutput{}, nil
	}
	out, files, err := b.RunLeadWithProgress(ctx, lead, s.progress(ctx, req, b.MaxIterations()))
	s.log.Info("mcp tool", zap.String("tool", "write_brief"), zap.String("reason", string(out.Reason)), zap.Int("passes", len(out.Metrics.Iterations)))
	switch {
	case err != nil && interrupted(ctx, err):
		return failure(ReasonInterrupted, "the call was cancelled; no brief"), BriefOutput{Reason: ReasonInterrupted}, nil
	case out.Reason != contract.Verified:
		var diagnostics []mcp.Content
		for _, f := range files {
			diagnostics = append(diagnostics, &mcp.TextContent{Text: string(f.Data)})
		}
		// The structured result names the end reason too, with no files.
		ended := BriefOutput{Reason: string(out.Reason), Detail: out.Detail, Passes: len(out.Metrics.Iterations)}
		return failure(string(out.Reason), out.Detail+"; no brief", diagnostics...), ended, nil
	}
	res := BriefOutput{Reason: string(out.Reason), Detail: out.Detail, Passes: len(out.Metrics.Iterations), Files: []BriefFile{}}
	for _, f := range files {
		res.Files = append(res.Files, BriefFile{Name: f.Name, Content: string(f.Data)})
	}
	return nil, res, nil
}

// progress sends one notification per pass when the client asked for
// progress; it carries counts only, never the draft.
func (s *server) progress(ctx context.Context, req *mcp.CallToolRequest, total int) func(contract.Iteration) {
	token := req.Params.GetProgressToken()
	if token == nil {
		return nil
	}
	return func(it contract.Iteration) {
		err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
			ProgressToken: token,
			Progress:      float64(it.N),
			Total:         float64(total),
			Message:       fmt.Sprintf("pass %d of at most %d: %d claims, %d citations, %d failures, %d objections", it.N, total, it.Claims, it.Citations, it.Failures, it.Objections),
		})
		if err != nil {
			s.log.Warn("mcp progress not sent", zap.Error(err))
		}
	}
}
