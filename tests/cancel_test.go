package tests

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/catalog"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
	"github.com/paimon-sql/paimon-sql/server"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// Issue 25 item 4: every statement can be stopped, in analysis as in
// execution, and large expressions cost time linear in their size.

// divisionChain is SELECT 1/1/.../1 with n divisions: go-mysql-server
// works out the type of each level anew, so analysing and evaluating it
// take minutes (4,000 divisions: 12 minutes), which KILL QUERY, a client
// that goes away and shutdown must cut short.
func divisionChain(n int) string { return "SELECT 1" + strings.Repeat("/1", n) }

const heavyDivisions = 2000

// statementGoroutines counts the goroutines that run a statement, in any
// of its phases.
func statementGoroutines() int { return goroutinesIn("server.(*resultPath).run(") }

// analysing tells whether a statement is in go-mysql-server's analyzer, the
// phase the division chains spend their minutes in.
func analysing() bool { return goroutinesIn("go-mysql-server/sql/analyzer.") > 0 }

// goroutinesIn counts the goroutines whose stack has a frame containing
// frame.
func goroutinesIn(frame string) int {
	n := 0
	for _, g := range goroutineStacks() {
		if bytes.Contains(g, []byte(frame)) {
			n++
		}
	}
	return n
}

func TestLongExpressionChainsAreLinear(t *testing.T) {
	e := startServer(t, nil)
	for _, tc := range []struct {
		name, sql, want string
	}{
		// 1,000 terms took 3.4 s, 4,000 62 s.
		{"10,000-term sum", "SELECT 1" + strings.Repeat("+1", 9999), "10000"},
		// 16,000 terms took 21 s in String() alone.
		{"16,000-term OR", "SELECT 0" + strings.Repeat(" OR 0", 15998) + " OR 1", "1"},
	} {
		start := time.Now()
		res, err := query(e.db, tc.sql)
		took := time.Since(start)
		if err != nil || len(res.rows) != 1 || res.rows[0][0] != tc.want {
			t.Errorf("%s: %v, %v; want %s", tc.name, res.rows, err, tc.want)
		}
		t.Logf("%s: %v", tc.name, took)
		if took > 15*time.Second {
			t.Errorf("%s took %v, want well under 15 s", tc.name, took)
		}
	}
}

// Deeper expressions are refused at once with MySQL's stack overrun error,
// and the server serves on.
func TestTooDeepExpressionIsRefused(t *testing.T) {
	e := startServer(t, nil)
	for _, q := range []string{
		"SELECT 1" + strings.Repeat("+1", 19999),
		"SELECT 1 FROM dual WHERE 1 IN (SELECT " + strings.Repeat("NOT ", sqlext.MaxExpressionDepth+10) + "1)",
	} {
		start := time.Now()
		err := queryErr(t, e.db, q)
		if mysqlErrNumber(err) != 1436 || !strings.Contains(err.Error(), "Thread stack overrun") {
			t.Errorf("%.40s...: %v, want error 1436 Thread stack overrun", q, err)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%.40s... refused after %v, want at once", q, took)
		}
	}
	wantRows(t, e.db, split("4"), "SELECT 1"+strings.Repeat("+1", 3))
}

func TestKillQueryStopsAnalysis(t *testing.T) {
	e := startServer(t, nil)
	ctx := context.Background()
	conn := oneConn(t, e.db)
	var id int64
	if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, err := conn.ExecContext(ctx, divisionChain(heavyDivisions))
		done <- err
	}()
	if !waitFor(10*time.Second, analysing) {
		t.Fatal("the statement did not reach the analyzer")
	}
	select {
	case err := <-done:
		t.Fatalf("the statement ended after %v, before it was killed: %v", time.Since(start), err)
	default:
	}
	killed := time.Now()
	sqlRun(t, e.db, fmt.Sprintf("KILL QUERY %d", id))
	select {
	case err := <-done:
		if mysqlErrNumber(err) != 1317 {
			t.Errorf("killed statement: %v, want error 1317 (query execution was interrupted)", err)
		}
		t.Logf("stopped %v after KILL QUERY", time.Since(killed))
	case <-time.After(5 * time.Second):
		t.Fatal("the statement was still running 5 s after KILL QUERY")
	}
	if !waitFor(5*time.Second, func() bool { return statementGoroutines() == 0 }) {
		t.Errorf("%d goroutines still evaluate the killed statement", statementGoroutines())
	}
	wantRows(t, conn, split("1"), "SELECT 1")
}

func TestClientGoneStopsAnalysis(t *testing.T) {
	e := startServer(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	conn := oneConn(t, e.open("", false))
	done := make(chan error, 1)
	go func() {
		_, err := conn.ExecContext(ctx, divisionChain(heavyDivisions))
		done <- err
	}()
	running := func() bool { return strings.Contains(strings.Join(processList(t, e.db), "\n"), "/1/1/1") }
	if !waitFor(5*time.Second, running) {
		t.Fatal("the statement does not show in the process list")
	}
	if !waitFor(10*time.Second, analysing) {
		t.Fatal("the statement did not reach the analyzer")
	}
	cancel() // the driver closes the connection
	<-done
	gone := time.Now()
	if !waitFor(8*time.Second, func() bool { return !running() && statementGoroutines() == 0 }) {
		t.Fatalf("the statement still runs 8 s after its client went away")
	}
	t.Logf("stopped %v after the client went away", time.Since(gone))
}

// Shutdown waits for running statements until its deadline and then
// stops them: none keeps running, nor a core busy, after Shutdown returns.
func TestShutdownStopsRunningStatements(t *testing.T) {
	dir := testfixture.CopyWarehouse(t, testfixture.JavaWritten)
	fsys, err := paimonfs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	provider, err := catalog.NewProvider(context.Background(), fsys)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Listen: "127.0.0.1:0"}, provider, server.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Start() }()
	c, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.ExecContext(context.Background(), divisionChain(heavyDivisions))
		done <- err
	}()
	if !waitFor(5*time.Second, func() bool { return statementGoroutines() > 0 }) {
		t.Fatal("the statement did not start")
	}
	sctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	_ = srv.Shutdown(sctx)
	<-served
	t.Logf("Shutdown returned after %v", time.Since(start))
	if !waitFor(5*time.Second, func() bool { return statementGoroutines() == 0 }) {
		t.Errorf("the statement still runs 5 s after Shutdown returned")
	}
	select {
	case err := <-done:
		if err == nil {
			t.Error("the statement stopped by shutdown reported success")
		}
	case <-time.After(5 * time.Second):
		t.Error("the client got no answer 5 s after Shutdown")
	}
}
