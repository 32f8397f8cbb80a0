package brief

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/gates"
)

// view is the render model: claims with reference numbers, references
// built from ledger entries in order of first citation.
type view struct {
	Title      string
	Sections   []renderSection
	References []reference
	VerifiedAt string
	Lead       string
	// Stamp and Provenance say what was checked, when, and how the brief
	// was made.
	Stamp      contract.Stamp
	Provenance Provenance
}

type renderSection struct {
	Heading string
	Claims  []renderClaim
}

type renderClaim struct {
	ID     string
	Text   string
	Refs   []int
	Quotes []renderQuote
}

type renderQuote struct {
	Ref int
	// Quote is the exact source span the gate matched, never the model's
	// spelling of it.
	Quote string
	// CheckedAgainst and TextDiffers are the gate's provenance of the quote.
	CheckedAgainst string
	TextDiffers    bool
	// Section is where the gate found the quote ("title", "abstract", a
	// full-text section's path) and SectionKind its kind.
	Section, SectionKind string
}

// Where names, for a reader, the full-text section a quote was found in
// ("Results › 3.2 Survival", "Table 2", "Abstract › Methods"); "" for a
// quote from the title or abstract of the record.
func (q renderQuote) Where() string {
	if q.CheckedAgainst != gates.CheckedFullText || q.Section == "" {
		return ""
	}
	w := strings.TrimPrefix(q.Section, "body › ")
	if r := []rune(w); len(r) > 0 {
		w = strings.ToUpper(string(r[0])) + string(r[1:])
	}
	return w
}

// Note is the quote's provenance for a reader, or "" when the quote was
// checked against the oracle's text and the file agreed with it.
func (q renderQuote) Note() string {
	switch {
	case q.CheckedAgainst == gates.CheckedFullText:
		return "full text, " + q.Where()
	case q.CheckedAgainst == gates.CheckedFile:
		return "checked against your sources file only: no oracle returned this text"
	case q.TextDiffers:
		return "the oracle's text of this source differs from your sources file; the quote is in both"
	}
	return ""
}

type reference struct {
	N        int      `json:"n"`
	SourceID string   `json:"source_id"`
	DOI      string   `json:"doi"`
	URL      string   `json:"url"`
	Authors  []string `json:"authors,omitempty"`
	Year     int      `json:"year,omitempty"`
	Title    string   `json:"title"`
	Journal  string   `json:"journal,omitempty"`
	Preprint bool     `json:"preprint,omitempty"`
	PMID     string   `json:"pmid,omitempty"`
	PMCID    string   `json:"pmcid,omitempty"`
	// EuropePMC links the source's Europe PMC page.
	EuropePMC string   `json:"europepmc_url"`
	PubTypes  []string `json:"pub_types,omitempty"`
	// Note is PreprintMark for a preprint, so every format marks it.
	Note string `json:"note,omitempty"`
}

func newView(in Content) (view, error) {
	b := view{Title: in.Draft.Title, VerifiedAt: in.Verdict.CheckedAt.Format("2006-01-02"), Lead: in.Ledger.Lead.Describe(), Stamp: in.Stamp, Provenance: in.Provenance}
	numbers := map[string]int{}
	checks := map[quoteKey]gates.QuoteCheck{}
	for _, q := range in.Verdict.Quotes {
		checks[quoteKey{q.ClaimID, q.Citation}] = q
	}
	for _, s := range in.Draft.Sections {
		rs := renderSection{Heading: s.Heading}
		for _, c := range s.Claims {
			rc := renderClaim{ID: c.ID, Text: c.Text}
			for ci, cite := range c.Citations {
				doi, err := doi.Normalize(cite.DOI)
				if err != nil {
					return view{}, fmt.Errorf("claim %s: %w", c.ID, err)
				}
				e, ok := in.Ledger.ByDOI(doi)
				if !ok {
					return view{}, fmt.Errorf("claim %s cites %s, which is not in the ledger", c.ID, doi)
				}
				n, ok := numbers[doi]
				if !ok {
					n = len(numbers) + 1
					numbers[doi] = n
					b.References = append(b.References, referenceOf(n, e))
				}
				if !containsInt(rc.Refs, n) {
					rc.Refs = append(rc.Refs, n)
				}
				q, err := quoteOf(checks, c.ID, ci, e, cite.Quote)
				if err != nil {
					return view{}, err
				}
				q.Ref = n
				rc.Quotes = append(rc.Quotes, q)
			}
			rs.Claims = append(rs.Claims, rc)
		}
		b.Sections = append(b.Sections, rs)
	}
	return b, nil
}

func referenceOf(n int, e contract.Entry) reference {
	return reference{N: n, SourceID: e.ID, DOI: e.DOI, URL: "https://doi.org/" + e.DOI, Authors: e.Authors, Year: e.Year, Title: e.Title, Journal: e.Journal, Preprint: e.Preprint,
		PMID: e.PMID, PMCID: e.PMCID, EuropePMC: europePMCURL(e), PubTypes: e.PubTypes, Note: preprintNote(e)}
}

func preprintNote(e contract.Entry) string {
	if e.Preprint {
		return PreprintMark
	}
	return ""
}

type quoteKey struct {
	claim    string
	citation int
}

// quoteOf returns the quote to render for citation ci of claim: the source
// span the gate matched. A verdict without it (an older verdict) is matched
// again against the ledger text; a quote that does not match is an error,
// never rendered as typed.
func quoteOf(checks map[quoteKey]gates.QuoteCheck, claim string, ci int, e contract.Entry, typed string) (renderQuote, error) {
	if qc, ok := checks[quoteKey{claim, ci}]; ok {
		return renderQuote{Quote: qc.Source, CheckedAgainst: qc.CheckedAgainst, TextDiffers: qc.TextDiffers,
			Section: qc.Section, SectionKind: qc.SectionKind}, nil
	}
	text := e.Text()
	span, p := gates.MatchQuote(text, typed)
	if !p.OK() {
		return renderQuote{}, fmt.Errorf("claim %s: quote is not in %s: %s", claim, e.ID, p.Detail)
	}
	return renderQuote{Quote: span.Of(text), CheckedAgainst: gates.CheckedFile, Section: contract.SectionAbstract, SectionKind: contract.SectionAbstract}, nil
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// PreprintMark follows the reference of a preprint in every format.
const PreprintMark = "(Preprint, not peer reviewed.)"

// authorList renders up to three authors, then "et al.".
func authorList(as []string) string {
	switch {
	case len(as) == 0:
		return "Anonymous"
	case len(as) <= 3:
		return strings.Join(as, ", ")
	default:
		return strings.Join(as[:3], ", ") + ", et al."
	}
}

// Citation renders the reference line from ledger metadata.
func (r reference) Citation() string {
	var sb strings.Builder
	sb.WriteString(authorList(r.Authors))
	if r.Year > 0 {
		fmt.Fprintf(&sb, " (%d)", r.Year)
	}
	sb.WriteString(". ")
	sb.WriteString(strings.TrimSuffix(r.Title, "."))
	sb.WriteString(".")
	if r.Journal != "" {
		sb.WriteString(" " + r.Journal + ".")
	}
	if r.Preprint {
		sb.WriteString(" " + PreprintMark)
	}
	return sb.String()
}

func refMarks(refs []int) string {
	var sb strings.Builder
	for _, n := range refs {
		fmt.Fprintf(&sb, "[%d]", n)
	}
	return sb.String()
}

func renderMarkdown(b view) []byte {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s\n\n", mdHeading(b.Title))
	fmt.Fprintf(&sb, "*%s*\n", mdEscape(b.Note()))
	for _, s := range b.Sections {
		fmt.Fprintf(&sb, "\n## %s\n", mdHeading(s.Heading))
		for _, c := range s.Claims {
			fmt.Fprintf(&sb, "\n%s %s\n", mdEscape(c.Text), refMarks(c.Refs))
			for _, q := range c.Quotes {
				if q.Quote == strings.TrimSpace(c.Text) {
					// An extractive claim is its own quote; where it
					// was found is still shown.
					if w := q.Where(); w != "" {
						fmt.Fprintf(&sb, "\n> [%d] *(%s)*\n", q.Ref, mdEscape(q.Note()))
					}
					continue
				}
				fmt.Fprintf(&sb, "\n> [%d] \"%s\"\n", q.Ref, mdEscape(q.Quote))
				if note := q.Note(); note != "" {
					fmt.Fprintf(&sb, ">\n> *(%s)*\n", note)
				}
			}
		}
	}
	sb.WriteString("\n## References\n\n")
	for _, r := range b.References {
		sb.WriteString(mdReference(r))
	}
	sb.WriteString("\n## Provenance\n\n")
	for _, row := range b.provenanceRows() {
		fmt.Fprintf(&sb, "- %s: %s\n", row.Name, mdEscape(row.Value))
	}
	return []byte(sb.String())
}

// mdURL escapes the characters that would end a Markdown link target.
func mdURL(u string) string {
	return strings.NewReplacer("(", "%28", ")", "%29", " ", "%20", "<", "%3C", ">", "%3E", "[", "%5B", "]", "%5D").Replace(u)
}

func marshalIndent(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

type jsonCitation struct {
	Ref            int    `json:"ref"`
	DOI            string `json:"doi"`
	Quote          string `json:"quote"`
	CheckedAgainst string `json:"checked_against"`
	TextDiffers    bool   `json:"text_differs,omitempty"`
	Note           string `json:"note,omitempty"`
	// Section is where the quote was found ("title", "abstract", a
	// full-text section's path) and SectionKind its kind (background,
	// methods, results, discussion, table, ...).
	Section     string `json:"section"`
	SectionKind string `json:"section_kind"`
}

type jsonClaim struct {
	ID        string         `json:"id"`
	Text      string         `json:"text"`
	Citations []jsonCitation `json:"citations"`
}

type jsonSection struct {
	Heading string      `json:"heading"`
	Claims  []jsonClaim `json:"claims"`
}

func renderJSON(b view, in Content) ([]byte, error) {
	doc := struct {
		Kind         string             `json:"kind"`
		Title        string             `json:"title"`
		Lead         contract.Lead      `json:"lead"`
		Sections     []jsonSection      `json:"sections"`
		References   []reference        `json:"references"`
		LedgerFile   string             `json:"ledger_file"`
		LedgerDigest string             `json:"ledger_digest"`
		DraftDigest  string             `json:"draft_digest"`
		Ledger       contract.Ledger    `json:"ledger"`
		Stamp        contract.Stamp     `json:"stamp"`
		Provenance   Provenance         `json:"provenance"`
		Verdict      any                `json:"verdict"`
		EndReason    contract.EndReason `json:"end_reason"`
		Metrics      contract.Metrics   `json:"metrics"`
	}{
		Kind: "citeloop.brief/v1", Title: b.Title, Lead: in.Ledger.Lead, References: b.References,
		Stamp: b.Stamp, Provenance: b.Provenance,
		LedgerFile: LedgerFile, LedgerDigest: in.Ledger.Digest(), DraftDigest: in.Draft.Digest(),
		Ledger: in.Ledger, Verdict: in.Verdict, EndReason: contract.Verified, Metrics: in.Metrics,
	}
	for _, s := range b.Sections {
		js := jsonSection{Heading: s.Heading}
		for _, c := range s.Claims {
			jc := jsonClaim{ID: c.ID, Text: c.Text, Citations: []jsonCitation{}}
			for _, q := range c.Quotes {
				jc.Citations = append(jc.Citations, jsonCitation{Ref: q.Ref, DOI: b.References[q.Ref-1].DOI, Quote: q.Quote,
					CheckedAgainst: q.CheckedAgainst, TextDiffers: q.TextDiffers, Note: q.Note(), Section: q.Section, SectionKind: q.SectionKind})
			}
			js.Claims = append(js.Claims, jc)
		}
		doc.Sections = append(doc.Sections, js)
	}
	return marshalIndent(doc)
}

var htmlTmpl = template.Must(template.New("brief").Funcs(template.FuncMap{}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;line-height:1.5;padding:0 1rem}blockquote{color:#444;border-left:3px solid #ccc;margin:.3rem 0 .3rem 1rem;padding-left:.6rem}.note{color:#555;font-style:italic}</style>
</head><body>
<h1>{{.Title}}</h1>
<p class="note">{{.Note}}</p>
{{range .Sections}}<h2>{{.Heading}}</h2>
{{range $c := .Claims}}<p id="{{$c.ID}}">{{$c.Text}} {{range $c.Refs}}<a class="ref" href="#ref-{{.}}">[{{.}}]</a>{{end}}</p>
{{range $c.Quotes}}{{if ne .Quote $c.Text}}<blockquote>[{{.Ref}}] “{{.Quote}}”{{with .Note}} <span class="note">({{.}})</span>{{end}}</blockquote>
{{else if .Where}}<blockquote>[{{.Ref}}] <span class="note">({{.Note}})</span></blockquote>
{{end}}{{end}}{{end}}{{end}}<h2>References</h2>
<ol>
{{range .References}}{{template "ref" .}}
{{end}}</ol>
<h2>Provenance</h2>
<dl>
{{range .ProvenanceRows}}<dt>{{.Name}}</dt><dd>{{.Value}}</dd>
{{end}}</dl>
</body></html>
`))

// refTmpl is one reference of the HTML brief; verify looks for it too.
const refTmpl = `{{define "ref"}}<li id="ref-{{.N}}">{{.Citation}} <a href="{{.URL}}">doi:{{.DOI}}</a> <a href="{{.EuropePMC}}">Europe PMC</a><br><small>{{.Details}}</small></li>{{end}}`

func init() { template.Must(htmlTmpl.Parse(refTmpl)) }

func renderHTML(b view) ([]byte, error) {
	var buf bytes.Buffer
	if err := htmlTmpl.Execute(&buf, b); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// mdReference is one reference of the Markdown brief.
func mdReference(r reference) string {
	return fmt.Sprintf("%d. %s [doi:%s](%s)\n   %s\n   [Europe PMC](%s)\n",
		r.N, mdEscape(r.Citation()), mdLabel(r.DOI), mdURL(r.URL), mdEscape(r.Details()), mdURL(r.EuropePMC))
}

// ReferenceTexts are the references a brief of draft over ledger shows, as
// each format renders them from the ledger: the Markdown and HTML text of
// each, and its JSON object. verify checks that a written brief still holds
// exactly these. They are rendered for comparison, so no proof is needed.
func ReferenceTexts(d contract.Draft, l contract.Ledger) (md, html []string, jsonRefs []json.RawMessage, err error) {
	b, err := newView(Content{Draft: d, Ledger: l})
	if err != nil {
		return nil, nil, nil, err
	}
	for _, r := range b.References {
		md = append(md, mdReference(r))
		var buf bytes.Buffer
		if err := htmlTmpl.ExecuteTemplate(&buf, "ref", r); err != nil {
			return nil, nil, nil, err
		}
		html = append(html, buf.String())
		j, err := json.Marshal(r)
		if err != nil {
			return nil, nil, nil, err
		}
		jsonRefs = append(jsonRefs, j)
	}
	return md, html, jsonRefs, nil
}

// Note is the line under a brief's title: what the gate checked, when and
// for which lead, and what it did not check. A brief says no more than the
// gate did: references from the ledger, quotes found in their sources.
func (b view) Note() string {
	return fmt.Sprintf("Citations checked by citeloop's gate on %s for %s: every reference below is a record of the evidence ledger and every quote appears verbatim in its source; whether a claim follows from its quote is for the reader to judge.", b.VerifiedAt, b.Lead)
}
