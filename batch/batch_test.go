package batch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/batch/batchtest"
	"github.com/citeloop/citeloop/contract"
)

func openTestSQLite(t testing.TB) *Store {
	t.Helper()
	s, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "batch.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func testLeads(n int) []Lead {
	var ls []contract.Lead
	for i := range n {
		ls = append(ls, contract.Lead{ID: fmt.Sprintf("L%03d", i), Topic: "screening"})
	}
	keyed, _ := Keys("leads.yaml", ls)
	return keyed
}

func testEngine(t testing.TB, s *Store, f *fakeRunner, out string) *Engine {
	t.Helper()
	e, err := New(s, Config{Runner: f, Concurrency: 4, MaxAttempts: 3, OutDir: out,
		RetryPolicy: quickRetry{}, PollInterval: 20 * time.Millisecond, Deadline: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func reasons(t testing.TB, e *Engine, sum Summary) map[string]contract.EndReason {
	t.Helper()
	m := map[string]contract.EndReason{}
	var lines []LeadSummary
	if err := e.EachLead(context.Background(), sum.Run, func(l LeadSummary) error {
		lines = append(lines, l)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	counted := Summary{}
	for _, l := range lines {
		counted.add(l)
		if _, dup := m[l.ID]; dup {
			m[l.ID] = "DUPLICATE"
			continue
		}
		m[l.ID] = l.EndReason
	}
	// The summary's counts are the lines', and summary.json lists the same
	// lines when the run wrote it to OutDir.
	if sum.Ended != counted.Ended || !cmp.Equal(sum.EndReasons, counted.EndReasons, cmpopts.EquateEmpty()) || sum.Verified() != counted.Verified() {
		t.Errorf("summary of run %s counts %d ended %v (verified %v); its lines count %d %v (verified %v)",
			sum.Run, sum.Ended, sum.EndReasons, sum.Verified(), counted.Ended, counted.EndReasons, counted.Verified())
	}
	if e.cfg.OutDir != "" {
		file, fileLines, err := ReadSummary(e.cfg.OutDir)
		if err != nil || file.Run != sum.Run {
			t.Fatalf("OutDir's summary.json is of run %q (%v), want %s", file.Run, err, sum.Run)
		}
		if diff := cmp.Diff(lines, fileLines, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("summary.json lines differ from the queue's (-queue +file):\n%s", diff)
		}
	}
	return m
}

// Every lead ends exactly once whatever happens to the others: transient
// failures are retried and either pass or end after MaxAttempts, final
// ones are not retried, and an internal error stays on its lead.
func TestRunBatchEndsEveryLeadOnce(t *testing.T) {
	stores(t, testRunBatchEndsEveryLeadOnce)
}

func testRunBatchEndsEveryLeadOnce(t *testing.T, open func(testing.TB) *Store) {
	f := newFake()
	f.scripts["L001"] = script{transient: 2}     // passes on attempt 3
	f.scripts["L002"] = script{transient: -1}    // never passes
	f.scripts["L003"] = script{final: "refused"} // final at once
	f.scripts["L004"] = script{collectDown: 1}   // oracle down once
	f.scripts["L005"] = script{collectDown: 9}   // oracle never back
	f.scripts["L006"] = script{collectErr: true} // internal, final
	f.scripts["L007"] = script{final: "no_progress"}
	out := t.TempDir()
	e := testEngine(t, open(t), f, out)
	sum, err := e.RunBatch(context.Background(), testLeads(20), Options{Source: "leads.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]contract.EndReason{}
	for _, l := range testLeads(20) {
		want[l.Key] = contract.Verified
	}
	want["L002"], want["L003"], want["L005"], want["L006"], want["L007"] = "model_error", "refused", contract.OracleUnavailable, contract.Errored, "no_progress"
	if diff := cmp.Diff(want, reasons(t, e, sum)); diff != "" {
		t.Errorf("end reasons (-want +got):\n%s", diff)
	}
	runs := map[string]int{"L000": 1, "L001": 3, "L002": 3, "L003": 1, "L004": 1, "L005": 0, "L006": 0, "L007": 1}
	for id, n := range runs {
		if got := f.count(f.runs, id); got != n {
			t.Errorf("%s ran %d times, want %d", id, got, n)
		}
	}
	if got := f.count(f.collects, "L005"); got != 3 {
		t.Errorf("L005 collected %d times, want 3 (MaxAttempts)", got)
	}
	if sum.Pending != 0 || sum.Verified() {
		t.Errorf("pending %d, verified %v; want 0, false", sum.Pending, sum.Verified())
	}
	if f.peak > 4 {
		t.Errorf("%d leads ran at once; concurrency is 4", f.peak)
	}
	assertFiles(t, filepath.Join(out, "L001"), "brief.md", "ledger.json", OutcomeFile)
	assertFiles(t, filepath.Join(out, "L003"), "FAILED-not-a-brief.json", OutcomeFile)
	assertFiles(t, filepath.Join(out, "L005"), OutcomeFile)
	if _, err := os.Stat(filepath.Join(out, SummaryFile)); err != nil {
		t.Error(err)
	}
}

func assertFiles(t *testing.T, dir string, want ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", dir, diff)
	}
}

// A second night over the same sources calls no model and points at the
// standing brief; a changed source runs again; --force runs everything.
func TestUnchangedAndForce(t *testing.T) { stores(t, testUnchangedAndForce) }

func testUnchangedAndForce(t *testing.T, open func(testing.TB) *Store) {
	f := newFake()
	s := open(t)
	out := t.TempDir()
	leads := testLeads(3)
	f.scripts["L002"] = script{final: "iteration_cap"}
	// night runs the leads and returns the run and how each lead ended.
	night := func(force bool) (string, map[string]contract.EndReason) {
		t.Helper()
		e := testEngine(t, s, f, out)
		sum, err := e.RunBatch(context.Background(), leads, Options{Source: "leads.yaml", Force: force})
		if err != nil {
			t.Fatal(err)
		}
		return sum.Run, reasons(t, e, sum)
	}
	firstRun, _ := night(false)
	brief1, err := os.ReadFile(filepath.Join(out, "L000", "brief.md"))
	if err != nil {
		t.Fatal(err)
	}
	secondRun, second := night(false)
	if secondRun == firstRun {
		t.Fatalf("a finished run was reused: %s", secondRun)
	}
	if diff := cmp.Diff(map[string]contract.EndReason{"L000": contract.Unchanged, "L001": contract.Unchanged, "L002": "iteration_cap"}, second); diff != "" {
		t.Errorf("second night (-want +got):\n%s", diff)
	}
	if f.count(f.runs, "L000") != 1 || f.count(f.runs, "L002") != 2 {
		t.Errorf("runs: L000 %d (want 1), L002 %d (want 2: only verified briefs stand)", f.count(f.runs, "L000"), f.count(f.runs, "L002"))
	}
	brief2, err := os.ReadFile(filepath.Join(out, "L000", "brief.md"))
	if err != nil || string(brief2) != string(brief1) {
		t.Errorf("the standing brief changed: %q, %v", brief2, err)
	}
	f.mu.Lock()
	f.version["L001"] = "v2"
	f.mu.Unlock()
	_, third := night(false)
	if diff := cmp.Diff(map[string]contract.EndReason{"L000": contract.Unchanged, "L001": contract.Verified, "L002": "iteration_cap"}, third); diff != "" {
		t.Errorf("third night (-want +got):\n%s", diff)
	}
	_, forced := night(true)
	if diff := cmp.Diff(map[string]contract.EndReason{"L000": contract.Verified, "L001": contract.Verified, "L002": "iteration_cap"}, forced); diff != "" {
		t.Errorf("forced night (-want +got):\n%s", diff)
	}
	if f.count(f.runs, "L000") != 2 {
		t.Errorf("L000 ran %d times, want 2 (first night and --force)", f.count(f.runs, "L000"))
	}
}

// The lead's own fields count: another lead under the same id with the same
// sources is not unchanged.
func TestFingerprint(t *testing.T) {
	l := contract.Lead{ID: "a", Topic: "x"}
	e1 := contract.Entry{DOI: "10.1/a", ContentHash: "h1", RetrievedAt: time.Unix(1, 0)}
	e2 := contract.Entry{DOI: "10.1/b", ContentHash: "h2", RetrievedAt: time.Unix(2, 0)}
	base := Fingerprint(l, contract.Ledger{Entries: []contract.Entry{e1, e2}})
	later1, later2 := e1, e2
	later1.RetrievedAt, later2.RetrievedAt, later1.ID = time.Unix(99, 0), time.Unix(98, 0), "S9"
	tests := []struct {
		name   string
		lead   contract.Lead
		ledger []contract.Entry
		same   bool
	}{
		{"other retrieval times and order", l, []contract.Entry{later2, later1}, true},
		{"another topic", contract.Lead{ID: "a", Topic: "y"}, []contract.Entry{e1, e2}, false},
		{"a source dropped", l, []contract.Entry{e1}, false},
		{"a content hash changed", l, []contract.Entry{e1, {DOI: "10.1/b", ContentHash: "h3"}}, false},
		{"a source retracted", l, []contract.Entry{e1, {DOI: "10.1/b", ContentHash: "h2", Retracted: true}}, false},
	}
	for _, tt := range tests {
		got := Fingerprint(tt.lead, contract.Ledger{Entries: tt.ledger}) == base
		if got != tt.same {
			t.Errorf("%s: same fingerprint = %v, want %v", tt.name, got, tt.same)
		}
	}
}

// Enqueueing a run twice adds nothing: a lead never gets two jobs.
func TestEnqueueIsIdempotent(t *testing.T) { stores(t, testEnqueueIsIdempotent) }

func testEnqueueIsIdempotent(t *testing.T, open func(testing.TB) *Store) {
	e, err := New(open(t), Config{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	leads := testLeads(5)
	for i, want := range []int{3, 1, 1} {
		n, err := e.Enqueue(ctx, "r1", "leads.yaml", leads[:3+i], false)
		if err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Errorf("enqueue %d added %d, want %d", i, n, want)
		}
	}
	if n, err := e.Enqueue(ctx, "r1", "leads.yaml", leads, false); err != nil || n != 0 {
		t.Errorf("re-enqueue added %d (%v), want 0", n, err)
	}
	if n, err := e.Pending(ctx, "r1"); err != nil || n != 5 {
		t.Errorf("pending %d (%v), want 5", n, err)
	}
	if run, err := e.ResumableRun(ctx, "leads.yaml"); err != nil || run != "r1" {
		t.Errorf("resumable run %q (%v), want r1", run, err)
	}
	if run, err := e.ResumableRun(ctx, "other.yaml"); err != nil || run != "" {
		t.Errorf("resumable run of another file %q (%v), want none", run, err)
	}
}

func openTestPostgres(t testing.TB) *Store {
	t.Helper()
	s, err := OpenPostgres(context.Background(), batchtest.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// stores runs fn once per database kind.
func stores(t *testing.T, fn func(t *testing.T, open func(testing.TB) *Store)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, openTestSQLite) })
	t.Run("postgres", func(t *testing.T) { fn(t, openTestPostgres) })
}
