package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/paimon-sql/paimon-sql/server"
)

// serviceFlags are the serve flags for running as a service: logs,
// metrics and the warehouse check.
type serviceFlags struct {
	logFormat       *string
	slowQueryMS     *uint64
	metricsListen   *string
	createWarehouse *bool
}

func defineServiceFlags(f *envFlags) serviceFlags {
	return serviceFlags{
		logFormat:     f.String("log-format", "text", "log format: text (key=value lines) or json (one JSON object a line)"),
		slowQueryMS:   f.Uint64("slow-query-ms", 0, "log statements that run at least this many milliseconds (0: none)"),
		metricsListen: f.String("metrics-listen", "", "address for Prometheus /metrics, /healthz and /readyz over HTTP, host:port (unset: none)"),
		createWarehouse: f.Bool("create-warehouse", false, "create the --warehouse when it does not exist, instead of refusing to start\n"+
			"(the default demo warehouse is always created)"),
	}
}

// logHandler is the slog handler of a --log-format.
func logHandler(w io.Writer, format string, level slog.Level) (slog.Handler, error) {
	opts := &slog.HandlerOptions{Level: level}
	switch format {
	case "text":
		return slog.NewTextHandler(w, opts), nil
	case "json":
		return slog.NewJSONHandler(w, opts), nil
	}
	return nil, fmt.Errorf("log format %q: want text or json", format)
}

// serveMetrics serves the metrics endpoints when --metrics-listen is set;
// stop ends it. Without the flag there are no metrics (nil).
func (s serviceFlags) serveMetrics(log *slog.Logger) (*server.Metrics, func(), error) {
	if *s.metricsListen == "" {
		return nil, func() {}, nil
	}
	m := server.NewMetrics()
	_, shutdown, err := server.ServeMetrics(*s.metricsListen, m, log)
	if err != nil {
		return nil, nil, fmt.Errorf("metrics listener: %w", err)
	}
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = shutdown(ctx)
	}
	return m, stop, nil
}
