package gates

import (
	"strings"
	"sync"

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

// newTextSource folds one section's text, which has no title.
func newTextSource(text string) *Source { return &Source{Text: text, folded: Fold(text)} }

// section is one kept section of an entry's full text, folded once in
// both its views: the marker-free text and the raw text with citation
// markers.
type section struct {
	path, kind, hash string
	text, raw        *Source
}

// fullTextSections folds the kept sections of an entry's checked full
// text; none when the full text was not checked or its texts were not
// loaded (a ledger read back from JSON keeps only paths and hashes).
func fullTextSections(e contract.Entry) []section {
	if !e.FullText.Checked() {
		return nil
	}
	var out []section
	for _, s := range e.FullText.Sections {
		if s.Text == "" {
			continue
		}
		sec := section{path: s.Path, kind: s.Kind, hash: s.Hash, text: newTextSource(s.Text)}
		if s.Raw != "" && s.Raw != s.Text {
			sec.raw = newTextSource(s.Raw)
		}
		out = append(out, sec)
	}
	return out
}

// Extends reports whether s reads as o, or as o followed by more text, after
// folding: a ledger abstract cut at a sentence end (and noted in the ledger)
// is not a different text.
func (s *Source) Extends(o *Source) bool { return strings.HasPrefix(s.folded.Text, o.folded.Text) }

// Index is a ledger's sources, each folded once: build it once per ledger
// and match any number of citations against it. It also keeps, for the
// gate's passes over the same ledger, what it derived from each source
// once: the words of its text and the oracle's text of it.
type Index struct {
	digest string
	byDOI  map[string]*Source
	// sections are the kept full-text sections of each DOI.
	sections map[string][]section

	mu     sync.Mutex
	words  map[string]map[string]bool // folded words of an entry's text
	oracle map[string]oracleSource    // the oracle's text of a DOI
}

// oracleSource is the folded text an oracle returned for a DOI, with the
// title and abstract it was made from.
type oracleSource struct {
	title, abstract string
	src             *Source
}

// oracleText returns the folded source of what the oracle returned for
// doi, folding it only when it differs from the last time.
func (idx *Index) oracleText(doi, title, abstract string) *Source {
	idx.mu.Lock()
	defer idx.mu.Unlock()
	if o, ok := idx.oracle[doi]; ok && o.title == title && o.abstract == abstract {
		return o.src
	}
	if idx.oracle == nil {
		idx.oracle = map[string]oracleSource{}
	}
	src := NewSource(title, abstract)
	idx.oracle[doi] = oracleSource{title: title, abstract: abstract, src: src}
	return src
}

// sourceWords returns the folded words of the text of the entry with doi
// (normalised), for the author–year rule.
func (idx *Index) sourceWords(doi string) map[string]bool {
	idx.mu.Lock()
	defer idx.mu.Unlock()
	if w, ok := idx.words[doi]; ok {
		return w
	}
	if idx.words == nil {
		idx.words = map[string]map[string]bool{}
	}
	w := map[string]bool{}
	if src, ok := idx.byDOI[doi]; ok {
		for _, t := range refTokens(src.Text) {
			w[foldWord(t.text)] = true
		}
	}
	idx.words[doi] = w
	return w
}

// NewIndex folds every entry of ledger.
func NewIndex(ledger contract.Ledger) *Index { return newIndex(ledger, ledger.Digest()) }

func newIndex(ledger contract.Ledger, digest string) *Index {
	idx := &Index{digest: digest, byDOI: make(map[string]*Source, len(ledger.Entries)), sections: map[string][]section{}}
	for _, e := range ledger.Entries {
		idx.byDOI[e.DOI] = NewSource(e.Title, e.Abstract)
		if secs := fullTextSections(e); len(secs) > 0 {
			idx.sections[e.DOI] = secs
		}
	}
	return idx
}

// Source returns the folded source of a ledger DOI (normalised form).
func (idx *Index) Source(doi string) (*Source, bool) {
	s, ok := idx.byDOI[doi]
	return s, ok
}
