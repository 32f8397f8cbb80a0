package europepmc_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles/europepmc"
)

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name string
		give map[string]string
		want map[string]string
	}{
		{"unset", nil, nil},
		{"base URL", map[string]string{"CITELOOP_EUROPEPMC_URL": "http://127.0.0.1:9/rest"}, map[string]string{"base_url": "http://127.0.0.1:9/rest"}},
		{"trimmed", map[string]string{"CITELOOP_EUROPEPMC_URL": " http://mirror.example/rest\n"}, map[string]string{"base_url": "http://mirror.example/rest"}},
		{"blank ignored", map[string]string{"CITELOOP_EUROPEPMC_URL": "  "}, nil},
		// A bad value is the section's to report, under the key it sets.
		{"not checked here", map[string]string{"CITELOOP_EUROPEPMC_URL": "ftp://mirror.example"}, map[string]string{"base_url": "ftp://mirror.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := europepmc.FromEnv(func(k string) (string, bool) { v, ok := tt.give[k]; return v, ok })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FromEnv (-want +got):\n%s", diff)
			}
		})
	}
	if europepmc.Plugin().FromEnv == nil {
		t.Error("the registry entry does not read the environment")
	}
}
