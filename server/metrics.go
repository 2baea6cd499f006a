package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/paimon-sql/paimon-sql/core/stats"
)

// Metrics are the server's Prometheus metrics, with the health endpoints
// served next to them. A nil *Metrics counts nothing.
type Metrics struct {
	registry    *prometheus.Registry
	connections prometheus.Gauge
	connected   prometheus.Counter
	statements  *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	ready       atomic.Bool
}

// NewMetrics registers the server's metrics, the counters of the Paimon
// core (package stats) and the Go runtime and process metrics.
func NewMetrics() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		connections: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "paimon_sql_connections", Help: "Client connections open now.",
		}),
		connected: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "paimon_sql_connections_total", Help: "Client connections accepted.",
		}),
		statements: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paimon_sql_statements_total",
			Help: "Statements run, by kind (select, dml, ddl, dcl, call, show, session, other) and outcome (ok, error).",
		}, []string{"kind", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "paimon_sql_statement_duration_seconds",
			Help:    "Time from receiving a statement to its last result row, by kind.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300},
		}, []string{"kind"}),
	}
	m.registry.MustRegister(m.connections, m.connected, m.statements, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, c := range coreCounters {
		m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: c.name, Help: c.help},
			func() float64 { return float64(c.value.Load()) }))
	}
	m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "paimon_sql_page_cache_bytes", Help: "Bytes of decoded Parquet pages the page cache holds (--page-cache-size).",
	}, func() float64 { return float64(stats.PageCacheBytes.Load()) }))
	return m
}

// coreCounters are the core's counters as exported.
var coreCounters = []struct {
	name, help string
	value      *atomic.Int64
}{
	{"paimon_sql_read_bytes_total", "Bytes read from the warehouse, data and metadata.", &stats.BytesRead},
	{"paimon_sql_read_rows_total", "Rows table scans returned to queries.", &stats.RowsRead},
	{"paimon_sql_scan_files_total", "Data files scans planned to read.", &stats.FilesScanned},
	{"paimon_sql_scan_files_pruned_total", "Data files scans skipped by partition or value statistics.", &stats.FilesPruned},
	{"paimon_sql_scan_files_index_skipped_total", "Data files scans skipped by their file indexes (bloom filter, bitmap, BSI).", &stats.FilesIndexSkipped},
	{"paimon_sql_commits_total", "Snapshots committed.", &stats.Commits},
	{"paimon_sql_commit_conflicts_total", "Commits refused because a concurrent commit conflicted.", &stats.CommitConflicts},
	{"paimon_sql_commit_retries_total", "Commit attempts repeated because another writer took the snapshot id.", &stats.CommitRetries},
	{"paimon_sql_expired_snapshots_total", "Snapshots deleted by expiration.", &stats.SnapshotsExpired},
	{"paimon_sql_expired_files_total", "Files deleted by expiration.", &stats.ExpiredFilesDeleted},
	{"paimon_sql_compactions_total", "Compaction commits.", &stats.Compactions},
	{"paimon_sql_compacted_files_total", "Data files compaction merged into new files (not those only moved to another level).", &stats.CompactedFiles},
	{"paimon_sql_page_cache_hits_total", "Parquet pages and dictionaries key lookups found decoded in the page cache.", &stats.PageCacheHits},
	{"paimon_sql_page_cache_misses_total", "Parquet pages and dictionaries key lookups decoded (and cached).", &stats.PageCacheMisses},
	{"paimon_sql_page_cache_evictions_total", "Pages the page cache dropped to stay within --page-cache-size.", &stats.PageCacheEvictions},
	{"paimon_sql_literal_inserts_total", "INSERT ... VALUES statements of literals written without the engine's row-by-row path.", &stats.LiteralInserts},
}

func (m *Metrics) connOpened() {
	if m != nil {
		m.connections.Inc()
		m.connected.Inc()
	}
}

func (m *Metrics) connClosed() {
	if m != nil {
		m.connections.Dec()
	}
}

func (m *Metrics) statement(kind string, err error, elapsed time.Duration) {
	if m == nil {
		return
	}
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.statements.WithLabelValues(kind, outcome).Inc()
	m.latency.WithLabelValues(kind).Observe(elapsed.Seconds())
}

// setReady says whether the server accepts statements (from Start until
// Shutdown): what /readyz answers.
func (m *Metrics) setReady(ready bool) {
	if m != nil {
		m.ready.Store(ready)
	}
}

// Handler serves /metrics, /healthz (the process is up) and /readyz (the
// server accepts statements: 503 before Start and once Shutdown began).
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !m.ready.Load() {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	return mux
}

// ServeMetrics serves m.Handler on addr until the returned stop is called.
func ServeMetrics(addr string, m *Metrics, log *slog.Logger) (net.Addr, func(context.Context) error, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	srv := &http.Server{Handler: m.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener failed", "addr", addr, "err", err)
		}
	}()
	log.Info("serving metrics", "addr", ln.Addr().String(), "paths", "/metrics /healthz /readyz")
	return ln.Addr(), srv.Shutdown, nil
}
