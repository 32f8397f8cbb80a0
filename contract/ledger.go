package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
)

// Entry is one source in the evidence ledger: what the writer was shown and
// what the gate checks quotes against.
type Entry struct {
	// ID is the stable evidence id the writer sees ("S1", "S2", ...).
	ID       string   `json:"id"`
	DOI      string   `json:"doi"`
	PMID     string   `json:"pmid,omitempty"`
	PMCID    string   `json:"pmcid,omitempty"`
	Title    string   `json:"title"`
	Authors  []string `json:"authors,omitempty"`
	Journal  string   `json:"journal,omitempty"`
	Year     int      `json:"year,omitempty"`
	Abstract string   `json:"abstract,omitempty"`
	PubTypes []string `json:"pub_types,omitempty"`

	Retracted        bool `json:"retracted,omitempty"`
	RetractionNotice bool `json:"retraction_notice,omitempty"`
	Erratum          bool `json:"erratum,omitempty"`
	Preprint         bool `json:"preprint,omitempty"`

	// Origin says where the record came from: "europepmc", "snapshot",
	// "file:refs.bib", ...
	Origin      string    `json:"origin"`
	RetrievedAt time.Time `json:"retrieved_at"`
	// ContentHash is the SHA-256 of Text(), so a later audit detects drift
	// between what the writer saw and what the ledger says.
	ContentHash string `json:"content_hash"`
	// FullText, when set, is what was read of the open-access full text:
	// its sections' paths, kinds and hashes, its licence and form.
	FullText *FullText `json:"full_text,omitempty"`
	// Passages are the parts of the full text shown to the writer beside
	// the abstract, within the prompt budget.
	Passages []Passage `json:"passages,omitempty"`
}

// Text is exactly what the writer sees of the source and what quotes are
// checked against: the title, a blank line, the abstract (SourceText).
func (e Entry) Text() string {
	return SourceText(e.Title, e.Abstract)
}

// Seal sets ContentHash from the entry's text.
func (e *Entry) Seal() {
	sum := sha256.Sum256([]byte(e.Text()))
	e.ContentHash = hex.EncodeToString(sum[:])
}

// Ledger is the evidence a run may cite, with what was left out and why.
type Ledger struct {
	Lead    Lead    `json:"lead"`
	Entries []Entry `json:"entries"`
	// Excluded counts records kept out of the citable ledger, by reason
	// ("no_doi", "retracted", "budget", ...).
	Excluded map[string]int `json:"excluded,omitempty"`
	// Query is the exact query sent to the search (empty for a sources
	// file) and Hits how many records it returned.
	Query string `json:"query,omitempty"`
	Hits  int    `json:"hits,omitempty"`
	// Notes are human-readable remarks about collection (what was cut).
	Notes []string `json:"notes,omitempty"`
	// Unknown says why the sources counted as "unknown" in Excluded could
	// not be checked ("16 source(s) unknown offline: not in the embedded
	// corpus of 61 records"); a refusal they cause says so instead of
	// blaming the lead.
	Unknown string `json:"unknown,omitempty"`
}

// ByDOI returns the entry with the given normalised DOI.
func (l Ledger) ByDOI(doi string) (Entry, bool) {
	for _, e := range l.Entries {
		if e.DOI == doi {
			return e, true
		}
	}
	return Entry{}, false
}

// Digest is the SHA-256 of the ledger's canonical JSON.
func (l Ledger) Digest() string { return digestJSON(l) }

// Lead is what a run is about: a researcher, a topic, a window.
type Lead struct {
	ID          string `json:"id,omitempty" yaml:"id"`
	Name        string `json:"name,omitempty" yaml:"name"`
	ORCID       string `json:"orcid,omitempty" yaml:"orcid"`
	Affiliation string `json:"affiliation,omitempty" yaml:"affiliation"`
	Topic       string `json:"topic,omitempty" yaml:"topic"`
	// Since and Until are dates in YYYY-MM-DD form, empty when open.
	Since      string `json:"since,omitempty" yaml:"since"`
	Until      string `json:"until,omitempty" yaml:"until"`
	MaxSources int    `json:"max_sources,omitempty" yaml:"max_sources"`
	// AnyTopicWord widens the topic from all of its words and phrases (the
	// default, as Europe PMC and PubMed users expect) to any of them.
	AnyTopicWord bool `json:"any_topic_word,omitempty" yaml:"any_topic_word"`
	// Query is a raw Europe PMC query sent as the whole query, never
	// combined with other fields.
	Query string `json:"query,omitempty" yaml:"query"`
}

// Describe is a short human label for the lead, for logs and messages.
func (l Lead) Describe() string {
	var parts []string
	if l.ORCID != "" {
		parts = append(parts, "ORCID "+l.ORCID)
	}
	if l.Name != "" {
		parts = append(parts, l.Name)
	}
	if l.Topic != "" {
		parts = append(parts, "topic "+strconvQuote(l.Topic))
	}
	if l.Query != "" {
		parts = append(parts, "query "+strconvQuote(l.Query))
	}
	if l.Since != "" {
		parts = append(parts, "since "+l.Since)
	}
	if l.Until != "" {
		parts = append(parts, "until "+l.Until)
	}
	if len(parts) == 0 {
		return "empty lead"
	}
	return strings.Join(parts, ", ")
}

func strconvQuote(s string) string { return `"` + s + `"` }
