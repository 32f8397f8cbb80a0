package gates

import (
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// matchSections finds quote in the kept sections of entry's full text, in
// the article's order: in a section's marker-free text, else in its raw
// text (across a citation marker), under the same rules as the abstract.
// A raw match's Source is the marker-free text of its span, so a citation
// marker never backs a number.
func (idx *Index) matchSections(rules Rules, entry contract.Entry, quote string) (QuoteCheck, bool) {
	q := foldText(quote)
	for _, s := range idx.sections[entry.DOI] {
		qc := QuoteCheck{DOI: entry.DOI, CheckedAgainst: CheckedFullText, Oracle: entry.FullText.Oracle,
			Section: s.path, SectionKind: s.kind, SectionHash: s.hash}
		if span, p := rules.matchFolded(s.text.folded, q, 0); p.OK() {
			qc.Source, qc.Span = span.Of(s.text.Text), span
			return qc, true
		}
		if s.raw == nil {
			continue
		}
		span, p := rules.matchFolded(s.raw.folded, q, 0)
		if !p.OK() {
			continue
		}
		i, j, ok := markerFree(s.raw.Text, s.text.Text, span)
		if !ok {
			continue
		}
		qc.Source, qc.Span, qc.AcrossMarker = strings.TrimSpace(s.text.Text[i:j]), Span{Start: i, End: j}, true
		return qc, true
	}
	return QuoteCheck{}, false
}

// markerFree maps a span of raw, the text with citation markers, to the
// span of text, the same text without them, that it covers: text is raw
// with the markers deleted, so walking both aligns every kept character.
// ok is false when text is not such a deletion of raw.
func markerFree(raw, text string, span Span) (int, int, bool) {
	at := make([]int, len(raw)+1) // at[i]: the offset in text of raw's byte i
	j := 0
	for i := 0; i < len(raw); i++ {
		at[i] = j
		if j < len(text) && raw[i] == text[j] {
			j++
		}
	}
	at[len(raw)] = j
	if j != len(text) {
		return 0, 0, false
	}
	i, k := at[span.Start], at[span.End]
	// Keep the span on whole UTF-8 sequences of text.
	for i > 0 && i < len(text) && text[i]&0xC0 == 0x80 {
		i--
	}
	for k < len(text) && text[k]&0xC0 == 0x80 {
		k++
	}
	return i, k, i < k
}

// notFoundIn words a quote's absence: where it was looked for, and, when
// the entry's full text could not be checked, that its absence from the
// full text is not claimed.
func notFoundIn(p Problem, entry contract.Entry, sections bool) Problem {
	switch {
	case sections:
		p.Detail = "quote is not in the title, abstract or full text on word boundaries (reference lists, funding, footnotes and other back matter are not quotable)"
	case entry.FullText != nil && !entry.FullText.Checked():
		p.Detail += "; full text not checked (" + entry.FullText.Reason + "), so a quote must be in the abstract"
	case entry.FullText.Checked():
		p.Detail += "; full text read at collection but its sections are not loaded"
	}
	return p
}

// numbersDraft is d with the quote of every citation that matched across
// a citation marker replaced by the marker-free text it covers: the number
// rules read a claim's numbers against its quotes, and a marker's digits
// back none.
func numbersDraft(d contract.Draft, qs []QuoteCheck) contract.Draft {
	type key struct {
		claim string
		cite  int
	}
	repl := map[key]string{}
	for _, q := range qs {
		if q.AcrossMarker {
			repl[key{q.ClaimID, q.Citation}] = q.Source
		}
	}
	if len(repl) == 0 {
		return d
	}
	out := d
	out.Sections = make([]contract.Section, len(d.Sections))
	for si, s := range d.Sections {
		out.Sections[si] = s
		out.Sections[si].Claims = make([]contract.Claim, len(s.Claims))
		for ci, c := range s.Claims {
			c.Citations = append([]contract.Citation(nil), c.Citations...)
			for k := range c.Citations {
				if r, ok := repl[key{c.ID, k}]; ok {
					c.Citations[k].Quote = r
				}
			}
			out.Sections[si].Claims[ci] = c
		}
	}
	return out
}
