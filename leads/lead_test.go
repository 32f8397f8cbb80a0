package leads

import (
	"errors"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
)

func TestValidateLead(t *testing.T) {
	tests := []struct {
		name       string
		give       contract.Lead
		want       contract.Lead
		wantFields []string
	}{
		{
			name: "full lead normalised",
			give: contract.Lead{ORCID: " 0000-0002-1825-0097 ", Name: " Carberry J ", Topic: "cancer screening", Since: "2022", Until: "2024-02"},
			want: contract.Lead{ORCID: "0000-0002-1825-0097", Name: "Carberry J", Topic: "cancer screening", Since: "2022-01-01", Until: "2024-02-29"},
		},
		{name: "topic only", give: contract.Lead{Topic: "x"}, want: contract.Lead{Topic: "x"}},
		{name: "empty", give: contract.Lead{Since: "2020-01-01"}, wantFields: []string{"orcid"}},
		{name: "bad checksum", give: contract.Lead{ORCID: "0000-0002-1825-0098"}, wantFields: []string{"orcid"}},
		{name: "bad dates", give: contract.Lead{Name: "A", Since: "2020-13-01", Until: "soon"}, wantFields: []string{"since", "until"}},
		{name: "since after until", give: contract.Lead{Name: "A", Since: "2024-01-01", Until: "2023-12-31"}, wantFields: []string{"since"}},
		{name: "negative max", give: contract.Lead{Name: "A", MaxSources: -1}, wantFields: []string{"max_sources"}},
		{name: "topic of stopwords only", give: contract.Lead{Topic: "the", Since: "2020"}, wantFields: []string{"topic"}},
		{name: "topic of several stopwords", give: contract.Lead{Topic: "the and"}, wantFields: []string{"topic"}},
		{name: "topic of wildcards and quotes", give: contract.Lead{Name: "A", Topic: `* ? " \\ ""`}, wantFields: []string{"topic"}},
		{name: "name of wildcards", give: contract.Lead{Name: "***"}, wantFields: []string{"name"}},
		{name: "name of quotes and backslashes", give: contract.Lead{Name: `"\\"`, Topic: "cancer"}, wantFields: []string{"name"}},
		{name: "affiliation of wildcards", give: contract.Lead{Name: "A", Affiliation: "?*"}, wantFields: []string{"affiliation"}},
		{name: "name and topic both empty once cleaned", give: contract.Lead{Name: "?", Topic: "of"}, wantFields: []string{"name", "topic"}},
		{name: "quoted stopword is a phrase", give: contract.Lead{Topic: `"the"`}, want: contract.Lead{Topic: `"the"`}},
		{name: "stopword with a real word", give: contract.Lead{Topic: "the cancer"}, want: contract.Lead{Topic: "the cancer"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ValidateLead(tt.give)
			if len(tt.wantFields) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if got != tt.want {
					t.Errorf("got %+v, want %+v", got, tt.want)
				}
				return
			}
			if !errors.Is(err, ErrInvalidLead) {
				t.Fatalf("got %v, want ErrInvalidLead", err)
			}
			var fields []string
			for _, e := range RowErrors(err) {
				var le *LeadError
				if !errors.As(e, &le) {
					t.Fatalf("error %v is not a *LeadError", e)
				}
				fields = append(fields, le.Field)
			}
			if strings.Join(fields, ",") != strings.Join(tt.wantFields, ",") {
				t.Errorf("bad fields %v, want %v (%v)", fields, tt.wantFields, err)
			}
		})
	}
}

// TestValidateUnsearchableText checks that a topic, name or affiliation that
// cleans down to nothing is a *LeadError naming the field, for both
// validators, while ValidateSourcesLead still accepts an empty lead.
func TestValidateUnsearchableText(t *testing.T) {
	tests := []struct {
		name      string
		give      contract.Lead
		sources   bool
		wantField string // "" when the lead is valid
		wantMsg   string
	}{
		{name: "stopword topic", give: contract.Lead{Topic: "the", Since: "2020"}, wantField: "topic", wantMsg: "has no searchable words after quoting"},
		{name: "stopword topic, sources", give: contract.Lead{Topic: "the and"}, sources: true, wantField: "topic", wantMsg: "has no searchable words after quoting"},
		{name: "wildcard name", give: contract.Lead{Name: "***"}, wantField: "name", wantMsg: "has no searchable words after quoting"},
		{name: "wildcard name, sources", give: contract.Lead{Name: "***"}, sources: true, wantField: "name", wantMsg: "has no searchable words after quoting"},
		{name: "empty lead, sources", give: contract.Lead{}, sources: true},
		{name: "empty topic, sources", give: contract.Lead{Name: "Smith A", Topic: "  "}, sources: true},
		{name: "real topic, sources", give: contract.Lead{Topic: "the cancer"}, sources: true},
		{name: "raw query alone", give: contract.Lead{Query: ` TITLE:"x" `}},
		{name: "raw query with a topic", give: contract.Lead{Query: "TITLE:x", Topic: "cancer"}, wantField: "query", wantMsg: "is the whole Europe PMC query"},
		{name: "raw query with a date", give: contract.Lead{Query: "TITLE:x", Since: "2020"}, wantField: "query", wantMsg: "is the whole Europe PMC query"},
		{name: "raw query with any", give: contract.Lead{Query: "TITLE:x", AnyTopicWord: true}, wantField: "query", wantMsg: "is the whole Europe PMC query"},
		{name: "any without a topic", give: contract.Lead{Name: "Smith A", AnyTopicWord: true}, wantField: "topic", wantMsg: "any widens the topic's words"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			validate := ValidateLead
			if tt.sources {
				validate = ValidateSourcesLead
			}
			_, err := validate(tt.give)
			if tt.wantField == "" {
				if err != nil {
					t.Fatalf("got %v, want no error", err)
				}
				return
			}
			var le *LeadError
			if !errors.Is(err, ErrInvalidLead) || !errors.As(err, &le) {
				t.Fatalf("got %v, want a *LeadError", err)
			}
			if le.Field != tt.wantField || !strings.Contains(le.Msg, tt.wantMsg) {
				t.Errorf("got %s: %s; want field %s, message containing %q", le.Field, le.Msg, tt.wantField, tt.wantMsg)
			}
		})
	}
}
