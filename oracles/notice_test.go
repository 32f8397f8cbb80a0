package oracles_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

func TestClassifyPubTypes(t *testing.T) {
	tests := []struct {
		name  string
		types []string
		kind  oracles.Kind
		want  oracles.NoticeType
	}{
		// Europe PMC / PubMed, every spelling and case.
		{"published erratum", []string{"Published Erratum"}, oracles.Notice, oracles.Erratum},
		{"erratum lower", []string{"erratum"}, oracles.Notice, oracles.Erratum},
		{"erratum hyphenated", []string{"published-erratum"}, oracles.Notice, oracles.Erratum},
		{"erratum underscored upper", []string{"PUBLISHED_ERRATUM"}, oracles.Notice, oracles.Erratum},
		{"correction only", []string{"correction"}, oracles.Notice, oracles.Correction},
		{"correction with journal article", []string{"Journal Article", "Correction"}, oracles.Notice, oracles.Correction},
		{"corrigendum", []string{"Corrigendum"}, oracles.Notice, oracles.Correction},
		{"plural errata", []string{"Errata"}, oracles.Notice, oracles.Erratum},
		{"plural corrigenda", []string{"Corrigenda"}, oracles.Notice, oracles.Correction},
		{"plural concerns", []string{"Expressions of Concern"}, oracles.Notice, oracles.ExpressionOfConcern},
		{"retraction of publication", []string{"Retraction of Publication"}, oracles.Notice, oracles.Retraction},
		{"retraction only", []string{"retraction"}, oracles.Notice, oracles.Retraction},
		{"retraction notice", []string{"Retraction Notice"}, oracles.Notice, oracles.Retraction},
		{"withdrawal", []string{"Withdrawal"}, oracles.Notice, oracles.Withdrawal},
		{"expression of concern", []string{"Expression of Concern"}, oracles.Notice, oracles.ExpressionOfConcern},
		{"expression of concern lower", []string{"expression-of-concern"}, oracles.Notice, oracles.ExpressionOfConcern},
		{"lite joined", []string{"journal article; published erratum"}, oracles.Notice, oracles.Erratum},
		{"en dash spelling", []string{"Expression\u2013of\u2013Concern"}, oracles.Notice, oracles.ExpressionOfConcern},
		// Comments and replies only when nothing else.
		{"comment only", []string{"Comment"}, oracles.Notice, oracles.Comment},
		{"comment and journal article", []string{"Comment", "Journal Article"}, oracles.Notice, oracles.Comment},
		{"comment letter funding", []string{"Letter", "Comment", "Research Support, N.I.H., Extramural"}, oracles.Notice, oracles.Comment},
		{"comment and review", []string{"Comment", "Review"}, oracles.Research, ""},
		{"comment and trial", []string{"Comment", "Randomized Controlled Trial"}, oracles.Research, ""},
		// Research and preprints.
		{"retracted publication is research", []string{"Journal Article", "Retracted Publication"}, oracles.Research, ""},
		{"review", []string{"Review", "Journal Article"}, oracles.Research, ""},
		{"letter alone", []string{"Letter"}, oracles.Research, ""},
		{"news", []string{"News"}, oracles.Research, ""},
		{"none", nil, oracles.Research, ""},
		{"preprint", []string{"Preprint"}, oracles.Preprint, ""},
		{"crossref preprint", []string{"posted-content", "preprint"}, oracles.Preprint, ""},
		{"crossref journal article", []string{"journal-article"}, oracles.Research, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := oracles.ClassifyRecord(oracles.Record{PubTypes: tt.types, Title: "A study of screening"})
			if c.Kind != tt.kind || c.Notice != tt.want {
				t.Errorf("ClassifyRecord(%q) = %+v, want %s %s", tt.types, c, tt.kind, tt.want)
			}
			if c.IsNotice() != (tt.kind == oracles.Notice) {
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
		give oracles.Signals
		kind oracles.Kind
		want oracles.NoticeType
	}{
		{"jats correction", oracles.Signals{ArticleType: "correction"}, oracles.Notice, oracles.Correction},
		{"jats retraction", oracles.Signals{ArticleType: "retraction"}, oracles.Notice, oracles.Retraction},
		{"jats partial retraction", oracles.Signals{ArticleType: "partial-retraction"}, oracles.Notice, oracles.Retraction},
		{"jats expression of concern", oracles.Signals{ArticleType: "expression-of-concern"}, oracles.Notice, oracles.ExpressionOfConcern},
		{"jats addendum", oracles.Signals{ArticleType: "addendum"}, oracles.Notice, oracles.Correction},
		{"jats reply", oracles.Signals{ArticleType: "reply"}, oracles.Notice, oracles.Reply},
		{"jats commentary", oracles.Signals{ArticleType: "article-commentary"}, oracles.Notice, oracles.Comment},
		{"jats research", oracles.Signals{ArticleType: "research-article"}, oracles.Research, ""},
		{"crossref update-to retraction", oracles.Signals{PubTypes: []string{"journal-article"}, UpdateTo: []string{"retraction"}}, oracles.Notice, oracles.Retraction},
		{"crossref update-to correction", oracles.Signals{UpdateTo: []string{"Correction"}}, oracles.Notice, oracles.Correction},
		{"crossref update-to withdrawal", oracles.Signals{UpdateTo: []string{"withdrawal"}}, oracles.Notice, oracles.Withdrawal},
		{"crossref update-to concern", oracles.Signals{UpdateTo: []string{"expression_of_concern"}}, oracles.Notice, oracles.ExpressionOfConcern},
		{"crossref update-to new version", oracles.Signals{UpdateTo: []string{"new_version"}}, oracles.Research, ""},
		{"flags", oracles.Signals{RetractionNotice: true}, oracles.Notice, oracles.Retraction},
		{"erratum flag", oracles.Signals{Erratum: true}, oracles.Notice, oracles.Erratum},
		{"europe pmc preprint source", oracles.Signals{Source: "PPR"}, oracles.Preprint, ""},
		{"preprint flag", oracles.Signals{Preprint: true}, oracles.Preprint, ""},
		{"notice beats preprint", oracles.Signals{Preprint: true, PubTypes: []string{"Retraction"}}, oracles.Notice, oracles.Retraction},
	}
	for _, tt := range tests {
		if c := oracles.Classify(tt.give); c.Kind != tt.kind || c.Notice != tt.want {
			t.Errorf("%s: Classify = %+v, want %s %s", tt.name, c, tt.kind, tt.want)
		}
	}
}

func TestClassifyTitles(t *testing.T) {
	tests := []struct {
		title string
		want  oracles.NoticeType // "" is research
	}{
		{"Correction to: Screening outcomes in adults", oracles.Correction},
		{"Correction: Screening outcomes", oracles.Correction},
		{"CORRECTION", oracles.Correction},
		{"Author Correction: Screening outcomes", oracles.Correction},
		{"Publisher Correction: Screening outcomes", oracles.Correction},
		{"Correction for Smith et al., Screening outcomes", oracles.Correction},
		{"Corrigendum to \u201cScreening outcomes\u201d", oracles.Correction},
		{"Addendum: Screening outcomes", oracles.Correction},
		{"Erratum: Screening outcomes", oracles.Erratum},
		{"Erratum to: Screening outcomes", oracles.Erratum},
		{"Errata", oracles.Erratum},
		{"Department of Error", oracles.Erratum},
		{"Retraction: Screening outcomes", oracles.Retraction},
		{"Retraction Note: Screening outcomes", oracles.Retraction},
		{"Retraction notice to \u201cScreening\u201d", oracles.Retraction},
		{"Notice of Retraction", oracles.Retraction},
		{"Retraction", oracles.Retraction},
		{"Withdrawal: Screening outcomes", oracles.Withdrawal},
		{"Notice of withdrawal", oracles.Withdrawal},
		{"Expression of Concern: Screening outcomes", oracles.ExpressionOfConcern},
		{"Editorial Expression of Concern", oracles.ExpressionOfConcern},
		{"[Expression of concern] Screening", oracles.ExpressionOfConcern},
		{"Reply to: Screening outcomes", oracles.Reply},
		{"Author's reply", oracles.Reply},
		{"In reply", oracles.Reply},
		{"Response to the letter by Smith", oracles.Reply},
		{"Comment on \u201cScreening outcomes\u201d", oracles.Comment},
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
		c := oracles.ClassifyRecord(oracles.Record{Title: tt.title, PubTypes: []string{"Journal Article"}})
		if c.Notice != tt.want || (tt.want == "") != (c.Kind == oracles.Research) {
			t.Errorf("title %q: %+v, want %q", tt.title, c, tt.want)
		}
	}
	// A title that announces a comment does not make a review a notice.
	if c := oracles.ClassifyRecord(oracles.Record{Title: "Comment on screening", PubTypes: []string{"Review"}}); c.IsNotice() {
		t.Errorf("a review titled as a comment: %+v", c)
	}
}

// TestClassifyRecordedRecords: the recorded Europe PMC and Crossref
// answers classify as their types say.
func TestClassifyRecordedRecords(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "adversarial", "sources", "notices.json"))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := europepmc.ParseResponse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := []oracles.Kind{oracles.Notice, oracles.Notice, oracles.Research, oracles.Research, oracles.Research, oracles.Research}
	for i, r := range resp.ResultList.Result {
		if c := oracles.ClassifyRecord(r.Record()); i < len(want) && c.Kind != want[i] {
			t.Errorf("%s: %+v, want %s", r.Title, c, want[i])
		}
	}
	for file, want := range map[string]oracles.Kind{"correction_notice.json": oracles.Notice, "retraction_notice.json": oracles.Notice, "retracted_work.json": oracles.Research, "preprint.json": oracles.Preprint} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "crossref_updates", file))
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
		c := oracles.Classify(oracles.Signals{PubTypes: rec.PubTypes, UpdateTo: updates, Title: rec.Title, Preprint: rec.Preprint})
		if c.Kind != want {
			t.Errorf("%s: %+v, want %s", file, c, want)
		}
	}
}
