package gates

import (
	"fmt"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
)

// proseField is one text of the draft a reader reads besides the
// citations: the title, a heading or a claim, with what may back it.
type proseField struct {
	claimID, name, text string
	// section is a heading's section, from 1; 0 for the title and claims.
	section  int
	required bool
	// citations are the citations whose quotes and sources back it.
	citations []contract.Citation
}

// proseChecker judges the prose of one draft against one ledger, folding
// each quote and each source's words once.
type proseChecker struct {
	ledger    contract.Ledger
	idx       *Index
	ledgerIDs map[string]bool
	quotes    map[string]Folded // NFKC-folded quotes, for notation
	folded    map[string]Folded // folded quotes, for notation standing alone
	plain     map[string]string // folded quotes, for brackets
	qwords    map[string]map[string]bool
	looks     map[string]map[string]string // word skeletons of quotes
}

func newProseChecker(ledger contract.Ledger, idx *Index) *proseChecker {
	ids := map[string]bool{}
	for _, e := range ledger.Entries {
		if e.ID != "" {
			ids[contract.FoldID(e.ID)] = true
		}
	}
	return &proseChecker{ledger: ledger, idx: idx, ledgerIDs: ids, quotes: map[string]Folded{}, folded: map[string]Folded{}, plain: map[string]string{}, qwords: map[string]map[string]bool{}, looks: map[string]map[string]string{}}
}

func (pc *proseChecker) nfkcQuote(q string) Folded {
	f, ok := pc.quotes[q]
	if !ok {
		f = nfkcFolded(q)
		pc.quotes[q] = f
	}
	return f
}

func (pc *proseChecker) foldedQuote(q string) Folded {
	f, ok := pc.folded[q]
	if !ok {
		f = Fold(q)
		pc.folded[q] = f
	}
	return f
}

func (pc *proseChecker) plainQuote(q string) string {
	f, ok := pc.plain[q]
	if !ok {
		f = foldText(q)
		pc.plain[q] = f
	}
	return f
}

// sourceWords returns the folded words of the text of the cited entry.
func (pc *proseChecker) sourceWords(cited string) map[string]bool {
	id, err := doi.Normalize(cited)
	if err != nil {
		return nil
	}
	return pc.idx.sourceWords(id)
}

func (pc *proseChecker) context(f proseField) refContext {
	return refContext{
		inQuote: func(folded string) bool {
			for _, c := range f.citations {
				if containsFolded(pc.plainQuote(c.Quote), folded) {
					return true
				}
			}
			return false
		},
		inSource: func(word string) bool {
			for _, c := range f.citations {
				if pc.sourceWords(c.DOI)[word] {
					return true
				}
			}
			return false
		},
	}
}

func containsFolded(hay, needle string) bool {
	_, _, ok := find(Folded{Text: hay}, needle)
	return ok
}

// check returns every failure of one field.
func (pc *proseChecker) check(f proseField) []contract.Diagnostic {
	var out []contract.Diagnostic
	if r, at, ok := contract.HiddenRune(f.text); ok {
		out = append(out, contract.Diagnostic{ClaimID: f.claimID, Reason: contract.ReasonHiddenCharacters,
			Detail: fmt.Sprintf("%s holds hidden character %s at byte %d", f.name, contract.RuneName(r), at)})
	}
	if f.required && contract.IsBlank(f.text) {
		out = append(out, contract.Diagnostic{ClaimID: f.claimID, Reason: contract.ReasonBlankText,
			Detail: f.name + " holds no visible character"})
	}
	out = append(out, charFailures(f.claimID, f.name, f.text)...)
	if shape, ref := refIn(contract.ReadNFC(f.text), pc.context(f)); ref != "" {
		out = append(out, contract.Diagnostic{ClaimID: f.claimID, Reason: contract.ReasonReferenceInText,
			Detail: fmt.Sprintf("%s holds the %s %q; references come only from the citations", f.name, shape, ref)})
	}
	nfkc := make([]Folded, 0, len(f.citations))
	plain := make([]Folded, 0, len(f.citations))
	words := make([]map[string]bool, 0, len(f.citations))
	texts := make([]string, 0, len(f.citations))
	for _, c := range f.citations {
		nfkc = append(nfkc, pc.nfkcQuote(c.Quote))
		plain = append(plain, pc.foldedQuote(c.Quote))
		w, ok := pc.qwords[c.Quote]
		if !ok {
			w = foldedWords(c.Quote)
			pc.qwords[c.Quote] = w
		}
		words = append(words, w)
		texts = append(texts, c.Quote)
	}
	out = append(out, notationFailures(f.claimID, f.name, f.text, nfkc, plain, pc.ledgerIDs)...)
	skeletons := func() []map[string]string {
		out := make([]map[string]string, 0, len(texts))
		for _, q := range texts {
			l, ok := pc.looks[q]
			if !ok {
				l = wordSkeletons(q)
				pc.looks[q] = l
			}
			out = append(out, l)
		}
		return out
	}
	out = append(out, lookalikeNumberFailures(f.claimID, f.name, f.text, texts)...)
	return append(out, confusableFailures(f.claimID, f.name, f.text, words, skeletons)...)
}

// fields lists the prose of d: the title (backed by every citation), each
// heading (by its section's) and each claim (by its own).
func fields(d contract.Draft) []proseField {
	var all []contract.Citation
	for _, c := range d.Claims() {
		all = append(all, c.Citations...)
	}
	out := []proseField{{name: "title", text: d.Title, required: true, citations: all}}
	for i, s := range d.Sections {
		var sec []contract.Citation
		for _, c := range s.Claims {
			sec = append(sec, c.Citations...)
		}
		out = append(out, proseField{name: fmt.Sprintf("heading of section %d", i+1), text: s.Heading, section: i + 1, citations: sec})
		for _, c := range s.Claims {
			out = append(out, proseField{claimID: c.ID, name: "claim text", text: c.Text, required: true, citations: c.Citations})
		}
	}
	return out
}

// proseFailures checks the draft's title, headings and claim texts for
// hidden and disallowed characters, mixed scripts, blankness, references
// and notation no quote holds, and claim ids for hidden characters.
func proseFailures(d contract.Draft, ledger contract.Ledger, idx *Index) []contract.Diagnostic {
	pc := newProseChecker(ledger, idx)
	var out []contract.Diagnostic
	for _, f := range fields(d) {
		if f.claimID != "" {
			if r, at, ok := contract.HiddenRune(f.claimID); ok {
				out = append(out, contract.Diagnostic{ClaimID: f.claimID, Reason: contract.ReasonHiddenCharacters,
					Detail: fmt.Sprintf("claim id holds hidden character %s at byte %d", contract.RuneName(r), at)})
			}
		}
		ds := pc.check(f)
		for i := range ds {
			ds[i].Section = f.section
		}
		out = append(out, ds...)
	}
	return out
}

// textFailures is every failure of the draft's prose: characters,
// references and notation (proseFailures), and numbers no quote or cited
// title holds (numbers.go says which quotes count for which prose). A
// cited record's title is the oracle's when the oracle returned one
// (oracleTitles, by normalised DOI), the title quotes are checked against;
// the ledger's only where the oracle gave none.
func textFailures(d contract.Draft, ledger contract.Ledger, idx *Index, oracleTitles map[string]string) []contract.Diagnostic {
	titleOf := func(cited string) (string, bool) {
		id, err := doi.Normalize(cited)
		if err != nil {
			return "", false
		}
		if t, ok := oracleTitles[id]; ok && t != "" {
			return contract.CleanText(t), true
		}
		e, ok := ledger.ByDOI(id)
		return contract.CleanText(e.Title), ok && e.Title != ""
	}
	return append(proseFailures(d, ledger, idx), numberFailures(d, titleOf)...)
}

// ProseBacked reports whether prose, a title or a heading, passes every
// prose rule of the gate (hidden and refused characters, mixed scripts and
// look-alikes, references, notation, numbers) backed by quotes, as the gate
// judges a draft's title against the draft's quotes. Writers that are not
// models (agents/offline) phrase their titles by it.
func ProseBacked(prose string, quotes []string) bool {
	cites := make([]contract.Citation, len(quotes))
	for i, q := range quotes {
		cites[i] = contract.Citation{Quote: q}
	}
	pc := newProseChecker(contract.Ledger{}, NewIndex(contract.Ledger{}))
	if len(pc.check(proseField{name: "title", text: prose, required: true, citations: cites})) > 0 {
		return false
	}
	return len(UnsupportedNumbers(prose, quotes)) == 0
}
