package leads

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

func TestLoadLeads(t *testing.T) {
	good1 := contract.Lead{ID: "a", ORCID: "0000-0002-1825-0097", Since: "2022-01-01"}
	good2 := contract.Lead{ID: "c", Name: "Smith AB", Topic: "cancer screening", MaxSources: 5}
	tests := []struct {
		name     string
		file     string
		give     string
		want     []contract.Lead
		wantErrs []string
	}{
		{
			name: "yaml list",
			file: "leads.yaml",
			give: `- id: a
  orcid: 0000-0002-1825-0097
  since: "2022"
- id: b
  orcid: 0000-0002-1825-0098
- id: c
  name: Smith AB
  topic: cancer screening
  max_sources: 5
- id: d
  nickname: x
`,
			want:     []contract.Lead{good1, good2},
			wantErrs: []string{"leads.yaml: row 4: orcid:", "leads.yaml: row 11: nickname: unknown field"},
		},
		{
			name: "yaml mapping with leads",
			file: "leads.yml",
			give: "leads:\n  - {id: c, name: Smith AB, topic: cancer screening, max_sources: 5}\n",
			want: []contract.Lead{good2},
		},
		{
			name: "jsonl",
			file: "leads.jsonl",
			give: `{"id":"a","orcid":"0000-0002-1825-0097","since":"2022-01-01"}

{"id":"b","since":"2024-01-01","until":"2023-01-01","name":"X"}
{"id":"c","name":"Smith AB","topic":"cancer screening","max_sources":5}
{"id":"d","max_sources":"many"}
{"id":"e","colour":"red"}
`,
			want: []contract.Lead{good1, good2},
			wantErrs: []string{
				"leads.jsonl: row 3: since: 2024-01-01 is after until",
				"leads.jsonl: row 5: max_sources:",
				"leads.jsonl: row 6: colour:",
			},
		},
		{
			name: "csv",
			file: "leads.csv",
			give: "id,orcid,name,topic,since,max_sources\n" +
				"a,0000-0002-1825-0097,,,2022-01-01,\n" +
				"b,,,,,\n" +
				"c,,Smith AB,cancer screening,,5\n" +
				"d,,Y,,2021-02-30,\n" +
				"e,,Z,,,five\n",
			want: []contract.Lead{good1, good2},
			wantErrs: []string{
				"leads.csv: row 3: orcid: lead is empty",
				"leads.csv: row 5: since:",
				"leads.csv: row 6: max_sources:",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tt.file)
			if err := os.WriteFile(path, []byte(tt.give), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := LoadLeads(path)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("leads (-want +got):\n%s", diff)
			}
			var msgs []string
			if err != nil {
				if !errors.Is(err, ErrInvalidLead) {
					t.Errorf("error %v does not wrap ErrInvalidLead", err)
				}
				msgs = strings.Split(err.Error(), "\n")
			}
			if len(msgs) != len(tt.wantErrs) {
				t.Fatalf("errors %q, want %d like %q", msgs, len(tt.wantErrs), tt.wantErrs)
			}
			for i, w := range tt.wantErrs {
				if !strings.HasPrefix(msgs[i], w) {
					t.Errorf("error %d = %q, want prefix %q", i, msgs[i], w)
				}
			}
		})
	}
}

func TestLoadLeadsWholeFileErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		file, give, want string
	}{
		{"leads.txt", "x", "unknown lead file format"},
		{"bad.yaml", "a: [", "bad.yaml"},
		{"cols.csv", "id,colour\na,red\n", `unknown column "colour"`},
		{"missing.csv", "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			if tt.give != "" {
				if err := os.WriteFile(path, []byte(tt.give), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := LoadLeads(path)
			if len(got) != 0 || !errors.Is(err, ErrInvalidLead) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, %v; want no leads and an error containing %q", got, err, tt.want)
			}
		})
	}
}
