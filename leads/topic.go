package leads

import (
	"sort"
	"strings"
	"unicode"

	"github.com/citeloop/citeloop/internal/phrase"
)

// topicStopwords are bare topic words that carry no meaning in a search and
// would otherwise be quoted as terms ("cancer and screening").
var topicStopwords = map[string]bool{
	"a": true, "an": true, "and": true, "or": true, "not": true, "the": true,
	"of": true, "in": true, "on": true, "for": true, "to": true, "with": true,
}

// TopicTerms splits a topic into its quoted phrases and bare words, cleaned
// with phrase.Clean, in order, without duplicates (case-insensitively) or empties.
func TopicTerms(topic string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range splitTopic(topic) {
		p := phrase.Clean(t.text)
		key := strings.ToLower(p)
		if !phrase.HasWord(p) || seen[key] || (!t.quoted && topicStopwords[key]) {
			continue
		}
		seen[key] = true
		out = append(out, p)
	}
	return out
}

type topicPart struct {
	text   string
	quoted bool
}

// splitTopic cuts a topic at double quotes: odd segments are phrases, even
// ones are split into words. An unbalanced quote opens a phrase to the end.
func splitTopic(topic string) []topicPart {
	var out []topicPart
	for i, seg := range strings.Split(topic, `"`) {
		if i%2 == 1 {
			out = append(out, topicPart{text: seg, quoted: true})
			continue
		}
		for _, w := range strings.FieldsFunc(seg, func(r rune) bool {
			return unicode.IsSpace(r) || r == ',' || r == ';'
		}) {
			out = append(out, topicPart{text: w})
		}
	}
	return out
}

// stopwordList lists topicStopwords, sorted, for error messages.
func stopwordList() string {
	words := make([]string, 0, len(topicStopwords))
	for w := range topicStopwords {
		words = append(words, w)
	}
	sort.Strings(words)
	return strings.Join(words, "/")
}

// IsStopword reports whether a bare topic word (lower-case) is one
// TopicTerms drops: it carries no meaning in a search, nor in a ranking.
func IsStopword(word string) bool { return topicStopwords[word] }
