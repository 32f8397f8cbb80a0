package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
	"github.com/citeloop/citeloop/pipeline/contract"
)

// collectFlags builds the lead and the collector.
type collectFlags struct {
	topic   string
	sources string
}

func (f *collectFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.topic, "topic", "", "the lead's topic, free text")
	fs.StringVar(&f.sources, "sources", "", "use the sources in FILE (a Europe PMC resultType=core JSON response) instead of collecting them")
}

func (f *collectFlags) build(_ context.Context, a *app, env buildEnv) (pipeline.Collector, contract.Lead, error) {
	lead := contract.Lead{Topic: strings.TrimSpace(f.topic), MaxSources: a.cfg.Collect.MaxSources}
	if lead.Topic == "" {
		return nil, lead, usageError("--topic is required")
	}
	corpus := env.corpus
	if f.sources != "" {
		c, err := snapshot.LoadFile(f.sources)
		if err != nil {
			return nil, lead, usageError("--sources: %v", err)
		}
		corpus = c
	}
	if corpus == nil {
		return nil, lead, usageError("live collection is not available yet: pass --offline or --sources FILE")
	}
	return corpusCollector{corpus: corpus}, lead, nil
}

// corpusCollector ranks a local corpus by topic words.
type corpusCollector struct{ corpus *snapshot.Corpus }

func (c corpusCollector) Collect(_ context.Context, lead contract.Lead) (contract.Ledger, error) {
	words := strings.Fields(strings.ToLower(lead.Topic))
	type scored struct {
		e     contract.Entry
		score int
	}
	var all []scored
	l := contract.Ledger{Lead: lead, Excluded: map[string]int{}}
	for _, r := range c.corpus.Results() {
		rec := r.Record()
		switch {
		case rec.DOI == "":
			l.Excluded["no_doi"]++
			continue
		case rec.Retracted || rec.RetractionNotice || rec.Erratum:
			l.Excluded["retracted_or_erratum"]++
			continue
		}
		text := strings.ToLower(rec.Title + " " + rec.Abstract)
		score := 0
		for _, w := range words {
			score += strings.Count(text, w)
		}
		if score == 0 {
			continue
		}
		all = append(all, scored{e: contract.Entry{DOI: rec.DOI, PMID: rec.PMID, PMCID: rec.PMCID, Title: rec.Title, Authors: rec.Authors,
			Journal: rec.Journal, Year: rec.Year, Abstract: rec.Abstract, PubTypes: rec.PubTypes, Preprint: rec.Preprint,
			Origin: "snapshot", RetrievedAt: time.Unix(0, 0).UTC()}, score: score})
	}
	slices.SortStableFunc(all, func(a, b scored) int { return b.score - a.score })
	for i, s := range all {
		if i >= lead.MaxSources {
			l.Excluded["budget"]++
			continue
		}
		s.e.ID = fmt.Sprintf("S%d", i+1)
		s.e.Seal()
		l.Entries = append(l.Entries, s.e)
	}
	return l, nil
}
