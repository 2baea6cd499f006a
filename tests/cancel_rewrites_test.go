package tests

import (
	"bytes"
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
	for _, g := range goroutineStacks() {
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
			c := newStopCase(t, false)
			done := c.query(tc.sql)
			if !waitFor(90*time.Second, func() bool { return inPass(tc.pass) }) {
				t.Fatalf("the statement never reached %s", tc.pass)
			}
			stopped := time.Now()
			c.stop(t, tc.stop)
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
			wantStopped(t, done, tc.stop)
			c.wantServing(t, tc.stop)
		})
	}
}
