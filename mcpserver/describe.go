package mcpserver

import (
	"fmt"
	"strings"
)

// oracleNames are the services an agent reads about, by oracle name.
var oracleNames = map[string]string{
	"europepmc": "Europe PMC",
	"crossref":  "Crossref",
	"datacite":  "DataCite",
	"doiorg":    "doi.org",
}

// serviceName is the name an agent reads for the oracle called name.
func serviceName(name string) string {
	if s, ok := oracleNames[name]; ok {
		return s
	}
	return name
}

// describer words the tool descriptions and the server's instructions from
// the running configuration: which oracles answer, offline or not, so an
// agent is never told a DOI was checked where it was not.
type describer struct {
	// offline is set for a server on a corpus, which records says of.
	offline bool
	corpus  string
	records int
	// oracles and policy are the configured oracles, online.
	oracles []string
	policy  string
	// search is the oracle a live lead is searched in.
	search string
}

func (s *server) describer() describer {
	if off := s.opts.Offline; off != nil {
		return describer{offline: true, corpus: off.Name(), records: off.Len()}
	}
	cfg := s.opts.Engine.Config()
	return describer{oracles: cfg.Oracles.Use, policy: cfg.Oracles.Policy, search: cfg.Collect.Search}
}

// corpusName is "the embedded corpus of 61 Europe PMC records".
func (d describer) corpusName() string {
	return fmt.Sprintf("%s of %d Europe PMC records", d.corpus, d.records)
}

// lookups says where DOIs are looked up: "Europe PMC and Crossref (found if
// any of them finds it)", or the corpus offline.
func (d describer) lookups() string {
	if d.offline {
		return d.corpusName() + " (offline: no network)"
	}
	names := make([]string, len(d.oracles))
	for i, o := range d.oracles {
		names[i] = serviceName(o)
	}
	s := joinAnd(names)
	if len(names) > 1 {
		switch d.policy {
		case "any_of":
			s += " (found if any of them finds it)"
		case "require":
			s += " (found only if every one of them finds it)"
		}
	}
	return s
}

// searches says where a lead's sources are searched.
func (d describer) searches() string {
	if d.offline {
		return d.corpusName() + " (offline: no network)"
	}
	return serviceName(d.search)
}

// unknownRule is what unknown means on this server.
func (d describer) unknownRule() string {
	if d.offline {
		return "A DOI outside the corpus is unknown (not in the offline corpus): the paper may well exist, and this server cannot tell; treat it as unchecked, not as wrong."
	}
	return "Unknown means no oracle could answer (unavailable, rate limited, out of time): the DOI is neither confirmed nor denied."
}

// instructions are the server's instructions to a client.
func (d describer) instructions() string {
	return "citeloop checks scientific citations against " + d.lookups() + ". " +
		"Call check_citations on any text before you cite it, and verify_quote before you quote a paper. " + d.unknownRule()
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return "no oracle"
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
