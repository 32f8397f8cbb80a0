package main

import (
	"context"
	"os"

	"github.com/spf13/pflag"

	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
	"github.com/citeloop/citeloop/pipeline/collect"
	"github.com/citeloop/citeloop/pipeline/contract"
)

// collectFlags builds the lead and the collector: the offline corpus
// (--offline), the user's own sources (--sources FILE) or a live Europe PMC
// search.
type collectFlags struct {
	lead    contract.Lead
	sources string
	// fs is the command's flag set, to read --corpus without a second
	// parse.
	fs *pflag.FlagSet
}

func (f *collectFlags) register(fs *pflag.FlagSet) {
	f.fs = fs
	fs.StringVar(&f.lead.ORCID, "orcid", "", "the researcher's ORCID iD, e.g. 0000-0002-1825-0097 (checksum verified)")
	fs.StringVar(&f.lead.Name, "name", "", `the researcher's name as Europe PMC writes authors, e.g. "Smith AB" (used when no --orcid)`)
	fs.StringVar(&f.lead.Affiliation, "affiliation", "", "narrows a --name search to authors with this affiliation")
	fs.StringVar(&f.lead.Topic, "topic", "", `the topic: words, or "quoted phrases", ranked by BM25`)
	fs.StringVar(&f.lead.Since, "since", "", "earliest first publication date, YYYY-MM-DD (or YYYY)")
	fs.StringVar(&f.lead.Until, "until", "", "latest first publication date, YYYY-MM-DD (or YYYY)")
	fs.IntVar(&f.lead.MaxSources, "max-sources", 0, "most sources shown to the writer (default from config: collect.max_sources)")
	fs.StringVar(&f.sources, "sources", "", "cite the sources in FILE instead of searching: a Europe PMC core JSON response, JSON/JSONL records, BibTeX, RIS or one DOI a line")
}

// collectOptions maps the collect section of the configuration.
func collectOptions(a *app) collect.Options {
	c := a.cfg.Collect
	return collect.Options{
		MaxSources:       c.MaxSources,
		MaxAbstractChars: c.MaxAbstractChars,
		MaxTotalChars:    c.MaxTotalChars,
		FetchLimit:       c.FetchLimit,
		IncludeRetracted: c.IncludeRetracted,
		Now:              a.now,
		Logger:           a.logger,
	}
}

func (f *collectFlags) build(_ context.Context, a *app, env buildEnv) (pipeline.Collector, contract.Lead, error) {
	validate := collect.ValidateLead
	if f.sources != "" {
		validate = collect.ValidateSourcesLead
	}
	lead, err := validate(f.lead)
	if err != nil {
		return nil, lead, usageError("lead: %v", err)
	}
	opts := collectOptions(a)
	switch {
	case f.sources != "":
		if _, err := os.Stat(f.sources); err != nil {
			return nil, lead, usageError("--sources: %v", err)
		}
		return collect.NewFileCollector(f.sources, env.oracle, opts), lead, nil
	case env.offline:
		docs, err := f.corpusDocs()
		if err != nil {
			return nil, lead, usageError("--corpus: %v", err)
		}
		return collect.NewSearchCollector(collect.Corpus{Docs: docs}, "snapshot", opts), lead, nil
	default:
		s, err := a.europePMCSearcher()
		if err != nil {
			return nil, lead, err
		}
		return collect.NewSearchCollector(collect.EuropePMCSearcher{Client: s}, europepmc.Name, opts), lead, nil
	}
}

// corpusDocs reads the offline corpus with the author ORCIDs and
// affiliations an offline ORCID or name search needs: --corpus FILE, else
// the embedded snapshot.
func (f *collectFlags) corpusDocs() ([]collect.Doc, error) {
	data := snapshot.Embedded()
	if fl := f.fs.Lookup("corpus"); fl != nil && fl.Value.String() != "" {
		var err error
		if data, err = os.ReadFile(fl.Value.String()); err != nil {
			return nil, err
		}
	}
	return collect.ParseDocs(data)
}

// europePMCSearcher returns the process's Europe PMC client, the one the
// gate also uses when Europe PMC is among its oracles, so both share one
// client's rate and concurrency limits.
func (a *app) europePMCSearcher() (collect.ResultSearcher, error) {
	o, err := a.rawOracle(europepmc.Name)
	if err != nil {
		return nil, err
	}
	s, ok := o.(collect.ResultSearcher)
	if !ok {
		return nil, usageError("collect: the %q oracle cannot search", europepmc.Name)
	}
	return s, nil
}

var _ collect.ResultSearcher = (*europepmc.Client)(nil)
