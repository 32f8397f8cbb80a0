package jats

import (
	"slices"
	"strings"
	"unicode"
)

// kindOfSecType maps JATS sec-type values (JATS 1.3, "sec-type" suggested
// values; "materials|methods" lists two) to a kind.
var kindOfSecType = map[string]Kind{
	"intro":        KindBackground,
	"background":   KindBackground,
	"methods":      KindMethods,
	"materials":    KindMethods,
	"subjects":     KindMethods,
	"cases":        KindMethods,
	"results":      KindResults,
	"discussion":   KindDiscussion,
	"conclusions":  KindConclusions,
	"conclusion":   KindConclusions,
	"supplementar": KindOther,
}

// kindStems maps the stem of a heading word to a kind. A heading's kind is
// the kind of its first word that has one: "Results and discussion" is
// results, "Background and aims" background.
var kindStems = []struct {
	stem string
	kind Kind
}{
	{"introduc", KindBackground}, {"background", KindBackground}, {"rationale", KindBackground},
	{"aim", KindBackground}, {"objective", KindBackground}, {"purpose", KindBackground},
	{"context", KindBackground}, {"overview", KindBackground},
	{"method", KindMethods}, {"material", KindMethods}, {"patient", KindMethods},
	{"participant", KindMethods}, {"design", KindMethods}, {"setting", KindMethods},
	{"procedure", KindMethods}, {"statistic", KindMethods}, {"experiment", KindMethods},
	{"search", KindMethods}, {"protocol", KindMethods}, {"sample", KindMethods},
	{"result", KindResults}, {"finding", KindResults}, {"outcome", KindResults},
	{"discuss", KindDiscussion}, {"limitation", KindDiscussion}, {"strength", KindDiscussion},
	{"implication", KindDiscussion}, {"interpretation", KindDiscussion},
	{"conclu", KindConclusions}, {"summary", KindConclusions}, {"recommendation", KindConclusions},
}

// secTypeKind is the kind a sec-type attribute names, "" for none.
func secTypeKind(secType string) Kind {
	for _, t := range strings.Split(strings.ToLower(secType), "|") {
		if k, ok := kindOfSecType[strings.TrimSpace(t)]; ok {
			return k
		}
	}
	return ""
}

// titleKind is the kind the first two words of a heading name ("Results
// and discussion", "Statistical analysis", "Study design"), "" for none.
func titleKind(title string) Kind {
	words := headingWords(title)
	for _, w := range words[:min(2, len(words))] {
		for _, s := range kindStems {
			if strings.HasPrefix(w, s.stem) {
				return s.kind
			}
		}
	}
	return ""
}

// headingWords are the lower-case letter runs of a heading, numbering
// ("2.3", "II.") left out.
func headingWords(title string) []string {
	return strings.FieldsFunc(strings.ToLower(title), func(r rune) bool { return !unicode.IsLetter(r) })
}

// backMatterSecTypes are the sec-type values of back matter that the
// body-only form puts inside <body>.
var backMatterSecTypes = []string{
	"ref-list", "ack", "fn-group", "coi-statement", "funding", "financial-disclosure",
	"associated-data", "data-availability", "data-availability-statement", "glossary",
	"supplementary-material", "kwd-group", "author-contributions", "ethics-statement",
	"display-objects", "abbreviations", "notes", "conflict", "disclosure",
}

// A heading names back matter when it is made of back-matter words only,
// one of them a word that names back matter by itself: "References",
// "Literature cited", "Role of the funder", "Data availability statement",
// "CRediT authorship contribution statement", "Electronic supplementary
// material", "Publisher's note". One word of another kind makes it a
// section of the paper: "Supplementary analyses", "Ethics of outreach",
// "Funding gaps and screening uptake", "Materials and methods".
//
// backMatterStems are the stems of words that name back matter by
// themselves; backMatterCompanions the words that only join them.
var backMatterStems = []string{
	"reference", "bibliograph", "cited", "acknowledg", "funding", "funder", "financial", "sponsor",
	"grant", "support", "declaration", "footnote", "note", "disclosure", "competing", "conflict",
	"ethic", "consent", "availab", "abbreviation", "glossary", "supplement", "supporting",
	"contribut", "authorship", "credit", "orcid", "copyright", "permission", "publisher", "associated",
}

var backMatterCompanions = []string{
	"literature", "works", "work", "data", "material", "materials", "author", "authors", "interest",
	"interests", "statement", "statements", "information", "electronic", "additional", "file", "files",
	"approval", "approvals", "participate", "participation", "publication", "role", "roles", "source",
	"sources", "study", "article", "online", "ids", "id", "appendix", "appendices", "other", "open", "access",
	"of", "the", "and", "for", "to", "in", "on", "a", "an", "s", "this", "all", "any", "by", "with",
}

// backMatterHeading reports whether words, a heading's, name back matter.
func backMatterHeading(words []string) bool {
	core := false
	for _, w := range words {
		switch {
		case hasStem(w, backMatterStems):
			core = true
		case !slices.Contains(backMatterCompanions, w):
			return false
		}
	}
	return core
}

func hasStem(w string, stems []string) bool {
	for _, s := range stems {
		if strings.HasPrefix(w, s) {
			return true
		}
	}
	return false
}

// isBackMatter reports whether a section with this sec-type and heading is
// back matter, which is never quoted.
func isBackMatter(secType, title string) bool {
	st := strings.ToLower(secType)
	for _, t := range backMatterSecTypes {
		if strings.Contains(st, t) {
			return true
		}
	}
	return backMatterHeading(headingWords(title))
}
