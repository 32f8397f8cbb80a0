package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

var sourcesFile = filepath.Join("..", "..", "testdata", "europepmc", "pyEuropePMC__search_cancer_core.json")

func TestBriefModelFlagsSayWhatIsMissing(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		args    []string
		want    []string
		notWant []string
	}{
		{
			name: "no key at all",
			want: []string{"writer (gemini gemini-2.5-flash) needs GEMINI_API_KEY", "skeptic (gemini gemini-2.5-flash) needs GEMINI_API_KEY", "--offline"},
		},
		{
			name:    "openai skeptic without key",
			env:     map[string]string{"GEMINI_API_KEY": "k"},
			args:    []string{"--skeptic-provider", "openai", "--skeptic-model", "qwen2.5:7b"},
			want:    []string{"skeptic (openai qwen2.5:7b) needs OPENAI_API_KEY"},
			notWant: []string{"writer"},
		},
		{
			name: "vertex without project",
			env:  map[string]string{"GOOGLE_GENAI_USE_VERTEXAI": "true", "GOOGLE_CLOUD_LOCATION": "us-central1"},
			want: []string{"GOOGLE_CLOUD_PROJECT"},
		},
		{name: "unknown provider", env: map[string]string{"GEMINI_API_KEY": "k"}, args: []string{"--writer-provider", "claude"}, want: []string{"agents.writer.provider"}},
		{name: "negative timeout", env: map[string]string{"GEMINI_API_KEY": "k"}, args: []string{"--model-timeout", "-1s"}, want: []string{"agents.timeout"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, _ := testApp(tt.env)
			args := append([]string{"brief", "--sources", sourcesFile, "--topic", "cancer", "--out", t.TempDir()}, tt.args...)
			err := runApp(context.Background(), a, args)
			if code := exitCode(err); code != exitUsage {
				t.Fatalf("exit = %d (%v), want %d", code, err, exitUsage)
			}
			if !errors.Is(err, configs.ErrInvalid) {
				t.Errorf("error does not wrap configs.ErrInvalid: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(err.Error(), w) {
					t.Errorf("error %q mentions %q", err, w)
				}
			}
		})
	}
}

// fakeGemini serves generateContent for two models: the writer cites the
// first two sources of its prompt verbatim, the skeptic has no objection.
type fakeGemini struct {
	mu     sync.Mutex
	models []string
	keys   []string
}

var sourceRE = regexp.MustCompile(`<source id="[^"]+" doi="([^"]+)">\n([\s\S]*?)\n</source>`)

func (f *fakeGemini) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	model := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v1beta/models/"), ":generateContent")
	f.mu.Lock()
	f.models = append(f.models, model)
	f.keys = append(f.keys, r.Header.Get("x-goog-api-key"))
	f.mu.Unlock()
	var req struct {
		Contents []struct {
			Parts []struct{ Text string } `json:"parts"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Contents) == 0 {
		http.Error(w, `{"error":{"code":400,"status":"INVALID_ARGUMENT"}}`, http.StatusBadRequest)
		return
	}
	text := `{"objections":[]}`
	if model == "M1" {
		var claims []contract.Claim
		for i, m := range sourceRE.FindAllStringSubmatch(req.Contents[0].Parts[0].Text, 2) {
			claims = append(claims, contract.Claim{ID: "C" + string(rune('1'+i)), Text: "A finding.", Citations: []contract.Citation{{DOI: m[1], Quote: cleanWords(m[2], 8)}}})
		}
		d, _ := json.Marshal(contract.Draft{Title: "Cancer", Sections: []contract.Section{{Heading: "Findings", Claims: claims}}})
		text = string(d)
	}
	resp, _ := json.Marshal(map[string]any{
		"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}}, "finishReason": "STOP"}},
		"usageMetadata": map[string]any{"promptTokenCount": len(body) / 4, "candidatesTokenCount": len(text) / 4},
	})
	w.Header().Set("Content-Type", "application/json")
	w.Write(resp)
}

// cleanWords returns the first n consecutive words of s without markup.
func cleanWords(s string, n int) string {
	words := strings.Fields(s)
	for i := 0; i+n <= len(words); i++ {
		q := strings.Join(words[i:i+n], " ")
		if !strings.ContainsAny(q, "<>") && strings.Contains(s, q) {
			return q
		}
	}
	return ""
}

func TestBriefWithFakeGeminiEndToEnd(t *testing.T) {
	const key = "AIza-cli-secret-key-0123456789"
	fake := &fakeGemini{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	a, stdout, stderr := testApp(map[string]string{"GOOGLE_GEMINI_BASE_URL": srv.URL, "GEMINI_API_KEY": key})
	corpus, err := snapshot.LoadFile(sourcesFile)
	if err != nil {
		t.Fatal(err)
	}
	a.registry = func() (*oracles.Registry, error) {
		r := oracles.NewRegistry()
		return r, r.Register("europepmc", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return snapshot.NewOracle(corpus), nil }))
	}
	out := t.TempDir()
	err = runApp(context.Background(), a, []string{"--log-format", "json", "brief", "--sources", sourcesFile, "--topic", "cancer",
		"--writer-model", "M1", "--skeptic-model", "M2", "--model-timeout", "5s", "--out", out})
	if code := exitCode(err); code != exitOK {
		t.Fatalf("exit %d (%v)\nstdout: %s\nstderr: %s", code, err, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "brief.md")); err != nil {
		t.Errorf("no brief written: %v", err)
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	if strings.Join(fake.models, ",") != "M1,M2" {
		t.Errorf("models called = %v, want [M1 M2]", fake.models)
	}
	for _, k := range fake.keys {
		if k != key {
			t.Errorf("x-goog-api-key = %q, want the env key", k)
		}
	}
	if strings.Contains(stderr.String(), key) || strings.Contains(stdout.String(), key) {
		t.Error("the API key appears in the CLI output")
	}
	if !strings.Contains(stderr.String(), `"model":"M1"`) || !strings.Contains(stderr.String(), `"prompt_tokens"`) {
		t.Errorf("model calls are not logged with model and tokens: %s", stderr)
	}
}
