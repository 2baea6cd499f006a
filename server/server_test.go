package server

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

func TestConnectAndQuery(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	wantRows(t, db, "8.0.31-paimon-sql|paimon-sql", "SELECT @@version, @@version_comment")
	wantRows(t, db, "1|a\n2|b\n3|c", "SELECT id, name FROM db.t ORDER BY id")
	wantRows(t, db, "db.t|5|", "CALL sys.echo_args('db.t', 5, '')")
}

func TestRootPassword(t *testing.T) {
	pro := newTestProvider(t)
	_, err := New(Config{Listen: "0.0.0.0:0"}, pro, pro.options(nil))
	if err == nil || !strings.Contains(err.Error(), "requires a root password") {
		t.Fatalf("non-loopback without password: got %v", err)
	}

	s := start(t, Config{Listen: "0.0.0.0:0", RootPassword: "s3cret"}, pro, pro.options(nil))
	for _, pw := range []string{"", "wrong"} {
		if _, err := connect(t, s, "root", pw); mysqlErrNumber(err) != 1045 {
			t.Errorf("root with password %q: got %v, want access denied", pw, err)
		}
	}
	// GMS answers an unknown user with error 2012, not 1045.
	if _, err := connect(t, s, "nobody", ""); err == nil {
		t.Error("unknown user connected")
	}
	wantRows(t, mustConnect(t, s, "root", "s3cret"), "1", "SELECT 1")
}

func TestUsersPersistAcrossRestart(t *testing.T) {
	pro := newTestProvider(t)
	store := &memStore{}
	ctx := context.Background()

	s1 := start(t, Config{RootPassword: "rootpw"}, pro, pro.options(store))
	root := mustConnect(t, s1, "root", "rootpw")
	for _, q := range []string{
		"CREATE USER 'reader'@'%' IDENTIFIED BY 'readpw'",
		"GRANT SELECT ON db.* TO 'reader'@'%'",
	} {
		if _, err := root.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := s1.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	// Same store, other root password: the configured one wins.
	s2 := start(t, Config{RootPassword: "newpw"}, pro, pro.options(store))
	if _, err := connect(t, s2, "root", "rootpw"); mysqlErrNumber(err) != 1045 {
		t.Errorf("old root password: got %v, want access denied", err)
	}
	mustConnect(t, s2, "root", "newpw")
	// caching_sha2_password, the default: the first login needs TLS.
	reader, err := connectTLS(t, s2, "reader", "readpw", "skip-verify")
	if err != nil {
		t.Fatal(err)
	}
	wantRows(t, reader, "1|a\n2|b\n3|c", "SELECT id, name FROM db.t ORDER BY id")
	if _, err := reader.Exec("INSERT INTO db.t VALUES (9, 'z')"); err == nil || !strings.Contains(err.Error(), "denied") {
		t.Errorf("reader INSERT: got %v, want denied", err)
	}
	if _, err := reader.Exec("CALL sys.echo_args('db.t', 1, '')"); err == nil || !strings.Contains(err.Error(), "denied") {
		t.Errorf("reader CALL: got %v, want denied", err)
	}
	if err := s2.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	// No password configured: the stored root password is kept.
	s3 := start(t, Config{}, pro, pro.options(store))
	if _, err := connect(t, s3, "root", ""); mysqlErrNumber(err) != 1045 {
		t.Errorf("root without password after restart: got %v, want access denied", err)
	}
	mustConnect(t, s3, "root", "newpw")
}

func TestReadOnlyServer(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{ReadOnly: true}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	wantRows(t, db, "3", "SELECT count(*) FROM db.t")
	for _, q := range []string{
		"INSERT INTO db.t VALUES (9, 'z')",
		"CREATE TABLE db.u (id BIGINT PRIMARY KEY)",
		"UPDATE db.t SET name = 'x'",
	} {
		if _, err := db.Exec(q); err == nil || !strings.Contains(err.Error(), "Error 1290 (HY000): The server is running with the --read-only option") {
			t.Errorf("%s: got %v, want error 1290 (--read-only)", q, err)
		}
	}
	wantRows(t, db, "3", "SELECT count(*) FROM db.t")
}

func TestGracefulShutdown(t *testing.T) {
	pro := newTestProvider(t)
	s, err := New(Config{Listen: "127.0.0.1:0"}, pro, pro.options(nil))
	if err != nil {
		t.Fatal(err)
	}
	started := make(chan error, 1)
	go func() { started <- s.Start() }()
	idle := mustConnect(t, s, "root", "")
	busy := mustConnect(t, s, "root", "")
	wantRows(t, idle, "1", "SELECT 1")

	// A running query is answered; the idle connection does not hold up
	// the shutdown.
	var wg sync.WaitGroup
	var queryErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, queryErr = rows(busy, "SELECT SLEEP(0.5)")
	}()
	time.Sleep(100 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	begin := time.Now()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	wg.Wait()
	if queryErr != nil {
		t.Errorf("query running during shutdown: %v", queryErr)
	}
	if d := time.Since(begin); d < 300*time.Millisecond || d > 2*time.Second {
		t.Errorf("shutdown took %v, want about the 0.4s left of the running query", d)
	}
	if err := <-started; err != nil {
		t.Errorf("Start: %v", err)
	}
	if _, err := connect(t, s, "root", ""); err == nil {
		t.Error("connected after shutdown")
	}
}

func TestShutdownDeadline(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	done := make(chan error, 1)
	go func() {
		_, err := rows(db, "SELECT SLEEP(30)")
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := s.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("shutdown: got %v, want deadline exceeded", err)
	}
	select {
	case err := <-done:
		if err == nil {
			t.Error("long query succeeded after its connection was closed")
		}
	case <-time.After(5 * time.Second):
		t.Error("long query still running after shutdown")
	}
}

// SIGTERM's Shutdown waits for running queries, but cancels procedure calls
// at once: compaction and expiration can run for minutes and resume later.
func TestShutdownCancelsProcedureCalls(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	done := make(chan error, 1)
	go func() {
		_, err := rows(db, "/* maintenance */ CALL sys.wait_for_cancel()")
		done <- err
	}()
	time.Sleep(200 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	begin := time.Now()
	if err := s.Shutdown(ctx); err != nil {
		t.Errorf("shutdown: %v", err)
	}
	if d := time.Since(begin); d > 3*time.Second {
		t.Errorf("shutdown took %v with a procedure call running, want under 3 s", d)
	}
	select {
	case err := <-done:
		if err == nil {
			t.Error("cancelled call succeeded")
		}
	case <-time.After(5 * time.Second):
		t.Error("procedure call still running after shutdown")
	}
}

func TestIsCall(t *testing.T) {
	for q, want := range map[string]bool{
		"CALL sys.compact('t')": true, "  call sys.x()": true, "/* a */ /*b*/ CALL x()": true,
		"Call\tx()": true, "CALLx()": false, "SELECT 1": false, "calls": false, "/* open": false,
	} {
		if got := isCall(q); got != want {
			t.Errorf("isCall(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestRulesAndPanicRecovery(t *testing.T) {
	pro := newTestProvider(t)
	opts := pro.options(nil)
	opts.Rules = []analyzer.Rule{{Id: analyzer.RuleId(10000), Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if strings.Contains(ctx.Query(), "panic_please") {
			panic("rule panicked")
		}
		return n, transform.SameTree, nil
	}}}
	s := start(t, Config{}, pro, opts)
	conn, err := mustConnect(t, s, "root", "").Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	before := mustRows(t, conn, "SELECT CONNECTION_ID()")
	wantErr(t, conn, "internal error: rule panicked", "SELECT 'panic_please'")
	if after := mustRows(t, conn, "SELECT CONNECTION_ID()"); after[0] != before[0] {
		t.Errorf("connection changed from %s to %s", before[0], after[0])
	}
}
