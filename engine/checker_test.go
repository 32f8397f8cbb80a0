package engine_test

import (
	"context"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/engine"
)

// checkDocs builds e's checker for o and checks docs with it.
func checkDocs(e *engine.Engine, o engine.CheckOptions, docs ...check.Document) (check.Report, error) {
	c, err := e.Checker(o)
	if err != nil {
		return check.Report{}, err
	}
	return c.Check(context.Background(), docs), nil
}
