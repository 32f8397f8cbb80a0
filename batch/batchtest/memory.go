package batchtest

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
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
