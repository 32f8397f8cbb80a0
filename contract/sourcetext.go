package contract

import (
	"regexp"
	"strings"
)

// markup matches the tags the prompts use to delimit data, so text inside a
// source cannot close its block and pose as instructions.
var markup = regexp.MustCompile(`(?i)<(/?)(sources?|draft|failed_claims|lead)\b`)

// Neutralise defangs prompt delimiter tags inside untrusted text ("<draft>"
// becomes "‹draft>"). Ordinary text, including "p < 0.05", passes unchanged.
// It is idempotent.
func Neutralise(s string) string {
	return markup.ReplaceAllString(s, "‹$1$2")
}

// SourceText is the one text of a source: what the writer is shown, what the
// gate checks quotes against and what a brief's quote spans index. Deriving
// all three from one function keeps them the same string, so a writer that
// quotes what it saw is never refused. Title and abstract are read through
// CleanText, the reader's view, whatever cleaning the path that brought them
// did before: CleanText is idempotent, so the sources file, the oracle and
// the corpus give the same text for the same record.
func SourceText(title, abstract string) string {
	return Neutralise(strings.TrimSpace(CleanText(title) + "\n\n" + CleanText(abstract)))
}
