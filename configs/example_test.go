package configs_test

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/configs"
)

func TestExampleIsTheFileAndDecodesToTheDefaults(t *testing.T) {
	file, err := os.ReadFile("citeloop.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(file), string(configs.Example())); diff != "" {
		t.Errorf("Example() is not the file (-file +Example):\n%s", diff)
	}
	got := configs.Config{}
	if err := configs.Decode(configs.Example(), &got); err != nil {
		t.Fatal(err)
	}
	if err := got.Validate(); err != nil {
		t.Errorf("the example does not validate: %v", err)
	}
	if got.Agents.SameModel() {
		t.Errorf("the example sets the writer and the skeptic to the same model %s", got.Agents.Writer.Model)
	}
}
