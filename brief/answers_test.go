package brief_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/pipeline"
)

// cachedOracle is oracleOf with every answer served from a cache stored
// at storedAt.
type cachedOracle struct{ storedAt time.Time }

func (cachedOracle) Name() string { return "fake" }
func (c cachedOracle) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	out := oracleOf{}.Lookup(ctx, dois)
	for d, r := range out {
		r.CachedAt = c.storedAt
		out[d] = r
	}
	return out
}

// A brief says how many of the oracle answers the gate relied on came from
// the cache, and how old the oldest was when it checked.
func TestProvenanceShowsTheCachesAge(t *testing.T) {
	res := verified(t, ledger(), oracleOf{}, good)
	stored := res.Verdict.CheckedAt.Add(-50 * time.Hour)
	cached := verified(t, ledger(), cachedOracle{storedAt: stored}, good)
	for _, tt := range []struct {
		name string
		give []brief.File
		want string
	}{
		{"fresh", mustAssemble(t, res), "Oracle answers: 2, all asked at the time of checking"},
		{"cached", mustAssemble(t, cached), "Oracle answers: 2, 2 from the cache (the oldest stored " + stored.UTC().Format(time.RFC3339) + ", 2d 2h before checking)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, f := range tt.give {
				if f.Name == "brief.md" && !strings.Contains(string(f.Data), tt.want) {
					t.Errorf("brief.md lacks %q:\n%s", tt.want, f.Data)
				}
				if f.Name == "brief.json" && tt.name == "cached" && !strings.Contains(string(f.Data), `"oldest_stored_at": "`+stored.UTC().Format(time.RFC3339Nano)+`"`) {
					t.Errorf("brief.json lacks the oldest stored time")
				}
			}
		})
	}
}

func mustAssemble(t *testing.T, res pipeline.Result) []brief.File {
	t.Helper()
	files, err := brief.Assemble([]brief.Format{brief.Markdown, brief.JSON}, res)
	if err != nil {
		t.Fatal(err)
	}
	return files
}
