package tests

import (
	"bytes"
	"context"
	gosql "database/sql"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The parser's own rewrites of a statement vitess does not read (WITH
// ROLLUP, NULLS FIRST|LAST, sqlext/grouporder.go) stop within a second of
// KILL QUERY or the client going away, in the middle of their pass over
// the text. Before, each ran its pass over an 8 MB statement in full (2 to
// 15 s) and looked at the context only after it.

// inPass tells whether the running statement's goroutine is in the
// function named by marker (a package-qualified name, as in a stack).
func inPass(marker string) bool {
	buf := make([]byte, 1<<22)
	buf = buf[:runtime.Stack(buf, true)]
	for _, g := range bytes.Split(buf, []byte("\n\n")) {
		if bytes.Contains(g, []byte("server.(*resultPath).run(")) && bytes.Contains(g, []byte(marker)) {
			return true
		}
	}
	return false
}

func TestRewritePassesStop(t *testing.T) {
	// 16 MB each; vitess refuses both as written, so the parser's rewrites
	// run after its first parse.
	rollup := "SELECT a FROM t GROUP BY a" + strings.Repeat(",a", 8<<20) + " WITH ROLLUP"
	nulls := "SELECT a FROM t ORDER BY a" + strings.Repeat(" NULLS FIRST,a", 16<<20/14) + " NULLS LAST"
	for _, tc := range []struct{ stop, pass, sql string }{
		{"KILL QUERY", "sqlext.rewriteWithRollup(", rollup},
		{"client gone", "sqlext.rewriteWithRollup(", rollup},
		{"KILL QUERY", "sqlext.rewriteNullsOrder(", nulls},
		{"client gone", "sqlext.rewriteNullsOrder(", nulls},
	} {
		t.Run(tc.stop+" in "+tc.pass, func(t *testing.T) {
			srv, _ := stoppableServer(t)
			admin, err := dial(t, srv)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			conn := dialMulti(t, srv, false)
			var id int64
			if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				var v gosql.NullString
				done <- conn.QueryRowContext(ctx, tc.sql).Scan(&v)
			}()
			if !waitFor(90*time.Second, func() bool { return inPass(tc.pass) }) {
				t.Fatalf("the statement never reached %s", tc.pass)
			}
			stopped := time.Now()
			if tc.stop == "KILL QUERY" {
				if _, err := admin.ExecContext(context.Background(), fmt.Sprintf("KILL QUERY %d", id)); err != nil {
					t.Fatal(err)
				}
			} else {
				cancel() // the driver closes the connection
			}
			if !waitFor(30*time.Second, func() bool { return statementGoroutines() == 0 }) {
				t.Fatalf("the statement still runs 30 s after %s", tc.stop)
			}
			took := time.Since(stopped)
			t.Logf("%s in %s: the statement stopped after %v", tc.stop, tc.pass, took)
			// Milliseconds measured; the margin is for a loaded machine,
			// as in TestLargeStatementStopsInEveryPhase.
			if took > 5*time.Second {
				t.Errorf("%s in %s: the statement ran on %v, want under a second", tc.stop, tc.pass, took)
			}
			select {
			case err := <-done:
				if err == nil {
					t.Errorf("the stopped statement answered")
				} else if tc.stop == "KILL QUERY" && mysqlErrNumber(err) != 1317 {
					t.Errorf("KILL QUERY: %v, want error 1317 (query execution was interrupted)", err)
				}
			case <-time.After(5 * time.Second):
				t.Errorf("the client had no answer 5 s after the statement stopped")
			}
			if tc.stop == "KILL QUERY" {
				wantRows(t, conn, split("1"), "SELECT 1")
			}
			wantRows(t, admin, split("2"), "SELECT 1+1")
		})
	}
}
