package logging_test

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/google/go-cmp/cmp"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/internal/logging"
)

// consoleLine is a console log line: a short time, the level, the message.
var consoleLine = regexp.MustCompile(`^\d\d:\d\d:\d\d (INFO|DEBUG|WARN|ERROR) `)

func TestConsoleLogIsForPeople(t *testing.T) {
	tests := []struct {
		name   string
		fields []zap.Field
		want   string
	}{
		{"empty fields left out", []zap.Field{zap.String("lead_id", ""), zap.Int("hits", 3), zap.Any("excluded", map[string]int(nil))}, `run {"hits": 3}`},
		{"durations short", []zap.Field{zap.Duration("took", 1234567890*time.Nanosecond), zap.Duration("wait", 350400*time.Microsecond)}, `run {"took": "1.2s", "wait": "350ms"}`},
		{"long durations in seconds", []zap.Field{zap.Duration("took", 150*time.Second+300*time.Millisecond)}, `run {"took": "2m30s"}`},
		{"empty map left out, full one kept", []zap.Field{zap.Any("reasons", map[string]int{}), zap.Any("excluded", map[string]int{"no_doi": 1})}, `run {"excluded": {"no_doi":1}}`},
		{"no fields", nil, `run`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			log, err := logging.New(&buf, logging.Options{Format: logging.Console, Level: "info"})
			if err != nil {
				t.Fatal(err)
			}
			log.Info("run", tt.fields...)
			line := buf.String()
			if !consoleLine.MatchString(line) {
				t.Fatalf("line %q does not start with a short time and level", line)
			}
			if diff := cmp.Diff(tt.want+"\n", consoleLine.ReplaceAllString(line, "")); diff != "" {
				t.Errorf("line (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAutoLogIsJSONOffATerminal(t *testing.T) {
	var buf bytes.Buffer
	log, err := logging.New(&buf, logging.Options{Format: logging.Auto, Level: "info"})
	if err != nil {
		t.Fatal(err)
	}
	log.Info("run", zap.String("lead_id", ""), zap.Duration("took", time.Second))
	var got map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("auto off a terminal is not JSON: %q: %v", buf.String(), err)
	}
	// Machines get every field, in a stable schema.
	if got["msg"] != "run" || got["lead_id"] != "" || got["took"] != 1.0 {
		t.Errorf("JSON line = %v", got)
	}
}

func TestLoggerLevelsAndBadValues(t *testing.T) {
	var buf bytes.Buffer
	log, err := logging.New(&buf, logging.Options{Format: logging.JSON, Level: "error"})
	if err != nil {
		t.Fatal(err)
	}
	log.Info("hidden")
	log.Warn("hidden")
	log.Error("shown")
	if n := bytes.Count(buf.Bytes(), []byte("\n")); n != 1 || !bytes.Contains(buf.Bytes(), []byte("shown")) {
		t.Errorf("at level error got %q", buf.String())
	}
	for _, tt := range []struct{ format, level string }{{"xml", "info"}, {"json", "loud"}} {
		if _, err := logging.New(&buf, logging.Options{Format: tt.format, Level: tt.level}); err == nil {
			t.Errorf("New(%q, %q) = nil error", tt.format, tt.level)
		}
	}
}

// On a terminal the console level is coloured, unless NoColor (NO_COLOR).
func TestConsoleColourOnATerminal(t *testing.T) {
	for _, tt := range []struct {
		noColor bool
		want    bool
	}{{false, true}, {true, false}} {
		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Fatalf("no pseudo-terminal: %v", err)
		}
		log, err := logging.New(tty, logging.Options{Format: logging.Auto, Level: "info", NoColor: tt.noColor})
		if err != nil {
			t.Fatal(err)
		}
		log.Warn("careful")
		buf := make([]byte, 256)
		n, err := ptmx.Read(buf)
		tty.Close()
		ptmx.Close()
		if err != nil {
			t.Fatal(err)
		}
		line := string(buf[:n])
		if !strings.Contains(line, "careful") {
			t.Fatalf("NoColor=%v: line %q lacks the message", tt.noColor, line)
		}
		if got := strings.Contains(line, "\x1b["); got != tt.want {
			t.Errorf("NoColor=%v: colour escape in %q = %v, want %v", tt.noColor, line, got, tt.want)
		}
	}
}

// ForLead adds lead and job to every line; on the console its INFO lines
// are DEBUG (WARN stays WARN), in JSON they stay INFO.
func TestForLead(t *testing.T) {
	for _, tt := range []struct {
		format    string
		level     string
		wantInfo  bool
		wantLevel string
	}{
		{"console", "info", false, ""},
		{"console", "debug", true, "DEBUG"},
		{"json", "info", true, `"level":"info"`},
	} {
		t.Run(tt.format+"/"+tt.level, func(t *testing.T) {
			var b bytes.Buffer
			l, err := logging.New(&b, logging.Options{Format: tt.format, Level: tt.level})
			if err != nil {
				t.Fatal(err)
			}
			lead := logging.ForLead(l, "L7", 42)
			lead.Info("lead done")
			lead.Warn("database failed")
			out := b.String()
			if got := strings.Contains(out, "lead done"); got != tt.wantInfo {
				t.Errorf("info line shown = %v, want %v:\n%s", got, tt.wantInfo, out)
			}
			if tt.wantInfo && !strings.Contains(out, tt.wantLevel) {
				t.Errorf("info line not at %s:\n%s", tt.wantLevel, out)
			}
			if !strings.Contains(out, "database failed") || !strings.Contains(out, "L7") || !strings.Contains(out, "42") {
				t.Errorf("warn line missing or without lead and job:\n%s", out)
			}
			for _, l := range strings.Split(out, "\n") {
				if strings.Contains(l, "database failed") && !strings.Contains(strings.ToLower(l), "warn") {
					t.Errorf("the WARN line %q was lowered", l)
				}
			}
		})
	}
}

// FromContext gives the logger the context carries, else the fallback.
func TestFromContext(t *testing.T) {
	base, lead := zap.NewNop(), zap.NewExample()
	if got := logging.FromContext(context.Background(), base); got != base {
		t.Error("no logger in the context: want the fallback")
	}
	if got := logging.FromContext(logging.NewContext(context.Background(), lead), base); got != lead {
		t.Error("want the context's logger")
	}
	if logging.FromContext(context.Background(), nil) == nil {
		t.Error("a nil fallback gave nil")
	}
}
