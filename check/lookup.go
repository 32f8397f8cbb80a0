package check

import (
	"context"
	"maps"
	"sync"

	"github.com/citeloop/citeloop/oracles"
)

// Chunking of a check's lookups: chunks are what Progress counts. Several
// chunks are in flight at once so the oracle's own batching, burst and rate
// limit, not the chunking, set the pace.
const (
	checkChunk    = 200
	checkParallel = 4
)

// lookupChunks asks oracle about dois in chunks, checkParallel at a time,
// calling answered with the size of each chunk answered. A missing answer
// stays missing (the caller reads it as unknown).
func lookupChunks(ctx context.Context, oracle oracles.Oracle, dois []string, answered func(n int)) map[string]oracles.Result {
	answers := map[string]oracles.Result{}
	if len(dois) == 0 {
		return answers
	}
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		slots = make(chan struct{}, checkParallel)
	)
	for start := 0; start < len(dois); start += checkChunk {
		chunk := dois[start:min(start+checkChunk, len(dois))]
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			got := oracle.Lookup(ctx, chunk)
			mu.Lock()
			defer mu.Unlock()
			maps.Copy(answers, got)
			answered(len(chunk))
		})
	}
	wg.Wait()
	return answers
}
