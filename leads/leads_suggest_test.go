package leads

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestMisspeltFieldSuggestsNearest: a key one or two edits from a lead
// field names the field it likely meant, in every format; a key far from
// any gets no guess.
func TestMisspeltFieldSuggestsNearest(t *testing.T) {
	tests := []struct {
		name, give string
		want       []string
	}{
		{"leads.yaml", "- {id: a, topc: cancer}\n- {id: b, colour: red, topic: x}\n", []string{
			`leads.yaml: row 1: topc: unknown field; did you mean "topic"?`,
			"leads.yaml: row 2: colour: unknown field",
		}},
		{"leads.jsonl", `{"id":"a","topc":"cancer"}` + "\n" + `{"id":"b","orcd":"0000-0002-1825-0097"}` + "\n", []string{
			`leads.jsonl: row 1: topc: json: unknown field "topc"; did you mean "topic"?`,
			`leads.jsonl: row 2: orcd: json: unknown field "orcd"; did you mean "orcid"?`,
		}},
		{"leads.csv", "id,topc\na,cancer\n", []string{
			`leads.csv: invalid lead: header: unknown column "topc"; did you mean "topic"? (want id, name, orcid, affiliation, topic, since, until, max_sources, any_topic_word, query)`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := collect(ReadLeads(tt.name, strings.NewReader(tt.give)))
			if diff := cmp.Diff(tt.want, errorMessages(t, got.errs)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadLeadsManyBrokenQuotes: garbage of broken quotes is read in time
// near linear in its size, every error naming its row: rows whose quotes
// pair across lines are one bad record each, as the csv package reads
// them, and a quote that runs to the end is skipped with the rows after it
// read.
func TestReadLeadsManyBrokenQuotes(t *testing.T) {
	give := "id,name\n" + strings.Repeat("a,\"x\n", 200_000) + "b,\"runaway\n" + strings.Repeat("c,Z\n", 1000)
	start := time.Now()
	got := collect(ReadLeads("broken.csv", strings.NewReader(give)))
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("took %s", took)
	}
	if len(got.leads) != 1000 || len(got.errs) != 100_001 {
		t.Fatalf("%d leads, %d errors; want the 1000 rows after the runaway quote and 100,001 errors", len(got.leads), len(got.errs))
	}
	for i, e := range got.errs[:100_000] {
		if want := fmt.Sprintf("broken.csv: row %d: lead: extraneous or missing \" in quoted-field", 2+2*i); e.Error() != want {
			t.Fatalf("error %d: %q, want %q", i, e, want)
		}
	}
	if last, want := got.errs[100_000].Error(), "broken.csv: row 200002: lead: a quote opened in this row is never closed; skipped, reading goes on at line 200003"; last != want {
		t.Errorf("last error %q, want %q", last, want)
	}
}

// TestReadLeadsRereadBound: past maxCSVReread bytes read again after
// broken records, the next broken record ends the rows with a row error
// that says so, so no garbage makes the reader quadratic.
func TestReadLeadsRereadBound(t *testing.T) {
	plain := strings.Repeat("b,"+strings.Repeat("y", 998)+"\n", maxCSVRecord/1000+100)
	give := "id,name\n" + strings.Repeat("a,\"open\n"+plain, maxCSVReread/maxCSVRecord+2)
	got := collect(ReadLeads("bound.csv", strings.NewReader(give)))
	if len(got.errs) != maxCSVReread/maxCSVRecord+1 {
		t.Fatalf("%d errors, want %d", len(got.errs), maxCSVReread/maxCSVRecord+1)
	}
	last := got.errs[len(got.errs)-1]
	if !isRowError(last) || !strings.Contains(last.Error(), "are not read") {
		t.Errorf("last error %q, want the row error that ends the rows", last)
	}
}

// A key given twice in one row (encoding/json would keep the last value,
// and matches keys without case; a CSV header would read one column) is an
// error, not a lead other than the row reads.
func TestRepeatedKeys(t *testing.T) {
	for _, tt := range []struct {
		name, give string
		want       []string
	}{
		{"twice.jsonl", `{"id":"b","topic":"lung cancer","id":"c"}` + "\n" + `{"id":"d","Topic":"x","topic":"y"}` + "\n" + `{"id":"e","topic":"z"}` + "\n", []string{
			"twice.jsonl: row 1: id: given twice in the row (keys are matched without case)",
			"twice.jsonl: row 2: topic: given twice in the row (keys are matched without case)",
		}},
		{"twice.csv", "id,topic,ID\na,x,b\n", []string{`twice.csv: invalid lead: header: column "ID" twice: each row would read one of them`}},
		{"twice.yaml", "- id: a\n  id: b\n  topic: x\n", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := collect(ReadLeads(tt.name, strings.NewReader(tt.give)))
			msgs := errorMessages(t, got.errs)
			if tt.want == nil {
				if len(msgs) != 1 || !strings.Contains(msgs[0], "already") {
					t.Errorf("errors %q, want YAML's own error for a key given twice", msgs)
				}
				return
			}
			if diff := cmp.Diff(tt.want, msgs); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}
