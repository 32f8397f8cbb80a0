package brief

import (
	"fmt"
	"net/url"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// Provenance is how a brief was made, for a reader who wants to redo or
// judge it: what was searched, what was left out, who wrote and checked.
// Front ends fill what the pipeline cannot know (models, oracles, version);
// the rest comes from the ledger and the stamp.
type Provenance struct {
	// Query is the exact query sent to Europe PMC ("" for a sources file).
	Query string `json:"query,omitempty"`
	// Hits is how many records the search returned.
	Hits int `json:"hits"`
	// Excluded counts records kept out of the ledger, by reason.
	Excluded map[string]int `json:"excluded,omitempty"`
	// Oracles are the DOI oracles the gate consulted, in order, and Policy
	// how their answers combine.
	Oracles []string `json:"oracles,omitempty"`
	Policy  string   `json:"policy,omitempty"`
	// Models are the writer and the skeptic.
	Models []Model `json:"models,omitempty"`
	// Version is citeloop's version from the build information.
	Version string `json:"version"`
	// Answers says how many of the oracle answers the gate relied on were
	// served from a cache, and how old the oldest was.
	Answers *Answers `json:"oracle_answers,omitempty"`
}

// Answers counts the oracle answers the gate relied on, one per cited DOI:
// how many came from the cache (package oracles/cache), and when the
// oldest of those was stored.
type Answers struct {
	DOIs         int       `json:"dois"`
	Cached       int       `json:"cached"`
	OldestStored time.Time `json:"oldest_stored_at,omitzero"`
}

// answersOf counts the answers behind v's verified quotes.
func answersOf(v gates.Verdict) *Answers {
	a := &Answers{}
	seen := map[string]bool{}
	for _, q := range v.Quotes {
		if seen[q.DOI] {
			continue
		}
		seen[q.DOI] = true
		a.DOIs++
		if !q.CachedAt.IsZero() {
			a.Cached++
			if a.OldestStored.IsZero() || q.CachedAt.Before(a.OldestStored) {
				a.OldestStored = q.CachedAt.UTC()
			}
		}
	}
	return a
}

// AnswersLine is the answers for a reader, their age counted from the
// time of checking: "3, 2 from the cache (the oldest stored 2d 2h before
// checking)".
func (p Provenance) AnswersLine(checkedAt time.Time) string {
	a := p.Answers
	switch {
	case a == nil:
		return "not recorded"
	case a.Cached == 0:
		return fmt.Sprintf("%d, all asked at the time of checking", a.DOIs)
	}
	return fmt.Sprintf("%d, %d from the cache (the oldest stored %s, %s before checking)", a.DOIs, a.Cached,
		a.OldestStored.UTC().Format(time.RFC3339), oracles.Age(checkedAt.Sub(a.OldestStored)))
}

// Model is one agent of a run.
type Model struct {
	Role     string `json:"role"`
	Provider string `json:"provider"`
	Name     string `json:"name"`
}

// String is "role: provider/name".
func (m Model) String() string { return m.Role + ": " + m.Provider + "/" + m.Name }

// Version is citeloop's module version and VCS revision from the build
// information, "(devel)" for a plain go build without VCS data.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return versionOf(bi)
}

// versionOf is Version from bi.
func versionOf(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	for _, s := range bi.Settings {
		// A pseudo-version (v0.0.0-2026...-abcdef123456) already holds the
		// revision: say it once.
		if s.Key == "vcs.revision" && len(s.Value) >= 12 && !strings.Contains(v, s.Value[:12]) {
			v += " " + s.Value[:12]
		}
	}
	return v
}

// withRun fills the fields that come from the ledger and the verdict.
func (p Provenance) withRun(l contract.Ledger, v gates.Verdict) Provenance {
	p.Query, p.Hits, p.Excluded = l.Query, l.Hits, l.Excluded
	if p.Version == "" {
		p.Version = Version()
	}
	p.Answers = answersOf(v)
	return p
}

// ExcludedLine is the exclusion counts as "reason n, reason n", sorted.
func (p Provenance) ExcludedLine() string {
	var parts []string
	for r, n := range p.Excluded {
		parts = append(parts, r+" "+strconv.Itoa(n))
	}
	slices.Sort(parts)
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// ModelsLine is the models as "writer: gemini/x; skeptic: ...".
func (p Provenance) ModelsLine() string {
	var parts []string
	for _, m := range p.Models {
		parts = append(parts, m.String())
	}
	if len(parts) == 0 {
		return "not recorded"
	}
	return strings.Join(parts, "; ")
}

// OraclesLine is the oracles and their policy.
func (p Provenance) OraclesLine() string {
	if len(p.Oracles) == 0 {
		return "not recorded"
	}
	s := strings.Join(p.Oracles, ", ")
	if p.Policy != "" {
		s += " (policy " + p.Policy + ")"
	}
	return s
}

// europePMCURL links a source's Europe PMC page: by PMID, by PMCID, or a
// search for its DOI.
func europePMCURL(e contract.Entry) string {
	switch {
	case e.PMID != "":
		return "https://europepmc.org/article/MED/" + url.PathEscape(e.PMID)
	case e.PMCID != "":
		return "https://europepmc.org/article/PMC/" + url.PathEscape(e.PMCID)
	}
	return "https://europepmc.org/search?query=" + url.QueryEscape(`DOI:"`+e.DOI+`"`)
}

// Details are a reference's identifiers for a reader: PMID, PMCID,
// publication type and year, and the preprint mark.
func (r reference) Details() string {
	parts := []string{"PMID " + orNone(r.PMID), "PMCID " + orNone(r.PMCID)}
	if len(r.PubTypes) > 0 {
		parts = append(parts, "type "+strings.Join(r.PubTypes, ", "))
	}
	if r.Year > 0 {
		parts = append(parts, "year "+strconv.Itoa(r.Year))
	}
	if r.Preprint {
		parts = append(parts, "preprint")
	}
	return strings.Join(parts, "; ")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// row is one line of the provenance section.
type row struct{ Name, Value string }

// ProvenanceRows are the provenance lines every human format shows.
func (b view) ProvenanceRows() []row { return b.provenanceRows() }

func (b view) provenanceRows() []row {
	p, s := b.Provenance, b.Stamp
	query := p.Query
	if query == "" {
		query = "none (sources file)"
	}
	// The stamp binds this file's digest, so the file shows what the
	// stamp held before the files were rendered (the gate's digests, the
	// key), never the stamp's own digest or signature; nor the renderer's
	// version, which brief.json's stamp holds, so that a renderer whose
	// output did not change writes the same bytes.
	signed := "unsigned"
	switch {
	case s.KeyID != "":
		signed = "signed (Ed25519, key " + s.KeyID + "); the stamp in brief.json binds this file"
	case s.Signature != "":
		signed = "signed (Ed25519)"
	}
	return []row{
		{"Europe PMC query", query},
		{"Hits", strconv.Itoa(p.Hits)},
		{"Excluded", p.ExcludedLine()},
		{"Oracles", p.OraclesLine()},
		{"Oracle answers", p.AnswersLine(s.CheckedAt)},
		{"Models", p.ModelsLine()},
		{"citeloop version", p.Version},
		{"Checked at", s.CheckedAt.UTC().Format(time.RFC3339Nano)},
		{"Draft digest", s.DraftDigest},
		{"Ledger digest", s.LedgerDigest},
		{"Lead digest", s.LeadDigest},
		{"Signature", signed},
	}
}
