package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/citeloop/citeloop/contract"
)

// filesRunner ends each lead verified with the files given for it.
type filesRunner struct{ files map[string]map[string][]byte }

func (filesRunner) Collect(_ context.Context, l contract.Lead) (contract.Ledger, error) {
	return contract.Ledger{Lead: l, Entries: []contract.Entry{{ID: "S1", DOI: "10.1000/" + l.ID, ContentHash: "h-" + l.ID}}}, nil
}

func (r filesRunner) Run(_ context.Context, l contract.Lead, _ contract.Ledger) (Record, error) {
	return Record{Outcome: contract.Outcome{Reason: contract.Verified, Detail: "all verified"}, Files: r.files[l.ID]}, nil
}

func allBytes() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// runFiles works one run of leads whose outcomes carry files, and returns
// the engine and the run.
func runFiles(t *testing.T, s *Store, files map[string]map[string][]byte) (*Engine, string) {
	t.Helper()
	var ls []contract.Lead
	for _, id := range []string{"A", "B", "C", "D"} {
		ls = append(ls, contract.Lead{ID: id, Topic: "screening"})
	}
	leads, _ := Keys("leads.yaml", ls)
	e, err := New(s, Config{Runner: filesRunner{files}, Concurrency: 2, PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := e.RunBatch(context.Background(), leads, Options{Source: "leads.yaml"})
	if err != nil || sum.Ended != len(leads) {
		t.Fatalf("%d outcomes, %v", sum.Ended, err)
	}
	return e, sum.Run
}

// Each outcome's files come back byte for byte, binary, empty and large
// ones included, while the job's output holds only their digests.
func TestOutcomeFilesRoundTrip(t *testing.T) { stores(t, testOutcomeFilesRoundTrip) }

func testOutcomeFilesRoundTrip(t *testing.T, open func(testing.TB) *Store) {
	ctx := context.Background()
	want := map[string]map[string][]byte{
		"A": {"brief.md": []byte("# A\n"), "ledger.json": []byte(`{"entries":[]}`)},
		"B": {"brief.md": allBytes(), "empty.txt": {}},
		"C": {"brief.md": bytes.Repeat([]byte("x"), 300<<10)},
		"D": nil,
	}
	s := open(t)
	e, run := runFiles(t, s, want)
	got := map[string]map[string][]byte{}
	if err := e.Each(ctx, run, func(o Record) error { got[o.Key] = o.Files; return nil }); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	res, err := e.client.JobList(ctx, river.NewJobListParams().States(rivertype.JobStateCompleted).First(100))
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range res.Jobs {
		var out map[string]json.RawMessage
		if err := json.Unmarshal(j.Output(), &out); err != nil {
			t.Fatal(err)
		}
		if _, inline := out["files"]; inline || len(j.Output()) > 2048 {
			t.Errorf("job %d holds its files in its output (%d bytes): %s", j.ID, len(j.Output()), j.Output()[:min(200, len(j.Output()))])
		}
	}
}

// A file that went missing or changed after its outcome was recorded is an
// error naming the job and the file, never a brief with other bytes.
func TestOutcomeFilesTampered(t *testing.T) { stores(t, testOutcomeFilesTampered) }

func testOutcomeFilesTampered(t *testing.T, open func(testing.TB) *Store) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		give func(job int64) map[string][]byte
		want string
	}{
		{name: "missing", give: func(int64) map[string][]byte { return map[string][]byte{"brief.md": []byte("# A\n")} }, want: `file "ledger.json" of its outcome is missing`},
		{name: "changed", give: func(int64) map[string][]byte {
			return map[string][]byte{"brief.md": []byte("# A, rewritten\n"), "ledger.json": []byte("{}")}
		}, want: `file "brief.md" is not the one its outcome recorded`},
		{name: "none", give: func(int64) map[string][]byte { return nil }, want: `file "brief.md" of its outcome is missing`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			e, run := runFiles(t, s, map[string]map[string][]byte{"A": {"brief.md": []byte("# A\n"), "ledger.json": []byte("{}")}})
			res, err := e.client.JobList(ctx, river.NewJobListParams().TagsAll(leadTag(leadKey(t, "A"))).First(1))
			if err != nil || len(res.Jobs) != 1 {
				t.Fatalf("job of A: %v", err)
			}
			job := res.Jobs[0].ID
			if err := s.files.put(ctx, job, res.Jobs[0].Output(), tc.give(job), nil); err != nil {
				t.Fatal(err)
			}
			err = e.Each(ctx, run, func(Record) error { return nil })
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "job ") {
				t.Errorf("Each = %v, want an error with %q", err, tc.want)
			}
			if _, err := e.Export(ctx, run, t.TempDir()); err == nil {
				t.Error("Export of a tampered outcome passed")
			}
			// A summary needs each outcome's reason, not its files: it
			// reads none, so it is not stopped by them.
			sum := Summary{Run: run}
			if err := e.Summarize(ctx, &sum); err != nil || sum.Ended != 4 || !sum.Verified() {
				t.Errorf("summary %+v, %v: want every lead verified, A's files not read", sum, err)
			}
		})
	}
}

// An outcome recorded before the files moved out of the job (inline in its
// output) still reads with its files.
func TestOutcomeInlineFilesStillRead(t *testing.T) { stores(t, testOutcomeInlineFiles) }

func testOutcomeInlineFiles(t *testing.T, open func(testing.TB) *Store) {
	s := open(t)
	e, err := New(s, Config{})
	if err != nil {
		t.Fatal(err)
	}
	seedJobs(t, s, "old-night", rivertype.JobStateCompleted, 2, jobKind, 3)
	var got []int
	if err := e.Each(context.Background(), "old-night", func(o Record) error {
		got = append(got, len(o.Files["brief.md"]))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{3 << 10, 3 << 10}, got); diff != "" {
		t.Errorf("inline brief sizes (-want +got):\n%s", diff)
	}
}

func leadKey(t *testing.T, id string) string {
	t.Helper()
	leads, _ := Keys("leads.yaml", []contract.Lead{{ID: id, Topic: "screening"}})
	return leads[0].Key
}
