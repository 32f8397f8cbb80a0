package engine

import (
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

// Publish is brief.Publish of o, logging the brief it wrote.
func (b *Briefer) Publish(dir string, o Outcome, report bool) (brief.Published, error) {
	p, err := Publish(dir, o, report)
	if err == nil && o.Reason == contract.Verified {
		v := o.Result.Verdict
		b.log.Info("brief written", zap.String("lead", o.Lead.ID), zap.Int("files", len(p.Paths)), zap.Int("claims", v.Claims), zap.Int("citations", v.Citations))
	}
	return p, err
}

// Publish writes an outcome into dir (see brief.Publish).
func Publish(dir string, o Outcome, report bool) (brief.Published, error) {
	res := o.Result
	res.Reason = o.Reason
	return brief.Publish(dir, res, o.Files, report)
}
