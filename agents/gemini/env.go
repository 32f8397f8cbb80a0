package gemini

import "strings"

// The environment variables the Gemini backend reads, named as the genai
// SDK names them.
const (
	APIKeyEnv        = "GEMINI_API_KEY"
	GoogleAPIKeyEnv  = "GOOGLE_API_KEY"
	UseVertexAIEnv   = "GOOGLE_GENAI_USE_VERTEXAI"
	ProjectEnv       = "GOOGLE_CLOUD_PROJECT"
	LocationEnv      = "GOOGLE_CLOUD_LOCATION"
	RegionEnv        = "GOOGLE_CLOUD_REGION"
	BaseURLEnv       = "GOOGLE_GEMINI_BASE_URL"
	VertexBaseURLEnv = "GOOGLE_VERTEX_BASE_URL"
)

// Env is what the environment says about the Gemini backend, read through
// the host's lookup; Config hands it to the SDK explicitly. (For a field
// still empty, the genai SDK reads the process's own variable when the
// client is built: see Config.)
type Env struct {
	// APIKey is GOOGLE_API_KEY, else GEMINI_API_KEY: the SDK's order.
	APIKey string
	// VertexAI is GOOGLE_GENAI_USE_VERTEXAI set to 1 or true.
	VertexAI bool
	// Project and Location are GOOGLE_CLOUD_PROJECT and
	// GOOGLE_CLOUD_LOCATION (else GOOGLE_CLOUD_REGION), for Vertex AI.
	Project, Location string
	// BaseURL is GOOGLE_GEMINI_BASE_URL, VertexBaseURL
	// GOOGLE_VERTEX_BASE_URL: the endpoints when the configuration names
	// none.
	BaseURL, VertexBaseURL string
}

// FromEnv reads the Gemini variables through lookup, the host's
// environment as os.LookupEnv gives it. An empty variable counts as unset.
func FromEnv(lookup func(string) (string, bool)) Env {
	get := func(key string) string {
		v, _ := lookup(key)
		return v
	}
	e := Env{
		APIKey:        get(GoogleAPIKeyEnv),
		Project:       get(ProjectEnv),
		Location:      get(LocationEnv),
		BaseURL:       get(BaseURLEnv),
		VertexBaseURL: get(VertexBaseURLEnv),
	}
	if e.APIKey == "" {
		e.APIKey = get(APIKeyEnv)
	}
	if e.Location == "" {
		e.Location = get(RegionEnv)
	}
	v := strings.ToLower(get(UseVertexAIEnv))
	e.VertexAI = v == "1" || v == "true"
	return e
}

// vertexProject reports whether e selects Vertex AI with a project and a
// location (otherwise a key is used: the Gemini API, or Vertex AI express
// mode).
func (e Env) vertexProject() bool { return e.VertexAI && e.Project != "" && e.Location != "" }

// Missing says which variables e lacks to reach Gemini, "" when none.
func (e Env) Missing() string {
	switch {
	case e.APIKey != "", e.vertexProject():
		return ""
	case e.VertexAI:
		return "GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (GOOGLE_GENAI_USE_VERTEXAI is set), or GEMINI_API_KEY"
	}
	return "GEMINI_API_KEY (or GOOGLE_API_KEY), or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION"
}

// Config is the backend's configuration for model: baseURL is the
// configuration's endpoint (agents.<agent>.base_url), "" for the
// environment's.
func (e Env) Config(model, baseURL string) Config {
	c := Config{Model: model, BaseURL: baseURL, VertexAI: e.VertexAI}
	if e.vertexProject() {
		c.Project, c.Location = e.Project, e.Location
	} else { // Gemini API, or Vertex AI express mode
		c.APIKey = e.APIKey
	}
	switch {
	case c.BaseURL == "" && c.VertexAI:
		c.BaseURL = e.VertexBaseURL
	case c.BaseURL == "":
		c.BaseURL = e.BaseURL
	}
	return c
}
