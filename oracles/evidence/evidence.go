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
	"unicode/utf8"

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
	// Retracted is set for a work that a type or its own title says is
	// retracted ("Retracted Publication", "RETRACTED: …", "[Retracted]"):
	// the work itself, not a notice, and not evidence either.
	Retracted bool
	// Signal names what decided it, for a diagnostic ("pub type
	// \"Published Erratum\"", "title").
	Signal string
}

// IsNotice reports whether the record is a notice.
func (c Class) IsNotice() bool { return c.Kind == Notice }

// Classify decides what a record is from every signal, closed under
// spelling: a type or title is read as words (Words: compatibility forms,
// format characters dropped, CamelCase split, case folded, every run of
// anything but letters and digits one break). A type is a notice when one
// of its words is of the notice vocabulary (noticeWord); a title when its
// head announces one (titleNotice). A notice signal wins over everything;
// a comment or reply counts only when no type says the record is more
// than that; then a preprint signal; otherwise the record is research.
// Retracted is decided beside the kind.
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
	c := classify(s, types)
	c.Retracted = c.Kind != Notice && (retractedTypes(types) || titleRetracted(s.Title))
	return c
}

func classify(s Signals, types []string) Class {
	for _, t := range types {
		if n, ok := typeNotice(t); ok {
			return Class{Kind: Notice, Notice: n, Signal: "publication type " + quoteSignal(t)}
		}
	}
	for _, u := range s.UpdateTo {
		if n, ok := typeNotice(normType(u)); ok {
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
	c := Classify(Signals{PubTypes: types, Source: r.Source, Title: r.Title,
		Erratum: r.Erratum, RetractionNotice: r.RetractionNotice, Preprint: r.Preprint})
	c.Retracted = c.Retracted || (r.Retracted && !c.IsNotice())
	return c
}

// Words reads text closed under spelling, as Classify reads types and
// titles: compatibility forms folded (NFKC) and accents dropped, format
// characters (U+200B, U+00AD, U+2060…) removed, a CamelCase join split
// ("PublishedErratum" is "published erratum"), lower case, and every run
// of characters that are neither letters nor digits one break. A colon
// survives as its own word ":", since a title's head ends at it.
func Words(t string) []string {
	var b strings.Builder
	var prev rune
	for _, r := range plain(t) {
		switch {
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			b.WriteByte(' ')
		case r == ':' || r == '\uff1a' || r == '\ufe55':
			b.WriteString(" : ")
			prev = ' '
			continue
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			b.WriteByte(' ')
			prev = ' '
			continue
		}
		b.WriteRune(unicode.ToLower(r))
		prev = r
	}
	return strings.Fields(b.String())
}

// plain is t in compatibility forms (NFKC) without accents (NFKD, marks
// dropped) or format characters.
func plain(t string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, norm.NFKD.String(norm.NFKC.String(t)))
}

// normType is a type as words, one space between them, colons dropped.
func normType(t string) string {
	var out []string
	for _, w := range Words(t) {
		if w != ":" {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

func quoteSignal(s string) string { return `"` + s + `"` }

// noticeWord is the notice a word of the notice vocabulary names, by its
// stem: erratum and its plurals and languages (errat-), corrigendum
// (corrigend-), correction, addendum, clarification and the German
// Berichtigung/Korrektur, retraction, withdrawal and removal, and concern
// (of an expression or notice of concern). "Retracted", "corrected" and
// "withdrawn" name a work's state, not a notice: not in it, but withdrawn
// as a type (PubMed's "Withdrawn Publication" is the notice).
func noticeWord(w string) (NoticeType, bool) {
	switch {
	case strings.HasPrefix(w, "errat"):
		return Erratum, true
	case strings.HasPrefix(w, "corrigend"), strings.HasPrefix(w, "correction"), strings.HasPrefix(w, "addend"),
		strings.HasPrefix(w, "clarification"), strings.HasPrefix(w, "berichtigung"), strings.HasPrefix(w, "korrektur"),
		strings.HasPrefix(w, "rectificac"), strings.HasPrefix(w, "rectificat"):
		return Correction, true
	case strings.HasPrefix(w, "retraction"), strings.HasPrefix(w, "retractac"):
		return Retraction, true
	case strings.HasPrefix(w, "withdrawal"), w == "removal":
		return Withdrawal, true
	case strings.HasPrefix(w, "concern"):
		return ExpressionOfConcern, true
	}
	return "", false
}

// typeNotice reports whether a type (normType form) makes a record a
// notice: one of its words is of the notice vocabulary, or it is
// "withdrawn" (PubMed's "Withdrawn Publication"). The first such word
// decides ("retraction of publication" is a retraction).
func typeNotice(t string) (NoticeType, bool) {
	for _, w := range strings.Fields(t) {
		if n, ok := noticeWord(w); ok {
			return n, true
		}
		if w == "withdrawn" {
			return Withdrawal, true
		}
	}
	return "", false
}

// retractedTypes reports whether a type says the work is retracted
// ("Retracted Publication", "Retracted Article").
func retractedTypes(types []string) bool {
	for _, t := range types {
		for _, w := range strings.Fields(t) {
			if w == "retracted" {
				return true
			}
		}
	}
	return false
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

// titleRule is a title shape that announces a comment or reply.
type titleRule struct {
	re     *regexp.Regexp
	notice NoticeType
}

// signers are who may sign a notice at the head of its title, and the
// words that name a notice as such ("Statement of Retraction", "Notice of
// Concern"): skipped before the head word.
var signers = map[string]bool{
	"author": true, "authors": true, "publisher": true, "publishers": true, "editorial": true, "editor": true,
	"editors": true, "journal": true, "the": true, "s": true, "statement": true, "notice": true, "note": true,
	"expression": true, "of": true, "partial": true, "department": true, "urgent": true, "important": true,
}

// ambiguous reports whether a head word also names a procedure
// ("Correction of hypokalaemia", "Retraction of the gingiva", "Withdrawal
// of treatment", "Clarification of roles"): such a word announces a notice
// only when the head ends after it, at a colon, before "to", "note",
// "notice" or "statement", before "for/of/on/in" followed by a colon or the
// end, or in "correction for … et al".
func ambiguous(w string) bool {
	for _, p := range []string{"correction", "retraction", "withdrawal", "clarification", "rectificac", "korrektur"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// headEnders are the words after an ambiguous head word that make it a
// notice.
var headEnders = map[string]bool{":": true, "to": true, "note": true, "notice": true, "statement": true, "notices": true}

// errorWords and articleParts make the JAMA-style notice: a title naming an
// error in a part of the article ("Error in Results Section", "Incorrect
// Data in Table 2", "Omitted Author Name in Byline").
var (
	errorWords   = map[string]bool{"error": true, "errors": true, "incorrect": true, "omitted": true, "omission": true, "missing": true, "wrong": true, "errores": true}
	articleParts = map[string]bool{"table": true, "tables": true, "figure": true, "figures": true, "fig": true, "results": true,
		"methods": true, "abstract": true, "text": true, "section": true, "byline": true, "author": true, "authors": true,
		"affiliation": true, "affiliations": true, "title": true, "discussion": true, "introduction": true, "conclusions": true,
		"supplement": true, "appendix": true, "references": true, "funding": true, "disclosures": true, "legend": true,
		"key": true, "data": true, "name": true, "names": true, "article": true, "box": true, "acknowledgment": true,
		"acknowledgments": true, "conflict": true, "units": true, "dose": true, "dosage": true, "labels": true, "label": true, "axis": true}
)

// noticeTitle reports whether a title announces a notice by its head (its
// first words, leading brackets and quotes ignored, signers skipped):
//
//   - a head word of the notice vocabulary that names only notices
//     (erratum, corrigendum, addendum, clarification, Berichtigung,
//     expression or notice of concern), or "fe de errores";
//   - an ambiguous one (correction, retraction, withdrawal) where the head
//     ends after it (see ambiguous);
//   - "Department of Error";
//   - an error word and, within five words, "in" before a part of the
//     article ("Error in Results Section", "Incorrect Data in Table 2").
//
// A retracted work's own title ("RETRACTED: …") is not a notice: see
// titleRetracted.
func noticeTitle(title string) (NoticeType, bool) {
	ws := Words(title)
	i := 0
	for i < len(ws) && i < 4 && signers[ws[i]] {
		i++
	}
	if i >= len(ws) {
		return "", false
	}
	head := ws[i]
	next := func(k int) string {
		if i+k < len(ws) {
			return ws[i+k]
		}
		return ""
	}
	if head == "error" && i > 0 && ws[i-1] == "of" && ws[0] == "department" {
		return Erratum, true
	}
	if head == "fe" && next(1) == "de" && strings.HasPrefix(next(2), "error") {
		return Erratum, true
	}
	if n, ok := noticeWord(head); ok {
		if n == ExpressionOfConcern {
			return n, i > 0 // "expression of concern", "notice of concern"
		}
		if !ambiguous(head) || ambiguousEnds(ws[i+1:]) {
			return n, true
		}
		return "", false
	}
	if head == "withdrawn" && (next(1) == "" || next(1) == ":") {
		return Withdrawal, true
	}
	if errorWords[head] {
		for k := 1; k <= 5 && i+k+1 < len(ws); k++ {
			if ws[i+k] == "in" && articleParts[ws[i+k+1]] {
				return Erratum, true
			}
		}
	}
	return "", false
}

// ambiguousEnds reports whether the words after an ambiguous head word
// end its head (see ambiguous).
func ambiguousEnds(rest []string) bool {
	switch {
	case len(rest) == 0 || headEnders[rest[0]]:
		return true
	case rest[0] == "for" || rest[0] == "of" || rest[0] == "on" || rest[0] == "in":
		if len(rest) == 1 || rest[1] == ":" {
			return true
		}
		if rest[0] == "for" {
			for k := 1; k+1 < len(rest); k++ {
				if rest[k] == "et" && rest[k+1] == "al" {
					return true
				}
			}
		}
	}
	return false
}

// titleRetracted reports whether a work's own title says it is retracted:
// its head (leading brackets and quotes ignored) is "retracted" at the
// end, before punctuation other than a dash (a colon, a closing bracket
// or quote), or before "article", "paper"
// or "publication" ("RETRACTED: …", "[Retracted] …", "Retracted article:
// …").
func titleRetracted(title string) bool {
	t := strings.TrimLeftFunc(plain(title), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	const word = "retracted"
	if len(t) < len(word) || !strings.EqualFold(t[:len(word)], word) {
		return false
	}
	rest := strings.TrimLeftFunc(t[len(word):], unicode.IsSpace)
	if first, _ := utf8.DecodeRuneInString(rest); rest == "" || (unicode.IsPunct(first) && !unicode.Is(unicode.Pd, first)) {
		return true
	}
	ws := Words(rest)
	return len(ws) > 0 && (ws[0] == "article" || ws[0] == "paper" || ws[0] == "publication")
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

// commentTitle reports whether a title announces a comment or a reply:
// "Reply to …", "In reply", "Response to the letter …", "Comment on …".
func commentTitle(title string) (NoticeType, bool) { return matchTitle(commentTitles, title) }

// commentFirstWords are the first words every comment rule starts with.
var commentFirstWords = map[string]bool{"the": true, "author": true, "authors": true, "reply": true, "response": true, "in": true, "comment": true}

func matchTitle(rules []titleRule, title string) (NoticeType, bool) {
	t := normTitle(title)
	first, _, _ := strings.Cut(t, " ")
	if !commentFirstWords[strings.TrimRight(first, ":")] {
		return "", false // every rule starts with one of these words
	}
	for _, r := range rules {
		if r.re.MatchString(t) {
			return r.notice, true
		}
	}
	return "", false
}
