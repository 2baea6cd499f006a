package catalog

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/core/cast"
	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/compact"
	"github.com/paimon-sql/paimon-sql/core/maintenance"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/write"
	"github.com/paimon-sql/paimon-sql/fluss"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// txn is what one session staged since its last commit: per table, the
// files written and whether the table is overwritten.
type txn struct {
	tables map[string]*tableTxn
}

type tableTxn struct {
	t         *Table
	writer    *write.TableWriter
	overwrite *commit.Overwrite
	// The running statement's start: its files and the overwrite before it,
	// restored when the statement fails.
	mark          write.Mark
	overwriteMark *commit.Overwrite
	// written is when the transaction first wrote the table: the
	// __timestamp of a legacy Fluss table's rows, one value per commit (the
	// commit time of an autocommitted statement, to the millisecond).
	written time.Time
	// dv stages row deletions of an append table with deletion vectors
	// (dvdelete.go); dvMark is its state at the running statement's start.
	dv     *write.DVDeleter
	dvMark int
	// endWrite ends the write recorded for orphan-file cleanup, which
	// must not take the staged files for orphans (core/table.BeginWrite).
	endWrite func()
}

// undoStatement discards what the running statement staged.
func (tt *tableTxn) undoStatement(ctx *sql.Context) {
	tt.writer.RollbackTo(ctx, tt.mark)
	tt.overwrite = tt.overwriteMark
	if tt.dv != nil {
		tt.dv.RollbackTo(tt.dvMark)
	}
}

// sessionTxns are the staged writes of every session.
type sessionTxns struct {
	mu   sync.Mutex
	open map[uint32]*txn
}

func (p *Provider) txnOf(ctx *sql.Context) *txn {
	p.txns.mu.Lock()
	defer p.txns.mu.Unlock()
	if p.txns.open == nil {
		p.txns.open = map[uint32]*txn{}
	}
	id := ctx.Session.ID()
	tx, ok := p.txns.open[id]
	if !ok {
		tx = &txn{tables: map[string]*tableTxn{}}
		p.txns.open[id] = tx
	}
	return tx
}

func (p *Provider) takeTxn(ctx *sql.Context) *txn {
	p.txns.mu.Lock()
	defer p.txns.mu.Unlock()
	tx := p.txns.open[ctx.Session.ID()]
	delete(p.txns.open, ctx.Session.ID())
	return tx
}

// staged returns the table's staging area in the session's transaction,
// creating its writer on first use from the table's latest snapshot.
func (p *Provider) staged(ctx *sql.Context, t *Table) (*tableTxn, error) {
	if why := t.pin.readOnly(); why != "" {
		return nil, fmt.Errorf("%s is %s: it cannot be written", t.t.FullName(), why)
	}
	if t.unusable != nil {
		return nil, t.unusable
	}
	if t.physical && t.lay == nil && t.schema != nil {
		if lay, err := fluss.Of(t.schema); err == nil && lay.Layout() == fluss.Legacy {
			return nil, fmt.Errorf("%s$physical is read-only: write to %s, which fills the Fluss system columns", t.t.FullName(), t.t.FullName())
		}
	}
	tx := p.txnOf(ctx)
	key := t.t.FullName()
	if tt, ok := tx.tables[key]; ok {
		return tt, nil
	}
	base, err := t.t.Snapshots.Latest(ctx)
	if err != nil {
		return nil, err
	}
	latest, err := t.t.LatestSchema(ctx)
	if err != nil {
		return nil, err
	}
	if latest.ID != t.schema.ID {
		return nil, fmt.Errorf("%s changed its schema during the statement: run it again", t.t.FullName())
	}
	endWrite := t.t.BeginWrite()
	w, err := write.NewTableWriter(t.t, t.schema, base)
	if err != nil {
		endWrite()
		return nil, err
	}
	tt := &tableTxn{t: t, writer: w, written: t.t.Runtime.Now(), endWrite: endWrite}
	tx.tables[key] = tt
	return tt, nil
}

// Commit implements server.Transactions: one Paimon commit per table the
// session wrote. Files of a table whose commit fails are deleted.
func (p *Provider) Commit(ctx *sql.Context) error {
	tx := p.takeTxn(ctx)
	if tx == nil {
		return nil
	}
	keys := make([]string, 0, len(tx.tables))
	for k := range tx.tables {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var firstErr error
	for _, k := range keys {
		tt := tx.tables[k]
		defer tt.endWrite()
		if firstErr != nil {
			tt.writer.Abort(ctx)
			continue
		}
		if err := tt.commit(ctx); err != nil {
			// When the snapshot may exist, its files must stay; if it does
			// not, they are orphans for orphan-file cleanup.
			if !commit.OutcomeUnknown(err) {
				tt.writer.Abort(ctx)
				if tt.dv != nil {
					tt.dv.Abort(ctx)
				}
			}
			firstErr = err
		}
	}
	return firstErr
}

func (tt *tableTxn) commit(ctx *sql.Context) error {
	if tt.overwrite == nil && tt.dv == nil && tt.t.lay == nil {
		if rows, ok := tt.writer.TakeRows(); ok && len(rows) > 0 {
			return tt.commitRows(ctx, rows)
		}
	}
	if err := tt.writer.Flush(ctx); err != nil {
		return err
	}
	entries, changelog := tt.writer.Entries(), tt.writer.Changelog()
	if tt.overwrite != nil {
		tt.writer.DiscardChangelog(ctx) // an overwrite commits no changelog, as in Java
		changelog = nil
	}
	dvIndex, err := tt.dvIndex(ctx)
	if err != nil {
		return err
	}
	if len(entries) == 0 && len(changelog) == 0 && tt.overwrite == nil && len(dvIndex) == 0 {
		return nil
	}
	index, err := tt.writer.IndexEntries(ctx, tt.overwrite != nil)
	if err != nil {
		return err
	}
	index = append(index, dvIndex...)
	// The maintenance options are checked before anything is published.
	maint, err := maintenance.Parse(tt.t.schema.Options, tt.t.schema.PartitionKeys)
	if err != nil {
		return fmt.Errorf("%s: %w", tt.t.t.FullName(), err)
	}
	// The writer compacts the buckets it wrote before it commits, as Java's
	// does; the compaction is committed with the write, as a COMPACT
	// snapshot after its APPEND. An overwrite replaces the files a
	// compaction would start from, and deletions of an append table with
	// deletion vectors rewrite the index the compaction would replace:
	// those commits are not compacted (Java's overwrite writer ignores the
	// previous files too).
	var compacted *compact.WriteResult
	if tt.overwrite == nil && len(dvIndex) == 0 {
		if compacted, err = compact.OnWrite(ctx, tt.t.t, tt.t.schema, entries); err != nil {
			return fmt.Errorf("compaction of %s before its commit: %w", tt.t.t.FullName(), err)
		}
	}
	req := commit.Request{
		Identifier: commit.BatchIdentifier,
		SchemaID:   tt.t.schema.ID,
		Append:     commit.Changes{Files: entries, Changelog: changelog, Index: index},
		Overwrite:  tt.overwrite,
	}
	if compacted != nil {
		req.Compact = compacted.Changes
	}
	// Concurrent statements on the table that only add files share a
	// snapshot (group commit).
	last, err := commit.Shared(ctx, tt.t.t, tt.t.schema.Options, req)
	if err != nil && compacted != nil {
		if !commit.OutcomeUnknown(err) {
			compacted.Abort()
		}
		if last != nil {
			// The write's APPEND snapshot is committed; only its COMPACT
			// snapshot failed (a concurrent change of the same buckets):
			// the new files stay on level 0 for the next compaction.
			// The statement has read all it reads: the expiration after its
			// commit must not keep the snapshots its reads used.
			EndStatementReads(ctx)
			maintenance.AfterCommit(ctx, tt.t.t, tt.t.schema, maint)
			return nil
		}
	}
	if err != nil {
		var conflict *commit.ConflictError
		if errors.As(err, &conflict) && conflict.Index != nil {
			// Another session changed the index (deletion vectors, hash
			// index) of a bucket this statement rewrote: nothing was
			// committed, and running the statement again is safe.
			return &commitError{msg: fmt.Sprintf("commit to %s: %s: run the statement again", tt.t.t.FullName(), conflict.Index.Describe()), err: err}
		}
		return fmt.Errorf("commit to %s: %w", tt.t.t.FullName(), err)
	}
	// The statement has read all it reads: the expiration after its
	// commit must not keep the snapshots its reads used.
	EndStatementReads(ctx)
	maintenance.AfterCommit(ctx, tt.t.t, tt.t.schema, maint)
	return nil
}

// commitError is a commit error with a message for the client that keeps
// the underlying error for errors.As.
type commitError struct {
	msg string
	err error
}

func (e *commitError) Error() string { return e.msg }
func (e *commitError) Unwrap() error { return e.err }

// Rollback implements server.Transactions: staged files are deleted.
func (p *Provider) Rollback(ctx *sql.Context) error {
	if tx := p.takeTxn(ctx); tx != nil {
		for _, tt := range tx.tables {
			tt.writer.Abort(ctx)
			tt.endWrite()
		}
	}
	return nil
}

var (
	_ sql.InsertableTable   = (*Table)(nil)
	_ sql.UpdatableTable    = (*Table)(nil)
	_ sql.DeletableTable    = (*Table)(nil)
	_ sql.TruncateableTable = (*Table)(nil)
)

// rowWriter stages a statement's rows into the session's transaction. It is
// the inserter, updater and deleter of a table.
type rowWriter struct {
	t    *Table
	tt   *tableTxn
	conv []func(context.Context, any) (any, error)
	err  error
	// static is INSERT OVERWRITE's PARTITION (k = v) spec, by column.
	static map[string]any
	// deleted are the rows the statement deleted from an append table with
	// deletion vectors, marked at StatementComplete (dvdelete.go).
	deleted [][]any
	// refused is why the statement cannot run on this table at all.
	refused error
	// upsert marks an INSERT that can change existing rows (inserter).
	upsert bool
}

func (t *Table) rowWriter(ctx *sql.Context) *rowWriter {
	rw := &rowWriter{t: t}
	loc := sqlext.SessionLocation(ctx)
	for _, f := range t.fields {
		rw.conv = append(rw.conv, ToPaimon(f.Name, f.Type, loc))
	}
	return rw
}

// Inserter implements sql.InsertableTable.
func (t *Table) Inserter(ctx *sql.Context) sql.RowInserter { return t.inserter(ctx) }

// inserter is the writer of an INSERT (also LOAD DATA and the literal
// INSERT path). On a primary-key table an INSERT replaces the row of each
// key it writes (merged as merge-engine says): an upsert, which changes
// existing rows as MySQL's INSERT ... ON DUPLICATE KEY UPDATE does, and
// needs UPDATE as that does, except on first-row tables, where the first
// row of a key stays.
func (t *Table) inserter(ctx *sql.Context) *rowWriter {
	rw := t.rowWriter(ctx)
	// A table whose merge options do not parse counts as an upsert: the
	// stricter privilege check.
	engine, err := mergefunc.NewEngine(t.schema.Options)
	rw.upsert = len(t.schema.PrimaryKeys) > 0 && (err != nil || !engine.KeepsFirstRow())
	return rw
}

// Updater implements sql.UpdatableTable: primary-key tables, and append
// tables with deletion vectors.
func (t *Table) Updater(ctx *sql.Context) sql.RowUpdater {
	rw := t.rowWriter(ctx)
	rw.refused = t.mergeEngineRefuses((*mergefunc.Engine).CheckUpdate)
	return rw
}

// Deleter implements sql.DeletableTable: primary-key tables, and append
// tables with deletion vectors.
func (t *Table) Deleter(ctx *sql.Context) sql.RowDeleter {
	rw := t.rowWriter(ctx)
	rw.refused = t.mergeEngineRefuses((*mergefunc.Engine).CheckDelete)
	return rw
}

// StatementBegin implements sql.EditOpenerCloser.
func (w *rowWriter) StatementBegin(ctx *sql.Context) {
	if w.err = w.refused; w.err != nil {
		return
	}
	// INSERT OVERWRITE needs DELETE instead (beginOverwrite).
	if w.upsert && !w.overwrites(ctx) && !w.t.db.p.allowed(ctx, w.t.t.Database, w.t.t.Name, sql.PrivilegeType_Insert, sql.PrivilegeType_Update) {
		w.err = mysqlerr.TableAccessDenied("UPDATE command denied to user '%s' for table '%s': an INSERT into a primary-key table replaces the row of each key it writes, so it needs UPDATE as well as INSERT",
			ctx.Client().User, w.t.t.Name)
		return
	}
	w.tt, w.err = w.t.db.p.staged(ctx, w.t)
	if w.err == nil {
		w.tt.mark, w.tt.overwriteMark = w.tt.writer.Mark(), w.tt.overwrite
		if w.tt.dv != nil {
			w.tt.dvMark = w.tt.dv.Mark()
		}
		w.err = w.beginOverwrite(ctx)
	}
}

// DiscardChanges implements sql.EditOpenerCloser: the statement's files and
// overwrite go; earlier statements of the transaction stay.
func (w *rowWriter) DiscardChanges(ctx *sql.Context, _ error) error {
	if w.tt != nil {
		w.tt.undoStatement(ctx)
	}
	return nil
}

// StatementComplete implements sql.EditOpenerCloser: the statement's rows
// are in files, committed with the transaction. A statement whose files
// cannot be finished leaves nothing behind.
func (w *rowWriter) StatementComplete(ctx *sql.Context) error {
	if w.err == nil {
		w.err = w.dvFinish(ctx)
	}
	if w.err == nil && !autocommitStatement(ctx) {
		// A statement of a transaction ends here (a later statement that
		// fails rolls back to its end: undoStatement). An autocommit
		// statement's rows are flushed by its commit, which follows at
		// once and may share them (sharedrows.go).
		w.err = w.tt.writer.EndStatement(ctx)
	}
	if w.err != nil && w.tt != nil {
		w.tt.undoStatement(ctx)
	}
	return w.err
}

// Close implements sql.Closer.
func (w *rowWriter) Close(*sql.Context) error { return nil }

func (w *rowWriter) put(ctx *sql.Context, kind mergefunc.RowKind, row sql.Row) (err error) {
	if w.err != nil {
		return w.err
	}
	// A row that fails fails the statement: remember it, so that
	// StatementComplete cannot commit part of it.
	defer func() {
		if err != nil {
			w.err = err
		}
	}()
	values := make([]any, len(w.conv))
	for i, c := range w.conv {
		raw := row[i]
		if raw == nil && w.static != nil {
			// INSERT OVERWRITE t PARTITION (k = v) (columns without k): the
			// partition spec gives k, as in Flink and Spark.
			if v, ok := w.static[w.t.fields[i].Name]; ok {
				values[i] = v
				continue
			}
		}
		v, err := c(ctx, raw)
		if err != nil {
			return fmt.Errorf("%s: %w", w.t.t.FullName(), err)
		}
		values[i] = v
	}
	if lay := w.t.lay; lay != nil {
		// A legacy Fluss lake table: add the system values Fluss's tiering
		// writes (the bucket key lies among the visible columns).
		bucket, err := w.tt.writer.Bucket(values)
		if err != nil {
			return err
		}
		if values, err = lay.PhysicalRow(values, bucket, w.tt.written); err != nil {
			return fmt.Errorf("%s: %w", w.t.t.FullName(), err)
		}
	}
	return w.tt.writer.Write(ctx, kind, values)
}

// Insert implements sql.RowInserter.
func (w *rowWriter) Insert(ctx *sql.Context, row sql.Row) error {
	return w.put(ctx, mergefunc.Insert, row)
}

// Update implements sql.RowUpdater: +U of the new row; when the key
// changes, -D of the old row and +I of the new one.
func (w *rowWriter) Update(ctx *sql.Context, old, new sql.Row) error {
	if w.t.dvAppend() {
		return w.dvUpdate(ctx, old, new)
	}
	if err := w.rowLevel("UPDATE"); err != nil {
		return err
	}
	if !w.sameKey(ctx, old, new) {
		// The old key goes by a -D record: the engine must take deletes.
		if err := w.t.mergeEngineRefuses((*mergefunc.Engine).CheckDelete); err != nil {
			return err
		}
		if err := w.put(ctx, mergefunc.Delete, old); err != nil {
			return err
		}
		return w.put(ctx, mergefunc.Insert, new)
	}
	return w.put(ctx, mergefunc.UpdateAfter, new)
}

// Delete implements sql.RowDeleter: a -D record of the row.
func (w *rowWriter) Delete(ctx *sql.Context, row sql.Row) error {
	if w.t.dvAppend() {
		return w.dvDelete(ctx, row)
	}
	if err := w.rowLevel("DELETE"); err != nil {
		return err
	}
	return w.put(ctx, mergefunc.Delete, row)
}

func (w *rowWriter) rowLevel(stmt string) error {
	if len(w.t.schema.PrimaryKeys) == 0 {
		return fmt.Errorf("%s is an append table: %s needs a primary key or deletion vectors ('deletion-vectors.enabled' = 'true'); rewrite it with INSERT OVERWRITE", w.t.t.FullName(), stmt)
	}
	return nil
}

// mergeEngineRefuses is Java's refusal of an UPDATE or DELETE on a
// primary-key table whose merge engine cannot take it (see
// mergefunc.Engine's CheckUpdate and CheckDelete); nil for other tables.
// It is checked when the statement begins, so that it fails even when no
// row matches, as in Java.
func (t *Table) mergeEngineRefuses(check func(*mergefunc.Engine) error) error {
	if len(t.schema.PrimaryKeys) == 0 {
		return nil
	}
	engine, err := mergefunc.NewEngine(t.schema.Options)
	if err == nil {
		err = check(engine)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", t.t.FullName(), err)
	}
	return nil
}

func (w *rowWriter) sameKey(ctx *sql.Context, a, b sql.Row) bool {
	for _, k := range w.t.schema.PrimaryKeys {
		i := w.t.fieldIndex(k)
		if c, err := w.t.full[i].Type.Compare(ctx, a[i], b[i]); err != nil || c != 0 {
			return false
		}
	}
	return true
}

// Truncate implements sql.TruncateableTable (TRUNCATE TABLE, and DELETE
// without WHERE): an OVERWRITE of the whole table with nothing, at commit.
func (t *Table) Truncate(ctx *sql.Context) (int, error) {
	rows, _, _ := t.RowCount(ctx)
	tt, err := t.db.p.staged(ctx, t)
	if err != nil {
		return 0, err
	}
	tt.writer.Abort(ctx) // rows staged earlier in the transaction go too
	if tt.dv != nil {
		tt.dv.Reset() // and their deletions
	}
	tt.overwrite = &commit.Overwrite{Mode: commit.OverwriteTable}
	return int(rows), nil
}

// overwrites tells whether the statement is an INSERT OVERWRITE of the table.
func (w *rowWriter) overwrites(ctx *sql.Context) bool {
	o := sqlext.StatementOf(ctx).Overwrite
	return o != nil && o.Targets(ctx.GetCurrentDatabase(), w.t.t.Database, w.t.t.Name)
}

// beginOverwrite turns the statement into an OVERWRITE commit when it is
// INSERT OVERWRITE (the parser ran it as INSERT INTO and says so on its
// side channel, sqlext.StatementOf). PARTITION (k = v) makes a static
// overwrite of that partition; without it Java's rules apply
// (dynamic-partition-overwrite).
func (w *rowWriter) beginOverwrite(ctx *sql.Context) error {
	if !w.overwrites(ctx) {
		return nil
	}
	o := sqlext.StatementOf(ctx).Overwrite
	// The server checks this when it plans the statement; checked again
	// here, where the INSERT becomes an OVERWRITE.
	if !w.t.db.p.allowed(ctx, w.t.t.Database, w.t.t.Name, sql.PrivilegeType_Insert, sql.PrivilegeType_Delete) {
		return sql.ErrTableAccessDeniedForUser.New(ctx.Client().User, w.t.t.Name)
	}
	mode, err := overwriteMode(ctx, o, w.t)
	if err != nil {
		return err
	}
	ow := &commit.Overwrite{Mode: mode}
	if len(o.Partition) > 0 {
		ow.Mode, ow.Partition = commit.OverwriteStatic, map[string]any{}
		for _, kv := range o.Partition {
			name := w.t.fieldName(kv[0])
			if !containsFold(w.t.schema.PartitionKeys, name) {
				return fmt.Errorf("INSERT OVERWRITE %s PARTITION (%s = ...): %s is not a partition column (partition columns: %s)",
					w.t.t.FullName(), kv[0], kv[0], strings.Join(w.t.schema.PartitionKeys, ", "))
			}
			v, err := partitionLiteral(w.t, name, kv[1])
			if err != nil {
				return err
			}
			ow.Partition[name] = v
		}
		w.static = ow.Partition
	}
	w.tt.overwrite = ow
	w.tt.writer.Rescale()
	return nil
}

// overwriteMode is what an INSERT OVERWRITE without a static partition
// spec replaces, where Flink and Spark differ on a partitioned table: Flink
// (Java's core) replaces the partitions the rows go to unless the table's
// or the hint's dynamic-partition-overwrite is false; Spark (in its
// default static mode, which Paimon's Spark writer follows whatever the
// table's option) the whole table. The statement's syntax (Flink's hint,
// Spark's TABLE or PARTITION (k)) or the session's ddl_dialect says which;
// under the mysql dialect, a statement that would mean different things
// is refused rather than read either way. A static spec replaces the
// partitions it names in both.
func overwriteMode(ctx *sql.Context, o *sqlext.Overwrite, t *Table) (commit.OverwriteMode, error) {
	if len(o.Partition) > 0 || len(t.schema.PartitionKeys) == 0 {
		return commit.OverwriteAuto, nil
	}
	dialect := sqlext.DDLDialect(ctx)
	switch {
	case o.Dynamic != nil && *o.Dynamic:
		return commit.OverwriteDynamic, nil
	case o.Dynamic != nil:
		return commit.OverwriteTable, nil
	case o.Spark || dialect == sqlext.DialectSpark:
		return commit.OverwriteTable, nil
	case dialect == sqlext.DialectFlink:
		return commit.OverwriteAuto, nil
	}
	dynamic, err := options.DynamicPartitionOverwrite.Get(t.schema.Options)
	if err != nil || !dynamic {
		return commit.OverwriteAuto, err
	}
	return 0, mysql.NewSQLError(mysql.ERNotSupportedYet, mysql.SSClientError, "INSERT OVERWRITE %s without PARTITION (k = v): Flink replaces only the partitions the rows go to, Spark the whole table; "+
		"say which: SET ddl_dialect = 'flink' or 'spark', or write Flink's INSERT OVERWRITE %s /*+ OPTIONS('dynamic-partition-overwrite' = 'true') */ ... ('false': the whole table)",
		t.t.FullName(), t.t.FullName())
}

// partitionLiteral reads a PARTITION (k = literal) value as the column's type.
func partitionLiteral(t *Table, name, lit string) (any, error) {
	if strings.EqualFold(lit, "null") {
		return nil, nil
	}
	f, _, _ := t.schema.Field(name)
	c, err := cast.Resolve(types.NewString(), f.Type, time.UTC)
	if err != nil {
		return nil, err
	}
	v, err := c(lit)
	if err != nil {
		return nil, fmt.Errorf("PARTITION (%s = %s): %w", name, lit, err)
	}
	return v, nil
}
