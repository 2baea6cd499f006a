package tests

// End-to-end tests of running paimon-sql as a service: the binary with its
// flags, JSON logs, the metrics and health endpoints, the warehouse check.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gosql "database/sql"

	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// opsServer is the paimon-sql binary serving with JSON logs, whose lines
// the test reads.
type opsServer struct {
	cmd     *exec.Cmd
	mu      sync.Mutex
	lines   []map[string]any
	raw     []string
	exited  chan error
	sqlAddr string
	httpAdr string
}

// startBinary runs `paimon-sql serve args... --log-format json` on free
// loopback ports and waits until it serves; the test ends it.
func startBinary(t *testing.T, env []string, args ...string) *opsServer {
	t.Helper()
	bin := xpBuildBinary(t)
	args = append([]string{"serve", "--listen", "127.0.0.1:0", "--log-format", "json"}, args...)
	s := &opsServer{cmd: exec.Command(bin, args...), exited: make(chan error, 1)}
	s.cmd.Env = append(os.Environ(), env...)
	stderr, err := s.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go s.readLog(stderr)
	t.Cleanup(func() { s.stop(t) })
	deadline := time.Now().Add(time.Minute)
	for s.addr("serving MySQL protocol") == "" {
		if time.Now().After(deadline) {
			t.Fatalf("the server did not start:\n%s", s.log())
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.sqlAddr = s.addr("serving MySQL protocol")
	s.httpAdr = s.addr("serving metrics")
	return s
}

func (s *opsServer) readLog(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m map[string]any
		line := sc.Bytes()
		// The Go runtime writes to stderr too (GODEBUG=gctrace), without
		// regard to the logger's lines: a record may follow a trace's
		// first half on the same line.
		if i := bytes.Index(line, []byte(`{"time":`)); i > 0 {
			line = line[i:]
		}
		err := json.Unmarshal(line, &m)
		s.mu.Lock()
		s.raw = append(s.raw, sc.Text())
		if err == nil {
			s.lines = append(s.lines, m)
		} else {
			s.lines = append(s.lines, map[string]any{"msg": "NOT JSON", "line": sc.Text()})
		}
		s.mu.Unlock()
	}
	s.exited <- s.cmd.Wait()
}

// addr is the "addr" of the first log line with message msg.
func (s *opsServer) addr(msg string) string {
	for _, l := range s.logLines(msg) {
		if a, ok := l["addr"].(string); ok {
			return a
		}
	}
	return ""
}

func (s *opsServer) logLines(msg string) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, l := range s.lines {
		if l["msg"] == msg {
			out = append(out, l)
		}
	}
	return out
}

func (s *opsServer) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.raw, "\n")
}

// stop sends SIGTERM and waits for a clean exit.
func (s *opsServer) stop(t *testing.T) {
	if s.cmd.ProcessState != nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.exited:
		if err != nil {
			t.Errorf("paimon-sql exited with %v:\n%s", err, s.log())
		}
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		t.Errorf("paimon-sql did not stop on SIGTERM")
	}
}

func (s *opsServer) db(t *testing.T) *gosql.DB {
	t.Helper()
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "tcp", s.sqlAddr
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// metricValue is the value of the sample named by series (name with its
// labels, as exposed) in a Prometheus text exposition.
func metricValue(t *testing.T, exposition, series string) float64 {
	t.Helper()
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`)
	m := re.FindStringSubmatch(exposition)
	if m == nil {
		t.Fatalf("/metrics has no %s", series)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestServiceMetricsHealthAndLogs runs the binary as an operator would,
// with metrics and JSON logs, runs a few statements and scrapes /metrics.
func TestServiceMetricsHealthAndLogs(t *testing.T) {
	wh := testfixture.CopyWarehouse(t, testfixture.JavaWritten)
	s := startBinary(t, nil, "--warehouse", wh, "--metrics-listen", "127.0.0.1:0")
	base := "http://" + s.httpAdr
	if code, body := httpGet(t, base+"/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz = %d %q", code, body)
	}
	if code, body := httpGet(t, base+"/readyz"); code != 200 || body != "ready\n" {
		t.Errorf("/readyz = %d %q", code, body)
	}

	db := s.db(t)
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"CREATE DATABASE ops",
		"CREATE TABLE ops.t (pt INT NOT NULL, id INT NOT NULL, v TEXT, PRIMARY KEY (pt, id)) PARTITIONED BY (pt) WITH ('bucket' = '1')",
		"INSERT INTO ops.t VALUES (1, 1, 'a'), (2, 2, 'b')",
		"INSERT INTO ops.t VALUES (1, 3, 'c')", // pt = 1 gets a second file to compact
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	var n int
	if err := db.QueryRow("SELECT count(*) FROM ops.t WHERE pt = 2").Scan(&n); err != nil || n != 1 {
		t.Fatalf("count = %d, %v", n, err)
	}
	if err := db.QueryRow("SELECT count(*) FROM ops.t").Scan(&n); err != nil || n != 3 {
		t.Fatalf("count = %d, %v", n, err)
	}
	if _, err := db.Exec("SELECT * FROM ops.nope"); err == nil {
		t.Fatal("query of a missing table succeeded")
	}
	for _, q := range []string{
		"CALL sys.compact('ops.t')",
		"CALL sys.expire_snapshots(`table` => 'ops.t', retain_max => 1, retain_min => 1)",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	code, m := httpGet(t, base+"/metrics")
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	for series, want := range map[string]float64{
		`paimon_sql_connections`:                                     1,
		`paimon_sql_statements_total{kind="ddl",outcome="ok"}`:       2,
		`paimon_sql_statements_total{kind="dml",outcome="ok"}`:       2,
		`paimon_sql_statements_total{kind="select",outcome="ok"}`:    2,
		`paimon_sql_statements_total{kind="select",outcome="error"}`: 1,
		`paimon_sql_statement_duration_seconds_count{kind="dml"}`:    2,
		`paimon_sql_statements_total{kind="call",outcome="ok"}`:      2,
		`paimon_sql_commits_total`:                                   3,
		`paimon_sql_compactions_total`:                               1,
		// The two files of pt = 1 merged; the single file of pt = 2 only
		// changes level.
		`paimon_sql_compacted_files_total`: 2,
		// Two of the three snapshots (two INSERTs, one COMPACT).
		`paimon_sql_expired_snapshots_total`: 2,
		`paimon_sql_read_rows_total`:         4,
		// pt = 2 skips the two files of pt = 1: the snapshot's entries
		// are cached whole (core/scan entryCache) since its row count was
		// planned, so no manifest is skipped unread.
		`paimon_sql_scan_files_pruned_total`: 2,
	} {
		if got := metricValue(t, m, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
	if got := metricValue(t, m, "paimon_sql_read_bytes_total"); got <= 0 {
		t.Errorf("paimon_sql_read_bytes_total = %v", got)
	}
	if got := metricValue(t, m, "paimon_sql_expired_files_total"); got <= 0 {
		t.Errorf("paimon_sql_expired_files_total = %v", got)
	}
	for _, series := range []string{"paimon_sql_commit_conflicts_total", "paimon_sql_commit_retries_total", "paimon_sql_literal_inserts_total"} {
		metricValue(t, m, series)
	}

	audits := s.logLines("audit")
	if len(audits) != 6 {
		t.Errorf("%d audit lines, want 6:\n%s", len(audits), s.log())
	}
	for _, a := range audits {
		if a["outcome"] != "ok" || a["user"] != "root" || a["conn"] == nil || a["duration_ms"] == nil {
			t.Errorf("audit line %v", a)
		}
	}
	failed := s.logLines("statement failed")
	if len(failed) != 1 || failed[0]["query"] != "SELECT * FROM ops.nope" || !strings.Contains(fmt.Sprint(failed[0]["error"]), "nope") {
		t.Errorf("failed statement lines: %v", failed)
	}
	if bad := s.logLines("NOT JSON"); len(bad) > 0 {
		t.Errorf("log lines that are not JSON: %v", bad)
	}
}

// TestMissingWarehouseIsRefused: a mistyped --warehouse does not become a
// new empty warehouse; --create-warehouse creates it and says so.
func TestMissingWarehouseIsRefused(t *testing.T) {
	bin := xpBuildBinary(t)
	missing := filepath.Join(t.TempDir(), "typo")
	_, stderr, err := xpRunBinary(t, bin, "--warehouse", missing, "--listen", "127.0.0.1:0")
	if err == nil || !strings.Contains(stderr, "does not exist") || !strings.Contains(stderr, "--create-warehouse") {
		t.Fatalf("err %v, stderr:\n%s", err, stderr)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatalf("the refused warehouse was created: %v", err)
	}

	s := startBinary(t, nil, "--warehouse", missing, "--create-warehouse")
	if len(s.logLines("the warehouse is empty: a new warehouse; create a database with CREATE DATABASE")) != 1 {
		t.Errorf("no single line about the empty warehouse:\n%s", s.log())
	}
	if fi, err := os.Stat(missing); err != nil || !fi.IsDir() {
		t.Errorf("--create-warehouse did not create the directory: %v", err)
	}
}

// TestDefaultDemoWarehouseOnFreshMachine: with no warehouse flag, the README's
// first command serves the demo database from a new home directory.
func TestDefaultDemoWarehouseOnFreshMachine(t *testing.T) {
	home := t.TempDir()
	s := startBinary(t, []string{"HOME=" + home})
	var n int
	if err := s.db(t).QueryRow("SELECT count(*) FROM demo.merge_on_read").Scan(&n); err != nil || n == 0 {
		t.Fatalf("demo.merge_on_read: %d rows, %v", n, err)
	}
}
