package agents

import (
	_ "embed"
	"encoding/json"
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
// then exactly Entry.Text(), the text quotes are checked against.
func writeSources(b *strings.Builder, entries []contract.Entry) {
	b.WriteString("<sources>\n")
	for _, e := range entries {
		b.WriteString(`<source id="` + attr(e.ID) + `" doi="` + attr(e.DOI) + `"` + statusAttr(e) + `>` + "\n")
		b.WriteString(neutralise(e.Text()))
		b.WriteString("\n</source>\n")
	}
	b.WriteString("</sources>\n\n")
}

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
