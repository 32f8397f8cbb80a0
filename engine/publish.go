package engine

import (
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

// Publish is brief.Publish of what RunLead returned, logging the brief it
// wrote.
func (b *Briefer) Publish(dir string, res pipeline.Result, files []brief.File, report bool) (brief.Published, error) {
	p, err := brief.Publish(dir, res, files, report)
	if err == nil && res.Reason == contract.Verified {
		v := res.Verdict
		b.log.Info("brief written", zap.String("lead", res.Lead.ID), zap.Int("files", len(p.Paths)), zap.Int("claims", v.Claims), zap.Int("citations", v.Citations))
	}
	return p, err
}
