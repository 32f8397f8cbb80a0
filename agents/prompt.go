package agents

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
)

// The system instructions, embedded so a binary carries its prompts and a
// golden test sees every change to them.
var (
	//go:embed prompts/writer.md
	writerPrompt string
	//go:embed prompts/repair.md
	repairPrompt string
	//go:embed prompts/skeptic.md
	skepticPrompt string
)

// neutralise defangs delimiter tags inside untrusted text. It is
// contract.Neutralise, the function that also derives the text the gate
// checks quotes against, so what the writer sees is what the gate checks.
func neutralise(s string) string { return contract.Neutralise(s) }

func attr(s string) string {
	return strings.NewReplacer(`"`, "&quot;", "\n", " ").Replace(neutralise(s))
}

// writeLead renders the lead as a tagged line.
func writeLead(b *strings.Builder, lead contract.Lead) {
	b.WriteString("<lead>")
	b.WriteString(neutralise(lead.Describe()))
	b.WriteString("</lead>\n\n")
}

// writeSources renders entries as data blocks: id and DOI as attributes,
// then exactly Entry.Text(), the text quotes are checked against, then the
// passages of the source's full text chosen for the lead (collection
// chose them within the prompt budget: the whole papers are never sent),
// each naming its section and kind.
func writeSources(b *strings.Builder, entries []contract.Entry) {
	if hasPassages(entries) {
		b.WriteString(passagesNote)
	}
	b.WriteString("<sources>\n")
	for _, e := range entries {
		b.WriteString(`<source id="` + attr(e.ID) + `" doi="` + attr(e.DOI) + `"` + statusAttr(e) + `>` + "\n")
		b.WriteString(neutralise(e.Text()))
		for _, p := range e.Passages {
			b.WriteString("\n<passage section=\"" + attr(p.Section) + `" kind="` + attr(p.Kind) + `">` + "\n")
			b.WriteString(neutralise(p.Text))
			b.WriteString("\n</passage>")
		}
		b.WriteString("\n</source>\n")
	}
	b.WriteString("</sources>\n\n")
}

// passagesNote tells a model what a <passage> is; it is sent only with
// sources that have one, so prompts without full texts are unchanged.
const passagesNote = "Some sources also hold <passage> blocks: parts of the article's open-access full text, each naming " +
	"its section and the section's kind. A quote may be copied from a passage exactly as from the title or abstract, " +
	"under the same rules. A passage of kind background states what the authors cite or assume, not their finding; " +
	"methods say what was done; results, tables and conclusions hold findings.\n\n"

func hasPassages(entries []contract.Entry) bool {
	for _, e := range entries {
		if len(e.Passages) > 0 {
			return true
		}
	}
	return false
}

// writeQuoteSections tells the skeptic where each quote of the draft is in
// the sources it was shown: the title, the abstract, or a passage's
// section and kind ("results", "background", ...), so it can object to a
// background sentence cited as a finding. Only written when a cited
// source has passages. The gate's own finding is authoritative; this is a
// plain search (case and spacing folded).
func writeQuoteSections(b *strings.Builder, entries []contract.Entry, claims []contract.Claim) {
	if !hasPassages(entries) {
		return
	}
	b.WriteString("<quote_sections>\n")
	for _, c := range claims {
		for i, ct := range c.Citations {
			where := "not found in the text shown"
			for _, e := range entries {
				if !sameDOI(ct.DOI, e.DOI) {
					continue
				}
				where = quoteSection(e, ct.Quote)
			}
			b.WriteString(`<quote claim="` + attr(c.ID) + `" citation="` + strconv.Itoa(i+1) + `">` + neutralise(where) + "</quote>\n")
		}
	}
	b.WriteString("</quote_sections>\n\n")
}

// quoteSection names where quote is in what the model saw of e.
func quoteSection(e contract.Entry, quote string) string {
	q := looseText(quote)
	switch {
	case q == "":
		return "empty quote"
	case strings.Contains(looseText(e.Title), q):
		return "title"
	case strings.Contains(looseText(e.Abstract), q):
		return "abstract"
	}
	for _, p := range e.Passages {
		if strings.Contains(looseText(p.Text), q) {
			return p.Section + " (" + p.Kind + ")"
		}
	}
	return "not found in the text shown"
}

// looseText lower-cases s and collapses its spaces.
func looseText(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// statusAttr marks a source that must not be cited as evidence: the gate
// rejects citations of retracted papers, so the writer is told up front.
func statusAttr(e contract.Entry) string {
	switch {
	case e.Retracted:
		return ` status="retracted: do not cite"`
	case e.RetractionNotice:
		return ` status="retraction notice: do not cite"`
	case e.Erratum:
		return ` status="erratum"`
	case e.Preprint:
		return ` status="preprint, not peer reviewed"`
	}
	return ""
}

// writeJSON renders v as indented JSON; contract types always marshal.
func writeJSON(b *strings.Builder, v any) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic("agents: marshal prompt data: " + err.Error())
	}
	b.WriteString(neutralise(string(data)))
	b.WriteString("\n")
}

// sameDOI compares a cited DOI with a ledger DOI with doi.Same, the
// normaliser the gate and the renderer use: a citation the gate accepts in
// another spelling (dx.doi.org, %2F) shows the skeptic its source.
func sameDOI(cited, ledger string) bool { return doi.Same(cited, ledger) }

// cited returns the ledger entries the claims cite, in ledger order.
func cited(ledger contract.Ledger, claims []contract.Claim) []contract.Entry {
	var out []contract.Entry
	for _, e := range ledger.Entries {
	claims:
		for _, c := range claims {
			for _, ct := range c.Citations {
				if sameDOI(ct.DOI, e.DOI) {
					out = append(out, e)
					break claims
				}
			}
		}
	}
	return out
}
