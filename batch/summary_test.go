package batch

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/atomicfile"
)

// The summary written a line at a time is valid JSON that reads back as the
// summary and lines it was given, whatever the number of lines.
func TestSummaryWriterRoundTrip(t *testing.T) {
	lines := []LeadSummary{
		{ID: "a", Dir: "out/a", EndReason: contract.Verified, Detail: "verified", Attempts: 1},
		{ID: "b", EndReason: "refused", Detail: "too few \"sources\"\n<b>", Attempts: 2},
		{ID: "c", EndReason: contract.Unchanged, Detail: "same ledger"},
		{ID: "d", EndReason: "refused", Detail: "again"},
	}
	for _, tt := range []struct {
		name    string
		give    Summary
		n       int
		pending int
		wantRaw string // a fragment the file must hold
	}{
		{"empty run", Summary{Run: "r0"}, 0, 0, `"leads": []`},
		{"one lead", Summary{Run: "r1", File: "leads.csv", Enqueued: 1}, 1, 0, `"file": "leads.csv"`},
		{"invalid rows and pending", Summary{Run: "r2", InvalidRows: []string{"leads.csv: row 3: orcid: bad"}, Enqueued: 4}, 4, 3, `"pending": 3`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sum := tt.give
			var buf bytes.Buffer
			sw := &summaryWriter{w: &buf}
			sw.head(sum)
			sum.reset()
			for _, l := range lines[:tt.n] {
				sum.add(l)
				if err := sw.lead(l); err != nil {
					t.Fatal(err)
				}
			}
			sum.Pending = tt.pending
			if err := sw.tail(sum); err != nil {
				t.Fatal(err)
			}
			if !json.Valid(buf.Bytes()) || !bytes.Contains(buf.Bytes(), []byte(tt.wantRaw)) {
				t.Fatalf("summary.json is not valid JSON with %s:\n%s", tt.wantRaw, buf.Bytes())
			}
			// It is indented as json.MarshalIndent would indent it.
			var indented bytes.Buffer
			if err := json.Indent(&indented, buf.Bytes(), "", "  "); err != nil || indented.String() != buf.String() {
				t.Errorf("summary.json is not indented as MarshalIndent indents (err %v):\n%s", err, buf.Bytes())
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, SummaryFile), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			got, gotLines, err := ReadSummary(dir)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(sum, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("summary (-written +read):\n%s", diff)
			}
			if diff := cmp.Diff(lines[:tt.n], gotLines, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("lines (-written +read):\n%s", diff)
			}
		})
	}
}

// The counts say whether every lead verified, and which one did not first.
func TestSummaryCounts(t *testing.T) {
	var s Summary
	if !s.Verified() {
		t.Error("an empty summary is not verified")
	}
	for _, l := range []LeadSummary{{ID: "a", EndReason: contract.Verified}, {ID: "b", EndReason: contract.Unchanged}} {
		s.add(l)
	}
	if !s.Verified() || s.Ended != 2 {
		t.Errorf("verified and unchanged leads: verified %v, %d ended", s.Verified(), s.Ended)
	}
	for _, l := range []LeadSummary{{ID: "c", EndReason: "iteration_cap", Detail: "3 passes"}, {ID: "d", EndReason: "refused"}, {ID: "e", EndReason: contract.Verified}} {
		s.add(l)
	}
	if s.Verified() || s.FirstUnverified == nil || s.FirstUnverified.ID != "c" || s.FirstUnverified.Detail != "3 passes" {
		t.Errorf("first unverified %+v, want c", s.FirstUnverified)
	}
	if diff := cmp.Diff(map[contract.EndReason]int{contract.Verified: 2, contract.Unchanged: 1, "iteration_cap": 1, "refused": 1}, s.EndReasons); diff != "" || s.Ended != 5 {
		t.Errorf("%d ended, reasons (-want +got):\n%s", s.Ended, diff)
	}
	s.reset()
	if s.Ended != 0 || len(s.EndReasons) != 0 || !s.Verified() {
		t.Errorf("reset left %+v", s)
	}
}

// A summary that fails half-way leaves the last complete summary.json.
func TestSummaryFailureKeepsTheLastFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, SummaryFile)
	if err := os.WriteFile(path, []byte("{\"run\": \"old\", \"leads\": []}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := errors.New("queue went away")
	err := atomicfile.Write(path, func(w io.Writer) error {
		sw := &summaryWriter{w: w}
		sw.head(Summary{Run: "new"})
		if err := sw.lead(LeadSummary{ID: "a", EndReason: contract.Verified}); err != nil {
			return err
		}
		return broken
	})
	if !errors.Is(err, broken) {
		t.Fatalf("err = %v, want %v", err, broken)
	}
	if sum, _, err := ReadSummary(dir); err != nil || sum.Run != "old" {
		t.Errorf("summary.json after a failed write: run %q, %v; want the old one", sum.Run, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a failed write left %d files, want only summary.json", len(entries))
	}
}

// A summary.json that is cut short or not a summary is an error naming it,
// and its counts are always its lines', whatever it says.
func TestReadSummaryRefusesABrokenFile(t *testing.T) {
	for _, tt := range []struct {
		name, give string
		wantErr    string
		wantEnded  int
	}{
		{name: "cut short", give: `{"run": "r", "leads": [{"id": "a", "end_reason": "verified"},`, wantErr: "EOF"},
		{name: "not an object", give: `[]`, wantErr: "want {"},
		{name: "a line that is not one", give: `{"run": "r", "leads": [{"id": 7}]}`, wantErr: "cannot unmarshal"},
		{name: "counts that lie", give: `{"run": "r", "leads": [{"id": "a", "end_reason": "refused"}], "ended": 9, "end_reasons": {"verified": 9}}`, wantEnded: 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, SummaryFile), []byte(tt.give), 0o644); err != nil {
				t.Fatal(err)
			}
			sum, _, err := ReadSummary(dir)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), SummaryFile) {
					t.Fatalf("err = %v, want %q naming %s", err, tt.wantErr, SummaryFile)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sum.Ended != tt.wantEnded || sum.EndReasons["verified"] != 0 || sum.EndReasons["refused"] != 1 || sum.Verified() {
				t.Errorf("summary %+v, want the counts of its one refused line", sum)
			}
		})
	}
}
