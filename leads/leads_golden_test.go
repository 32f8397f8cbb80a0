package leads

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

// leadsFileCase is what LoadLeads makes of one file of testdata/leads: the
// leads, in order, and the message of each error (for a whole-file error,
// its only one).
type leadsFileCase struct {
	file      string
	want      []contract.Lead
	wantErrs  []string
	wholeFile bool
}

// leadsFileCases pins LoadLeads on the leads files of the tests before
// leads were streamed, and on hostile ones: blank and whitespace lines, CRLF,
// a byte order mark, wrong column counts, unknown and case-folded keys,
// trailing data after a JSON object, quoted newlines and bad quotes in CSV.
// Row numbers are 1-based lines where the record starts.
func leadsFileCases() []leadsFileCase {
	a := contract.Lead{ID: "a", ORCID: "0000-0002-1825-0097", Since: "2022-01-01"}
	c := contract.Lead{ID: "c", Name: "Smith AB", Topic: "cancer screening", MaxSources: 5}
	any3 := []contract.Lead{
		{ID: "a", Topic: "cancer screening", AnyTopicWord: true},
		{ID: "b", Topic: "breast cancer"},
		{ID: "c", Query: `TITLE:"x"`},
	}
	const empty = "orcid: lead is empty: give an orcid, a name, a topic or a query"
	return []leadsFileCase{
		{file: "leads.yaml", want: []contract.Lead{a, c}, wantErrs: []string{
			`leads.yaml: row 4: orcid: "0000-0002-1825-0098" fails the ISO 7064 MOD 11-2 checksum (check digit should be 7)`,
			"leads.yaml: row 11: nickname: unknown field",
		}},
		{file: "leads.yml", want: []contract.Lead{c}},
		{file: "leads.jsonl", want: []contract.Lead{a, c}, wantErrs: []string{
			"leads.jsonl: row 3: since: 2024-01-01 is after until 2023-01-01",
			"leads.jsonl: row 5: max_sources: json: cannot unmarshal string into Go struct field Lead.max_sources of type int",
			`leads.jsonl: row 6: colour: json: unknown field "colour"`,
		}},
		{file: "leads.csv", want: []contract.Lead{a, c}, wantErrs: []string{
			"leads.csv: row 3: " + empty,
			`leads.csv: row 5: since: "2021-02-30" is not a date (want YYYY-MM-DD)`,
			`leads.csv: row 6: max_sources: "five" is not a whole number`,
		}},
		{file: "any.yaml", want: any3},
		{file: "any.jsonl", want: any3},
		{file: "any.csv", want: any3},
		{file: "any_bad.csv", wantErrs: []string{`any_bad.csv: row 2: any_topic_word: "sometimes" is not true or false`}},
		{file: "blank_lines.jsonl", want: []contract.Lead{{ID: "a", Name: "X"}, {ID: "b", Name: "Y"}}, wantErrs: []string{
			"blank_lines.jsonl: row 8: " + empty,
		}},
		{file: "bom.csv", want: []contract.Lead{{ID: "a", Name: "Smith AB"}, {ID: "b", Name: "Jones"}}},
		{file: "bom.jsonl", want: []contract.Lead{{ID: "a", Name: "X"}, {ID: "b", Name: "Y"}}},
		{file: "bom.yaml", want: []contract.Lead{{ID: "a", Name: "X"}}},
		{file: "columns.csv", want: []contract.Lead{{ID: "a", Name: "Smith"}, {ID: "d", Name: "Kim", Topic: "cancer"}}, wantErrs: []string{
			"columns.csv: row 3: lead: has 2 columns, header has 3",
			"columns.csv: row 4: lead: has 4 columns, header has 3",
			"columns.csv: row 5: lead: has 1 columns, header has 3",
		}},
		// encoding/json matches keys case-insensitively, so "Topic" sets
		// topic, and "name" with "Name" is name given twice (an error:
		// the decoder would keep the last); YAML does not fold case.
		{file: "unknown_field.jsonl", want: []contract.Lead{{ID: "c", Topic: "cancer"}}, wantErrs: []string{
			`unknown_field.jsonl: row 1: nickname: json: unknown field "nickname"`,
			"unknown_field.jsonl: row 2: Name: given twice in the row (keys are matched without case)",
		}},
		{file: "unknown_field.yaml", want: []contract.Lead{{ID: "c", Name: "Z"}}, wantErrs: []string{
			"unknown_field.yaml: row 3: nickname: unknown field",
			`unknown_field.yaml: row 5: Name: unknown field; did you mean "name"?`,
		}},
		{file: "trailing.jsonl", want: []contract.Lead{{ID: "d", Name: "W"}}, wantErrs: []string{
			"trailing.jsonl: row 1: lead: trailing data after the JSON object",
			"trailing.jsonl: row 2: lead: trailing data after the JSON object",
			"trailing.jsonl: row 4: lead: trailing data after the JSON object",
			"trailing.jsonl: row 5: lead: json: cannot unmarshal array into Go value of type contract.Lead",
			"trailing.jsonl: row 6: lead: unexpected EOF",
		}},
		{file: "quoted_newline.csv", want: []contract.Lead{
			{ID: "a", Name: "Smith\nAB", Topic: "x"},
			{ID: "b", Name: "Jones, \"JJ\"\n\nsecond"},
			{ID: "d", Name: "Kim", Topic: "multi\nline\ntopic"},
			{ID: "e", Name: "Lee"},
		}, wantErrs: []string{"quoted_newline.csv: row 7: " + empty}},
		{file: "bad_quotes.csv", want: []contract.Lead{{ID: "c", Name: "Smith"}, {ID: "f", Name: "Jones"}}, wantErrs: []string{
			`bad_quotes.csv: row 2: lead: bare " in non-quoted-field`,
			`bad_quotes.csv: row 4: lead: bare " in non-quoted-field`,
			`bad_quotes.csv: row 5: lead: extraneous or missing " in quoted-field`,
			`bad_quotes.csv: row 7: lead: extraneous or missing " in quoted-field`,
		}},
		{file: "not_mapping.yaml", want: []contract.Lead{{ID: "a", Name: "X"}, {ID: "b", Name: "Y"}}, wantErrs: []string{
			"not_mapping.yaml: row 1: lead: is not a mapping",
			"not_mapping.yaml: row 3: lead: is not a mapping",
			"not_mapping.yaml: row 4: lead: is not a mapping",
		}},
		{file: "types.yaml", wantErrs: []string{
			"types.yaml: row 1: lead: yaml: unmarshal errors:\n  line 1: cannot unmarshal !!str `many` into int",
			"types.yaml: row 2: lead: yaml: unmarshal errors:\n  line 2: cannot unmarshal !!seq into string",
			"types.yaml: row 3: max_sources: must not be negative, got -1",
			`types.yaml: row 4: topic: has no searchable words after quoting: "the and" (quotes, backslashes, * and ? are removed, and so are bare a/an/and/for/in/not/of/on/or/the/to/with)`,
		}},
		{file: "types.jsonl", wantErrs: []string{
			`types.jsonl: row 1: since: "x" is not a date (want YYYY-MM-DD)`,
			`types.jsonl: row 1: until: "y" is not a date (want YYYY-MM-DD)`,
			"types.jsonl: row 2: lead: json: cannot unmarshal array into Go value of type contract.Lead",
			"types.jsonl: row 3: " + empty,
			"types.jsonl: row 4: lead: json: cannot unmarshal string into Go value of type contract.Lead",
			"types.jsonl: row 5: id: json: cannot unmarshal number into Go struct field Lead.id of type string",
			`types.jsonl: row 6: name: has no searchable words after quoting: "***" (quotes, backslashes, * and ? are removed)`,
			"types.jsonl: row 6: max_sources: must not be negative, got -2",
		}},
		{file: "empty.csv"},
		{file: "empty.jsonl"},
		{file: "empty.yaml"},
		{file: "header_only.csv"},
		{file: "bad_header.csv", wholeFile: true, wantErrs: []string{
			`bad_header.csv: invalid lead: record on line 1; parse error on line 2, column 5: extraneous or missing " in quoted-field`,
		}},
		{file: "unknown_column.csv", wholeFile: true, wantErrs: []string{
			`unknown_column.csv: invalid lead: header: unknown column "colour" (want id, name, orcid, affiliation, topic, since, until, max_sources, any_topic_word, query)`,
		}},
		{file: "not_list.yaml", wholeFile: true, wantErrs: []string{"not_list.yaml: invalid lead: line 1: want a list of leads"}},
		{file: "two_documents.yaml", wholeFile: true, wantErrs: []string{"two_documents.yaml: invalid lead: line 3: a second YAML document (after ---): put every lead in one list"}},
		{file: "document_marker.yaml", want: []contract.Lead{{ID: "a", Name: "X"}}},
		{file: "trailing_marker.yaml", want: []contract.Lead{{ID: "a", Name: "X"}}},
		{file: "no_leads_key.yaml", wholeFile: true, wantErrs: []string{"no_leads_key.yaml: invalid lead: line 1: want a list of leads"}},
		{file: "scalar.yaml", wholeFile: true, wantErrs: []string{"scalar.yaml: invalid lead: line 1: want a list of leads"}},
		{file: "broken.yaml", wholeFile: true, wantErrs: []string{"broken.yaml: invalid lead: yaml: line 1: did not find expected node content"}},
		{file: "leads.txt", wholeFile: true, wantErrs: []string{`leads.txt: invalid lead: unknown lead file format ".txt" (want .yaml, .jsonl or .csv)`}},
	}
}

// errorMessages lists the messages of errs; every row error must be a
// *LeadError naming the file.
func errorMessages(t *testing.T, errs []error) []string {
	t.Helper()
	var msgs []string
	for _, err := range errs {
		if !errors.Is(err, ErrInvalidLead) {
			t.Errorf("error %v does not wrap ErrInvalidLead", err)
		}
		msgs = append(msgs, err.Error())
	}
	return msgs
}

func TestLoadLeadsFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "leads", "*"))
	if err != nil {
		t.Fatal(err)
	}
	cases := leadsFileCases()
	if len(files) != len(cases) {
		t.Errorf("testdata/leads has %d files, the table %d: pin every file", len(files), len(cases))
	}
	for _, tt := range cases {
		t.Run(tt.file, func(t *testing.T) {
			got, err := LoadLeads(filepath.Join("testdata", "leads", tt.file))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("leads (-want +got):\n%s", diff)
			}
			var errs []error
			if err != nil {
				errs = RowErrors(err)
			}
			for _, e := range errs {
				var le *LeadError
				if isLead := errors.As(e, &le); isLead == tt.wholeFile {
					t.Errorf("error %q: is a *LeadError = %v, want %v", e, isLead, !tt.wholeFile)
				}
			}
			if diff := cmp.Diff(tt.wantErrs, errorMessages(t, errs)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}
