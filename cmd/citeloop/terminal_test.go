package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLogsOnATerminal runs a brief with stderr on a pseudo-terminal: logs
// are for people there (short time, coloured level, message, no empty
// field), and JSON when asked with --log-format json.
func TestLogsOnATerminal(t *testing.T) {
	run := func(t *testing.T, extra ...string) string {
		a, _, _ := testApp(nil)
		args := append(extra, "brief", "--offline", "--topic", "breast cancer", "-o", filepath.Join(t.TempDir(), "out"))
		screen, err := onTerminal(t, a, args...)
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(screen, "\r\n", "\n")
	}

	t.Run("console", func(t *testing.T) {
		out := run(t)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		// 15:04:05, then the level in colour (ANSI), then the message.
		line := regexp.MustCompile(`^\d\d:\d\d:\d\d \x1b\[\d+mINFO\x1b\[0m \S`)
		for _, l := range lines {
			if !line.MatchString(l) {
				t.Errorf("line %q is not time, coloured level, message", l)
			}
		}
		if strings.Contains(out, `""`) || strings.Contains(out, "lead_id") {
			t.Errorf("an empty field is shown:\n%s", out)
		}
		if !strings.Contains(out, "collected") {
			t.Errorf("no collection line:\n%s", out)
		}
	})
	t.Run("json asked", func(t *testing.T) {
		out := run(t, "--log-format", "json")
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var v map[string]any
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Errorf("line %q is not JSON: %v", l, err)
			}
		}
	})
	t.Run("quiet", func(t *testing.T) {
		if out := run(t, "-q"); len(bytes.TrimSpace([]byte(out))) != 0 {
			t.Errorf("-q on a terminal logged:\n%s", out)
		}
	})
}
