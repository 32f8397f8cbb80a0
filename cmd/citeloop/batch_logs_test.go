package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// batchLines are the messages a batch logs about itself, not about one
// lead: every other line is a lead's.
var batchLines = map[string]bool{
	"run enqueued": true, "batch progress": true, "batch progress (final)": true, "report written": true,
	"metrics served": true, "leads left running by a process that died were released": true,
}

// Eight leads at once, JSON logs: every line a lead logs (the collector's,
// the loop's, the gate's, the agents', the batch's own) carries the fields
// lead and job, exactly once each, naming one lead and its job, so the
// lines of leads running together can be told apart.
func TestBatchLogLinesNameTheirLead(t *testing.T) {
	var b strings.Builder
	topics := []string{"breast cancer", "prostate cancer", "zebrafish fin regeneration", "colorectal cancer"}
	for i := range 8 {
		fmt.Fprintf(&b, "- id: L%d\n  topic: %s\n", i, topics[i%len(topics)])
	}
	for _, level := range []string{"info", "debug"} {
		t.Run(level, func(t *testing.T) {
			a, stdout, stderr := testApp(nil)
			err := runApp(context.Background(), a, []string{"batch", "--offline", "--out", filepath.Join(t.TempDir(), "out"), "--concurrency", "8", "--log-format", "json", "--log-level", level, writeLeads(t, b.String())})
			if err != nil {
				t.Fatalf("batch: %v\nstdout: %s", err, stdout)
			}
			jobs := map[string]float64{} // lead → job
			byMsg := map[string]int{}
			sc := bufio.NewScanner(strings.NewReader(stderr.String()))
			for sc.Scan() {
				line := sc.Text()
				var m map[string]any
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("line %q is not JSON: %v", line, err)
				}
				msg, _ := m["msg"].(string)
				if batchLines[msg] {
					continue
				}
				byMsg[msg]++
				lead, ok1 := m["lead"].(string)
				job, ok2 := m["job"].(float64)
				if !ok1 || !ok2 {
					t.Errorf("a lead's line without lead and job: %s", line)
					continue
				}
				if strings.Count(line, `"lead":`) != 1 || strings.Count(line, `"job":`) != 1 || strings.Contains(line, "lead_id") {
					t.Errorf("lead or job given twice, or lead_id: %s", line)
				}
				if prev, seen := jobs[lead]; seen && prev != job {
					t.Errorf("lead %s logged as job %v and %v", lead, prev, job)
				}
				jobs[lead] = job
			}
			if len(jobs) != 8 {
				t.Errorf("lines of %d leads, want 8: %v", len(jobs), jobs)
			}
			for _, msg := range []string{"collected", "sources collected", "gate checked draft", "pass checked", "run ended", "lead done"} {
				if byMsg[msg] == 0 {
					t.Errorf("no %q line among the leads' lines %v", msg, byMsg)
				}
			}
		})
	}
}

// On a terminal a lead's lines are DEBUG: at the default level only the
// bar and the batch's own lines show; -v shows the leads' lines too.
func TestBatchLeadLinesAreDebugOnATerminal(t *testing.T) {
	leads := writeLeads(t, batchLeads)
	a, stdout, _ := testApp(nil)
	got, err := onTerminal(t, a, "batch", "--offline", "--out", filepath.Join(t.TempDir(), "out"), "--progress-delay", "-1ns", leads)
	if err != nil {
		t.Fatalf("batch: %v\nstdout: %s", err, stdout)
	}
	for _, msg := range []string{"collected", "pass checked", "lead done"} {
		if strings.Contains(got, msg) {
			t.Errorf("a lead's %q line shows at the default level:\n%s", msg, got)
		}
	}
	if !strings.Contains(got, "run enqueued") || !strings.Contains(got, "3/3") {
		t.Errorf("the batch's own line or its bar is missing:\n%s", got)
	}
	a, _, _ = testApp(nil)
	got, err = onTerminal(t, a, "batch", "--offline", "--out", filepath.Join(t.TempDir(), "out"), "-v", "--progress-delay", "-1ns", leads)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "DEBUG") || !strings.Contains(got, "lead done") {
		t.Errorf("-v does not show the leads' lines as DEBUG:\n%s", got)
	}
}
