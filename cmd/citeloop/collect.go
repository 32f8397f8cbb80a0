package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
)

// collectFlags builds the leads and the collector: the offline corpus
// (--offline), the user's own sources (--sources FILE) or a live Europe PMC
// search.
type collectFlags struct {
	lead             contract.Lead
	sources          string
	leads            string
	includeRetracted bool
}

func (f *collectFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.lead.ORCID, "orcid", "", "the researcher's ORCID iD, e.g. 0000-0002-1825-0097 (checksum verified)")
	fs.StringVar(&f.lead.Name, "name", "", `the researcher's name as Europe PMC writes authors, e.g. "Smith AB" (used when no --orcid)`)
	fs.StringVar(&f.lead.Affiliation, "affiliation", "", "narrows a --name search to authors with this affiliation")
	fs.StringVar(&f.lead.Topic, "topic", "", `the topic: words, or "quoted phrases"; a record must match all of them (see --any); ranked by BM25`)
	fs.BoolVar(&f.lead.AnyTopicWord, "any", false, "match records with any topic word or phrase (default: all of them, as Europe PMC and PubMed do)")
	fs.StringVar(&f.lead.Query, "query", "", "a raw Europe PMC query, sent as the whole query: not combined with --topic, --name, --orcid, --since...")
	fs.StringVar(&f.lead.Since, "since", "", "earliest first publication date, YYYY-MM-DD (or YYYY)")
	fs.StringVar(&f.lead.Until, "until", "", "latest first publication date, YYYY-MM-DD (or YYYY)")
	fs.IntVar(&f.lead.MaxSources, "max-sources", 0, fmt.Sprintf("most sources shown to the writer (default from config: collect.max_sources, %d)", configs.Default().Collect.MaxSources))
	fs.StringVar(&f.sources, "sources", "", "cite the sources in FILE instead of searching: a Europe PMC core JSON response, JSON/JSONL records, BibTeX, RIS or one DOI a line")
	fs.StringVar(&f.leads, "leads", "", "run every lead of FILE (YAML, JSON Lines or CSV), each into --out/<lead id>/; leads already verified there are skipped")
	fs.BoolVar(&f.includeRetracted, "include-retracted", false, "keep retracted papers, retraction notices and errata in the ledger, flagged (the gate still rejects citing a retracted paper); default from config: collect.include_retracted, false")
}

// hasLeadFlags reports whether any single-lead flag was given.
func (f *collectFlags) hasLeadFlags() bool { return f.lead != (contract.Lead{}) }
