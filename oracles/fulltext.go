package oracles

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
)

// FullTexter is an optional capability: an oracle that serves the full
// text of open-access articles (Europe PMC's fullTextXML). Callers find it
// by type assertion, so collection needs no backend of its own.
type FullTexter interface {
	// FullText returns the article's full text as the service sends it
	// (JATS XML for Europe PMC), for the record's id in the service
	// (a PMCID for Europe PMC). An answer that says there is no usable
	// full text wraps ErrNoFullText; a service that could not answer
	// wraps ErrUnavailable. Either way the full text is "not checked",
	// never "quote absent".
	FullText(ctx context.Context, id string) (FullText, error)
}

// FullText is one article's full text as a service sent it.
type FullText struct {
	// ID is the id it was fetched by.
	ID string
	// Body is the response body.
	Body []byte
	// Oracle names the service.
	Oracle string
	// Hash is the body's content hash (ContentHash), the key a cache keeps
	// it by; empty until a cache or the caller sets it.
	Hash string
}

// ContentHash is "sha256:" and the hex SHA-256 of body: a full text's key
// in the oracle cache and in the ledger.
func ContentHash(body []byte) string {
	sum := sha256.Sum256(body)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// ErrNoFullText is wrapped by every answer that says an article has no
// full text to check: Europe PMC's 404 for records outside the open-access
// subset, its 500 with a JSON body for author manuscripts, 403.
var ErrNoFullText = errors.New("no full text")
