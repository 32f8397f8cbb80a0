package evidence_test

import (
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/evidence"
)

// respell writes s as an index or a publisher may: each letter's case
// flipped or kept, each space one of the separators Classify reads alike
// (space, no-break space, hyphen, underscore, en dash) or a format
// character glued to a capital (CamelCase), and format characters (U+200B,
// U+00AD, U+2060) inserted between letters.
func respell(t *rapid.T, s string, label string) string {
	var b strings.Builder
	seps := []string{" ", "\u00a0", "-", "_", "\u2013", "  ", " - "}
	formats := []string{"\u200b", "\u00ad", "\u2060", "\ufeff"}
	upper := rapid.Bool().Draw(t, label+" upper")
	for i, r := range s {
		switch {
		case r == ' ':
			b.WriteString(rapid.SampledFrom(seps).Draw(t, label+" sep"))
		case unicode.IsLetter(r):
			if i > 0 && rapid.IntRange(0, 5).Draw(t, label+" format?") == 0 {
				b.WriteString(rapid.SampledFrom(formats).Draw(t, label+" format"))
			}
			if upper {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestPropertyNoticeTypesCloseUnderSpelling: any spacing, case or
// format-character variant of a notice type classifies as the type does.
func TestPropertyNoticeTypesCloseUnderSpelling(t *testing.T) {
	types := map[string]evidence.NoticeType{
		"published erratum": evidence.Erratum, "published errata": evidence.Erratum, "corrigendum": evidence.Correction,
		"correction": evidence.Correction, "retraction of publication": evidence.Retraction, "retraction note": evidence.Retraction,
		"withdrawn publication": evidence.Withdrawal, "expression of concern": evidence.ExpressionOfConcern,
	}
	var names []string
	for k := range types {
		names = append(names, k)
	}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(names).Draw(t, "type")
		spelt := respell(t, name, "type")
		c := evidence.OfRecord(oracles.Record{PubTypes: []string{"Journal Article", spelt}, Title: "A study of screening"})
		if !c.IsNotice() || c.Notice != types[name] {
			t.Fatalf("type %q (%q): %+v, want %s", spelt, name, c, types[name])
		}
	})
}

// TestPropertyNoticeTitlesCloseUnderSpelling: any spacing, case or
// format-character variant of a notice's title head classifies the same,
// and so does one of a research title using the same words.
func TestPropertyNoticeTitlesCloseUnderSpelling(t *testing.T) {
	titles := map[string]evidence.NoticeType{
		"correction to: a study": evidence.Correction, "statement of retraction: a study": evidence.Retraction,
		"erratum a study": evidence.Erratum, "retraction note a study": evidence.Retraction,
		"expression of concern a study": evidence.ExpressionOfConcern, "error in results section": evidence.Erratum,
		"berichtigung: eine studie": evidence.Correction, "fe de errores: un estudio": evidence.Erratum,
		"correction of hypokalaemia in intensive care": "", "withdrawal of life sustaining treatment": "",
		"errors in medication administration": "", "retracted gums after treatment": "",
	}
	var names []string
	for k := range titles {
		names = append(names, k)
	}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(names).Draw(t, "title")
		spelt := respell(t, name, "title")
		c := evidence.OfRecord(oracles.Record{PubTypes: []string{"Journal Article"}, Title: spelt})
		if c.Notice != titles[name] || c.IsNotice() != (titles[name] != "") {
			t.Fatalf("title %q (%q): %+v, want %q", spelt, name, c, titles[name])
		}
	})
}

// TestPropertyRetractedTitlesCloseUnderSpelling: a retracted work's title
// head read in any case, bracket or spacing is retracted, never a notice.
func TestPropertyRetractedTitlesCloseUnderSpelling(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		head := rapid.SampledFrom([]string{"retracted: ", "[retracted] ", "(retracted) ", "retracted article: ", "\u201cretracted\u201d: "}).Draw(t, "head")
		spelt := respell(t, head, "head") + "A population-based analysis"
		c := evidence.OfRecord(oracles.Record{PubTypes: []string{"Journal Article"}, Title: spelt})
		if !c.Retracted || c.IsNotice() {
			t.Fatalf("title %q: %+v, want retracted research", spelt, c)
		}
	})
}
