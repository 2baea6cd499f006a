package server

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// LiteralInserter is a catalog that writes INSERTs of literal rows itself
// (catalog.Provider.InsertLiterals): handled is false when the engine is
// to run the statement, with nothing staged.
type LiteralInserter interface {
	InsertLiterals(ctx *sql.Context, ins *sqlext.LiteralInsert) (rows int64, handled bool)
}

// literalInsert runs query when it is an INSERT of literal rows the
// catalog takes (bulk loads, autocommit INSERTs), inside the session's
// transaction as the engine runs an INSERT: a transaction is begun if
// none is open, and committed after the statement under autocommit,
// before the OK is sent. ok is false when the engine is to run the
// statement.
func (p *resultPath) literalInsert(ctx *sql.Context, query string) (res types.OkResult, ok bool, err error) {
	if p.literals == nil || p.engine.IsReadOnly() {
		return res, false, nil
	}
	ins, ok := sqlext.ParseLiteralInsert(query)
	if !ok {
		return res, false, nil
	}
	if tx := ctx.GetTransaction(); tx != nil && tx.IsReadOnly() {
		return res, false, nil // the engine refuses it (READ ONLY transaction)
	}
	if ctx.Session.ValidateSession(ctx) != nil {
		return res, false, nil // the engine reports it
	}
	// Engine.beginTransaction.
	if ctx.GetTransaction() == nil {
		if ts, isTx := ctx.Session.(sql.TransactionSession); isTx {
			tx, err := ts.StartTransaction(ctx, sql.ReadWrite)
			if err != nil {
				return res, true, err
			}
			ctx.SetTransaction(tx)
		}
	}
	rows, handled := p.literals.InsertLiterals(ctx, ins)
	if !handled {
		return res, false, nil
	}
	// What the engine counts and clears for a statement.
	sql.IncrementStatusVariable(ctx, "Questions", 1)
	sql.IncrementStatusVariable(ctx, "Com_insert", 1)
	ctx.ClearWarnings()
	// TransactionCommittingIter.Close: an autocommit statement commits
	// before its OK; a failed commit is the statement's error.
	if err := commitAutocommit(ctx); err != nil {
		return res, true, err
	}
	ctx.SetLastQueryInfoInt(sql.RowCount, rows)
	return types.OkResult{RowsAffected: uint64(rows)}, true, nil
}

func commitAutocommit(ctx *sql.Context) error {
	tx := ctx.GetTransaction()
	if tx == nil || ctx.GetIgnoreAutoCommit() {
		return nil
	}
	autocommit, err := plan.IsSessionAutocommit(ctx)
	if err != nil || !autocommit {
		return err
	}
	ts, ok := ctx.Session.(sql.TransactionSession)
	if !ok {
		return nil
	}
	if err := ts.CommitTransaction(ctx, tx); err != nil {
		return err
	}
	ctx.SetTransaction(nil)
	return nil
}
