package evidence_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/evidence"
)

func TestClassifyPubTypes(t *testing.T) {
	tests := []struct {
		name  string
		types []string
		kind  evidence.Kind
		want  evidence.NoticeType
	}{
		// Europe PMC / PubMed, every spelling and case.
		{"published erratum", []string{"Published Erratum"}, evidence.Notice, evidence.Erratum},
		{"erratum lower", []string{"erratum"}, evidence.Notice, evidence.Erratum},
		{"erratum hyphenated", []string{"published-erratum"}, evidence.Notice, evidence.Erratum},
		{"erratum underscored upper", []string{"PUBLISHED_ERRATUM"}, evidence.Notice, evidence.Erratum},
		{"correction only", []string{"correction"}, evidence.Notice, evidence.Correction},
		{"correction with journal article", []string{"Journal Article", "Correction"}, evidence.Notice, evidence.Correction},
		{"corrigendum", []string{"Corrigendum"}, evidence.Notice, evidence.Correction},
		{"plural errata", []string{"Errata"}, evidence.Notice, evidence.Erratum},
		{"plural corrigenda", []string{"Corrigenda"}, evidence.Notice, evidence.Correction},
		{"plural concerns", []string{"Expressions of Concern"}, evidence.Notice, evidence.ExpressionOfConcern},
		{"retraction of publication", []string{"Retraction of Publication"}, evidence.Notice, evidence.Retraction},
		{"retraction only", []string{"retraction"}, evidence.Notice, evidence.Retraction},
		{"retraction notice", []string{"Retraction Notice"}, evidence.Notice, evidence.Retraction},
		{"withdrawal", []string{"Withdrawal"}, evidence.Notice, evidence.Withdrawal},
		{"expression of concern", []string{"Expression of Concern"}, evidence.Notice, evidence.ExpressionOfConcern},
		{"expression of concern lower", []string{"expression-of-concern"}, evidence.Notice, evidence.ExpressionOfConcern},
		{"lite joined", []string{"journal article; published erratum"}, evidence.Notice, evidence.Erratum},
		{"en dash spelling", []string{"Expression\u2013of\u2013Concern"}, evidence.Notice, evidence.ExpressionOfConcern},
		// Comments and replies only when nothing else.
		{"comment only", []string{"Comment"}, evidence.Notice, evidence.Comment},
		{"comment and journal article", []string{"Comment", "Journal Article"}, evidence.Notice, evidence.Comment},
		{"comment letter funding", []string{"Letter", "Comment", "Research Support, N.I.H., Extramural"}, evidence.Notice, evidence.Comment},
		{"comment and review", []string{"Comment", "Review"}, evidence.Research, ""},
		{"comment and trial", []string{"Comment", "Randomized Controlled Trial"}, evidence.Research, ""},
		// Research and preprints.
		{"retracted publication is research", []string{"Journal Article", "Retracted Publication"}, evidence.Research, ""},
		{"review", []string{"Review", "Journal Article"}, evidence.Research, ""},
		{"letter alone", []string{"Letter"}, evidence.Research, ""},
		{"news", []string{"News"}, evidence.Research, ""},
		{"none", nil, evidence.Research, ""},
		{"preprint", []string{"Preprint"}, evidence.Preprint, ""},
		{"crossref preprint", []string{"posted-content", "preprint"}, evidence.Preprint, ""},
		{"crossref journal article", []string{"journal-article"}, evidence.Research, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := evidence.OfRecord(oracles.Record{PubTypes: tt.types, Title: "A study of screening"})
			if c.Kind != tt.kind || c.Notice != tt.want {
				t.Errorf("OfRecord(%q) = %+v, want %s %s", tt.types, c, tt.kind, tt.want)
			}
			if c.IsNotice() != (tt.kind == evidence.Notice) {
				t.Errorf("IsNotice = %v", c.IsNotice())
			}
			if c.IsNotice() && c.Signal == "" {
				t.Error("a notice names its signal")
			}
		})
	}
}

func TestClassifyJATSAndCrossref(t *testing.T) {
	tests := []struct {
		name string
		give evidence.Signals
		kind evidence.Kind
		want evidence.NoticeType
	}{
		{"jats correction", evidence.Signals{ArticleType: "correction"}, evidence.Notice, evidence.Correction},
		{"jats retraction", evidence.Signals{ArticleType: "retraction"}, evidence.Notice, evidence.Retraction},
		{"jats partial retraction", evidence.Signals{ArticleType: "partial-retraction"}, evidence.Notice, evidence.Retraction},
		{"jats expression of concern", evidence.Signals{ArticleType: "expression-of-concern"}, evidence.Notice, evidence.ExpressionOfConcern},
		{"jats addendum", evidence.Signals{ArticleType: "addendum"}, evidence.Notice, evidence.Correction},
		{"jats reply", evidence.Signals{ArticleType: "reply"}, evidence.Notice, evidence.Reply},
		{"jats commentary", evidence.Signals{ArticleType: "article-commentary"}, evidence.Notice, evidence.Comment},
		{"jats research", evidence.Signals{ArticleType: "research-article"}, evidence.Research, ""},
		{"crossref update-to retraction", evidence.Signals{PubTypes: []string{"journal-article"}, UpdateTo: []string{"retraction"}}, evidence.Notice, evidence.Retraction},
		{"crossref update-to correction", evidence.Signals{UpdateTo: []string{"Correction"}}, evidence.Notice, evidence.Correction},
		{"crossref update-to withdrawal", evidence.Signals{UpdateTo: []string{"withdrawal"}}, evidence.Notice, evidence.Withdrawal},
		{"crossref update-to concern", evidence.Signals{UpdateTo: []string{"expression_of_concern"}}, evidence.Notice, evidence.ExpressionOfConcern},
		{"crossref update-to new version", evidence.Signals{UpdateTo: []string{"new_version"}}, evidence.Research, ""},
		{"flags", evidence.Signals{RetractionNotice: true}, evidence.Notice, evidence.Retraction},
		{"erratum flag", evidence.Signals{Erratum: true}, evidence.Notice, evidence.Erratum},
		{"europe pmc preprint source", evidence.Signals{Source: "PPR"}, evidence.Preprint, ""},
		{"preprint flag", evidence.Signals{Preprint: true}, evidence.Preprint, ""},
		{"notice beats preprint", evidence.Signals{Preprint: true, PubTypes: []string{"Retraction"}}, evidence.Notice, evidence.Retraction},
	}
	for _, tt := range tests {
		if c := evidence.Classify(tt.give); c.Kind != tt.kind || c.Notice != tt.want {
			t.Errorf("%s: Classify = %+v, want %s %s", tt.name, c, tt.kind, tt.want)
		}
	}
}

func TestClassifyTitles(t *testing.T) {
	tests := []struct {
		title string
		want  evidence.NoticeType // "" is research
	}{
		{"Correction to: Screening outcomes in adults", evidence.Correction},
		{"Correction: Screening outcomes", evidence.Correction},
		{"CORRECTION", evidence.Correction},
		{"Author Correction: Screening outcomes", evidence.Correction},
		{"Publisher Correction: Screening outcomes", evidence.Correction},
		{"Correction for Smith et al., Screening outcomes", evidence.Correction},
		{"Corrigendum to \u201cScreening outcomes\u201d", evidence.Correction},
		{"Addendum: Screening outcomes", evidence.Correction},
		{"Erratum: Screening outcomes", evidence.Erratum},
		{"Erratum to: Screening outcomes", evidence.Erratum},
		{"Errata", evidence.Erratum},
		{"Department of Error", evidence.Erratum},
		{"Retraction: Screening outcomes", evidence.Retraction},
		{"Retraction Note: Screening outcomes", evidence.Retraction},
		{"Retraction notice to \u201cScreening\u201d", evidence.Retraction},
		{"Notice of Retraction", evidence.Retraction},
		{"Retraction", evidence.Retraction},
		{"Withdrawal: Screening outcomes", evidence.Withdrawal},
		{"Notice of withdrawal", evidence.Withdrawal},
		{"Expression of Concern: Screening outcomes", evidence.ExpressionOfConcern},
		{"Editorial Expression of Concern", evidence.ExpressionOfConcern},
		{"[Expression of concern] Screening", evidence.ExpressionOfConcern},
		{"Reply to: Screening outcomes", evidence.Reply},
		{"Author's reply", evidence.Reply},
		{"In reply", evidence.Reply},
		{"Response to the letter by Smith", evidence.Reply},
		{"Comment on \u201cScreening outcomes\u201d", evidence.Comment},
		// Research titles that use the same words.
		{"Correction of hypokalaemia in intensive care", ""},
		{"Correction for multiple testing in genome-wide studies", ""},
		{"Retraction of the gingiva after orthodontic treatment", ""},
		{"Withdrawal of life-sustaining treatment in the ICU", ""},
		{"RETRACTED: Screening benefit in cancer patients", ""},
		{"Response to treatment in breast cancer", ""},
		{"Concerns about screening: a survey", ""},
		{"The role of errata in science communication", ""},
	}
	for _, tt := range tests {
		c := evidence.OfRecord(oracles.Record{Title: tt.title, PubTypes: []string{"Journal Article"}})
		if c.Notice != tt.want || (tt.want == "") != (c.Kind == evidence.Research) {
			t.Errorf("title %q: %+v, want %q", tt.title, c, tt.want)
		}
	}
	// A title that announces a comment does not make a review a notice.
	if c := evidence.OfRecord(oracles.Record{Title: "Comment on screening", PubTypes: []string{"Review"}}); c.IsNotice() {
		t.Errorf("a review titled as a comment: %+v", c)
	}
}

// TestClassifyRecordedRecords: the recorded Europe PMC and Crossref
// answers classify as their types say.
func TestClassifyRecordedRecords(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "adversarial", "sources", "notices.json"))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := europepmc.ParseResponse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := []evidence.Kind{evidence.Notice, evidence.Notice, evidence.Research, evidence.Research, evidence.Research, evidence.Research}
	for i, r := range resp.ResultList.Result {
		if c := evidence.OfRecord(r.Record()); i < len(want) && c.Kind != want[i] {
			t.Errorf("%s: %+v, want %s", r.Title, c, want[i])
		}
	}
	for file, want := range map[string]evidence.Kind{"correction_notice.json": evidence.Notice, "retraction_notice.json": evidence.Notice, "retracted_work.json": evidence.Research, "preprint.json": evidence.Preprint} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "crossref_updates", file))
		if err != nil {
			t.Fatal(err)
		}
		w, err := crossref.ParseWork(data)
		if err != nil {
			var raw json.RawMessage
			t.Fatalf("%s: %v %s", file, err, raw)
		}
		var updates []string
		for _, u := range w.UpdateTo {
			if u.DOI != "" && u.DOI != w.DOI {
				updates = append(updates, u.Type)
			}
		}
		rec := w.Record()
		c := evidence.Classify(evidence.Signals{PubTypes: rec.PubTypes, UpdateTo: updates, Title: rec.Title, Preprint: rec.Preprint})
		if c.Kind != want {
			t.Errorf("%s: %+v, want %s", file, c, want)
		}
	}
}

// TestClassifyRedTeamNotices: notices shaped as the red team found them
// (issue 22's follow-up), each by the rule that now reads it, and the
// research titles beside them that use the same words.
func TestClassifyRedTeamNotices(t *testing.T) {
	tests := []struct {
		name      string
		types     []string
		title     string
		want      evidence.NoticeType
		retracted bool
	}{
		{"statement of retraction", nil, "Statement of Retraction: A population-based analysis", evidence.Retraction, false},
		{"correction to without colon", nil, "Correction to A population-based analysis", evidence.Correction, false},
		{"bracketed erratum", nil, "[Erratum] A population-based analysis", evidence.Erratum, false},
		{"jama error in", nil, "Error in Results Section.", evidence.Erratum, false},
		{"jama incorrect data", nil, "Incorrect Data in Table 2 of a cancer survival analysis.", evidence.Erratum, false},
		{"jama omitted author", nil, "Omitted Author Name in Byline", evidence.Erratum, false},
		{"german", nil, "Berichtigung: Krebsüberleben in der Provinz Fujian", evidence.Correction, false},
		{"spanish", nil, "Fe de errores: supervivencia del cáncer", evidence.Erratum, false},
		{"fullwidth colon", nil, "Correction\uff1a A population-based analysis", evidence.Correction, false},
		{"nbsp", nil, "Correction\u00a0to: A population-based analysis", evidence.Correction, false},
		{"withdrawn prefix", nil, "WITHDRAWN: A population-based analysis", evidence.Withdrawal, false},
		{"type published errata", []string{"Published Errata"}, "A study", evidence.Erratum, false},
		{"type camel case", []string{"PublishedErratum"}, "A study", evidence.Erratum, false},
		{"type zero width", []string{"Published\u200bErratum"}, "A study", evidence.Erratum, false},
		{"type soft hyphen", []string{"Retrac\u00adtion Note"}, "A study", evidence.Retraction, false},
		{"type retraction note", []string{"Retraction Note"}, "A study", evidence.Retraction, false},
		{"type withdrawn publication", []string{"Withdrawn Publication"}, "A study", evidence.Withdrawal, false},
		{"type corrected and republished", []string{"Corrected and Republished Article"}, "A study", "", false},
		{"type retracted article", []string{"Retracted Article"}, "A study", "", true},
		{"retracted prefix", nil, "RETRACTED: A population-based analysis", "", true},
		{"retracted bracket", nil, "[Retracted] A population-based analysis", "", true},
		{"retracted article prefix", nil, "Retracted article: A population-based analysis", "", true},
		{"retracted alone", nil, "Retracted", "", true},
		{"research retracted word", nil, "Retracted gums after orthodontic treatment", "", false},
		{"research errors", nil, "Errors in medication administration in intensive care", "", false},
		{"research error in a part", nil, "Incorrect inhaler technique in asthma", "", false},
		{"research clarification", nil, "Clarification of roles in multidisciplinary teams", "", false},
		{"research expression", nil, "Expression of PD-L1 in tumours", "", false},
		{"research concern first", nil, "Concern about screening", "", false},
		{"research department", nil, "Department of Surgery outcomes", "", false},
		{"research empty", nil, "", "", false},
		{"research signers only", nil, "The Editors", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			types := tt.types
			if types == nil {
				types = []string{"Journal Article"}
			}
			c := evidence.OfRecord(oracles.Record{Title: tt.title, PubTypes: types})
			if c.Notice != tt.want || c.IsNotice() != (tt.want != "") || c.Retracted != tt.retracted {
				t.Errorf("%q %q: %+v, want notice %q retracted %v", tt.types, tt.title, c, tt.want, tt.retracted)
			}
		})
	}
	if c := evidence.OfRecord(oracles.Record{Title: "A study", Retracted: true}); !c.Retracted || c.IsNotice() {
		t.Errorf("a record flagged retracted: %+v", c)
	}
	if c := evidence.OfRecord(oracles.Record{Title: "Retraction: A study", Retracted: true}); c.Retracted || !c.IsNotice() {
		t.Errorf("a notice is not itself retracted: %+v", c)
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		give string
		want string
	}{
		{"PublishedErratum", "published erratum"},
		{"Published\u200bErratum", "published erratum"},
		{"PUBLISHED_ERRATUM", "published erratum"},
		{"Fe de errores:", "fe de errores :"},
		{"Correction\uff1aX", "correction : x"},
		{"Retrac\u00adtion", "retraction"},
		{"cáncer", "cancer"},
		{"ﬁx", "fix"},
	}
	for _, tt := range tests {
		if got := strings.Join(evidence.Words(tt.give), " "); got != tt.want {
			t.Errorf("Words(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestClassifyTitleHeadEdges pins the bounds of the title rules: at most
// four signers, a head word that ends the title, the five words an error
// may stand from "in", "et al" at the end, a dash after "Retracted".
func TestClassifyTitleHeadEdges(t *testing.T) {
	tests := []struct {
		title     string
		want      evidence.NoticeType
		retracted bool
	}{
		{"The editors of the journal erratum", "", false},
		{"The editors of the erratum", evidence.Erratum, false},
		{"Withdrawn", evidence.Withdrawal, false},
		{"Withdrawn:", evidence.Withdrawal, false},
		{"Withdrawn trial of aspirin", "", false},
		{"Fe de", "", false},
		{"Errors of the published type in Table 1", evidence.Erratum, false},
		{"Errors of the published data type in Table 1", "", false},
		{"Error in", "", false},
		{"Error in Table", evidence.Erratum, false},
		{"Correction for Smith et", "", false},
		{"Correction for Smith et al", evidence.Correction, false},
		{"Retracted \u2014", "", false},
		{"Retracted", "", true},
		{"Retracted paper: a study", "", true},
		{"Retracted publication", "", true},
		{"Correction", evidence.Correction, false},
		{"Correction on:", evidence.Correction, false},
		{"Correction on", evidence.Correction, false},
		{"Correction on screening", "", false},
		{"Retraction notices", evidence.Retraction, false},
	}
	for _, tt := range tests {
		c := evidence.OfRecord(oracles.Record{Title: tt.title, PubTypes: []string{"Journal Article"}})
		if c.Notice != tt.want || c.IsNotice() != (tt.want != "") || c.Retracted != tt.retracted {
			t.Errorf("title %q: %+v, want notice %q retracted %v", tt.title, c, tt.want, tt.retracted)
		}
	}
}
