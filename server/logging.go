package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	vtlog "github.com/dolthub/vitess/go/vt/log"
	"github.com/sirupsen/logrus"

	"github.com/paimon-sql/paimon-sql/internal/redact"
)

// RouteLibraryLogs sends the logs of GMS (global logrus logger) and vitess
// (vt/log functions) to logger, at the levels logger enables. It changes
// process-wide state: call it once, at startup.
func RouteLibraryLogs(logger *slog.Logger) {
	std := logrus.StandardLogger()
	std.SetOutput(io.Discard)
	std.SetLevel(logrusLevel(logger))
	std.ReplaceHooks(logrus.LevelHooks{})
	std.AddHook(slogHook{logger})

	// vitess logs through the standard log package by default.
	ctx := context.Background()
	logf := func(level slog.Level) func(string, ...any) {
		return func(format string, args ...any) {
			if logger.Enabled(ctx, level) {
				logger.Log(ctx, level, fmt.Sprintf(format, args...), "lib", "vitess")
			}
		}
	}
	logln := func(level slog.Level) func(...any) {
		return func(args ...any) {
			if logger.Enabled(ctx, level) {
				logger.Log(ctx, level, fmt.Sprint(args...), "lib", "vitess")
			}
		}
	}
	vtlog.Info, vtlog.Infof = logln(slog.LevelInfo), logf(slog.LevelInfo)
	vtlog.Warning, vtlog.Warningf = logln(slog.LevelWarn), logf(slog.LevelWarn)
	vtlog.Error, vtlog.Errorf = logln(slog.LevelError), logf(slog.LevelError)
}

// logrusLevel is the most verbose logrus level logger wants, so GMS skips
// building the messages nobody reads (it logs every query at debug).
func logrusLevel(logger *slog.Logger) logrus.Level {
	ctx := context.Background()
	switch {
	case logger.Enabled(ctx, slog.LevelDebug):
		return logrus.DebugLevel
	case logger.Enabled(ctx, slog.LevelInfo):
		return logrus.InfoLevel
	case logger.Enabled(ctx, slog.LevelWarn):
		return logrus.WarnLevel
	}
	return logrus.ErrorLevel
}

type slogHook struct{ log *slog.Logger }

func (h slogHook) Levels() []logrus.Level { return logrus.AllLevels }

func (h slogHook) Fire(e *logrus.Entry) error {
	level := slog.LevelError
	switch e.Level {
	case logrus.TraceLevel, logrus.DebugLevel:
		level = slog.LevelDebug
	case logrus.InfoLevel:
		level = slog.LevelInfo
	case logrus.WarnLevel:
		level = slog.LevelWarn
	}
	if quieter[e.Message] {
		level = slog.LevelDebug
	}
	ctx := e.Context
	if ctx == nil {
		ctx = context.Background()
	}
	if !h.log.Enabled(ctx, level) {
		return nil
	}
	debug := h.log.Enabled(ctx, slog.LevelDebug)
	// A line about a statement (its text in "query", quoted again in
	// errors about it) shows none of its secrets.
	var secrets []string
	if q, ok := e.Data["query"].(string); ok {
		_, secrets = redact.Statement(q)
	}
	attrs := make([]any, 0, 2*len(e.Data)+2)
	attrs = append(attrs, "lib", "gms")
	for k, v := range e.Data {
		v = loggedValue(v, debug)
		if s, ok := v.(string); ok {
			v = redact.Text(s, secrets)
		}
		attrs = append(attrs, k, v)
	}
	h.log.Log(ctx, level, redact.Text(e.Message, secrets), attrs...)
	return nil
}

// quieter are GMS's messages logged at DEBUG whatever GMS's level: the
// WARN line of every failed statement, which the statement log reports
// with its text masked, and the INFO lines of every connection opened and
// closed (BI tools' pools open hundreds).
var quieter = map[string]bool{"error running query": true, "NewConnection": true, "ConnectionClosed": true}

// loggedValue keeps errors to their message: slog formats other values
// with %+v, which prints the stack trace GMS's errors carry (kilobytes per
// user error). At debug level the stack is kept.
func loggedValue(v any, debug bool) any {
	err, ok := v.(error)
	switch {
	case !ok:
		return v
	case debug:
		return fmt.Sprintf("%+v", err)
	}
	return err.Error()
}
