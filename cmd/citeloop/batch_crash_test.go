package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/contract"
)

// crashLeads writes n offline leads, about a third of which are refused.
func crashLeads(t *testing.T, n int) string {
	t.Helper()
	topics := []string{"cancer screening", "prostate cancer", "zebrafish fin regeneration", "colorectal cancer", "lung cancer", "screening"}
	var b strings.Builder
	b.WriteString("id,topic\n")
	for i := range n {
		fmt.Fprintf(&b, "L%03d,%s\n", i, topics[i%len(topics)])
	}
	p := filepath.Join(t.TempDir(), "leads.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// citeloopCmd is a real citeloop process (this test binary running main).
func citeloopCmd(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	return cmd
}

// volatile matches what differs between two runs of the same lead: times,
// durations, and the ledger's and the stamp's digests (the files' too),
// which hash the retrieval and check times.
var volatile = regexp.MustCompile(`[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z|"[a-z_]+_ns": [0-9]+|"(ledger_)?digest": "[0-9a-f]+"|"sha256": "[0-9a-f]+"|(Ledger|Stamp) digest: [0-9a-f]+`)

// briefs reads every verified lead's brief files, times blanked, and
// fails on any file that is not an outcome's (a temporary file, a second
// brief).
func briefs(t *testing.T, out string) map[string]string {
	t.Helper()
	got := map[string]string{}
	reasons := batchSummary(t, out)
	for id, reason := range reasons {
		entries, err := os.ReadDir(filepath.Join(out, id))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		want := []string{"FAILED-not-a-brief.json", batch.OutcomeFile}
		if reason == string(contract.Verified) || reason == string(contract.Unchanged) {
			want = []string{"brief.json", "brief.md", "draft.json", "ledger.json", batch.OutcomeFile}
		}
		if !cmp.Equal(want, names) {
			t.Errorf("%s (%s) holds %v, want %v", id, reason, names, want)
		}
		if reason != string(contract.Verified) && reason != string(contract.Unchanged) {
			continue
		}
		for _, name := range want[:4] {
			data, err := os.ReadFile(filepath.Join(out, id, name))
			if err != nil {
				t.Fatal(err)
			}
			got[id+"/"+name] = volatile.ReplaceAllString(string(data), "T")
		}
	}
	return got
}

// SIGKILL at random points of a 200-lead offline batch, then the same
// command again: the same verified briefs as an uninterrupted run, byte
// for byte apart from times, and nothing lost, duplicated or half-written.
func TestBatchSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills citeloop processes")
	}
	leads := crashLeads(t, 200)
	args := func(out string) []string {
		return []string{"batch", "--offline", leads, "--out", out, "--concurrency", "8", "--log-level", "warn"}
	}
	ref := filepath.Join(t.TempDir(), "ref")
	if out, err := citeloopCmd(args(ref)...).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	t.Logf("kill points seeded with %d", seed)
	out := filepath.Join(t.TempDir(), "out")
	kills, finished := 0, false
	for i := 0; i < 4 && !finished; i++ {
		// Kill once a random number of further leads has ended; the
		// first kill may come before any lead ended.
		ended := countOutcomes(out)
		target := ended + rng.IntN((200-ended)/2+1)
		if i > 0 {
			target++
		}
		cmd := citeloopCmd(args(out)...)
		var log bytes.Buffer
		cmd.Stdout, cmd.Stderr = &log, &log
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
	poll:
		for {
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("run ended %v\n%s", err, log.String())
				}
				finished = true
				break poll
			case <-time.After(2 * time.Millisecond):
				if countOutcomes(out) >= target {
					_ = cmd.Process.Kill()
					<-done
					kills++
					t.Logf("killed with %d leads ended", countOutcomes(out))
					break poll
				}
			}
		}
	}
	if !finished {
		final := citeloopCmd(args(out)...)
		if b, err := final.CombinedOutput(); err != nil {
			t.Fatalf("rerun: %v\n%s", err, b)
		}
	}
	if kills == 0 {
		t.Error("no run was killed: the test checked nothing")
	}
	want, got := briefs(t, ref), briefs(t, out)
	if len(want) == 0 {
		t.Fatal("the reference run verified nothing")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("briefs after %d kills differ from an uninterrupted run (-want +got):\n%s", kills, diff)
	}
	if diff := cmp.Diff(batchSummary(t, ref), batchSummary(t, out)); diff != "" {
		t.Errorf("outcomes differ (-want +got):\n%s", diff)
	}
}

// countOutcomes counts the leads of out with an outcome written.
func countOutcomes(out string) int {
	m, _ := filepath.Glob(filepath.Join(out, "*", batch.OutcomeFile))
	return len(m)
}
