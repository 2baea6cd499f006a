package catalog

import (
	"context"
	"fmt"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/maintenance"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// Group commit of rows. Concurrent autocommit INSERTs into one append
// table share a snapshot already (commit.Shared), but each wrote a data
// file of its own first: a file creation, a Parquet writer and its
// footer for a row or two, a third of such an INSERT. When a commit's
// rows are all still in memory (write.TableWriter.TakeRows), they are
// handed to the table's row group instead: the first committer to get
// the group writes the rows of every commit waiting then into one file
// and commits it, and each waiting commit returns with that commit's
// outcome. Nothing is acknowledged before the snapshot holding its rows
// exists.

// autocommitStatement tells whether the running statement commits as soon
// as it ends: autocommit is on and no explicit transaction is open. Such a
// statement's rows need not be flushed into files before the commit, which
// may then share them with other commits.
func autocommitStatement(ctx *sql.Context) bool {
	if ctx.GetIgnoreAutoCommit() {
		return false
	}
	v, err := ctx.GetSessionVariable(ctx, sql.AutoCommitSessionVar)
	if err != nil {
		return false
	}
	on, err := sql.ConvertToBool(ctx, v)
	return err == nil && on
}

// rowGroupKey is one table or branch (its snapshot directory) in one schema.
type rowGroupKey struct {
	snapshotDir string
	schemaID    int64
}

// rowGroups holds a *rowGroup per table and schema.
var rowGroups sync.Map

type rowGroup struct {
	mu      sync.Mutex // guards pending and the requests' outcomes
	pending []*rowRequest
	// committing is held by the committer of a batch: commits arriving
	// meanwhile wait for it, then the first of them commits them all.
	committing sync.Mutex
}

type rowRequest struct {
	rows [][]any
	done bool
	err  error
}

// commitRows commits rows (all of this transaction's writes to the table)
// with the rows of the commits to the same table waiting at the same time.
func (tt *tableTxn) commitRows(ctx *sql.Context, rows [][]any) error {
	key := rowGroupKey{tt.t.t.FS.Location(tt.t.t.Snapshots.Dir()), tt.t.schema.ID}
	v, _ := rowGroups.LoadOrStore(key, &rowGroup{})
	g := v.(*rowGroup)
	req := &rowRequest{rows: rows}
	g.mu.Lock()
	g.pending = append(g.pending, req)
	g.mu.Unlock()

	g.committing.Lock()
	defer g.committing.Unlock()
	g.mu.Lock()
	if req.done { // committed in the batch of an earlier committer
		g.mu.Unlock()
		return req.err
	}
	batch := g.pending
	g.pending = nil
	g.mu.Unlock()
	// The batch holds other sessions' rows: it is committed whatever
	// happens to this statement's context.
	err := tt.writeAndCommit(ctx.WithContext(context.WithoutCancel(ctx)), batch)
	g.mu.Lock()
	for _, r := range batch {
		r.done, r.err = true, err
	}
	g.mu.Unlock()
	return err
}

// writeAndCommit writes the rows of batch into new files and commits them
// as one APPEND snapshot.
func (tt *tableTxn) writeAndCommit(ctx *sql.Context, batch []*rowRequest) error {
	t := tt.t
	maint, err := maintenance.Parse(t.schema.Options, t.schema.PartitionKeys)
	if err != nil {
		return fmt.Errorf("%s: %w", t.t.FullName(), err)
	}
	endWrite := t.t.BeginWrite()
	defer endWrite()
	w, err := write.NewTableWriter(t.t, t.schema, tt.writer.Base())
	if err != nil {
		return err
	}
	for _, r := range batch {
		for _, row := range r.rows {
			if err := w.Write(ctx, mergefunc.Insert, row); err != nil {
				w.Abort(ctx)
				return err
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		w.Abort(ctx)
		return err
	}
	req := commit.Request{Identifier: commit.BatchIdentifier, SchemaID: t.schema.ID,
		Append: commit.Changes{Files: w.Entries()}}
	if _, err := commit.Shared(ctx, t.t, t.schema.Options, req); err != nil {
		if !commit.OutcomeUnknown(err) {
			w.Abort(ctx)
		}
		return fmt.Errorf("commit to %s: %w", t.t.FullName(), err)
	}
	// The statement has read all it reads: the expiration after its
	// commit must not keep the snapshots its reads used.
	EndStatementReads(ctx)
	maintenance.AfterCommit(ctx, t.t, t.schema, maint)
	return nil
}
