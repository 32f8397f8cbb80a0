package batch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/robfig/cron/v3"

	"github.com/citeloop/citeloop/batch/batchtest"
)

// River asks the schedule for the first night from the time it starts (or
// is elected again), then, once a night is enqueued, from that night's
// very time. The schedule must name each night once: never twice (a fast
// clock's round trip to real time lands just before the night) and never
// skip the coming one (a leader elected again asks from now).
func TestRiverScheduleNamesEachNightOnce(t *testing.T) {
	daily, err := cron.ParseStandard("0 2 * * *")
	if err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name  string
		clock Clock
	}{
		{"wall clock", identity{}},
		{"fast clock", batchtest.NewFastClock(base, 333*time.Millisecond)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := &riverSchedule{sched: daily, clock: tt.clock}
			start := tt.clock.RealTime(base)
			if tt.name == "wall clock" {
				start = base
			}
			var got []string
			real := s.Next(start)
			for range 3 {
				got = append(got, s.night().Format(time.DateTime))
				// A leader elected again just before the night asks from now.
				if again := s.Next(real.Add(-time.Nanosecond)); !again.Equal(real) {
					t.Errorf("asked again before the night: %s, want %s", again, real)
				}
				real = s.Next(real) // the night was enqueued
			}
			want := []string{"2026-01-01 02:00:00", "2026-01-02 02:00:00", "2026-01-03 02:00:00"}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("nights (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNightFolder(t *testing.T) {
	at := time.Date(2026, 1, 2, 2, 0, 0, 0, time.UTC)
	run := NightRun(at)
	for _, tt := range []struct {
		name string
		// have are folders already in out, each with the marker's run or
		// "" for a folder without one.
		have    map[string]string
		want    string
		wantErr string
	}{
		{name: "first night of the date", want: "2026-01-02"},
		{name: "the same night resumed", have: map[string]string{"2026-01-02": run}, want: "2026-01-02"},
		{name: "a second night that day", have: map[string]string{"2026-01-02": "night-20260102T010000Z"}, want: "2026-01-02T020000"},
		{name: "a folder of the user's", have: map[string]string{"2026-01-02": ""}, want: "2026-01-02T020000"},
		{name: "the second night resumed", have: map[string]string{"2026-01-02": "night-x", "2026-01-02T020000": run}, want: "2026-01-02T020000"},
		{name: "both taken", have: map[string]string{"2026-01-02": "night-x", "2026-01-02T020000": ""}, wantErr: "belong to other nights"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			for name, marker := range tt.have {
				if err := os.Mkdir(filepath.Join(out, name), 0o755); err != nil {
					t.Fatal(err)
				}
				if marker != "" {
					writeFile(t, filepath.Join(out, name), nightMarker, marker+"\n")
				}
			}
			got, err := nightFolder(out, at, run)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("folder %q (%v), want %q", got, err, tt.want)
			}
			marker, err := os.ReadFile(filepath.Join(out, got, nightMarker))
			if err != nil || strings.TrimSpace(string(marker)) != run {
				t.Errorf("marker %q (%v), want %s", marker, err, run)
			}
		})
	}
}

func TestOutcomeDirStaysInOut(t *testing.T) {
	for _, tt := range []struct {
		give, want string
	}{
		{"", "/out"},
		{"2026-01-02", "/out/2026-01-02"},
		{"../elsewhere", ""},
		{"/etc", ""},
		{"a/../../b", ""},
	} {
		got, err := outcomeDir("/out", tt.give)
		if tt.want == "" {
			if err == nil {
				t.Errorf("outcomeDir(%q) = %q, want an error", tt.give, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("outcomeDir(%q) = %q (%v), want %q", tt.give, got, err, tt.want)
		}
	}
}

// A Nightly missing its schedule, file or folder is refused when the engine
// is built, naming what is missing.
func TestNightlyConfigErrors(t *testing.T) {
	daily, _ := cron.ParseStandard("0 2 * * *")
	for _, tt := range []struct {
		give Config
		want string
	}{
		{Config{OutDir: "/out", Nightly: &Nightly{File: "leads.yaml"}}, "no schedule"},
		{Config{OutDir: "/out", Nightly: &Nightly{Schedule: daily}}, "no leads file"},
		{Config{Nightly: &Nightly{Schedule: daily, File: "leads.yaml"}}, "no output folder"},
	} {
		tt.give.Runner = newFake()
		if _, err := New(openTestSQLite(t), tt.give); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("err = %v, want %q", err, tt.want)
		}
	}
}
