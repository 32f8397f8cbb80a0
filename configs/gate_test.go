package configs_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/configs"
)

func TestGateMinQuoteWords(t *testing.T) {
	cfg, err := configs.Load("citeloop.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Gate != configs.DefaultGate() || cfg.Gate.MinQuoteWords != 5 {
		t.Errorf("example gate section = %+v, want the defaults %+v", cfg.Gate, configs.DefaultGate())
	}
	for _, give := range []int{0, -1, 41} {
		c := configs.Default()
		c.Gate.MinQuoteWords = give
		err := c.Validate()
		if !errors.Is(err, configs.ErrInvalid) || !strings.Contains(err.Error(), "gate.min_quote_words") {
			t.Errorf("min_quote_words %d: err = %v", give, err)
		}
	}
	var c configs.Config
	if err := configs.Decode([]byte("gate:\n  min_quote_words: 7\n"), &c); err != nil || c.Gate.MinQuoteWords != 7 {
		t.Errorf("decode: %v, %+v", err, c.Gate)
	}
}
