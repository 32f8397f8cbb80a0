package collect

import (
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/phrase"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles"
)

// BuildQuery turns a validated lead into a search in no service's syntax;
// each searcher writes it in its own (europepmc.QueryString for Europe
// PMC). leads.ValidateLead rejects a name, affiliation or topic that would
// clean down to nothing here, so no field given by the user is silently
// left out of the query. Every field holds text cleaned by phrase.Clean
// (", \, *, ? and control characters become spaces), which a searcher
// quotes as one phrase.
//
// Topic handling (leads.TopicTerms): text inside double quotes in the
// topic is one phrase ("cancer screening" must appear as such); every other
// word is its own term; commas and semicolons separate words too; bare
// words such as and/or/not/the/of are dropped. A record must match every
// term, as Europe PMC and PubMed users expect, or any of them with
// Lead.AnyTopicWord. The BM25 ranking over title and abstract that follows
// (see rankBM25) orders the hits. An ORCID wins over a name and an
// affiliation. A Lead.Query is the whole query, Raw, as the user wrote it.
func BuildQuery(l contract.Lead) oracles.Query {
	if l.Query != "" {
		return oracles.Query{Raw: l.Query}
	}
	q := oracles.Query{Since: l.Since, Until: l.Until, Any: l.AnyTopicWord}
	if l.ORCID != "" {
		q.ORCID = phrase.Clean(l.ORCID)
	} else {
		q.Author = phrase.Clean(l.Name)
		q.Affiliation = phrase.Clean(l.Affiliation)
	}
	q.Terms = leads.TopicTerms(l.Topic)
	return q
}
