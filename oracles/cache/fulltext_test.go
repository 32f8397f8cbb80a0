package cache_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
)

// fullTextOracle serves one body per id and counts what it is asked.
type fullTextOracle struct {
	bodies map[string]string
	asked  int
}

func (o *fullTextOracle) Name() string { return "ft" }

func (o *fullTextOracle) Lookup(context.Context, []string) map[string]oracles.Result { return nil }

func (o *fullTextOracle) FullText(_ context.Context, id string) (oracles.FullText, error) {
	o.asked++
	b, ok := o.bodies[id]
	if !ok {
		return oracles.FullText{}, fmt.Errorf("ft: %w", oracles.ErrNoFullText)
	}
	return oracles.FullText{ID: id, Body: []byte(b), Oracle: "ft"}, nil
}

// TestFullTextCache: a full text is kept by content hash, once however
// many ids name it, served again within TTL from memory and from the store
// by a new process; "no full text" is never cached; an oracle serving no
// full text cannot be wrapped.
func TestFullTextCache(t *testing.T) {
	dir := t.TempDir()
	store, err := cache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	o := &fullTextOracle{bodies: map[string]string{"PMC1": "<article>one</article>", "PMC2": "<article>one</article>"}}
	c, ok := cache.WrapFullText(o, cache.Options{Store: store, TTL: time.Hour, Now: clock})
	if !ok {
		t.Fatal("not wrapped")
	}
	ctx := context.Background()
	a, err := c.FullText(ctx, "PMC1")
	if err != nil || a.Hash != oracles.ContentHash([]byte("<article>one</article>")) {
		t.Fatalf("%+v, %v", a, err)
	}
	if b, _ := c.FullText(ctx, "PMC2"); b.Hash != a.Hash {
		t.Errorf("same body, hashes %s and %s", a.Hash, b.Hash)
	}
	c.FullText(ctx, "PMC1")
	if o.asked != 2 {
		t.Errorf("asked %d times, want 2 (PMC1 once, PMC2 once)", o.asked)
	}
	for range 2 {
		if _, err := c.FullText(ctx, "PMC404"); !errors.Is(err, oracles.ErrNoFullText) {
			t.Errorf("PMC404: %v", err)
		}
	}
	if o.asked != 4 {
		t.Errorf("no full text was cached: asked %d times, want 4", o.asked)
	}
	// Another process, same store: served from disk, by hash too.
	c2, _ := cache.WrapFullText(o, cache.Options{Store: store, TTL: time.Hour, Now: clock})
	if got, err := c2.FullText(ctx, "PMC1"); err != nil || string(got.Body) != "<article>one</article>" || got.Oracle != "ft" {
		t.Errorf("from the store: %+v, %v", got, err)
	}
	if body, ok := c2.ByHash(ctx, a.Hash); !ok || string(body) != "<article>one</article>" {
		t.Errorf("ByHash: %q, %v", body, ok)
	}
	if o.asked != 4 {
		t.Errorf("the store was not used: asked %d times", o.asked)
	}
	// Past TTL it is fetched again.
	now = now.Add(2 * time.Hour)
	c3, _ := cache.WrapFullText(o, cache.Options{Store: store, TTL: time.Hour, Now: clock})
	c3.FullText(ctx, "PMC1")
	if o.asked != 5 {
		t.Errorf("past TTL: asked %d times, want 5", o.asked)
	}
	// Memory holds a bounded number of bodies; without a store, an old
	// one is fetched again.
	many := &fullTextOracle{bodies: map[string]string{}}
	for i := range 40 {
		many.bodies[fmt.Sprint("PMC", i)] = fmt.Sprint("<article>", i, "</article>")
	}
	mc, _ := cache.WrapFullText(many, cache.Options{Now: clock})
	for i := range 40 {
		mc.FullText(ctx, fmt.Sprint("PMC", i))
	}
	mc.FullText(ctx, "PMC39")
	mc.FullText(ctx, "PMC0")
	if many.asked != 41 {
		t.Errorf("asked %d times, want 41 (the newest kept, the oldest dropped)", many.asked)
	}
	if _, ok := cache.WrapFullText(plainOracle{}, cache.Options{}); ok {
		t.Error("an oracle without full texts was wrapped")
	}
}

type plainOracle struct{}

func (plainOracle) Name() string                                               { return "plain" }
func (plainOracle) Lookup(context.Context, []string) map[string]oracles.Result { return nil }
