package tests

import (
	"bytes"
	"testing"
	"time"
)

// A statement sent to be prepared (COM_STMT_PREPARE: Go's driver with
// arguments, JDBC's useServerPrepStmts, node's execute) is parsed three
// times before anything the processlist can cancel runs: by the server's
// reader (its syntax error, sqlext.ReadPreparedCalls), by vitess (its
// parameters) and by go-mysql-server. Each parse of 15 MB takes seconds,
// under contexts that never ended: a client that went away, KILL and
// shutdown left them running. They now stop within about a second.

// prepareParse tells which parse of a prepared statement some goroutine
// is in: "reader" (the server's reader, the first), "later" (vitess's or
// go-mysql-server's), or "" for none.
func prepareParse() string {
	for _, g := range goroutineStacks() {
		if !bytes.Contains(g, []byte("sqlparser.(*Tokenizer)")) && !bytes.Contains(g, []byte("sqlparser.(*yyParserImpl).Parse")) {
			continue
		}
		if bytes.Contains(g, []byte("sqlext.(*callRewriter)")) {
			return "reader"
		}
		return "later"
	}
	return ""
}

func parsing() bool { return prepareParse() != "" }

func TestPrepareStops(t *testing.T) {
	huge := hugeInList(1900000) // 14 MB: one packet
	for _, stop := range []string{"client gone", "KILL", "shutdown"} {
		t.Run(stop, func(t *testing.T) {
			c := newStopCase(t, false)
			started := time.Now()
			done := make(chan error, 1)
			go func() {
				st, err := c.conn.PrepareContext(c.ctx, huge)
				if err == nil {
					_ = st.Close()
				}
				done <- err
			}()
			if !waitFor(30*time.Second, parsing) {
				t.Fatal("the statement was never parsed")
			}
			time.Sleep(200 * time.Millisecond) // into the first parse
			stopped := time.Now()
			c.stop(t, stop)
			if prepareParse() != "reader" {
				t.Fatalf("the stop came after the first parse (now in %q)", prepareParse())
			}
			// Parsing is over once none is seen for 2 s (there are short
			// gaps between the parses).
			later := false // a parse started after the stop
			lastSeen := stopped
			if !waitFor(60*time.Second, func() bool {
				switch prepareParse() {
				case "":
					return time.Since(lastSeen) > 2*time.Second
				case "later":
					later = true
				}
				lastSeen = time.Now()
				return false
			}) {
				t.Fatalf("the prepare is still parsed 60 s after %s", stop)
			}
			took := lastSeen.Sub(stopped)
			t.Logf("%s: parsing stopped %v after it (%v after the prepare was sent)", stop, took, stopped.Sub(started))
			// The client is polled every 50 ms: 8 to 60 ms measured on an
			// idle machine, where the parses ran on 2.7 to 3.9 s, vitess's
			// and go-mysql-server's starting after the stop; the margin is
			// for a loaded machine.
			if took > 2*time.Second {
				t.Errorf("%s: the prepare was parsed on for %v, want about 0.1 s", stop, took)
			}
			if later {
				t.Errorf("%s: the statement was parsed again after it", stop)
			}
			if stop != "client gone" {
				if err := <-done; err == nil {
					t.Errorf("%s: the prepare succeeded", stop)
				}
			}
			c.wantServing(t, stop)
		})
	}
}
