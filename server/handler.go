package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/mysqlerr"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// handler wraps GMS's protocol handler to
//   - turn a panic while running a command into an error: vitess closes the
//     connection on a panic, and GMS still has planner panics;
//   - know which connections run a command, so Shutdown can close the idle
//     ones at once and the busy ones when their command is answered (vitess
//     leaves open connections alone on shutdown), except procedure calls:
//     maintenance (compaction, expiration) can run for minutes, commits
//     atomically and resumes on the next call, so Shutdown cancels it;
//   - refuse new commands during shutdown, as MySQL does;
//   - keep the privileges at most privilegesMaxAge behind the store, which
//     other servers change too;
//   - run statements through our own result path (result.go), which sends
//     rows with bounded memory;
//   - log and count every statement (statementlog.go, metrics.go).
type handler struct {
	mysql.Handler
	log        *slog.Logger
	kill       func(connID uint32) // cancels the statement a connection runs
	privileges *privilegeSync
	admission  *admission // releases the slot of a closed connection
	results    *resultPath
	stmts      statementLog
	started    time.Time // for the status variable Uptime
	questions  atomic.Int64

	mu       sync.Mutex
	conns    map[*mysql.Conn]*connState
	draining bool
}

type connState struct {
	busy     int
	calls    int // of busy, the procedure calls
	lastDone time.Time
}

var errShuttingDown = mysql.NewSQLError(mysql.ERServerShutdown, mysql.SSServerShutdown, "Server shutdown in progress")

func newHandler(h mysql.Handler, log *slog.Logger, kill func(connID uint32), privileges *privilegeSync, adm *admission) *handler {
	return &handler{Handler: h, log: log, kill: kill, privileges: privileges, admission: adm, conns: make(map[*mysql.Conn]*connState), started: time.Now()}
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
	if sess, ok := c.ClientData.(sql.Session); ok {
		sqlext.ForgetSession(sess)
	}
	h.mu.Lock()
	delete(h.conns, c)
	h.mu.Unlock()
	h.admission.closed(c)
	h.stmts.metrics.connClosed()
}

func (h *handler) ComQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (err error) {
	if err := h.begin(ctx, c, query); err != nil {
		return err
	}
	defer h.stmts.done(c, query, time.Now(), &err)
	defer h.end(c, query, &err)
	_, err = h.results.run(sqlext.KeysContext(ctx, query), c, query, false, nil, sqlext.CompatSpool(callback))
	return err
}

func (h *handler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (rest string, err error) {
	if err := h.begin(ctx, c, query); err != nil {
		return "", err
	}
	defer h.stmts.doneMulti(c, query, &rest, time.Now(), &err)
	defer h.end(c, query, &err)
	return h.results.run(sqlext.KeysContext(ctx, query), c, query, true, nil, sqlext.CompatSpool(callback))
}

func (h *handler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, prepare *mysql.PrepareData) (fields []*querypb.Field, err error) {
	if err := h.begin(ctx, c, query); err != nil {
		return nil, err
	}
	defer h.stmts.prepared(c, query, &err)
	defer h.end(c, query, &err)
	return h.Handler.ComPrepare(ctx, c, query, prepare)
}

func (h *handler) ComStmtExecute(ctx context.Context, c *mysql.Conn, prepare *mysql.PrepareData, callback func(*sqltypes.Result) error) (err error) {
	if err := h.begin(ctx, c, prepare.PrepareStmt); err != nil {
		return err
	}
	defer h.stmts.done(c, prepare.PrepareStmt, time.Now(), &err)
	defer h.end(c, prepare.PrepareStmt, &err)
	cb := sqlext.CompatExecCallback(callback)
	_, err = h.results.run(sqlext.KeysContext(ctx, prepare.PrepareStmt), c, prepare.PrepareStmt, false, prepare.BindVars,
		func(r *sqltypes.Result, _ bool) error { return cb(r) })
	return err
}

// statusLine is MySQL's answer to COM_STATISTICS (mysqladmin status).
func (h *handler) statusLine() string {
	up := time.Since(h.started)
	h.mu.Lock()
	threads := len(h.conns)
	h.mu.Unlock()
	q := h.questions.Load()
	return fmt.Sprintf("Uptime: %d  Threads: %d  Questions: %d  Queries per second avg: %.3f",
		int64(up/time.Second), threads, q, float64(q)/max(up.Seconds(), 1))
}

func (h *handler) begin(ctx context.Context, c *mysql.Conn, query string) error {
	h.questions.Add(1)
	h.mu.Lock()
	if h.draining {
		h.mu.Unlock()
		return errShuttingDown
	}
	if st, ok := h.conns[c]; ok {
		st.busy++
		if isCall(query) {
			st.calls++
		}
	}
	h.mu.Unlock()
	sqlext.SetUptime(time.Since(h.started))
	if err := h.privileges.refresh(ctx, privilegesMaxAge); err != nil {
		// The loaded privileges still apply; the next command retries.
		h.log.Warn("cannot read the privileges store", "err", err)
	}
	return nil
}

// isCall tells whether a statement is a procedure call, after leading
// blanks and comments.
func isCall(query string) bool {
	q := strings.TrimSpace(query)
	for strings.HasPrefix(q, "/*") {
		end := strings.Index(q, "*/")
		if end < 0 {
			return false
		}
		q = strings.TrimSpace(q[end+2:])
	}
	return len(q) > 4 && strings.EqualFold(q[:4], "call") && !isIdentChar(q[4])
}

func isIdentChar(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// end must be deferred: it recovers a panic of the command into *err.
func (h *handler) end(c *mysql.Conn, query string, err *error) {
	if r := recover(); r != nil {
		text, _ := loggedQuery(query)
		h.log.Error("panic while running a command", "conn", c.ConnectionID, "query", text,
			"panic", r, "stack", string(debug.Stack()))
		*err = mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState, "internal error: %v", r)
	}
	*err = mysqlErrorNumber(*err)
	h.mu.Lock()
	defer h.mu.Unlock()
	if st, ok := h.conns[c]; ok {
		st.busy--
		if isCall(query) {
			st.calls--
		}
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
// last one at least grace ago (vitess writes the end of a result after the
// handler returns, so closing right away could cut it), and cancels the
// procedure calls, as KILL QUERY does: GMS runs a call before it watches
// the connection, so closing it would not stop the call.
func (h *handler) closeIdle(grace time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c, st := range h.conns {
		switch {
		case st.calls > 0:
			h.kill(c.ConnectionID)
		case st.busy == 0 && time.Since(st.lastDone) >= grace:
			c.Close()
		}
	}
}

// closeAll cancels every running statement, as KILL QUERY does, and
// closes every connection: a statement notices neither the closing nor
// its connection's end before it returns.
func (h *handler) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c, st := range h.conns {
		if st.busy > 0 {
			h.kill(c.ConnectionID)
		}
		c.Close()
	}
}

// prepareError is what MySQL answers a COM_STMT_PREPARE of query with when
// vitess's parser cannot read it: 1064 with the parser's message, where
// vitess would answer 1105 "unknown error" (sqlext.ReadPreparedCalls). Text
// that vitess refuses for another reason (several statements) is left to
// vitess. It parses under ctx, which ends when the client goes away.
func (h *handler) prepareError(ctx context.Context, c *mysql.Conn, query string) *mysql.SQLError {
	opts, err := h.ParserOptionsForConnection(c)
	if err != nil {
		return nil
	}
	if !c.DisableClientMultiStatements && c.Capabilities&mysql.CapabilityClientMultiStatements != 0 {
		if pieces, err := ast.SplitStatementToPieces(query); err != nil || len(pieces) != 1 {
			return nil
		}
	}
	if _, err := ast.ParseWithOptions(ctx, query, opts); err != nil {
		var se *mysql.SQLError
		if errors.As(mysqlerr.From(mysql.NewSQLErrorFromError(err)), &se) {
			return se
		}
	}
	return nil
}
