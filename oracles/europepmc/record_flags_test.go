package europepmc

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
)

// Result.Record reads every field the gate and the collector rely on, from
// both the core form (pubTypeList, authorList, journalInfo) and the lite
// form (a "; "-separated pubType string, authorString).
func TestRecordFromResult(t *testing.T) {
	tests := []struct {
		name string
		give string
		want oracles.Record
	}{
		{name: "lite pubType: retracted", give: `{"doi":"10.1234/A","pubType":"Journal Article; Retracted Publication"}`,
			want: oracles.Record{DOI: "10.1234/a", PubTypes: []string{"Journal Article", "Retracted Publication"}, Retracted: true}},
		{name: "lite pubType: retraction notice", give: `{"pubType":"retraction of publication"}`,
			want: oracles.Record{PubTypes: []string{"retraction of publication"}, RetractionNotice: true}},
		{name: "lite pubType: erratum, empty parts dropped", give: `{"pubType":"Published Erratum;; ;"}`,
			want: oracles.Record{PubTypes: []string{"Published Erratum"}, Erratum: true}},
		{name: "lite pubType: bare erratum", give: `{"pubType":"erratum"}`,
			want: oracles.Record{PubTypes: []string{"erratum"}, Erratum: true}},
		{name: "lite pubType: preprint", give: `{"pubType":"Preprint"}`,
			want: oracles.Record{PubTypes: []string{"Preprint"}, Preprint: true}},
		{name: "lite pubType: nothing flagged", give: `{"pubType":"review; journal article"}`,
			want: oracles.Record{PubTypes: []string{"review", "journal article"}}},
		{name: "core pubTypeList as a bare string", give: `{"pubTypeList":{"pubType":"Retracted Publication"}}`,
			want: oracles.Record{PubTypes: []string{"Retracted Publication"}, Retracted: true}},
		{name: "core pubTypeList as an array wins over lite", give: `{"pubTypeList":{"pubType":["Journal Article","Preprint"]},"pubType":"Erratum"}`,
			want: oracles.Record{PubTypes: []string{"Journal Article", "Preprint"}, Preprint: true}},
		{name: "empty pubTypeList falls back to lite", give: `{"pubTypeList":{"pubType":[]},"pubType":"Erratum"}`,
			want: oracles.Record{PubTypes: []string{"Erratum"}, Erratum: true}},
		{name: "comment corrections", give: `{"commentCorrectionList":{"commentCorrection":[{"type":"Retraction in"},{"type":"Erratum for"}]}}`,
			want: oracles.Record{Retracted: true, Erratum: true}},
		{name: "erratum in: a corrected article, still evidence", give: `{"commentCorrectionList":{"commentCorrection":[{"type":"Erratum in"}]}}`,
			want: oracles.Record{Corrected: true}},
		{name: "corrected and republished in", give: `{"commentCorrectionList":{"commentCorrection":[{"type":"Corrected and republished in"}]}}`,
			want: oracles.Record{Corrected: true}},
		{name: "retraction of", give: `{"commentCorrectionList":{"commentCorrection":[{"type":"Retraction of"}]}}`,
			want: oracles.Record{RetractionNotice: true}},
		{name: "PPR source is a preprint", give: `{"source":"PPR"}`, want: oracles.Record{Source: "PPR", Preprint: true}},
		{name: "department of error title", give: `{"title":"Department of Error."}`, want: oracles.Record{Title: "Department of Error.", Erratum: true}},
		{name: "year", give: `{"pubYear":"2021"}`, want: oracles.Record{Year: 2021}},
		{name: "year not a number", give: `{"pubYear":"n/a"}`, want: oracles.Record{}},
		{name: "invalid DOI dropped", give: `{"doi":"not a doi"}`, want: oracles.Record{}},
		{name: "authors: full, collective, none", give: `{"authorList":{"author":[{"fullName":"Smith AB"},{"collectiveName":"The Group"},{}]},"authorString":"Ignored A."}`,
			want: oracles.Record{Authors: []string{"Smith AB", "The Group"}}},
		{name: "authors from authorString", give: `{"authorString":"Smith A, Jones B, ."}`,
			want: oracles.Record{Authors: []string{"Smith A", "Jones B"}}},
		{name: "authors: empty authorList falls back", give: `{"authorList":{"author":[{}]},"authorString":"Doe J."}`,
			want: oracles.Record{Authors: []string{"Doe J"}}},
		{name: "journal title", give: `{"journalInfo":{"journal":{"title":"Lancet","medlineAbbreviation":"Lancet (Abbr)"}},"bookOrReportDetails":{"publisher":"P"}}`,
			want: oracles.Record{Journal: "Lancet", JournalAbbrevs: []string{"Lancet (Abbr)"}}},
		{name: "journal abbreviation", give: `{"journalInfo":{"journal":{"medlineAbbreviation":"J Abbr"}}}`,
			want: oracles.Record{Journal: "J Abbr", JournalAbbrevs: []string{"J Abbr"}}},
		{name: "journal details (core)", give: `{"pageInfo":"576-589.e5","electronicPublicationDate":"2018-12-20","journalInfo":{"volume":"75","issue":"3",` +
			`"printPublicationDate":"2019-08-01","journal":{"title":"Molecular cell","isoabbreviation":"Mol Cell","medlineAbbreviation":"Mol Cell","issn":"1097-2765","essn":"1097-4164"}}}`,
			want: oracles.Record{Journal: "Molecular cell", JournalAbbrevs: []string{"Mol Cell"}, ISSN: []string{"1097-2765", "1097-4164"},
				Volume: "75", Issue: "3", Pages: "576-589.e5", OnlineYear: 2018, PrintYear: 2019}},
		{name: "journal details (lite)", give: `{"journalTitle":"Cancer Nurs","journalVolume":"10","issue":"4","pageInfo":"171","journalIssn":"0162-220X; 1538-9804"}`,
			want: oracles.Record{Journal: "Cancer Nurs", ISSN: []string{"0162-220X", "1538-9804"}, Volume: "10", Issue: "4", Pages: "171"}},
		{name: "preprint in: the paper's preprint", give: `{"commentCorrectionList":{"commentCorrection":[{"type":"Preprint in","source":"PPR","id":"PPR83152"}]}}`,
			want: oracles.Record{PreprintAs: "PPR PPR83152"}},
		{name: "publisher of a book", give: `{"bookOrReportDetails":{"publisher":"Press"}}`,
			want: oracles.Record{Journal: "Press"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Result
			if err := json.Unmarshal([]byte(tt.give), &r); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, r.Record()); d != "" {
				t.Errorf("Record() (-want +got):\n%s", d)
			}
		})
	}
}

func TestStringListRejectsOtherJSON(t *testing.T) {
	for _, give := range []string{`{"pubTypeList":{"pubType":5}}`, `{"pubTypeList":{"pubType":"\x"}}`} {
		var r Result
		if err := json.Unmarshal([]byte(give), &r); err == nil {
			t.Errorf("%s: decoded without error", give)
		}
	}
}
