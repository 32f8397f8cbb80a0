package leads

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTopicTerms(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{`"cancer screening" and adults, older; the`, []string{"cancer screening", "adults", "older"}},
		{"Cancer cancer CANCER", []string{"Cancer"}},
		{`"the"`, []string{"the"}}, // a quoted stopword is the user's phrase
		{`( ) : " \ *`, nil},
		{`unbalanced "quote opens a phrase`, []string{"unbalanced", "quote opens a phrase"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, TopicTerms(tt.give)); diff != "" {
			t.Errorf("TopicTerms(%q) (-want +got):\n%s", tt.give, diff)
		}
	}
}
