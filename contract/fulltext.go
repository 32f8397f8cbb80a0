package contract

// Full-text states of a ledger entry (FullText.Status).
const (
	// FullTextChecked: the open-access full text was fetched and read; its
	// kept sections are quotable.
	FullTextChecked = "checked"
	// FullTextNotChecked: the record has a full text, or says so, but the
	// service gave none (404, 403, a 500 for an author manuscript, an
	// outage, a body that is not JATS). A quote must then be in the
	// abstract; its absence from the full text is never claimed.
	FullTextNotChecked = "not_checked"
)

// Section kinds a quote can come from (Section.Kind, and a citation's
// section kind in brief.json). A background sentence is not a finding.
const (
	SectionTitle       = "title"
	SectionAbstract    = "abstract"
	SectionBackground  = "background"
	SectionMethods     = "methods"
	SectionResults     = "results"
	SectionDiscussion  = "discussion"
	SectionConclusions = "conclusions"
	SectionTable       = "table"
	SectionFigure      = "figure"
	SectionOther       = "other"
)

// FullText is what the ledger keeps of an entry's open-access full text:
// where it is stored and how it reads, never the article itself, so a
// brief.json, a batch outcome or an MCP answer stays small. The body is
// kept by its content hash in the oracle cache.
type FullText struct {
	// Status is FullTextChecked or FullTextNotChecked.
	Status string `json:"status"`
	// Reason says why a full text was not checked ("no full text: HTTP
	// 404", "unavailable: ...").
	Reason string `json:"reason,omitempty"`
	// Oracle is the service it came from, ID the id it was asked by (a
	// PMCID).
	Oracle string `json:"oracle,omitempty"`
	ID     string `json:"id,omitempty"`
	// Hash is "sha256:" and the hex SHA-256 of the response body, the key
	// of the body in the oracle cache.
	Hash string `json:"hash,omitempty"`
	// Form is which JATS form the response had ("back", "body-only").
	Form string `json:"form,omitempty"`
	// License is the article's licence as its front matter gives it.
	License  string        `json:"license,omitempty"`
	Sections []TextSection `json:"sections,omitempty"`
}

// Checked reports whether the full text was read.
func (f *FullText) Checked() bool { return f != nil && f.Status == FullTextChecked }

// TextSection is one quotable section of a full text.
type TextSection struct {
	// Path names it as a reader finds it: "abstract", "body › 2 Methods ›
	// 2.3 Statistics", "table 2".
	Path string `json:"path"`
	// Kind is one of the Section* kinds.
	Kind string `json:"kind"`
	// Hash is "sha256:" and the hex SHA-256 of Text.
	Hash string `json:"hash"`
	// Text is the marker-free text and Raw the text with citation markers
	// kept. Neither is written to JSON: they are held in memory from the
	// stored full text (Hash names them), for the gate.
	Text string `json:"-"`
	Raw  string `json:"-"`
}

// Passage is a part of a section shown to the writer (and the skeptic),
// chosen for the lead: what the model may quote besides the abstract.
type Passage struct {
	// Section is the path of the section it is from, Kind its kind.
	Section string `json:"section"`
	Kind    string `json:"kind"`
	Text    string `json:"text"`
}
