package configs

import (
	"errors"
	"strings"
	"testing"
)

func TestCollectDefaultsValid(t *testing.T) {
	if err := DefaultCollect().Validate(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
}

func TestCollectValidateNamesKey(t *testing.T) {
	tests := []struct {
		name    string
		give    func(*Collect)
		wantKey string
	}{
		{"min zero", func(c *Collect) { c.MinSources = 0 }, "collect.min_sources"},
		{"max below min", func(c *Collect) { c.MaxSources = 2 }, "collect.max_sources"},
		{"tiny abstract", func(c *Collect) { c.MaxAbstractChars = 10 }, "collect.max_abstract_chars"},
		{"total below abstract", func(c *Collect) { c.MaxTotalChars = 1000 }, "collect.max_total_chars"},
		{"fetch below max", func(c *Collect) { c.FetchLimit = 5 }, "collect.fetch_limit"},
		{"fetch huge", func(c *Collect) { c.FetchLimit = 100000 }, "collect.fetch_limit"},
		{"no searcher", func(c *Collect) { c.Search = "" }, "collect.search"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := DefaultCollect()
			tt.give(&c)
			err := c.Validate()
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), tt.wantKey) {
				t.Errorf("error %q does not name %s", err, tt.wantKey)
			}
		})
	}
}

func TestCollectDecode(t *testing.T) {
	tests := []struct {
		name    string
		give    string
		want    Collect
		wantErr string
	}{
		{
			name: "overrides",
			give: "collect:\n  max_abstract_chars: 900\n  fetch_limit: 50\n  include_retracted: true\n",
			want: Collect{MinSources: 3, MaxSources: 12, MaxAbstractChars: 900, MaxTotalChars: 16000, FetchLimit: 50, IncludeRetracted: true, Search: "europepmc", FullTextTop: 3, MaxPassages: 3, MaxPassageChars: 700},
		},
		{
			name: "another searcher",
			give: "collect:\n  search: openalex\n",
			want: Collect{MinSources: 3, MaxSources: 12, MaxAbstractChars: 1500, MaxTotalChars: 16000, FetchLimit: 100, Search: "openalex", FullTextTop: 3, MaxPassages: 3, MaxPassageChars: 700},
		},
		{name: "unknown key", give: "collect:\n  max_abstracts: 3\n", wantErr: "max_abstracts"},
		{name: "wrong type", give: "collect:\n  include_retracted: often\n", wantErr: "line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Default()
			err := Decode([]byte(tt.give), &cfg)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got %v, want an error naming %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Collect != tt.want {
				t.Errorf("got %+v, want %+v", cfg.Collect, tt.want)
			}
		})
	}
}
