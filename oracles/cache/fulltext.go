package cache

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/oracles"
)

// fullTextSchema keeps full texts by content hash (one copy of a body
// however many ids or oracles name it) and, per oracle identity and id,
// which body was fetched when.
const fullTextSchema = `
CREATE TABLE IF NOT EXISTS fulltext_bodies (
	hash TEXT PRIMARY KEY,
	body BLOB NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS fulltext_ids (
	identity  TEXT    NOT NULL,
	id        TEXT    NOT NULL,
	hash      TEXT    NOT NULL,
	stored_at INTEGER NOT NULL,
	PRIMARY KEY (identity, id)
) WITHOUT ROWID;`

// PutFullText stores a full text's body under its content hash
// (oracles.ContentHash) and returns the hash.
func (s *Store) PutFullText(ctx context.Context, body []byte) (string, error) {
	h := oracles.ContentHash(body)
	if _, err := s.db.ExecContext(ctx, `INSERT INTO fulltext_bodies (hash, body) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING`, h, body); err != nil {
		return "", fmt.Errorf("cache: write full text %s: %w", s.path, err)
	}
	return h, nil
}

// FullTextByHash returns the stored body with this content hash; ok is
// false when the store has none.
func (s *Store) FullTextByHash(ctx context.Context, hash string) (body []byte, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT body FROM fulltext_bodies WHERE hash = ?`, hash).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cache: read full text %s: %w", s.path, err)
	}
	return body, true, nil
}

func (s *Store) putFullTextID(ctx context.Context, identity, id, hash string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO fulltext_ids (identity, id, hash, stored_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (identity, id) DO UPDATE SET hash = excluded.hash, stored_at = excluded.stored_at`, identity, id, hash, at.UnixMilli())
	if err != nil {
		return fmt.Errorf("cache: write full text id %s: %w", s.path, err)
	}
	return nil
}

func (s *Store) fullTextID(ctx context.Context, identity, id string) (hash string, at time.Time, ok bool, err error) {
	var ms int64
	err = s.db.QueryRowContext(ctx, `SELECT hash, stored_at FROM fulltext_ids WHERE identity = ? AND id = ?`, identity, id).Scan(&hash, &ms)
	if errors.Is(err, sql.ErrNoRows) {
		return "", time.Time{}, false, nil
	}
	if err != nil {
		return "", time.Time{}, false, fmt.Errorf("cache: read full text id %s: %w", s.path, err)
	}
	return hash, time.UnixMilli(ms).UTC(), true, nil
}

// FullTexts is a caching oracles.FullTexter: a full text fetched within
// TTL is served again from memory or the store, by content hash; every
// answer carries its hash (oracles.FullText.Hash). "No full text" and
// outages are never cached: the next run asks again.
type FullTexts struct {
	inner    oracles.FullTexter
	name     string
	identity string
	store    *Store
	ttl      time.Duration
	now      func() time.Time
	log      *zap.Logger

	mu  sync.Mutex
	mem map[string]oracles.FullText
	// order is mem's ids, oldest first: mem holds at most memFullTexts
	// bodies, so a long batch does not keep every article it read.
	order []string
}

// memFullTexts is how many full texts a FullTexts keeps in memory; the
// store keeps the rest.
const memFullTexts = 16

var _ oracles.FullTexter = (*FullTexts)(nil)

// WrapFullText caches the full texts of o, keyed by its identity
// (oracles.IdentityOf); ok is false when o serves none. Options.Store, TTL,
// Now and Logger are used; Dir is not.
func WrapFullText(o oracles.Oracle, opts Options) (c *FullTexts, ok bool) {
	ft, ok := o.(oracles.FullTexter)
	if !ok {
		return nil, false
	}
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	return &FullTexts{inner: ft, name: o.Name(), identity: oracles.IdentityOf(o), store: opts.Store, ttl: opts.TTL, now: opts.Now,
		log: opts.Logger, mem: map[string]oracles.FullText{}}, true
}

// FullText returns the full text of id, from the cache when it holds one
// fetched within TTL.
func (c *FullTexts) FullText(ctx context.Context, id string) (oracles.FullText, error) {
	c.mu.Lock()
	ft, ok := c.mem[id]
	c.mu.Unlock()
	if ok {
		return ft, nil
	}
	if c.store != nil {
		if hash, at, ok, err := c.store.fullTextID(ctx, c.identity, id); err != nil {
			c.log.Warn("full-text cache read failed", zap.Error(err))
		} else if ok && c.now().Sub(at) < c.ttl {
			if body, ok, err := c.store.FullTextByHash(ctx, hash); err == nil && ok {
				ft := oracles.FullText{ID: id, Body: body, Hash: hash, Oracle: c.name}
				c.remember(id, ft)
				return ft, nil
			}
		}
	}
	ft, err := c.inner.FullText(ctx, id)
	if err != nil {
		return oracles.FullText{}, err
	}
	ft.Hash = oracles.ContentHash(ft.Body)
	if c.store != nil {
		if _, err := c.store.PutFullText(ctx, ft.Body); err != nil {
			c.log.Warn("full-text cache write failed", zap.Error(err))
		} else if err := c.store.putFullTextID(ctx, c.identity, id, ft.Hash, c.now()); err != nil {
			c.log.Warn("full-text cache write failed", zap.Error(err))
		}
	}
	c.remember(id, ft)
	return ft, nil
}

// ByHash returns a full text's body by its content hash, from memory or
// the store.
func (c *FullTexts) ByHash(ctx context.Context, hash string) ([]byte, bool) {
	c.mu.Lock()
	for _, ft := range c.mem {
		if ft.Hash == hash {
			c.mu.Unlock()
			return ft.Body, true
		}
	}
	c.mu.Unlock()
	if c.store == nil {
		return nil, false
	}
	b, ok, err := c.store.FullTextByHash(ctx, hash)
	if err != nil {
		c.log.Warn("full-text cache read failed", zap.Error(err))
	}
	return b, ok
}

func (c *FullTexts) remember(id string, ft oracles.FullText) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.mem[id]; !ok {
		c.order = append(c.order, id)
	}
	c.mem[id] = ft
	for len(c.order) > memFullTexts {
		delete(c.mem, c.order[0])
		c.order = c.order[1:]
	}
}
