package main

import (
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch/report"
)

// writeReport writes report.json and report.html beside summary.json, so
// every run and export leaves a page an operator can open.
func writeReport(a *app, dir string) error {
	r, err := report.Write(dir, time.Now())
	if err != nil {
		return err
	}
	a.logger.Info("report written", zap.String("path", filepath.Join(dir, report.HTMLFile)), zap.Int("leads", r.Totals.Leads))
	return nil
}
