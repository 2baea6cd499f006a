package server

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/internal/redact"
)

// redactedProcessList keeps each statement in the process list with its
// secrets masked (redact.Statement), so that neither SHOW PROCESSLIST nor
// information_schema.PROCESSLIST ever shows a password, as in MySQL.
type redactedProcessList struct{ sql.ProcessList }

// BeginQuery implements sql.ProcessList.
func (p redactedProcessList) BeginQuery(ctx *sql.Context, query string) (*sql.Context, error) {
	text, _ := redact.Statement(query)
	return p.ProcessList.BeginQuery(ctx, text)
}

// EndQuery implements sql.ProcessList: it also ends the statement's reads
// (their markers hold snapshots back from expiration) before the client
// hears that the statement ended.
func (p redactedProcessList) EndQuery(ctx *sql.Context) {
	p.ProcessList.EndQuery(ctx)
	catalog.EndStatementReads(ctx)
}

// visibleProcesses keeps the rows of the process list whose user (column
// userCol) the user may see: all of them with the PROCESS privilege, else
// only those of the same user name, as MySQL does.
func (a *access) visibleProcesses(ctx *sql.Context, rows []sql.Row, userCol int) []sql.Row {
	if !a.mdb.Enabled() || a.mdb.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(sql.PrivilegeCheckSubject{}, sql.PrivilegeType_Process)) {
		return rows
	}
	user := ctx.Session.Client().User
	kept := rows[:0]
	for _, r := range rows {
		if u, _ := r[userCol].(string); u == user {
			kept = append(kept, r)
		}
	}
	return kept
}

// processListRows is information_schema.PROCESSLIST's reader, keeping
// the rows visibleProcesses keeps.
func processListRows(read infoReader, a *access, userCol int) infoReader {
	return func(ctx *sql.Context, cat sql.Catalog) (sql.RowIter, error) {
		iter, err := read(ctx, cat)
		if err != nil {
			return nil, err
		}
		rows, err := sql.RowIterToRows(ctx, iter)
		if err != nil {
			return nil, err
		}
		return sql.RowsToRowIter(a.visibleProcesses(ctx, rows, userCol)...), nil
	}
}

// killAllowed checks KILL as MySQL does, which go-mysql-server lets anyone
// run on any connection: an unknown id is 1094, and another user's
// connection needs SUPER (go-mysql-server cannot grant CONNECTION_ADMIN)
// (1095).
func (a *access) killAllowed(ctx *sql.Context, k *plan.Kill) error {
	for _, p := range ctx.ProcessList.Processes() {
		if p.Connection != k.ConnID {
			continue
		}
		if p.User == ctx.Session.Client().User || a.hasGlobal(ctx, sql.PrivilegeType_Super) {
			return nil
		}
		return mysql.NewSQLError(mysql.ERKillDenied, mysql.SSUnknownSQLState, "You are not owner of thread %d", k.ConnID)
	}
	return mysql.NewSQLError(mysql.ERNoSuchThread, mysql.SSUnknownSQLState, "Unknown thread id: %d", k.ConnID)
}
