package tests

import (
	"context"
	gosql "database/sql"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/server"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// Connection limits, timeouts and clients that go away.

// readerGoroutines counts the goroutines of the table reader (core/read):
// its workers and their feeder live as long as a scan.
func readerGoroutines() int { return goroutinesIn("paimon-sql/core/read.") }

// waitFor polls cond for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return cond()
}

// A client that reads a few rows of a large scan and disconnects stops the
// scan: the server's reader goroutines end and the query leaves the process
// list.
func TestClientDisconnectMidQueryStopsTheScan(t *testing.T) {
	e := startServer(t, nil)
	// 250,000 rows of ~110 bytes: far more than the socket buffers hold, so
	// the server is still scanning when the client goes.
	mustQuery(t, e.db, "CREATE DATABASE big")
	mustQuery(t, e.db, "CREATE TABLE big.t (id BIGINT, s VARCHAR(200))")
	for i := 0; i < 2; i++ { // two snapshots, two data files
		mustQuery(t, e.db, "INSERT INTO big.t WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 499) "+
			"SELECT a.i * 500 + b.i, REPEAT('x', 100) FROM n a, n b WHERE b.i < 250")
	}
	if n := readerGoroutines(); n != 0 {
		t.Fatalf("%d reader goroutines before the query", n)
	}

	// A client whose TCP connection the test can cut.
	var mu sync.Mutex
	var conns []net.Conn
	mysql.RegisterDialContext("cuttable", func(ctx context.Context, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
		if err == nil {
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
		return c, err
	})
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "cuttable", e.srv.Addr().String()
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	rows, err := db.Query("SELECT id, s FROM big.t")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10 && rows.Next(); i++ {
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !waitFor(5*time.Second, func() bool { return readerGoroutines() > 0 }) {
		t.Fatal("no reader goroutine while the scan is blocked on the client")
	}
	if !strings.Contains(strings.Join(processList(t, e.db), "\n"), "SELECT id, s FROM big.t") {
		t.Errorf("the query is not in the process list: %v", processList(t, e.db))
	}
	// Disconnect without reading the rest.
	mu.Lock()
	for _, c := range conns {
		_ = c.Close()
	}
	mu.Unlock()
	_ = rows.Close()

	if !waitFor(15*time.Second, func() bool { return readerGoroutines() == 0 }) {
		t.Errorf("%d reader goroutines still running 15s after the client disconnected", readerGoroutines())
	}
	if !waitFor(5*time.Second, func() bool {
		return !strings.Contains(strings.Join(processList(t, e.db), "\n"), "big.t")
	}) {
		t.Errorf("the query is still in the process list: %v", processList(t, e.db))
	}
	// The server serves on.
	wantRows(t, e.db, split("250000"), "SELECT COUNT(*) FROM big.t")
}

// processList is the Info of every connection running a query.
func processList(t *testing.T, q querier) []string {
	t.Helper()
	var out []string
	for _, r := range mustQuery(t, q, "SHOW PROCESSLIST").records() {
		if r["Command"] == "Query" && r["Info"] != "SHOW PROCESSLIST" {
			out = append(out, r["Info"])
		}
	}
	return out
}

// startServerWith serves a fresh copy of the fixtures with cfg (Listen is
// set here).
func startServerWith(t *testing.T, cfg server.Config) *server.Server {
	t.Helper()
	return serveDirWith(t, testfixture.CopyWarehouse(t, testfixture.JavaWritten), cfg)
}

// serveDirWith serves the warehouse dir with cfg (Listen is set here) until
// the test ends.
func serveDirWith(t *testing.T, dir string, cfg server.Config) *server.Server {
	t.Helper()
	provider := newProvider(t, openWarehouse(t, dir))
	cfg.Listen = "127.0.0.1:0"
	srv, _ := startServing(t, provider, cfg, server.Options{Rules: provider.PushdownRules(), ExecBuilder: provider.ExecBuilder(),
		ProcedureParams: provider.ProcedureParams})
	return srv
}

func dial(t *testing.T, srv *server.Server) (*gosql.Conn, error) {
	t.Helper()
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "tcp", srv.Addr().String()
	cfg.Timeout = 10 * time.Second
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	return c, c.PingContext(ctx)
}

// The defaults keep idle clients: GMS uses the read timeout as the idle
// timeout (and as the longest wait between two rows), so it is MySQL's
// wait_timeout, 8 hours, which the server also reports.
func TestClientIdleTimeoutDefaultsToWaitTimeout(t *testing.T) {
	if server.DefaultConnReadTimeout < 8*time.Hour {
		t.Errorf("DefaultConnReadTimeout = %v, want at least MySQL's wait_timeout (8h)", server.DefaultConnReadTimeout)
	}
	e := startServer(t, nil)
	wantRows(t, e.db, split("28800|28800"), "SELECT @@wait_timeout, @@interactive_timeout")

	// With a short read timeout, that is what an idle client gets: the
	// setting is the idle timeout.
	srv := startServerWith(t, server.Config{ConnReadTimeout: 300 * time.Millisecond})
	c, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	wantRows(t, c, split("1"), "SELECT 1")
	var id string
	if err := c.QueryRowContext(context.Background(), "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // active client: kept
	wantRows(t, c, split("2"), "SELECT 2")
	// Idle past the timeout: closed by the server, and gone from the
	// process list that another client (kept busy by its polling) reads.
	admin, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	listed := func() bool {
		for _, r := range mustQuery(t, admin, "SHOW PROCESSLIST").records() {
			if r["Id"] == id {
				return true
			}
		}
		return false
	}
	if !waitFor(5*time.Second, func() bool { return !listed() }) {
		t.Error("the server kept an idle client 5 s past a 300ms read timeout")
	}
	if _, err := query(c, "SELECT 3"); err == nil {
		t.Error("an idle client outlived a 300ms read timeout")
	}
}

// MaxConnections bounds concurrent clients, plus one for an account with
// SUPER (root here), as in MySQL; one more waits for a slot up to
// MaxWaitTimeout, then is refused.
func TestClientMaxConnections(t *testing.T) {
	srv := startServerWith(t, server.Config{MaxConnections: 2, MaxWaitConnections: 1, MaxWaitTimeout: 500 * time.Millisecond})
	a, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	admin, err := dial(t, srv)
	if err != nil {
		t.Fatalf("the administrator's extra connection: %v", err)
	}
	defer admin.Close()
	start := time.Now()
	if c, err := dial(t, srv); err == nil {
		c.Close()
		t.Fatal("a fourth client connected with MaxConnections = 2")
	}
	if waited := time.Since(start); waited < 400*time.Millisecond {
		t.Errorf("the fourth client was refused after %v, want a wait of MaxWaitTimeout (500ms)", waited)
	}
	// A slot that a leaving client frees goes to the next one.
	_ = a.Raw(func(dc any) error { return dc.(interface{ Close() error }).Close() })
	_ = a.Close()
	var c *gosql.Conn
	if !waitFor(5*time.Second, func() bool {
		c, err = dial(t, srv)
		return err == nil
	}) {
		t.Fatalf("no slot after a client left: %v", err)
	}
	wantRows(t, c, split("1"), "SELECT 1")
	wantRows(t, b, split("1"), "SELECT 1")
	c.Close()
	b.Close()
}

// A client that goes away while its statement computes (no row written yet,
// so no write fails) stops the statement within a few seconds: the server
// looks at the socket of every running statement that returns rows.
func TestClientGoneWhileComputingStopsTheStatement(t *testing.T) {
	e := startServer(t, nil)
	var mu sync.Mutex
	var conns []net.Conn
	mysql.RegisterDialContext("cuttable-computing", func(ctx context.Context, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
		if err == nil {
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
		return c, err
	})
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "cuttable-computing", e.srv.Addr().String()
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	done := make(chan error, 1)
	go func() {
		_, err := db.Exec("SELECT SLEEP(60)")
		done <- err
	}()
	if !waitFor(5*time.Second, func() bool {
		return strings.Contains(strings.Join(processList(t, e.db), "\n"), "SLEEP(60)")
	}) {
		t.Fatalf("the statement is not in the process list: %v", processList(t, e.db))
	}
	mu.Lock()
	for _, c := range conns {
		_ = c.Close()
	}
	mu.Unlock()
	<-done
	// The server looks once a second (GMS's own check: every 5 seconds).
	if !waitFor(3*time.Second, func() bool {
		return !strings.Contains(strings.Join(processList(t, e.db), "\n"), "SLEEP(60)")
	}) {
		t.Fatalf("the statement still runs 3s after its client went away: %v", processList(t, e.db))
	}
}
