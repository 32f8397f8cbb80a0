package batchtest

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"testing"
	"time"
)

// Memory is the most heap a function held while it ran.
type Memory struct {
	// Heap is the highest HeapAlloc seen, garbage included; Live the
	// highest live heap as of a GC, what the function held. HeapAt and
	// LiveAt say when each came, from the start.
	Heap, Live     uint64
	HeapAt, LiveAt time.Duration
}

// PeakMemory frees the heap (and returns freed memory to the OS, so each
// measure starts alike), runs fn while sampling the heap every interval,
// and returns the peaks and fn's error. Memory benchmarks compare these
// peaks between sizes; no test asserts on them.
func PeakMemory(interval time.Duration, fn func() error) (Memory, error) {
	debug.FreeOSMemory()
	var m Memory
	start := time.Now()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var ms runtime.MemStats
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > m.Heap {
				m.Heap, m.HeapAt = ms.HeapAlloc, time.Since(start)
			}
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > m.Live {
				m.Live, m.LiveAt = v, time.Since(start)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	})
	err := fn()
	close(stop)
	wg.Wait()
	return m, err
}

// ReportGrowth reports a quantity of bytes measured at 1,000 and at 10,000
// leads, in MB, and their ratio, as the metrics name-MB-1k, name-MB-10k and
// name-ratio: memory that does not grow with the leads has a ratio near 1.
func ReportGrowth(b *testing.B, name string, at1k, at10k float64) {
	b.ReportMetric(at1k/(1<<20), name+"-MB-1k")
	b.ReportMetric(at10k/(1<<20), name+"-MB-10k")
	b.ReportMetric(at10k/at1k, name+"-ratio")
}
