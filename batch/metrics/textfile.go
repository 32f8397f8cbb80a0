package metrics

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/citeloop/citeloop/internal/atomicfile"
)

// A cron batch is scraped after it ended: node_exporter's textfile
// collector reads *.prom files from a folder at each scrape, so a batch
// leaves its final series in one (--metrics-textfile). The file holds the
// citeloop_ series only: the Go and process series would be the collector's
// own names for another process.

// SeedFromTextfile sets the last-success time from the textfile at path,
// which an earlier run wrote, so a run that fails keeps reporting when the
// last one succeeded (the file is rewritten whole each time). A missing
// file is no error: nothing succeeded yet.
func (m *Metrics) SeedFromTextfile(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("metrics textfile: %w", err)
	}
	defer f.Close()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(bufio.NewReader(f))
	if err != nil {
		return fmt.Errorf("metrics textfile %s: %w", path, err)
	}
	if fam, ok := fams[LastSuccessMetric]; ok && len(fam.GetMetric()) == 1 && fam.GetMetric()[0].GetGauge() != nil {
		m.lastSuccess.Set(fam.GetMetric()[0].GetGauge().GetValue())
	}
	return nil
}

// WriteTextfile writes the citeloop_ series to path atomically (a
// temporary file renamed into place, so the collector never reads half a
// file), in the Prometheus text format.
func (m *Metrics) WriteTextfile(path string) error {
	fams, err := m.reg.Gather()
	if err != nil {
		return fmt.Errorf("metrics textfile: %w", err)
	}
	err = atomicfile.Write(path, func(w io.Writer) error {
		enc := expfmt.NewEncoder(w, expfmt.NewFormat(expfmt.TypeTextPlain))
		for _, fam := range fams {
			if !strings.HasPrefix(fam.GetName(), "citeloop_") {
				continue
			}
			if err := enc.Encode(fam); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("metrics textfile: %w", err)
	}
	return nil
}
