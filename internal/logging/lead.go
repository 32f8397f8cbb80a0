package logging

import (
	"context"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// ForLead is the logger of one lead of a batch: every line carries the
// fields lead and job, so lines of leads running at once can be told
// apart. On the console format its INFO lines are DEBUG (a lead's five
// lines a pass would scroll a progress bar away; -v shows them), WARN and
// ERROR stay as they are; JSON keeps them at INFO for the log collector.
func ForLead(l *zap.Logger, lead string, job int64) *zap.Logger {
	l = l.With(zap.String("lead", lead), zap.Int64("job", job))
	if _, ok := l.Core().(consoleCore); ok {
		l = l.WithOptions(zap.WrapCore(func(c zapcore.Core) zapcore.Core { return quieter{c} }))
	}
	return l
}

// consoleCore is a core of the console format (see New).
type consoleCore interface{ consoleFormat() }

func (dropEmpty) consoleFormat() {}

// quieter logs INFO entries as DEBUG.
type quieter struct{ zapcore.Core }

func quiet(l zapcore.Level) zapcore.Level {
	if l == zapcore.InfoLevel {
		return zapcore.DebugLevel
	}
	return l
}

func (q quieter) Enabled(l zapcore.Level) bool { return q.Core.Enabled(quiet(l)) }

func (q quieter) With(fields []zapcore.Field) zapcore.Core { return quieter{q.Core.With(fields)} }

func (q quieter) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	e.Level = quiet(e.Level)
	return q.Core.Check(e, ce)
}

type ctxKey struct{}

// NewContext is ctx carrying l, the logger of the work ctx is for (a
// lead's, see ForLead): code that logs on behalf of that work takes it
// with FromContext, so its lines carry the work's fields.
func NewContext(ctx context.Context, l *zap.Logger) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// FromContext is the logger ctx carries (NewContext), or fallback, the
// logger the caller was built with, when it carries none; a nil fallback
// is zap.NewNop().
func FromContext(ctx context.Context, fallback *zap.Logger) *zap.Logger {
	if l, ok := ctx.Value(ctxKey{}).(*zap.Logger); ok && l != nil {
		return l
	}
	if fallback == nil {
		return zap.NewNop()
	}
	return fallback
}
