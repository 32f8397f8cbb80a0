package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"

	"github.com/citeloop/citeloop/contract"
)

// Pending counts only the lead jobs of the run that have no outcome: not
// finished ones, not those of other runs, and not other kinds of job, even
// one that carries the run's tag.
func TestPendingCountsOnlyTheRunsUnfinishedLeads(t *testing.T) { stores(t, testPending) }

func testPending(t *testing.T, open func(testing.TB) *Store) {
	ctx := context.Background()
	s := open(t)
	e, err := New(s, Config{})
	if err != nil {
		t.Fatal(err)
	}
	seedJobs(t, s, "night1", rivertype.JobStateCompleted, 3, jobKind, 10)
	seedJobs(t, s, "night2", rivertype.JobStateAvailable, 4, jobKind, 0)
	seedJobs(t, s, "night2", rivertype.JobStateRetryable, 2, jobKind, 0)
	seedJobs(t, s, "night2", rivertype.JobStateCompleted, 5, jobKind, 10)
	seedJobs(t, s, "night2", rivertype.JobStateDiscarded, 1, jobKind, 0)
	seedJobs(t, s, "night2", rivertype.JobStateAvailable, 7, "citeloop_other", 0)
	seedJobs(t, s, "night3", rivertype.JobStateRunning, 1, jobKind, 0)
	// More than a page of River's job list: counted, not listed.
	seedJobs(t, s, "night4", rivertype.JobStateScheduled, 1200, jobKind, 0)
	seedJobs(t, s, "night4", rivertype.JobStatePending, 300, jobKind, 0)
	// A tag that contains the run's tag is not the run's tag.
	seedJobs(t, s, "night2x", rivertype.JobStateAvailable, 2, jobKind, 0)
	for _, tc := range []struct {
		give string
		want int
	}{
		{give: "night1", want: 0},
		{give: "night2", want: 6},
		{give: "night3", want: 1},
		{give: "night4", want: 1500},
		{give: "", want: 1509},
		{give: "no-such-night", want: 0},
	} {
		got, err := e.Pending(ctx, tc.give)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("Pending(%q) = %d, want %d", tc.give, got, tc.want)
		}
	}
}

// seedJobs writes n jobs of run in state straight into the queue, each
// finished one with an outcome carrying outKB kilobytes of files.
func seedJobs(t testing.TB, s *Store, run string, state rivertype.JobState, n int, kind string, outKB int) {
	t.Helper()
	now := time.Now().UTC()
	p := &riverdriver.JobInsertFullManyParams{}
	for i := range n {
		key := fmt.Sprintf("%s-%s-%s-%d", run, kind, state, i)
		args, err := json.Marshal(LeadArgs{Run: run, Key: key})
		if err != nil {
			t.Fatal(err)
		}
		meta := []byte("{}")
		var finalized *time.Time
		switch state {
		case rivertype.JobStateCompleted, rivertype.JobStateCancelled, rivertype.JobStateDiscarded:
			finalized = &now
			out, err := json.Marshal(map[string]Record{rivertype.MetadataKeyOutput: {Key: key, Outcome: contract.Outcome{Reason: contract.Verified},
				Files: map[string][]byte{"brief.md": make([]byte, outKB<<10)}}})
			if err != nil {
				t.Fatal(err)
			}
			meta = out
		}
		var attempted *time.Time
		if state == rivertype.JobStateRunning {
			attempted = &now
		}
		p.Jobs = append(p.Jobs, &riverdriver.JobInsertFullParams{
			Attempt: 1, AttemptedAt: attempted, EncodedArgs: args, FinalizedAt: finalized, Kind: kind,
			MaxAttempts: 5, Metadata: meta, Priority: 1, Queue: river.QueueDefault, ScheduledAt: &now,
			State: state, Tags: []string{runTag(run), leadTag(key), sourceTag("leads.yaml")},
		})
	}
	for start := 0; start < len(p.Jobs); start += 500 {
		part := &riverdriver.JobInsertFullManyParams{Jobs: p.Jobs[start:min(start+500, len(p.Jobs))]}
		if _, err := s.executor.JobInsertFullMany(context.Background(), part); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkPending asks how many leads of tonight's run (1,000 waiting) are
// pending, in a queue that also holds earlier nights' finished leads with
// 50 KB outcomes, side by side with the job listing Wait used to make
// (naming the job kind). Wait asks this every poll, on the connection
// River's fetches and completions share.
//
//	go test -run '^$' -bench Pending ./batch
func BenchmarkPending(b *testing.B) {
	for _, db := range []struct {
		name string
		open func(testing.TB) *Store
	}{{"sqlite", openTestSQLite}, {"postgres", openTestPostgres}} {
		for _, finished := range []int{1000, 10000} {
			s := db.open(b)
			e, err := New(s, Config{})
			if err != nil {
				b.Fatal(err)
			}
			seedJobs(b, s, "earlier", rivertype.JobStateCompleted, finished, jobKind, 50)
			seedJobs(b, s, "tonight", rivertype.JobStateAvailable, 1000, jobKind, 0)
			ctx := context.Background()
			b.Run(fmt.Sprintf("%s/finished-%d/by-kind-baseline", db.name, finished), func(b *testing.B) {
				for b.Loop() {
					res, err := e.client.JobList(ctx, river.NewJobListParams().Kinds(jobKind).States(unfinished...).
						TagsAll(runTag("tonight")).First(1000))
					if err != nil || len(res.Jobs) != 1000 {
						b.Fatalf("%d pending, %v", len(res.Jobs), err)
					}
				}
			})
			b.Run(fmt.Sprintf("%s/finished-%d/pending", db.name, finished), func(b *testing.B) {
				for b.Loop() {
					if n, err := e.Pending(ctx, "tonight"); err != nil || n != 1000 {
						b.Fatalf("%d pending, %v", n, err)
					}
				}
			})
		}
	}
}
