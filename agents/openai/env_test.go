package openai_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents/openai"
)

func TestFromEnv(t *testing.T) {
	const noKey = "OPENAI_API_KEY, or a local server in OPENAI_BASE_URL or agents.<agent>.base_url"
	tests := []struct {
		name        string
		env         map[string]string
		baseURL     string // agents.<agent>.base_url
		wantMissing string
		want        openai.Config
	}{
		{name: "nothing", wantMissing: noKey, want: openai.Config{Model: "m"}},
		{name: "a key", env: map[string]string{"OPENAI_API_KEY": "k"}, want: openai.Config{Model: "m", APIKey: "k"}},
		{name: "a local server needs no key", env: map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:11434/v1"}, want: openai.Config{Model: "m", BaseURL: "http://127.0.0.1:11434/v1"}},
		{name: "nor one in the configuration", baseURL: "http://127.0.0.1:8000/v1", want: openai.Config{Model: "m", BaseURL: "http://127.0.0.1:8000/v1"}},
		{name: "the configuration's endpoint wins", env: map[string]string{"OPENAI_BASE_URL": "http://a.test/v1"}, baseURL: "http://b.test/v1", want: openai.Config{Model: "m", BaseURL: "http://b.test/v1"}},
		{name: "empty counts as unset", env: map[string]string{"OPENAI_API_KEY": ""}, wantMissing: noKey, want: openai.Config{Model: "m"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := openai.FromEnv(func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
			if got := e.Missing(tt.baseURL); got != tt.wantMissing {
				t.Errorf("Missing(%q) = %q, want %q", tt.baseURL, got, tt.wantMissing)
			}
			if diff := cmp.Diff(tt.want, e.Config("m", tt.baseURL)); diff != "" {
				t.Errorf("Config (-want +got):\n%s", diff)
			}
		})
	}
}
