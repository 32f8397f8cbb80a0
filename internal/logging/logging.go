// Package logging builds the zap loggers every front end logs with: console
// lines for people on a terminal, JSON lines for machines, at a level given
// by name. It reads no environment: the caller says whether colour is off.
package logging

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"golang.org/x/term"
)

// The formats New accepts.
const (
	// Auto is console on a terminal, JSON otherwise (a pipe, a file, a
	// log collector).
	Auto = "auto"
	// Console is for people: short local time, level, message, then the
	// fields that have a value, durations as 1.2s. The level is coloured
	// when w is a terminal, unless Options.NoColor.
	Console = "console"
	// JSON is for machines: one JSON object a line, every field.
	JSON = "json"
)

// Options are New's choices.
type Options struct {
	// Format is auto, console or json; Level is debug, info, warn or error.
	Format, Level string
	// NoColor keeps the console format plain on a terminal too: the CLI sets
	// it when the NO_COLOR environment variable is set (no-color.org).
	NoColor bool
}

// New logs to w in o.Format (auto, console or json) at o.Level (debug,
// info, warn, error): every front end logs the same way. Writes are
// serialised: batch leads log from many goroutines.
func New(w io.Writer, o Options) (*zap.Logger, error) {
	format, level := o.Format, o.Level
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	tty := isTerminal(w)
	format = strings.ToLower(format)
	if format == Auto || format == "" {
		format = JSON
		if tty {
			format = Console
		}
	}
	var core zapcore.Core
	switch format {
	case Console:
		enc := zapcore.EncoderConfig{
			TimeKey: "T", LevelKey: "L", MessageKey: "M",
			EncodeTime:     zapcore.TimeEncoderOfLayout("15:04:05"),
			EncodeLevel:    zapcore.CapitalLevelEncoder,
			EncodeDuration: shortDuration,
			// One space, not a tab: the fields follow the message.
			ConsoleSeparator: " ",
		}
		if tty && !o.NoColor {
			enc.EncodeLevel = zapcore.CapitalColorLevelEncoder
		}
		core = dropEmpty{zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(zapcore.AddSync(w)), lvl)}
	case JSON:
		enc := zap.NewProductionEncoderConfig()
		enc.EncodeTime = zapcore.ISO8601TimeEncoder
		core = zapcore.NewCore(zapcore.NewJSONEncoder(enc), zapcore.Lock(zapcore.AddSync(w)), lvl)
	default:
		return nil, fmt.Errorf("--log-format: want auto, console or json, got %q", format)
	}
	return zap.New(core), nil
}

// isTerminal reports whether w is a terminal: an *os.File on a TTY, or a
// writer over one that says its descriptor (the CLI's stderr, which takes
// log lines above a progress bar).
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// shortDuration writes a duration the way a person reads it: 1.2s, 350ms,
// 2m30s.
func shortDuration(d time.Duration, enc zapcore.PrimitiveArrayEncoder) {
	switch {
	case d >= time.Minute:
		d = d.Round(time.Second)
	case d >= time.Second:
		d = d.Round(100 * time.Millisecond)
	case d >= time.Millisecond:
		d = d.Round(time.Millisecond)
	}
	enc.AppendString(d.String())
}

// dropEmpty leaves out the fields that carry nothing (an empty string, a
// nil value): on a terminal `lead_id=""` is noise.
type dropEmpty struct{ zapcore.Core }

func (c dropEmpty) With(fields []zapcore.Field) zapcore.Core {
	return dropEmpty{c.Core.With(nonEmpty(fields))}
}

func (c dropEmpty) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(e.Level) {
		return ce.AddCore(e, c)
	}
	return ce
}

func (c dropEmpty) Write(e zapcore.Entry, fields []zapcore.Field) error {
	return c.Core.Write(e, nonEmpty(fields))
}

func nonEmpty(fields []zapcore.Field) []zapcore.Field {
	out := fields[:0:0]
	for _, f := range fields {
		switch {
		case f.Type == zapcore.StringType && f.String == "":
		case f.Type == zapcore.ReflectType && isNil(f.Interface): // nil, or empty
		case f.Type == zapcore.SkipType:
		default:
			out = append(out, f)
		}
	}
	return out
}

// isNil reports nil, a nil pointer, or an empty map or slice.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Map, reflect.Slice:
		return rv.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return rv.IsNil()
	}
	return false
}
