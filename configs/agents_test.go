package configs

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestAgentsDefaultsValid(t *testing.T) {
	if err := DefaultAgents().Validate(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
}

func TestAgentsValidateNamesKey(t *testing.T) {
	tests := []struct {
		name    string
		give    func(*Agents)
		wantKey string
	}{
		{"zero timeout", func(a *Agents) { a.Timeout = 0 }, "agents.timeout"},
		{"no attempt", func(a *Agents) { a.MaxAttempts = 0 }, "agents.max_attempts"},
		{"too many attempts", func(a *Agents) { a.MaxAttempts = 50 }, "agents.max_attempts"},
		{"no writer model", func(a *Agents) { a.Writer.Model = "" }, "agents.writer.model"},
		{"bad skeptic base url", func(a *Agents) { a.Skeptic.BaseURL = "localhost:11434" }, "agents.skeptic.base_url"},
		{"negative tokens", func(a *Agents) { a.Writer.MaxOutputTokens = -1 }, "agents.writer.max_output_tokens"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := DefaultAgents()
			tt.give(&a)
			err := a.Validate()
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), tt.wantKey) {
				t.Errorf("error %q does not name %s", err, tt.wantKey)
			}
		})
	}
}

func TestAgentsDecode(t *testing.T) {
	tests := []struct {
		name    string
		give    string
		want    Agents
		wantErr string
	}{
		{
			name: "override over defaults",
			give: "agents:\n  timeout: 45s\n  writer:\n    provider: openai\n    model: qwen2.5:7b\n    base_url: http://127.0.0.1:11434/v1\n  skeptic:\n    model: gemini-2.5-pro\n",
			want: func() Agents {
				a := DefaultAgents()
				a.Timeout = 45 * time.Second
				a.Writer.Provider, a.Writer.Model, a.Writer.BaseURL = "openai", "qwen2.5:7b", "http://127.0.0.1:11434/v1"
				a.Skeptic.Model = "gemini-2.5-pro"
				return a
			}(),
		},
		{name: "unknown key", give: "agents:\n  writer:\n    temperature: 0.7\n", wantErr: "temperature"},
		{name: "bad duration", give: "agents:\n  timeout: soon\n", wantErr: "line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Default()
			err := Decode([]byte(tt.give), &cfg)
			if tt.wantErr != "" {
				if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got %v, want ErrInvalid naming %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, cfg.Agents); diff != "" {
				t.Errorf("agents (-want +got):\n%s", diff)
			}
			if err := cfg.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
		})
	}
}

// A provider name is the registry's to check (engine.New): a program may
// register its own, so the section accepts any.
func TestAgentsValidateLeavesProvidersToTheRegistry(t *testing.T) {
	a := DefaultAgents()
	a.Writer.Provider, a.Skeptic.Provider = "lab", ""
	if err := a.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}
