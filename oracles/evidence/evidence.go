// Package evidence decides what a record is as evidence: research, a
// preprint, or a notice about other work (an erratum, a correction, a
// retraction or withdrawal, an expression of concern, a comment or reply
// only), from every signal the oracles give, closed under spelling.
// Collection, the gate, check and verify decide by the same function.
package evidence

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/citeloop/citeloop/oracles"
)

// Kind is what a record is as evidence: research, a preprint, or a notice
// about other work. A notice is never evidence: a correction restates
// someone's error, a retraction notice withdraws a finding, and neither is
// the finding.
type Kind string

// The kinds of record.
const (
	Research Kind = "research"
	Preprint Kind = "preprint"
	Notice   Kind = "notice"
)

// NoticeType says which notice a record is.
type NoticeType string

// The notice types. Comments and replies are notices only when the record
// is nothing else (a research article that also comments is research).
const (
	Erratum             NoticeType = "erratum"
	Correction          NoticeType = "correction"
	Retraction          NoticeType = "retraction"
	Withdrawal          NoticeType = "withdrawal"
	ExpressionOfConcern NoticeType = "expression_of_concern"
	Comment             NoticeType = "comment"
	Reply               NoticeType = "reply"
)

// Signals is everything the oracles say about what a record is. Any field
// may be empty.
type Signals struct {
	// PubTypes are publication types: Europe PMC's pubTypeList (or the lite
	// "; "-joined pubType), Crossref's type and subtype, in any spelling
	// and case ("Published Erratum", "published-erratum", "journal-article").
	PubTypes []string
	// ArticleType is a JATS article-type ("correction", "retraction",
	// "expression-of-concern", "research-article").
	ArticleType string
	// UpdateTo are the types of Crossref's update-to entries that name
	// another work: the record is that update ("retraction", "correction").
	UpdateTo []string
	// Source is the API's source code ("PPR" is Europe PMC's preprints).
	Source string
	// Title is the record's title; one that announces a notice
	// ("Correction to: …", "Retraction Note: …") makes it one.
	Title string
	// Notice flags an oracle already set from its own data.
	Erratum, RetractionNotice, Preprint bool
}

// Class is what Classify decided, and from which signal.
type Class struct {
	Kind   Kind
	Notice NoticeType // set for a notice
	// Signal names what decided it, for a diagnostic ("pub type
	// \"Published Erratum\"", "title").
	Signal string
}

// IsNotice reports whether the record is a notice.
func (c Class) IsNotice() bool { return c.Kind == Notice }

// Classify decides what a record is from every signal, closed under
// spelling: a type is read case-folded with hyphens, underscores and
// spaces alike. A notice signal wins over everything; a comment or reply
// counts only when no type says the record is more than that; then a
// preprint signal; otherwise the record is research.
func Classify(s Signals) Class {
	var types []string
	for _, t := range s.PubTypes {
		for _, part := range strings.Split(t, ";") {
			if n := normType(part); n != "" {
				types = append(types, n)
			}
		}
	}
	if a := normType(s.ArticleType); a != "" {
		types = append(types, a)
	}
	for _, t := range types {
		if n, ok := noticeTypes[t]; ok {
			return Class{Kind: Notice, Notice: n, Signal: "publication type " + quoteSignal(t)}
		}
	}
	for _, u := range s.UpdateTo {
		if n, ok := noticeTypes[normType(u)]; ok {
			return Class{Kind: Notice, Notice: n, Signal: "Crossref update-to " + quoteSignal(normType(u))}
		}
	}
	if n, ok := noticeTitle(s.Title); ok {
		return Class{Kind: Notice, Notice: n, Signal: "title"}
	}
	if s.RetractionNotice {
		return Class{Kind: Notice, Notice: Retraction, Signal: "retraction-notice flag"}
	}
	if s.Erratum {
		return Class{Kind: Notice, Notice: Erratum, Signal: "erratum flag"}
	}
	if n, ok := commentOnly(types); ok {
		return Class{Kind: Notice, Notice: n, Signal: "publication types (comment only)"}
	}
	if n, ok := commentTitle(s.Title); ok && !hasResearchType(types) {
		return Class{Kind: Notice, Notice: n, Signal: "title"}
	}
	if s.Preprint || strings.EqualFold(s.Source, "PPR") {
		return Class{Kind: Preprint, Signal: "preprint flag"}
	}
	for _, t := range types {
		if t == "preprint" || t == "posted content preprint" {
			return Class{Kind: Preprint, Signal: "publication type " + quoteSignal(t)}
		}
	}
	return Class{Kind: Research}
}

// OfRecord classifies what an oracle's record holds.
func OfRecord(r oracles.Record) Class {
	types := r.PubTypes
	if len(types) == 2 && types[0] == "posted-content" {
		types = []string{"posted content " + types[1]} // Crossref type and subtype
	}
	return Classify(Signals{PubTypes: types, Source: r.Source, Title: r.Title,
		Erratum: r.Erratum, RetractionNotice: r.RetractionNotice, Preprint: r.Preprint})
}

// normType reads a type closed under spelling: NFKC, lower case, every run
// of hyphens, underscores, spaces and dashes one space.
func normType(t string) string {
	t = strings.ToLower(norm.NFKC.String(t))
	f := strings.FieldsFunc(t, func(r rune) bool {
		return unicode.IsSpace(r) || r == '-' || r == '_' || unicode.Is(unicode.Pd, r)
	})
	return strings.Join(f, " ")
}

func quoteSignal(s string) string { return `"` + s + `"` }

// noticeTypes are the types (normType form) that make a record a notice,
// from Europe PMC and PubMed, JATS and Crossref's update types.
var noticeTypes = map[string]NoticeType{
	"published erratum": Erratum, "erratum": Erratum, "errata": Erratum, "corrigendum": Correction,
	"corrigenda": Correction, "correction": Correction, "corrections": Correction,
	"correction forward": Correction, "addendum": Correction, "clarification": Correction,
	"retraction of publication": Retraction, "retraction": Retraction, "partial retraction": Retraction,
	"retraction notice": Retraction, "retraction forward": Retraction, "removal": Withdrawal,
	"withdrawal": Withdrawal, "withdrawal notice": Withdrawal, "withdrawn": Withdrawal,
	"expression of concern": ExpressionOfConcern, "expressions of concern": ExpressionOfConcern,
	"editorial expression of concern": ExpressionOfConcern, "retractions": Retraction,
}

// commentTypes are the types of a comment or a reply.
var commentTypes = map[string]NoticeType{
	"comment": Comment, "article commentary": Comment, "discussion": Comment,
	"reply": Reply, "author reply": Reply, "response": Reply,
}

// genericTypes say nothing about what a record is beyond being published:
// beside them, a comment is still only a comment.
var genericTypes = map[string]bool{
	"journal article": true, "article": true, "letter": true, "english abstract": true,
	"journal-article": true, "introductory journal article": true,
}

// commentOnly reports whether the types say comment or reply and nothing
// more specific than generic types and funding notes.
func commentOnly(types []string) (NoticeType, bool) {
	var n NoticeType
	for _, t := range types {
		if c, ok := commentTypes[t]; ok {
			n = c
			continue
		}
		if !genericTypes[t] && !strings.HasPrefix(t, "research support") {
			return "", false
		}
	}
	return n, n != ""
}

func hasResearchType(types []string) bool {
	for _, t := range types {
		if _, ok := commentTypes[t]; !ok && !genericTypes[t] && !strings.HasPrefix(t, "research support") {
			return true
		}
	}
	return false
}

// titleRule is a title shape that announces a notice.
type titleRule struct {
	re     *regexp.Regexp
	notice NoticeType
}

// byWhom is who may sign a notice at the start of its title.
const byWhom = `^(?:(?:author|authors|publisher|publishers|editorial|editor|editors|journal)\s+)?`

// noticeTitles are the title shapes of notices, read as normTitle writes
// them. An ambiguous word ("correction", "retraction", "withdrawal" also
// name procedures) counts only before a colon, at the end, before
// "note"/"notice"/"statement", or in "correction for … et al.".
var noticeTitles = []titleRule{
	{regexp.MustCompile(byWhom + `(?:erratum|errata)\b`), Erratum},
	{regexp.MustCompile(byWhom + `department of error\b`), Erratum},
	{regexp.MustCompile(byWhom + `corrigendum\b`), Correction},
	{regexp.MustCompile(byWhom + `(?:correction|addendum)(?: (?:note|notice|statement))?(?: (?:to|for|of|on|in))?\s*(?::|$)`), Correction},
	{regexp.MustCompile(byWhom + `correction (?:note|notice|statement)\b`), Correction},
	{regexp.MustCompile(byWhom + `correction for .*\bet al\b`), Correction},
	{regexp.MustCompile(byWhom + `(?:partial )?retraction(?: (?:note|notice|statement))?(?: (?:to|for|of|on|in))?\s*(?::|$)`), Retraction},
	{regexp.MustCompile(byWhom + `retraction (?:note|notice|statement)\b`), Retraction},
	{regexp.MustCompile(byWhom + `notice of (?:partial )?retraction\b`), Retraction},
	{regexp.MustCompile(byWhom + `(?:withdrawal|withdrawn)(?: (?:note|notice|statement))?(?: (?:to|for|of|on|in))?\s*(?::|$)`), Withdrawal},
	{regexp.MustCompile(byWhom + `(?:withdrawal (?:note|notice|statement)|notice of withdrawal)\b`), Withdrawal},
	{regexp.MustCompile(byWhom + `(?:expression of concern|notice of concern)\b`), ExpressionOfConcern},
}

// titleFirstWords are the first words every title rule starts with.
var titleFirstWords = map[string]bool{
	"author": true, "authors": true, "publisher": true, "publishers": true, "editorial": true, "editor": true,
	"editors": true, "journal": true, "erratum": true, "errata": true, "department": true, "corrigendum": true,
	"correction": true, "addendum": true, "partial": true, "retraction": true, "notice": true, "withdrawal": true,
	"withdrawn": true, "expression": true, "the": true, "reply": true, "response": true, "in": true, "comment": true,
}

// commentTitles are the title shapes of comments and replies.
var commentTitles = []titleRule{
	{regexp.MustCompile(`^(?:(?:the )?authors? )?(?:reply|response)(?: to)?\s*(?::|$)`), Reply},
	{regexp.MustCompile(`^(?:(?:the )?authors? )?reply to\b`), Reply},
	{regexp.MustCompile(`^in reply\b`), Reply},
	{regexp.MustCompile(`^response to (?:the )?(?:comment|comments|letter|correspondence|commentary)\b`), Reply},
	{regexp.MustCompile(`^comment on\b`), Comment},
}

// normTitle reads a title for the notice patterns: NFKC, lower case,
// dashes as spaces, apostrophes dropped ("author's" is "authors"), spaces
// collapsed, a leading bracket or quote dropped.
func normTitle(t string) string {
	t = strings.ToLower(norm.NFKC.String(t))
	t = strings.Map(func(r rune) rune {
		switch {
		case unicode.Is(unicode.Pd, r):
			return ' '
		case r == '\'' || r == '’':
			return -1
		}
		return r
	}, t)
	t = strings.Join(strings.Fields(t), " ")
	return strings.TrimLeft(t, "[(\"“‘ ")
}

// noticeTitle reports whether a title announces a notice: "Correction
// to: …", "Erratum: …", "Retraction: …", "Retraction Note: …", "Notice of
// Retraction", "Expression of Concern: …", "Department of Error", signed
// by an author, publisher or editor or not. A retracted article's own
// title ("RETRACTED: …") announces its retraction, not a notice.
func noticeTitle(title string) (NoticeType, bool) { return matchTitle(noticeTitles, title) }

// commentTitle reports whether a title announces a comment or a reply:
// "Reply to …", "In reply", "Response to the letter …", "Comment on …".
func commentTitle(title string) (NoticeType, bool) { return matchTitle(commentTitles, title) }

func matchTitle(rules []titleRule, title string) (NoticeType, bool) {
	t := normTitle(title)
	first, _, _ := strings.Cut(t, " ")
	if !titleFirstWords[strings.TrimRight(first, ":")] {
		return "", false // every rule starts with one of these words
	}
	for _, r := range rules {
		if r.re.MatchString(t) {
			return r.notice, true
		}
	}
	return "", false
}
