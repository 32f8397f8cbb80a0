package batch

import (
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

// A night's folder is its start in UTC in one format, whatever the
// schedule and the local zone: nights sort by name and two nights of a
// day never share one.
func TestNightFolder(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no time zone database")
	}
	for _, tt := range []struct {
		give time.Time
		want string
	}{
		{time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC), "2026-12-01T020000Z"},
		{time.Date(2026, 12, 1, 8, 31, 10, 0, time.UTC), "2026-12-01T083110Z"},
		{time.Date(2026, 12, 1, 2, 0, 0, 0, paris), "2026-12-01T010000Z"},
	} {
		if got := NightFolder(tt.give); got != tt.want {
			t.Errorf("NightFolder(%s) = %q, want %q", tt.give, got, tt.want)
		}
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
		{Config{OutDir: "/out", Nightly: &Nightly{Schedule: daily}}, "no leads file and no watch"},
		{Config{Nightly: &Nightly{Schedule: daily, File: "leads.yaml"}}, "no output folder"},
	} {
		tt.give.Runner = newFake()
		if _, err := New(openTestSQLite(t), tt.give); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("err = %v, want %q", err, tt.want)
		}
	}
}
