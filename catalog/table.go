package catalog

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/fluss"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// Table is a Paimon table as go-mysql-server sees it: the latest snapshot at
// scan time, or the one AS OF pinned.
type Table struct {
	db     *Database
	t      *table.Table
	schema *spec.TableSchema
	pin    pin
	// fields are the columns users see: the schema's, less the system
	// columns of a legacy Fluss lake table.
	fields []types.DataField
	// lay maps visible columns to the schema's (nil: they are the same).
	lay *fluss.Table
	// unusable is set for a table that lists but cannot be used: a Fluss
	// lake table with a broken layout, or a table whose schema cannot be
	// read. Every read, write and ALTER fails with it; listings
	// (information_schema, SHOW TABLE STATUS) and DROP TABLE work.
	unusable error
	// physical is the t$physical view: every column of the schema.
	physical   bool
	projection []int // indexes into fields; nil = all
	filter     predicate.Predicate
	full       sql.Schema
	// latest is the latest snapshot the running statement read (shared
	// by the copies projections and filters make).
	latest *statementSnapshot
}

// statementSnapshot remembers the latest snapshot of a table as one
// statement first read it: its next reads (a lookup join reads the table
// once per outer row) see the same snapshot without looking for a newer
// one each time. A statement is its session and process-list id, so a
// plan kept for another execution (a prepared statement) looks again.
type statementSnapshot struct {
	mu      sync.Mutex
	session sql.Session
	pid     uint64
	snap    *spec.Snapshot
	held    bool // a read marker protects snap until the statement ends
}

var (
	_ sql.Table           = (*Table)(nil)
	_ sql.ProjectedTable  = (*Table)(nil)
	_ sql.PrimaryKeyTable = (*Table)(nil)
	_ sql.StatisticsTable = (*Table)(nil)
	_ sql.CommentedTable  = (*Table)(nil)
)

// newTable serves t at the pin. physical shows every column of the schema,
// the system columns of a legacy Fluss lake table included ("t$physical").
func newTable(ctx *sql.Context, db *Database, t *table.Table, p pin, physical bool) (*Table, error) {
	var sch *spec.TableSchema
	var err error
	if p.snapshot != nil {
		// Time travel reads with the schema the snapshot was written with.
		sch, err = t.Schemas.Schema(ctx, p.snapshot.SchemaID)
	} else {
		sch, err = t.LatestSchema(ctx)
	}
	if err != nil {
		return nil, err
	}
	tbl := &Table{db: db, t: t, schema: sch, pin: p, fields: sch.Fields, physical: physical, latest: &statementSnapshot{}}
	switch lay, err := fluss.Of(sch); {
	case err != nil:
		// Show the columns a user would write, so that statements reach
		// the table and get the layout error rather than a column count one.
		tbl.unusable = fmt.Errorf("%s: %w", t.FullName(), err)
		tbl.fields = withoutSystemColumns(sch.Fields)
	case lay.Layout() == fluss.Legacy && !physical:
		tbl.lay, tbl.fields = lay, lay.UserFields()
	}
	if unique, err := caseClash(tbl.fields); err != nil && tbl.unusable == nil {
		// Only the first of the clashing columns is shown, so that every
		// statement naming either resolves and gets this error.
		tbl.unusable, tbl.fields = fmt.Errorf("%s: %w", t.FullName(), err), unique
	}
	tbl.full = sqlSchema(tbl.fields, sch.PrimaryKeys, t.Name, db.name)
	return tbl, nil
}

// caseClash refuses columns whose names differ only in case, which Java
// Paimon and Flink allow (`a INT, A STRING`) but MySQL names cannot tell
// apart: go-mysql-server would resolve both to the first, and a read would
// show one column's values under the other's name. It returns the fields
// without the later columns of each clash.
func caseClash(fields []types.DataField) ([]types.DataField, error) {
	seen := make(map[string]string, len(fields))
	var unique []types.DataField
	var err error
	for _, f := range fields {
		key := strings.ToLower(f.Name)
		if first, ok := seen[key]; ok {
			if err == nil {
				err = fmt.Errorf("columns `%s` and `%s` differ only in case, which MySQL column names cannot tell apart; "+
					"the table is not read or written, so that their values cannot mix: rename one of them "+
					"(ALTER TABLE ... RENAME COLUMN in Java Paimon, Flink or Spark)", first, f.Name)
			}
			continue
		}
		seen[key] = f.Name
		unique = append(unique, f)
	}
	return unique, err
}

// unusableTable stands for a table whose schema cannot be read: it lists
// without columns, and every statement that reads, writes or alters it
// fails with err. One damaged table must not break the listings of its
// database, nor DROP TABLE, which needs no schema.
func unusableTable(db *Database, t *table.Table, err error) *Table {
	return &Table{db: db, t: t, schema: &spec.TableSchema{Options: map[string]string{}}, unusable: err, full: sql.Schema{}}
}

// Unusable tells why the table cannot be used (nil: it can): go-mysql-server
// answers it for a statement naming a column of the table, which otherwise
// fails with "column not found" on a table whose schema cannot be read.
func (t *Table) Unusable() error { return t.unusable }

// schemaUnread tells a table made by unusableTable: it has no columns to
// show. (A Fluss table with a broken layout is unusable too, but its schema
// was read.)
func (t *Table) schemaUnread() bool { return t.unusable != nil && len(t.schema.Fields) == 0 }

// withoutSystemColumns drops the columns named like Fluss's system columns.
func withoutSystemColumns(fields []types.DataField) []types.DataField {
	var out []types.DataField
	for _, f := range fields {
		switch f.Name {
		case fluss.BucketColumn, fluss.OffsetColumn, fluss.TimestampColumn:
		default:
			out = append(out, f)
		}
	}
	return out
}

// sqlSchema maps Paimon fields to go-mysql-server columns.
func sqlSchema(fields []types.DataField, primaryKeys []string, tableName, dbName string) sql.Schema {
	pks := map[string]bool{}
	for _, k := range primaryKeys {
		pks[k] = true
	}
	out := make(sql.Schema, len(fields))
	for i, f := range fields {
		col := &sql.Column{
			Name: f.Name, Type: SQLType(f.Type), Nullable: f.Type.Nullable,
			PrimaryKey: pks[f.Name], Source: tableName, DatabaseSource: dbName,
		}
		if f.Description != nil {
			col.Comment = *f.Description
		}
		out[i] = col
	}
	return out
}

// Name implements sql.Table.
func (t *Table) Name() string { return t.t.Name }

// String implements sql.Table.
func (t *Table) String() string { return t.t.FullName() }

// Schema implements sql.Table: the projected columns.
func (t *Table) Schema() sql.Schema {
	if t.projection == nil {
		return t.full
	}
	out := make(sql.Schema, len(t.projection))
	for i, p := range t.projection {
		out[i] = t.full[p]
	}
	return out
}

// PrimaryKeySchema implements sql.PrimaryKeyTable with the full schema, which
// go-mysql-server needs to index columns of a projected table.
func (t *Table) PrimaryKeySchema() sql.PrimaryKeySchema {
	var ordinals []int
	for _, k := range t.schema.PrimaryKeys {
		if i := t.fieldIndex(k); i >= 0 {
			ordinals = append(ordinals, i)
		}
	}
	return sql.NewPrimaryKeySchema(t.full, ordinals...)
}

// fieldIndex is the position of a visible column, or -1.
func (t *Table) fieldIndex(name string) int {
	for i, f := range t.fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// Collation implements sql.Table.
func (t *Table) Collation() sql.CollationID { return sql.Collation_Default }

// Comment implements sql.CommentedTable.
func (t *Table) Comment() string {
	if t.schema.Comment != nil {
		return *t.schema.Comment
	}
	return ""
}

// Paimon returns the core table and the schema this table reads with.
func (t *Table) Paimon() (*table.Table, *spec.TableSchema) { return t.t, t.schema }

// WithProjections implements sql.ProjectedTable.
func (t *Table) WithProjections(colNames []string) sql.Table {
	c := *t
	c.projection = make([]int, 0, len(colNames))
	for _, n := range colNames {
		for i, f := range t.fields {
			if strings.EqualFold(f.Name, n) {
				c.projection = append(c.projection, i)
				break
			}
		}
	}
	return &c
}

// Projections implements sql.ProjectedTable.
func (t *Table) Projections() []string {
	if t.projection == nil {
		return nil
	}
	out := make([]string, len(t.projection))
	for i, p := range t.projection {
		out[i] = strings.ToLower(t.fields[p].Name)
	}
	return out
}

// withFilter returns a copy that prunes with p (set by the pushdown rule).
func (t *Table) withFilter(p predicate.Predicate) *Table {
	c := *t
	c.filter = p
	return &c
}

// snapshot returns the pinned snapshot or the latest one (nil if none).
// With hold, the statement reads the snapshot's files: a read marker
// (core/table.BeginRead) keeps expiration on any server from deleting
// them until the statement ends. Statistics alone do not hold: they read
// only manifests, and information_schema asks every table.
func (t *Table) snapshot(ctx *sql.Context, hold bool) (*spec.Snapshot, error) {
	m := t.latest
	if m == nil || ctx.Session == nil {
		return t.pinnedOrLatest(ctx)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	same := m.snap != nil && m.session == ctx.Session && m.pid == ctx.Pid()
	if same && (m.held || !hold) {
		return m.snap, nil
	}
	var rd *table.Read
	held := false
	if hold {
		if t.pin.snapshot != nil {
			// A time-travel read: the snapshot, found before the marker
			// was written, must still be there after it.
			var err error
			if rd, err = t.t.ReadOf(ctx, t.pin.snapshot.ID); err != nil {
				return nil, err
			}
			if held = endWithStatement(ctx, rd); !held {
				rd.End()
			}
		} else {
			rd = t.t.BeginRead(ctx, 0) // the latest
			if held = endWithStatement(ctx, rd); !held {
				rd.End()
			}
		}
	}
	// Looked for after the marker was written, even when the statement
	// already knew a snapshot: expiration may have taken that one
	// meanwhile, never the latest one after the marker.
	snap, err := t.pinnedOrLatest(ctx)
	if err != nil || snap == nil {
		return snap, err
	}
	if held && t.pin.snapshot == nil {
		rd.Planned(snap.ID)
	}
	m.session, m.pid, m.snap, m.held = ctx.Session, ctx.Pid(), snap, held
	return snap, nil
}

func (t *Table) pinnedOrLatest(ctx *sql.Context) (*spec.Snapshot, error) {
	if t.pin.snapshot != nil {
		return t.pin.snapshot, nil
	}
	return t.t.Snapshots.Latest(ctx)
}

func (t *Table) plan(ctx *sql.Context, filter predicate.Predicate) (*scan.Plan, error) {
	if t.pin.incremental != nil {
		return t.pin.incremental.plan(ctx, t.t, t.schema, filter)
	}
	snap, err := t.snapshot(ctx, true)
	if err != nil {
		return nil, err
	}
	return scan.New(ctx, t.t, snap, t.schema, scan.Options{Filter: filter, ReadOptimized: t.pin.readOptimized})
}

// Partitions implements sql.Table: one partition; the reader parallelises
// inside it, since go-mysql-server reads partitions one after another.
func (t *Table) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(scanPartition{}), nil
}

type scanPartition struct{}

func (scanPartition) Key() []byte { return []byte("all") }

// PartitionRows implements sql.Table. go-mysql-server takes an error that
// wraps io.EOF for the end of the rows, so a damaged file's error must not.
func (t *Table) PartitionRows(ctx *sql.Context, part sql.Partition) (sql.RowIter, error) {
	filter := t.filter
	var lookup *lookupPartition
	if lp, ok := part.(lookupPartition); ok {
		if lp.empty {
			return sql.RowsToRowIter(), nil
		}
		switch {
		case lp.filter == nil:
		case filter == nil:
			filter = lp.filter
		default:
			filter = predicate.And{filter, lp.filter}
		}
		lookup = &lp
	}
	it, err := t.partitionRows(ctx, filter, lookup)
	return it, fs.EndedEarly(err)
}

// partitionRows scans with filter pruning. Rows outside the lookup's ranges
// (nil: none) are dropped: an index lookup must return exactly the rows of
// its ranges, as a lookup join does not check them again.
func (t *Table) partitionRows(ctx *sql.Context, filter predicate.Predicate, lookup *lookupPartition) (sql.RowIter, error) {
	cols := t.projection
	if cols == nil {
		cols = make([]int, len(t.fields))
		for i := range cols {
			cols[i] = i
		}
	}
	out := len(cols)
	var it rowIter
	if lookup != nil {
		// The key columns, read after the projected ones if the
		// projection lacks them.
		at := map[string]int{}
		for i, c := range cols {
			at[t.fields[c].Name] = i
		}
		keys := make([]sql.Expression, len(lookup.index.columns))
		for k, col := range lookup.index.columns {
			c := t.fieldIndex(col.Name)
			if _, ok := at[col.Name]; !ok {
				at[col.Name] = len(cols)
				cols = append(cols[:len(cols):len(cols)], c)
			}
			keys[k] = expression.NewGetField(at[col.Name], col.Type, col.Name, col.Nullable)
			it.keyPos = append(it.keyPos, at[col.Name])
		}
		if exact := lookup.filter; exact != nil {
			it.test = func(row []any) bool {
				return exact.Test(func(field string) (any, bool) {
					i, ok := at[field]
					if !ok {
						return nil, false
					}
					return row[i], true
				})
			}
		} else {
			var err error
			if it.rangeExpr, err = expression.NewRangeFilterExpr(keys, lookup.ranges); err != nil {
				return nil, err
			}
		}
	}
	r, conv, err := t.readerWith(ctx, cols, filter)
	if err != nil {
		return nil, err
	}
	it.it, it.conv, it.out = r.Rows(ctx), conv, out
	return &it, nil
}

// reader reads the visible columns cols (indexes into fields) of the
// table's snapshot, pruned by the pushed filter; conv turns each column's
// values into go-mysql-server's. No column (nil or empty, as for MAX(1))
// reads none.
func (t *Table) reader(ctx *sql.Context, cols []int) (*read.Reader, []func(any) any, error) {
	return t.readerWith(ctx, cols, t.filter)
}

// readerWith is reader pruned by filter.
func (t *Table) readerWith(ctx *sql.Context, cols []int, filter predicate.Predicate) (*read.Reader, []func(any) any, error) {
	if t.unusable != nil {
		return nil, nil, t.unusable
	}
	plan, err := t.plan(ctx, filter)
	if err != nil {
		return nil, nil, err
	}
	if cols == nil {
		// read.Options and PhysicalProjection take nil for every column,
		// which a consumer of no column would box against no converter.
		cols = []int{}
	}
	physical := cols
	if t.lay != nil {
		if physical, err = t.lay.PhysicalProjection(cols); err != nil {
			return nil, nil, err
		}
	}
	loc := sqlext.SessionLocation(ctx)
	r, err := read.New(plan, read.Options{Projection: physical, Location: loc, Filter: filter})
	if err != nil {
		return nil, nil, err
	}
	conv := make([]func(any) any, len(cols))
	for i, c := range cols {
		conv[i] = Converter(t.fields[c].Type, loc)
	}
	return r, conv, nil
}

type rowIter struct {
	it   *read.Iterator
	conv []func(any) any // per column read
	out  int             // the first out columns are returned
	// An index lookup's check of each row: test on the core values, or
	// else the engine's expression of its ranges on the converted row.
	test      func([]any) bool
	rangeExpr sql.Expression
	// rows (read from the files, before the lookup's check) is added to
	// stats.RowsRead on Close, not per row, to keep a shared atomic out of
	// the row loop.
	rows int64
	// keyPos are the positions of the key columns in a row read, for a
	// lookup: its rows are returned in key order (sorted holds them).
	keyPos  []int
	sorted  []sortedRow
	drained bool
}

type sortedRow struct {
	key []any
	row sql.Row
}

func (r *rowIter) Next(ctx *sql.Context) (sql.Row, error) {
	if r.keyPos == nil {
		row, _, err := r.next(ctx)
		return row, err
	}
	if !r.drained {
		// A lookup's rows are few (CanSupport): read them all and sort
		// them by key, as go-mysql-server expects of an index.
		r.drained = true
		for {
			row, key, err := r.next(ctx)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, err
			}
			r.sorted = append(r.sorted, sortedRow{key: key, row: row})
		}
		sort.SliceStable(r.sorted, func(i, j int) bool {
			for k := range r.sorted[i].key {
				if c := types.CompareNullsFirst(r.sorted[i].key[k], r.sorted[j].key[k]); c != 0 {
					return c < 0
				}
			}
			return false
		})
	}
	if len(r.sorted) == 0 {
		return nil, io.EOF
	}
	row := r.sorted[0].row
	r.sorted = r.sorted[1:]
	return row, nil
}

// next returns the next row and, for a lookup, its key's core values.
func (r *rowIter) next(ctx *sql.Context) (sql.Row, []any, error) {
	for {
		row, err := r.it.Next()
		if err != nil {
			return nil, nil, err // io.EOF only at the end: read.Iterator promises it
		}
		r.rows++
		if r.test != nil && !r.test(row) {
			continue
		}
		n := r.out
		if r.rangeExpr != nil {
			n = len(r.conv)
		}
		out := make(sql.Row, n)
		for i, conv := range r.conv[:n] {
			out[i] = conv(row[i])
		}
		if r.rangeExpr != nil {
			ok, err := sql.EvaluateCondition(ctx, r.rangeExpr, out)
			if err != nil {
				return nil, nil, err
			}
			if !sql.IsTrue(ok) {
				continue
			}
			out = out[:r.out]
		}
		var key []any
		if r.keyPos != nil {
			key = make([]any, len(r.keyPos))
			for k, p := range r.keyPos {
				key[k] = row[p]
			}
		}
		return out, key, nil
	}
}

func (r *rowIter) Close(*sql.Context) error {
	stats.RowsRead.Add(r.rows)
	r.rows = 0
	return r.it.Close()
}

// RowCount implements sql.StatisticsTable: exact when the manifests alone
// tell the number of rows (see scan.Plan.RowCount). information_schema asks
// every table, so a table that cannot be planned (unsupported or corrupt)
// reports an unknown count instead of failing the whole listing.
func (t *Table) RowCount(ctx *sql.Context) (uint64, bool, error) {
	s, err := t.stats(ctx)
	if err != nil {
		ctx.GetLogger().Warnf("row count of %s: %v", t.t.FullName(), err)
		return 0, false, nil
	}
	return s.rows, s.exact, nil
}

// DataLength implements sql.StatisticsTable: the bytes of the live data files.
func (t *Table) DataLength(ctx *sql.Context) (uint64, error) {
	s, err := t.stats(ctx)
	if err != nil {
		ctx.GetLogger().Warnf("data length of %s: %v", t.t.FullName(), err)
		return 0, nil
	}
	return s.bytes, nil
}

// tableStats are the manifest-derived figures of one snapshot.
type tableStats struct {
	snapshot, schema int64
	rows, bytes      uint64
	exact            bool
}

// stats plans the table's snapshot once: information_schema and COUNT(*)
// ask often, and a snapshot never changes. The provider keeps the figures
// of the last snapshot asked per table.
func (t *Table) stats(ctx *sql.Context) (tableStats, error) {
	if t.unusable != nil {
		return tableStats{}, t.unusable
	}
	if t.pin.incremental != nil {
		return t.incrementalStats(ctx)
	}
	snap, err := t.snapshot(ctx, false)
	if err != nil || snap == nil {
		return tableStats{exact: snap == nil}, err
	}
	key := t.t.FullName()
	if t.pin.readOptimized {
		key += "$" + readOptimizedSuffix
	}
	if c, ok := t.db.p.statsCache.Load(key); ok {
		if s := c.(tableStats); s.snapshot == snap.ID && s.schema == t.schema.ID {
			return s, nil
		}
	}
	plan, err := scan.New(ctx, t.t, snap, t.schema, scan.Options{ReadOptimized: t.pin.readOptimized})
	if err != nil {
		return tableStats{}, err
	}
	n, exact := plan.RowCount()
	s := tableStats{snapshot: snap.ID, schema: t.schema.ID, rows: uint64(max(n, 0)), exact: exact}
	for _, sp := range plan.Splits {
		for _, f := range sp.Files {
			s.bytes += uint64(f.FileSize)
		}
	}
	t.db.p.statsCache.Store(key, s)
	return s, nil
}

// incrementalStats counts the rows of an incremental read, uncached: the
// cache is keyed by snapshot.
func (t *Table) incrementalStats(ctx *sql.Context) (tableStats, error) {
	plan, err := t.plan(ctx, nil)
	if err != nil {
		return tableStats{}, err
	}
	n, exact := plan.RowCount()
	return tableStats{rows: uint64(max(n, 0)), exact: exact}, nil
}

// fieldType returns the Paimon type of a visible column by name.
func (t *Table) fieldType(name string) (types.DataType, bool) {
	for _, f := range t.fields {
		if strings.EqualFold(f.Name, name) {
			return f.Type, true
		}
	}
	return types.DataType{}, false
}
