package server

import (
	"context"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// handler wraps GMS's protocol handler to
//   - turn a panic while running a command into an error: vitess closes the
//     connection on a panic, and GMS still has planner panics;
//   - know which connections run a command, so Shutdown can close the idle
//     ones at once and the busy ones when their command is answered (vitess
//     leaves open connections alone on shutdown);
//   - refuse new commands during shutdown, as MySQL does;
//   - log and count every statement (statementlog.go, metrics.go).
type handler struct {
	mysql.Handler
	log   *slog.Logger
	stmts statementLog

	mu       sync.Mutex
	conns    map[*mysql.Conn]*connState
	draining bool
}

type connState struct {
	busy     int
	lastDone time.Time
}

var errShuttingDown = mysql.NewSQLError(mysql.ERServerShutdown, mysql.SSServerShutdown, "Server shutdown in progress")

func newHandler(h mysql.Handler, log *slog.Logger) *handler {
	return &handler{Handler: h, log: log, conns: make(map[*mysql.Conn]*connState)}
}

func (h *handler) NewConnection(c *mysql.Conn) {
	h.mu.Lock()
	h.conns[c] = &connState{lastDone: time.Now()}
	h.mu.Unlock()
	h.stmts.metrics.connOpened()
	h.Handler.NewConnection(c)
}

func (h *handler) ConnectionClosed(c *mysql.Conn) {
	h.Handler.ConnectionClosed(c)
	h.mu.Lock()
	delete(h.conns, c)
	h.mu.Unlock()
	h.stmts.metrics.connClosed()
}

func (h *handler) ComQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (err error) {
	if err := h.begin(c); err != nil {
		return err
	}
	defer h.stmts.done(c, query, time.Now(), &err)
	defer h.end(c, query, &err)
	query = compatQuery(query)
	return h.Handler.ComQuery(ctx, c, query, compatSpool(callback))
}

func (h *handler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (rest string, err error) {
	if err := h.begin(c); err != nil {
		return "", err
	}
	defer h.stmts.doneMulti(c, query, &rest, time.Now(), &err)
	defer h.end(c, query, &err)
	query = compatQuery(query)
	return h.Handler.ComMultiQuery(ctx, c, query, compatSpool(callback))
}

func (h *handler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, prepare *mysql.PrepareData) (fields []*querypb.Field, err error) {
	if err := h.begin(c); err != nil {
		return nil, err
	}
	defer h.stmts.prepared(c, query, &err)
	defer h.end(c, query, &err)
	return h.Handler.ComPrepare(ctx, c, query, prepare)
}

func (h *handler) ComStmtExecute(ctx context.Context, c *mysql.Conn, prepare *mysql.PrepareData, callback func(*sqltypes.Result) error) (err error) {
	if err := h.begin(c); err != nil {
		return err
	}
	defer h.stmts.done(c, prepare.PrepareStmt, time.Now(), &err)
	defer h.end(c, prepare.PrepareStmt, &err)
	return h.Handler.ComStmtExecute(ctx, c, prepare, compatExecCallback(callback))
}

func (h *handler) begin(c *mysql.Conn) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.draining {
		return errShuttingDown
	}
	if st, ok := h.conns[c]; ok {
		st.busy++
	}
	return nil
}

// end must be deferred: it recovers a panic of the command into *err.
func (h *handler) end(c *mysql.Conn, query string, err *error) {
	if r := recover(); r != nil {
		h.log.Error("panic while running a command", "conn", c.ConnectionID, "query", query,
			"panic", r, "stack", string(debug.Stack()))
		*err = mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState, "internal error: %v", r)
	}
	*err = mysqlErrorNumber(*err)
	h.mu.Lock()
	defer h.mu.Unlock()
	if st, ok := h.conns[c]; ok {
		st.busy--
		st.lastDone = time.Now()
	}
}

// drain refuses new commands from now on.
func (h *handler) drain() {
	h.mu.Lock()
	h.draining = true
	h.mu.Unlock()
}

// closeIdle closes the connections that run no command and finished their
// last one at least grace ago: vitess writes the end of a result after the
// handler returns, so closing right away could cut it.
func (h *handler) closeIdle(grace time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c, st := range h.conns {
		if st.busy == 0 && time.Since(st.lastDone) >= grace {
			c.Close()
		}
	}
}

// closeAll closes every connection; GMS cancels their running queries.
func (h *handler) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.conns {
		c.Close()
	}
}
