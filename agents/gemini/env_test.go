package gemini_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents/gemini"
)

func lookup(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}

// FromEnv reads the variables as the SDK does; Missing and Config say what
// they give an agent.
func TestFromEnv(t *testing.T) {
	const (
		noKey     = "GEMINI_API_KEY (or GOOGLE_API_KEY), or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION"
		noProject = "GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (GOOGLE_GENAI_USE_VERTEXAI is set), or GEMINI_API_KEY"
	)
	tests := []struct {
		name        string
		env         map[string]string
		baseURL     string // agents.<agent>.base_url
		wantMissing string
		want        gemini.Config
	}{
		{name: "nothing", wantMissing: noKey, want: gemini.Config{Model: "m"}},
		{name: "Gemini API key", env: map[string]string{"GEMINI_API_KEY": "k1"}, want: gemini.Config{Model: "m", APIKey: "k1"}},
		{name: "GOOGLE_API_KEY wins, as in the SDK", env: map[string]string{"GEMINI_API_KEY": "k1", "GOOGLE_API_KEY": "k2"}, want: gemini.Config{Model: "m", APIKey: "k2"}},
		{name: "empty counts as unset", env: map[string]string{"GEMINI_API_KEY": "k1", "GOOGLE_API_KEY": ""}, want: gemini.Config{Model: "m", APIKey: "k1"}},
		{name: "endpoint from the environment", env: map[string]string{"GEMINI_API_KEY": "k", "GOOGLE_GEMINI_BASE_URL": "http://127.0.0.1:1"},
			want: gemini.Config{Model: "m", APIKey: "k", BaseURL: "http://127.0.0.1:1"}},
		{name: "the configuration's endpoint wins", env: map[string]string{"GEMINI_API_KEY": "k", "GOOGLE_GEMINI_BASE_URL": "http://127.0.0.1:1"}, baseURL: "http://127.0.0.1:2",
			want: gemini.Config{Model: "m", APIKey: "k", BaseURL: "http://127.0.0.1:2"}},
		{name: "Vertex AI without a project", env: map[string]string{"GOOGLE_GENAI_USE_VERTEXAI": "true", "GOOGLE_CLOUD_LOCATION": "us-central1"},
			wantMissing: noProject, want: gemini.Config{Model: "m", VertexAI: true}},
		{name: "Vertex AI with project and region", env: map[string]string{"GOOGLE_GENAI_USE_VERTEXAI": "TRUE", "GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_REGION": "europe-west4", "GEMINI_API_KEY": "k", "GOOGLE_VERTEX_BASE_URL": "http://vertex.test"},
			want: gemini.Config{Model: "m", VertexAI: true, Project: "p", Location: "europe-west4", BaseURL: "http://vertex.test"}},
		{name: "Vertex AI express mode: a key", env: map[string]string{"GOOGLE_GENAI_USE_VERTEXAI": "1", "GEMINI_API_KEY": "k"},
			want: gemini.Config{Model: "m", VertexAI: true, APIKey: "k"}},
		{name: "Vertex AI off", env: map[string]string{"GOOGLE_GENAI_USE_VERTEXAI": "yes", "GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "l"},
			wantMissing: noKey, want: gemini.Config{Model: "m"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := gemini.FromEnv(lookup(tt.env))
			if got := e.Missing(); got != tt.wantMissing {
				t.Errorf("Missing() = %q, want %q", got, tt.wantMissing)
			}
			if diff := cmp.Diff(tt.want, e.Config("m", tt.baseURL)); diff != "" {
				t.Errorf("Config (-want +got):\n%s", diff)
			}
		})
	}
}
