package openai

// The environment variables the OpenAI-compatible backend reads, named as
// the openai-go SDK names them.
const (
	APIKeyEnv  = "OPENAI_API_KEY"
	BaseURLEnv = "OPENAI_BASE_URL"
)

// Env is what the environment says about the OpenAI-compatible backend,
// read through the host's lookup.
type Env struct {
	// APIKey is OPENAI_API_KEY; a local server may need none.
	APIKey string
	// BaseURL is OPENAI_BASE_URL: the endpoint when the configuration names
	// none.
	BaseURL string
}

// FromEnv reads the OpenAI variables through lookup, the host's
// environment as os.LookupEnv gives it. An empty variable counts as unset.
func FromEnv(lookup func(string) (string, bool)) Env {
	key, _ := lookup(APIKeyEnv)
	base, _ := lookup(BaseURLEnv)
	return Env{APIKey: key, BaseURL: base}
}

// Missing says what an agent whose configuration names baseURL (""
// for none) lacks to reach a server, "" when nothing: a key, or a server of
// its own (a local one needs no key).
func (e Env) Missing(baseURL string) string {
	if e.APIKey != "" || baseURL != "" || e.BaseURL != "" {
		return ""
	}
	return "OPENAI_API_KEY, or a local server in OPENAI_BASE_URL or agents.<agent>.base_url"
}

// Config is the backend's configuration for model: baseURL is the
// configuration's endpoint (agents.<agent>.base_url), "" for the
// environment's.
func (e Env) Config(model, baseURL string) Config {
	c := Config{Model: model, BaseURL: baseURL, APIKey: e.APIKey}
	if c.BaseURL == "" {
		c.BaseURL = e.BaseURL
	}
	return c
}
