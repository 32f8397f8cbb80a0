package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadFileKeepsValidLeadsAndListsTheRest(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name        string
		give        string
		wantKeys    []string
		wantInvalid []string // each is in one invalid row's message
		wantErr     string
		ext         string // ".yaml" when ""
	}{
		{name: "valid", give: "- id: a\n  topic: x\n- topic: y\n", wantKeys: []string{"a", "lead-0002"}},
		{name: "duplicate id", give: "- id: a\n  topic: x\n- id: a\n  topic: y\n", wantKeys: []string{"a"}, wantInvalid: []string{`duplicate id.yaml: row 3: id: "a" names the same folder as the lead of row 1`}},
		{name: "bad row", give: "- id: a\n  topic: x\n- id: b\n  orcid: 0000-0002-1825-0098\n", wantKeys: []string{"a"}, wantInvalid: []string{"bad row.yaml"}},
		{name: "no valid lead", give: "- id: b\n  orcid: 0000-0002-1825-0098\n", wantErr: "no valid lead.yaml"},
		{name: "not yaml", give: "{{{", wantErr: "not yaml.yaml"},
		{name: "empty", give: "", wantErr: "empty.yaml holds no lead"},
		{name: "empty list", give: "leads: []\n", wantErr: "empty list.yaml holds no lead"},
		{name: "case", give: "- id: Alice\n  topic: x\n- id: alice\n  topic: y\n- id: ALICE.\n  topic: z\n", wantKeys: []string{"Alice"},
			wantInvalid: []string{`row 3: id: "alice" names the same folder as the lead of row 1`, `row 5: id: "ALICE" names the same folder as the lead of row 1`}},
		{name: "ids equal once made safe", give: "- id: a/b\n  topic: x\n- id: a_b\n  topic: y\n- id: ../a_b\n  topic: z\n- topic: w\n", wantKeys: []string{"a_b", "lead-0004"},
			wantInvalid: []string{`row 3: id: "a_b" names the same folder as the lead of row 1`, `row 5: id: "a_b" names the same folder as the lead of row 1`}},
		{name: "jsonl", ext: ".jsonl", give: "{\"id\": \"a\", \"topic\": \"x\"}\n\n{\"topic\": \"y\"}\n{\"id\": \"a\", \"topic\": \"z\"}\n{\"id\": \"c\", \"colour\": \"red\"}\n", wantKeys: []string{"a", "lead-0002"},
			wantInvalid: []string{`jsonl.jsonl: row 4: id: "a" names the same folder as the lead of row 1`, "colour"}},
		{name: "csv", ext: ".csv", give: "id,topic\na,x\n,y\nb\n", wantKeys: []string{"a", "lead-0002"}, wantInvalid: []string{"csv.csv: row 4"}},
		{name: "csv header", ext: ".csv", give: "id,colour\na,x\n", wantErr: "colour"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, dir, tt.name+cmpOr(tt.ext, ".yaml"), tt.give)
			f, err := LoadFile(path)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one naming %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for l, err := range f.Leads() {
				if err != nil {
					t.Fatal(err)
				}
				keys = append(keys, l.Key)
			}
			if f.Count != len(keys) {
				t.Errorf("LoadFile counted %d leads, Leads read %d", f.Count, len(keys))
			}
			if diff := cmp.Diff(tt.wantKeys, keys); diff != "" {
				t.Errorf("keys (-want +got):\n%s", diff)
			}
			if len(f.Invalid) != len(tt.wantInvalid) {
				t.Fatalf("invalid rows %q, want %d", f.Invalid, len(tt.wantInvalid))
			}
			for i, w := range tt.wantInvalid {
				if !strings.Contains(f.Invalid[i], w) {
					t.Errorf("invalid row %q does not say %q", f.Invalid[i], w)
				}
			}
			if !filepath.IsAbs(f.Source) || f.Path != path {
				t.Errorf("path %q source %q: want the path as given and an absolute source", f.Path, f.Source)
			}
		})
	}
	if _, err := LoadFile(filepath.Join(dir, "missing.yaml")); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: err = %v, want one naming it", err)
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// A file that changes after LoadFile counted it is refused once read: the
// leads a run enqueues are those LoadFile counted, or the run says why not.
func TestLeadsRefusesAChangedFile(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "leads.jsonl", "{\"id\": \"a\", \"topic\": \"x\"}\n{\"id\": \"b\", \"topic\": \"y\"}\n")
	f, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, give string
		wantErr    error
	}{
		{"same file", "{\"id\": \"a\", \"topic\": \"x\"}\n{\"id\": \"b\", \"topic\": \"y\"}\n", nil},
		{"a lead edited", "{\"id\": \"a\", \"topic\": \"x\"}\n{\"id\": \"b\", \"topic\": \"z\"}\n", ErrFileChanged},
		{"a lead added", "{\"id\": \"a\", \"topic\": \"x\"}\n{\"id\": \"b\", \"topic\": \"y\"}\n{\"id\": \"c\", \"topic\": \"y\"}\n", ErrFileChanged},
		{"gone", "", os.ErrNotExist},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.give == "" {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
			} else {
				writeFile(t, dir, "leads.jsonl", tt.give)
			}
			var errs []error
			for _, err := range f.Leads() {
				if err != nil {
					errs = append(errs, err)
				}
			}
			switch {
			case tt.wantErr == nil && len(errs) > 0:
				t.Errorf("errors %v, want none", errs)
			case tt.wantErr != nil && (len(errs) != 1 || !errors.Is(errs[0], tt.wantErr) || !strings.Contains(errs[0].Error(), "leads.jsonl")):
				t.Errorf("errors %v, want one %v naming the file", errs, tt.wantErr)
			}
		})
	}
}

// RunFile refuses to start, as ErrStart and naming why, when the folder
// cannot hold the run; nothing is enqueued.
func TestRunFileCannotStart(t *testing.T) {
	dir := t.TempDir()
	f, err := LoadFile(writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n"))
	if err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked")
	if err := os.Mkdir(locked, 0o755); err != nil {
		t.Fatal(err)
	}
	unlock, err := LockDir(locked)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	for _, tt := range []struct {
		name string
		give FileRun
		want string
		is   error
	}{
		{name: "out is a file", give: FileRun{Out: filepath.Join(dir, "leads.yaml")}, want: "leads.yaml is a file"},
		{name: "no out", give: FileRun{}, want: "no output folder"},
		{name: "enqueue only needs a shared database", give: FileRun{EnqueueOnly: true}, want: "no output folder"},
		{name: "locked", give: FileRun{Out: locked}, want: locked, is: ErrLocked},
		{name: "bad database url", give: FileRun{Out: dir, DatabaseURL: "postgres://u:s3cret@%zz"}, want: "not a valid PostgreSQL URL", is: ErrDatabase},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.give.Config.Runner = newFake()
			_, err := RunFile(context.Background(), f, tt.give)
			if !errors.Is(err, ErrStart) || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "s3cret") {
				t.Fatalf("err = %v, want ErrStart naming %q", err, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("err = %v, want it to be %v", err, tt.is)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(locked, DatabaseFile)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a locked folder got a database: %v", err)
	}
}

// RunFile ends every valid lead, carries the file's invalid rows into the
// summary, and writes the report once summary.json is there.
func TestRunFileWritesSummaryThenReport(t *testing.T) {
	dir := t.TempDir()
	f, err := LoadFile(writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n- id: a\n  topic: z\n"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	fake := newFake()
	fake.scripts["b"] = script{final: "refused"}
	var reported []string
	tally := NewTally(f.Count, nil)
	sum, err := RunFile(context.Background(), f, FileRun{
		Out:     out,
		Config:  Config{Runner: fake, PollInterval: 20 * time.Millisecond},
		Monitor: Monitor{Tally: tally},
		Report: func(d string) error {
			s, lines, err := ReadSummary(d)
			if err != nil {
				return err
			}
			if len(lines) != 2 || len(s.InvalidRows) != 1 || s.EndReasons["refused"] != 1 {
				return fmt.Errorf("summary.json before the report: %+v, lines %+v", s, lines)
			}
			reported = append(reported, d)
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	// RunFile closed its queue: summary.json is the record.
	file, lines, err := ReadSummary(out)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]contract.EndReason{}
	for _, l := range lines {
		got[l.ID] = l.EndReason
	}
	if file.Run != sum.Run || file.Ended != sum.Ended || !cmp.Equal(file.EndReasons, sum.EndReasons) {
		t.Errorf("summary.json %+v, returned summary %+v", file, sum)
	}
	if diff := cmp.Diff(map[string]contract.EndReason{"a": contract.Verified, "b": "refused"}, got); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
	if len(sum.InvalidRows) != 1 || !strings.Contains(sum.InvalidRows[0], "names the same folder as the lead of row") || sum.File != f.Path {
		t.Errorf("summary file %q invalid rows %q, want the duplicate listed", sum.File, sum.InvalidRows)
	}
	if diff := cmp.Diff([]string{out}, reported); diff != "" {
		t.Errorf("report written into (-want +got):\n%s", diff)
	}
	if c := tally.Counts(); c.Total != 2 || c.Verified != 1 || c.Refused != 1 || c.Done() != 2 {
		t.Errorf("the monitor's tally counted %+v, want 1 verified and 1 refused of 2", c)
	}
	if _, err := os.Stat(filepath.Join(out, DatabaseFile)); err != nil {
		t.Errorf("the embedded database is not in the folder: %v", err)
	}
	// A failing report is the run's error, after the summary is written.
	_, err = RunFile(context.Background(), f, FileRun{Out: out, Force: true, Config: Config{Runner: fake, PollInterval: 20 * time.Millisecond},
		Report: func(string) error { return errors.New("disk full") }})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("err = %v, want the report's", err)
	}
}

func readJSONFile(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// A file of many bad rows lists the first MaxListedRows of them and says
// how many more there are: a garbage export is not thousands of messages
// in memory, on stderr and in summary.json.
func TestLoadFileListsTheFirstInvalidRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\"id\": \"ok\", \"topic\": \"x\"}\n")
	for i := range 250 {
		fmt.Fprintf(&b, "{\"id\": \"b%d\", \"colour\": \"red\"}\n", i)
	}
	dir := t.TempDir()
	f, err := LoadFile(writeFile(t, dir, "many.jsonl", b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if f.InvalidCount != 250 || len(f.Invalid) != MaxListedRows+1 || f.Invalid[MaxListedRows] != "many.jsonl: 150 more invalid rows, not listed" {
		t.Errorf("%d invalid, %d listed, last %q", f.InvalidCount, len(f.Invalid), f.Invalid[len(f.Invalid)-1])
	}
	sum, err := RunFile(context.Background(), f, FileRun{Out: filepath.Join(dir, "out"), Config: Config{Runner: newFake(), PollInterval: 20 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Invalid() != 250 {
		t.Errorf("summary counts %d invalid rows, want 250", sum.Invalid())
	}
	written, _, err := ReadSummary(filepath.Join(dir, "out"))
	if err != nil || written.InvalidCount != 250 || len(written.InvalidRows) != MaxListedRows+1 {
		t.Errorf("summary.json: %d listed, count %d (%v)", len(written.InvalidRows), written.InvalidCount, err)
	}
	_, err = LoadFile(writeFile(t, dir, "none.jsonl", strings.SplitN(b.String(), "\n", 2)[1]))
	if err == nil || !strings.Contains(err.Error(), "no valid lead in 250 rows") || len(err.Error()) > 2000 {
		t.Errorf("a file of bad rows only: %.300v (%d bytes), want a short error counting them", err, len(fmt.Sprint(err)))
	}
}
