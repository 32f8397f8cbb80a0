package gates

import (
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// Source is one text quotes are checked against, folded once.
type Source struct {
	// Text is the original text, as the writer saw it; spans index it.
	Text   string
	folded Folded
	// titleEnd is the folded byte offset where the title ends.
	titleEnd int
}

// NewSource folds the text of a title and abstract once, for many quotes.
// The text is contract.SourceText(title, abstract), what the writer is shown.
func NewSource(title, abstract string) *Source {
	text := contract.SourceText(title, abstract)
	s := &Source{Text: text, folded: Fold(text)}
	s.titleEnd = len(Fold(contract.SourceText(title, "")).Text)
	return s
}

// Match finds quote in the source under rules and returns the span of
// Source.Text it matched.
func (s *Source) Match(rules Rules, quote string) (Span, Problem) {
	return rules.matchFolded(s.folded, foldText(quote), s.titleEnd)
}

// Extends reports whether s reads as o, or as o followed by more text, after
// folding: a ledger abstract cut at a sentence end (and noted in the ledger)
// is not a different text.
func (s *Source) Extends(o *Source) bool { return strings.HasPrefix(s.folded.Text, o.folded.Text) }

// Index is a ledger's sources, each folded once: build it once per ledger
// and match any number of citations against it.
type Index struct {
	digest string
	byDOI  map[string]*Source
}

// NewIndex folds every entry of ledger.
func NewIndex(ledger contract.Ledger) *Index { return newIndex(ledger, ledger.Digest()) }

func newIndex(ledger contract.Ledger, digest string) *Index {
	idx := &Index{digest: digest, byDOI: make(map[string]*Source, len(ledger.Entries))}
	for _, e := range ledger.Entries {
		idx.byDOI[e.DOI] = NewSource(e.Title, e.Abstract)
	}
	return idx
}

// Source returns the folded source of a ledger DOI (normalised form).
func (idx *Index) Source(doi string) (*Source, bool) {
	s, ok := idx.byDOI[doi]
	return s, ok
}
