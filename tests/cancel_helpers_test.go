package tests

import (
	"bytes"
	"context"
	gosql "database/sql"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/server"
)

// What the tests of stopped statements share: the goroutines' stacks, to
// see where a statement is, and a server with a connection whose
// statement is stopped in one of four ways.

// goroutineStacks is the stack of every goroutine, one element each.
func goroutineStacks() [][]byte {
	buf := make([]byte, 1<<24)
	buf = buf[:runtime.Stack(buf, true)]
	return bytes.Split(buf, []byte("\n\n"))
}

// stopCase is a server the test can shut down, an admin connection to it
// and the connection whose statement the test stops.
type stopCase struct {
	srv    *server.Server
	served <-chan error // the server's end
	admin  *gosql.Conn
	conn   *gosql.Conn
	id     int64              // conn's CONNECTION_ID()
	ctx    context.Context    // for conn's statements
	cancel context.CancelFunc // the client going away
}

// newStopCase serves the fixtures; multi: conn allows several statements
// in one query.
func newStopCase(t *testing.T, multi bool) *stopCase {
	t.Helper()
	c := &stopCase{}
	c.srv, c.served = stoppableServer(t)
	var err error
	if c.admin, err = dial(t, c.srv); err != nil {
		t.Fatal(err)
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	t.Cleanup(c.cancel)
	c.conn = dialMulti(t, c.srv, multi)
	if err := c.conn.QueryRowContext(c.ctx, "SELECT CONNECTION_ID()").Scan(&c.id); err != nil {
		t.Fatal(err)
	}
	return c
}

// query runs q on conn in the background; its error comes on the channel.
func (c *stopCase) query(q string) <-chan error {
	done := make(chan error, 1)
	go func() {
		var v gosql.NullString
		done <- c.conn.QueryRowContext(c.ctx, q).Scan(&v)
	}()
	return done
}

// stop stops conn's statement: "KILL QUERY" or "KILL" from admin, "client
// gone" (the driver closes the connection) or "shutdown" (of the server,
// in the background).
func (c *stopCase) stop(t *testing.T, how string) {
	t.Helper()
	switch how {
	case "KILL QUERY", "KILL":
		if _, err := c.admin.ExecContext(context.Background(), fmt.Sprintf("%s %d", how, c.id)); err != nil {
			t.Fatal(err)
		}
	case "client gone":
		c.cancel()
	case "shutdown":
		go func() {
			sctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			_ = c.srv.Shutdown(sctx)
		}()
	default:
		t.Fatalf("no stop %q", how)
	}
}

// wantStopped requires the statement's client to have had an error within
// 5 s: 1317 (query execution was interrupted) after KILL QUERY.
func wantStopped(t *testing.T, done <-chan error, how string) {
	t.Helper()
	select {
	case err := <-done:
		switch {
		case err == nil:
			t.Errorf("the stopped statement answered")
		case how == "KILL QUERY" && mysqlErrNumber(err) != 1317:
			t.Errorf("KILL QUERY: %v, want error 1317 (query execution was interrupted)", err)
		}
	case <-time.After(5 * time.Second):
		t.Errorf("the client had no answer 5 s after the statement stopped")
	}
}

// wantServing requires the server to answer after the stop how: on conn
// after KILL QUERY, on admin unless it was shut down (then it must have
// ended).
func (c *stopCase) wantServing(t *testing.T, how string) {
	t.Helper()
	if how == "KILL QUERY" {
		wantRows(t, c.conn, split("1"), "SELECT 1")
	}
	if how == "shutdown" {
		if err := <-c.served; err != nil {
			t.Logf("serving ended: %v", err)
		}
	} else {
		wantRows(t, c.admin, split("2"), "SELECT 1+1")
	}
}
