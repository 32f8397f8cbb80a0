package configs

import (
	"errors"
	"strings"
	"testing"
)

func TestAgentsSeedMustFit32Bits(t *testing.T) {
	cfg := Default()
	cfg.Agents.Seed = 1 << 40
	err := cfg.Validate()
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "agents.seed") {
		t.Errorf("Validate() = %v, want an error naming agents.seed", err)
	}
}
