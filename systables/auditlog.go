package systables

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// AuditLogName is the suffix of the audit log system table, t$audit_log.
//
// Its columns depend on the table (rowkind, then the table's columns), so
// it is not among Names (nor in sys.all_*), and it needs the catalog's type
// mapping (Reading.Values).
const AuditLogName = "audit_log"

// BinlogName is the suffix of t$binlog, Java's BinlogTable: the audit log
// with every table column an ARRAY of its values — in a batch read, as
// here, a one-element array (a streaming read packs -U and +U in two).
const BinlogName = "binlog"

// Java's names of the audit log's system columns (SpecialFields.ROW_KIND,
// SpecialFields.SEQUENCE_NUMBER).
const (
	rowKindColumn        = "rowkind"
	sequenceNumberColumn = "_SEQUENCE_NUMBER"
)

// Planner plans a read of a table with the schema sch (the catalog's batch
// incremental read).
type Planner func(ctx *sql.Context, sch *spec.TableSchema) (*scan.Plan, error)

// ValueMapping is how table columns are shown: the SQL type of a Paimon
// type and the conversion of its values (the catalog's mapping, which this
// package cannot import).
type ValueMapping struct {
	Type  func(types.DataType) sql.Type
	Value func(types.DataType, *time.Location) func(any) any
}

// openAuditLog returns t$audit_log read at r.Snapshot (nil = latest), as Java
// Paimon's AuditLogTable reads in batch mode: the table's merged rows, each
// with its row kind in the first column `rowkind` ('+I', '-U', '+U',
// '-D'), retractions kept — a deleted key shows as its -D record until a
// compaction drops it. With table-read.sequence-number.enabled the
// _SEQUENCE_NUMBER column follows rowkind. The changelog files of a
// changelog producer are for streaming reads; a batch read, like this one,
// reads the data files (docs/design/format.md §10.2). A non-nil r.Incremental plans a
// batch incremental read instead, with the latest schema.
func openAuditLog(ctx *sql.Context, t *table.Table, name string, r Reading) (sql.Table, error) {
	snap, incremental, m := r.Snapshot, r.Incremental, r.Values
	var (
		sch *spec.TableSchema
		err error
	)
	if snap != nil {
		// Time travel reads with the schema the snapshot was written with.
		sch, err = t.Schemas.Schema(ctx, snap.SchemaID)
	} else {
		sch, err = t.LatestSchema(ctx)
	}
	if err != nil {
		return nil, err
	}
	seq, err := options.TableReadSequenceNumberEnabled.Get(sch.Options)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	binlog := name == BinlogName
	full := t.Name + "$" + name
	col := func(name string, typ sql.Type, nullable bool) *sql.Column {
		return &sql.Column{Name: name, Type: typ, Nullable: nullable, Source: full, DatabaseSource: t.Database}
	}
	cols := sql.Schema{col(rowKindColumn, stringType, false)}
	if seq {
		cols = append(cols, col(sequenceNumberColumn, bigintType, len(sch.PrimaryKeys) == 0))
	}
	shown := make([]types.DataType, len(sch.Fields))
	for i, f := range sch.Fields {
		shown[i] = f.Type
		if binlog {
			elem := f.Type
			elem.Nullable = true
			shown[i] = types.DataType{Kind: types.Array, Nullable: f.Type.Nullable, Element: &elem}
		}
		cols = append(cols, col(f.Name, m.Type(shown[i]), shown[i].Nullable))
	}
	return &auditLog{name: full, schema: cols, t: t, snap: snap, incremental: incremental, sch: sch, seq: seq, m: m,
		shown: shown, binlog: binlog}, nil
}

// IsAuditLog tells whether a system table suffix names the audit log or
// the binlog, whose columns are the table's.
func IsAuditLog(suffix string) bool {
	return strings.EqualFold(suffix, AuditLogName) || strings.EqualFold(suffix, BinlogName)
}

type auditLog struct {
	name   string
	schema sql.Schema
	t      *table.Table
	snap   *spec.Snapshot
	// incremental, when set, plans the read instead of snap.
	incremental Planner
	sch         *spec.TableSchema
	seq         bool
	m           ValueMapping
	// shown are the Paimon types of the table columns as the system table
	// shows them; binlog wraps each value in an array.
	shown  []types.DataType
	binlog bool
}

var _ sql.Table = (*auditLog)(nil)

func (a *auditLog) Name() string               { return a.name }
func (a *auditLog) String() string             { return a.t.Database + "." + a.name }
func (a *auditLog) Schema() sql.Schema         { return a.schema }
func (a *auditLog) Collation() sql.CollationID { return sql.Collation_Default }

// Comment implements sql.CommentedTable.
func (a *auditLog) Comment() string {
	if a.binlog {
		return "Paimon binlog of " + a.t.FullName() + ": its rows with their row kind, each value in an array"
	}
	return "Paimon audit log of " + a.t.FullName() + ": its rows with their row kind"
}

func (a *auditLog) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(onePartition{}), nil
}

// PartitionRows streams the audit log: one goroutine merges the splits one
// after another and hands the rows over; Close stops it.
func (a *auditLog) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	plan, err := a.plan(ctx)
	if err != nil {
		return nil, fs.EndedEarly(fmt.Errorf("%s: %w", a.String(), err))
	}
	if plan == nil {
		return sql.RowsToRowIter(), nil
	}
	loc := sqlext.SessionLocation(ctx)
	conv := make([]func(any) any, len(a.shown))
	for i, typ := range a.shown {
		conv[i] = a.m.Value(typ, loc)
	}
	rctx, cancel := context.WithCancel(ctx)
	it := &auditIter{rows: make(chan sql.Row, 256), cancel: cancel}
	it.wg.Add(1)
	go func() {
		defer it.wg.Done()
		defer close(it.rows)
		err := read.AuditLog(rctx, plan, func(rec read.AuditRecord) error {
			row := make(sql.Row, 0, len(a.schema))
			row = append(row, rec.Kind.String())
			if a.seq {
				if rec.Sequence != nil {
					row = append(row, *rec.Sequence)
				} else {
					row = append(row, nil)
				}
			}
			for i, v := range rec.Row {
				if a.binlog {
					v = []any{v}
				}
				row = append(row, conv[i](v))
			}
			select {
			case it.rows <- row:
				return nil
			case <-rctx.Done():
				return rctx.Err()
			}
		})
		if err != nil && rctx.Err() == nil {
			it.err = fs.EndedEarly(fmt.Errorf("%s: %w", a.String(), err))
		}
	}()
	return it, nil
}

// plan plans the read: the incremental one, or the pinned or latest
// snapshot (nil when the table has none).
func (a *auditLog) plan(ctx *sql.Context) (*scan.Plan, error) {
	if a.incremental != nil {
		return a.incremental(ctx, a.sch)
	}
	snap := a.snap
	if snap == nil {
		var err error
		if snap, err = a.t.Snapshots.Latest(ctx); err != nil || snap == nil {
			return nil, err
		}
	}
	return scan.New(ctx, a.t, snap, a.sch, scan.Options{})
}

type auditIter struct {
	rows   chan sql.Row
	cancel context.CancelFunc
	wg     sync.WaitGroup
	err    error // set before rows is closed
}

func (it *auditIter) Next(*sql.Context) (sql.Row, error) {
	row, ok := <-it.rows
	if !ok {
		if it.err != nil {
			return nil, it.err
		}
		return nil, io.EOF
	}
	return row, nil
}

func (it *auditIter) Close(*sql.Context) error {
	it.cancel()
	for range it.rows {
	}
	it.wg.Wait()
	return nil
}
