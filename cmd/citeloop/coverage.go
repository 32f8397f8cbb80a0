package main

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
)

// coverage is what an offline corpus holds, computed from its records, and
// the topics an offline brief verifies on, found by running the offline
// pipeline itself: a statement of coverage that cannot go stale.
type coverage struct {
	Records int
	// Year is the commonest publication year and YearCount its records.
	Year      string
	YearCount int
	// Word is the commonest content word of the titles and WordCount the
	// titles that hold it.
	Word      string
	WordCount int
	// Topics are the candidate topics (title words and pairs of words held
	// by several titles) on which an offline brief verifies, sorted.
	Topics []string
}

// Sentence is the coverage for a reader, as the refusal and the README
// say it: "the offline corpus holds 30 records, mostly from 2025 (25) and
// about cancer (24 titles); topics that work offline: ...".
func (c coverage) Sentence() string {
	s := fmt.Sprintf("the offline corpus holds %d records", c.Records)
	if c.YearCount > 0 {
		s += fmt.Sprintf(", mostly from %s (%d) and about %s (%d titles)", c.Year, c.YearCount, c.Word, c.WordCount)
	}
	if len(c.Topics) == 0 {
		return s + "; no topic of its titles verifies offline"
	}
	return s + "; topics that work offline: " + strings.Join(c.Topics, ", ")
}

// titleWordRE finds the words of a title.
var titleWordRE = regexp.MustCompile(`\p{L}[\p{L}\-]*`)

// generic are title words too general to be a brief's topic.
var generic = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an and the of in on for with to from by at as or its their among after during
	using analysis review systematic meta-analysis study studies patients people role factors associated
	clinical care approach strategy data based evidence impact effect treatment case report correction
	error department withdrawn letter editor new general considerations utility combination`) {
		generic[w] = true
	}
}

// candidateTopics are the content words held by at least three titles and
// the adjacent pairs of content words held by at least two: the topics a
// reader of the titles would try.
func candidateTopics(titles []string) ([]string, map[string]int) {
	df := map[string]int{}
	for _, t := range titles {
		words := titleWordRE.FindAllString(strings.ToLower(t), -1)
		seen := map[string]bool{}
		for i, w := range words {
			if generic[w] || len(w) < 3 {
				continue
			}
			seen[w] = true
			if i+1 < len(words) && !generic[words[i+1]] && len(words[i+1]) >= 3 {
				seen[w+" "+words[i+1]] = true
			}
		}
		for k := range seen {
			df[k]++
		}
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(df)) {
		if n := df[k]; n >= 3 || strings.Contains(k, " ") && n >= 2 {
			out = append(out, k)
		}
	}
	return out, df
}

// offlineCoverage computes the coverage of off under cfg: its records'
// years and title words, and the candidate topics on which the offline
// pipeline (collector, extractive writer, rule skeptic, gate) ends
// verified. Nothing is written and nothing is logged.
func offlineCoverage(ctx context.Context, cfg configs.Config, reg *oracles.Registry, off *engine.Offline) (coverage, error) {
	recs := off.Records()
	c := coverage{Records: len(recs)}
	years, words := map[string]int{}, map[string]int{}
	var titles []string
	for _, r := range recs {
		if r.PubYear != "" {
			years[r.PubYear]++
		}
		title := contract.CleanText(r.Title)
		titles = append(titles, title)
		seen := map[string]bool{}
		for _, w := range titleWordRE.FindAllString(strings.ToLower(title), -1) {
			if !generic[w] && len(w) >= 3 && !seen[w] {
				seen[w] = true
				words[w]++
			}
		}
	}
	c.Year, c.YearCount = commonest(years)
	c.Word, c.WordCount = commonest(words)

	e, err := engine.New(cfg, engine.Deps{Registry: reg})
	if err != nil {
		return c, err
	}
	defer e.Close()
	b, err := e.NewBriefer(engine.BriefOptions{Offline: off, Formats: []brief.Format{brief.JSON}})
	if err != nil {
		return c, err
	}
	candidates, df := candidateTopics(titles)
	for _, topic := range candidates {
		res, _, err := b.RunLead(ctx, contract.Lead{Topic: topic})
		if err != nil {
			return c, err
		}
		if res.Reason == contract.Verified {
			c.Topics = append(c.Topics, topic)
		}
	}
	c.Topics = withoutModifiers(c.Topics, df)
	return c, nil
}

// withoutModifiers drops a word that every title holding it holds in a
// pair of words also listed ("breast" beside "breast cancer"): the pair
// says it better. df counts the titles holding each.
func withoutModifiers(topics []string, df map[string]int) []string {
	var out []string
	for _, t := range topics {
		if !strings.Contains(t, " ") && slices.ContainsFunc(topics, func(u string) bool { return strings.HasPrefix(u, t+" ") && df[u] == df[t] }) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// commonest is the key with the highest count, the first in order on a tie.
func commonest(m map[string]int) (string, int) {
	best, n := "", 0
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if m[k] > n {
			best, n = k, m[k]
		}
	}
	return best, n
}
