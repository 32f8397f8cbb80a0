package crossref_test

import (
	"encoding/json"
	"testing"

	"github.com/citeloop/citeloop/oracles/crossref"
)

// A work's subtitle, which Crossref keeps apart, is part of the record's
// title, as the paper prints it; a title that already holds it is kept.
func TestRecordTitleHasItsSubtitle(t *testing.T) {
	tests := []struct{ give, want string }{
		{`{"DOI":"10.5555/s.1","title":["Suspension syndrome"],"subtitle":["a scoping review"]}`, "Suspension syndrome: a scoping review"},
		{`{"DOI":"10.5555/s.2","title":["Suspension syndrome: a scoping review"],"subtitle":["a scoping review"]}`, "Suspension syndrome: a scoping review"},
		{`{"DOI":"10.5555/s.3","title":["Suspension syndrome"],"subtitle":[]}`, "Suspension syndrome"},
		{`{"DOI":"10.5555/s.4","title":["Suspension syndrome"],"subtitle":["  "]}`, "Suspension syndrome"},
	}
	for _, tt := range tests {
		var w crossref.Work
		if err := json.Unmarshal([]byte(tt.give), &w); err != nil {
			t.Fatal(err)
		}
		if got := w.Record().Title; got != tt.want {
			t.Errorf("%s: title %q, want %q", tt.give, got, tt.want)
		}
	}
}
