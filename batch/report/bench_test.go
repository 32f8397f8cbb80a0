package report_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/batchtest"
	"github.com/citeloop/citeloop/batch/report"
	"github.com/citeloop/citeloop/contract"
)

// BenchmarkWriteMemory writes the report of a folder of 1,000 then 10,000
// verified leads and reports the peak heap (HeapAlloc sampled every 2 ms,
// garbage included) and peak live heap of each, and their ratios, side by
// side with the whole report built and rendered in memory (the baseline:
// what Write did before it streamed). A batch writes its report as its last step, so this
// is part of a nightly process's peak.
//
//	go test -run '^$' -bench WriteMemory -benchtime 1x ./batch/report
func BenchmarkWriteMemory(b *testing.B) {
	small, large := folder(b, 1000), folder(b, 10000)
	for _, tt := range []struct {
		name string
		run  func(dir string) error
	}{
		// What Write did before it streamed: build the whole report, then
		// each file in memory.
		{"whole-baseline", func(dir string) error {
			r, err := report.Build(dir, time.Now())
			if err != nil {
				return err
			}
			if _, err := json.MarshalIndent(r, "", "  "); err != nil {
				return err
			}
			_, err = report.HTML(r)
			return err
		}},
		{"write", func(dir string) error { _, err := report.Write(dir, time.Now()); return err }},
	} {
		b.Run(tt.name, func(b *testing.B) {
			for range b.N {
				s, l := peak(b, small, tt.run), peak(b, large, tt.run)
				batchtest.ReportGrowth(b, "heap", float64(s.Heap), float64(l.Heap))
				batchtest.ReportGrowth(b, "live", float64(s.Live), float64(l.Live))
			}
		})
	}
}

// peak runs fn on dir and returns the most heap it held.
func peak(b *testing.B, dir string, fn func(string) error) batchtest.Memory {
	m, err := batchtest.PeakMemory(2*time.Millisecond, func() error { return fn(dir) })
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// folder writes a batch folder of n verified leads, each with its
// outcome.json and a small brief, and its summary.json.
func folder(b *testing.B, n int) string {
	dir := b.TempDir()
	outcomes := make([]batch.Record, n)
	for i := range outcomes {
		outcomes[i] = batch.Record{Key: fmt.Sprintf("L%05d", i), Outcome: contract.Outcome{Reason: contract.Verified, Detail: "all verified", Metrics: contract.Metrics{Iterations: []contract.Iteration{{}}}}, Attempts: 1, Files: map[string][]byte{"brief.md": []byte("# brief\n")}}
	}
	writeRun(b, dir, "bench", "", 0, outcomes)
	return dir
}
