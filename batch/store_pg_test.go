package batch

import (
	"context"
	"sync"
	"testing"

	"github.com/citeloop/citeloop/batch/batchtest"
)

// Machines that start at once on an empty PostgreSQL database migrate it
// one after the other: every one opens it, none fails on a race in
// PostgreSQL's catalog.
func TestOpenPostgresConcurrentlyOnAnEmptyDatabase(t *testing.T) {
	url := batchtest.PostgresURL(t)
	const machines = 6
	var wg sync.WaitGroup
	errs := make([]error, machines)
	stores := make([]*Store, machines)
	start := make(chan struct{})
	for i := range machines {
		wg.Go(func() {
			<-start
			stores[i], errs[i] = OpenPostgres(context.Background(), url)
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("machine %d: %v", i, err)
			continue
		}
		stores[i].Close()
	}
}
