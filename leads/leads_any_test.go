package leads

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

// TestLeadsFileAnyTopicWordAndQuery: a leads file says --any and --query
// per lead, in every format.
func TestLeadsFileAnyTopicWordAndQuery(t *testing.T) {
	want := []contract.Lead{
		{ID: "a", Topic: "cancer screening", AnyTopicWord: true},
		{ID: "b", Topic: "breast cancer"},
		{ID: "c", Query: `TITLE:"x"`},
	}
	files := map[string]string{
		"leads.yaml":  "- {id: a, topic: cancer screening, any_topic_word: true}\n- {id: b, topic: breast cancer, any_topic_word: false}\n- {id: c, query: 'TITLE:\"x\"'}\n",
		"leads.jsonl": `{"id":"a","topic":"cancer screening","any_topic_word":true}` + "\n" + `{"id":"b","topic":"breast cancer"}` + "\n" + `{"id":"c","query":"TITLE:\"x\""}` + "\n",
		"leads.csv":   "id,topic,any_topic_word,query\na,cancer screening,yes,\nb,breast cancer,,\nc,,,\"TITLE:\"\"x\"\"\"\n",
	}
	for name, content := range files {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name)
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := LoadLeads(path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("leads (-want +got):\n%s", diff)
			}
		})
	}
	path := filepath.Join(t.TempDir(), "bad.csv")
	if err := os.WriteFile(path, []byte("id,topic,any_topic_word\na,x y,sometimes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadLeads(path); err == nil || !strings.Contains(err.Error(), "any_topic_word") || !strings.Contains(err.Error(), "not true or false") {
		t.Errorf("bad any_topic_word: got %v", err)
	}
}
