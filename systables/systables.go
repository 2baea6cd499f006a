// Package systables serves Paimon's system tables, "<table>$<name>", with
// Java Paimon 1.4's columns (docs/design/format.md §10).
package systables

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// ErrUnknown is returned (wrapped) for a system table name Paimon does not have.
var ErrUnknown = errors.New("unknown system table")

// builder computes a system table's rows. snap is the AS OF snapshot, or nil.
type builder struct {
	columns []column
	rows    func(ctx *sql.Context, t *table.Table, snap *spec.Snapshot) ([]sql.Row, error)
	// versioned tables honour AS OF; the others always show the present.
	versioned bool
	// readsFiles: the rows come from the snapshot's manifests, index or
	// statistics files, which a read marker keeps from expiration.
	readsFiles bool
}

type column struct {
	name     string
	typ      sql.Type
	nullable bool
}

// Column types as Paimon declares them.
var (
	stringType    = gtypes.LongText
	bigintType    = gtypes.Int64
	intType       = gtypes.Int32
	timestampType = gtypes.MustCreateDatetimeType(sqltypes.Datetime, 3)
	jsonType      = gtypes.JSON
)

// Reading is how a system table is read.
type Reading struct {
	// Snapshot is the AS OF snapshot, nil for the latest.
	Snapshot *spec.Snapshot
	// Incremental, when not nil, plans a batch incremental read (OPTIONS
	// incremental-between); only the audit log serves one.
	Incremental Planner
	// Values is how table columns are shown; only the audit log, whose
	// columns are the table's, needs it.
	Values ValueMapping
}

// opener builds the system table name of t.
type opener func(ctx *sql.Context, t *table.Table, name string, r Reading) (sql.Table, error)

// registry is every system table this package serves, by name; with
// TableViews, every one there is: lookups and the unknown-system-table
// error both read them, so neither can miss one.
var registry = map[string]opener{
	AuditLogName:         openAuditLog,
	BinlogName:           openAuditLog,
	"aggregation_fields": aggregationFieldsTable.open,
	"branches":           branchesTable.open,
	"buckets":            bucketsTable.open,
	"consumers":          consumersTable.open,
	"files":              filesTable.open,
	"manifests":          manifestsTable.open,
	"options":            optionsTable.open,
	"partitions":         partitionsTable.open,
	"schemas":            schemasTable.open,
	"snapshots":          snapshotsTable.open,
	"statistics":         statisticsTable.open,
	"table_indexes":      tableIndexesTable.open,
	"tags":               tagsTable.open,
}

// TableViews are the system tables the catalog serves as views of the table
// itself, with its columns and its read path: t$ro (Java's
// ReadOptimizedTable). They are not in registry; the unknown-system-table
// error lists them.
var TableViews = []string{ReadOptimizedName}

// ReadOptimizedName is the suffix of a table's read-optimized view.
const ReadOptimizedName = "ro"

// allNames lists every system table, sorted.
func allNames() []string {
	out := make([]string, 0, len(registry)+len(TableViews))
	for n := range registry {
		out = append(out, n)
	}
	out = append(out, TableViews...)
	sort.Strings(out)
	return out
}

// Names lists the system tables with the same columns for every table (all
// but the audit log, the binlog and the table views, whose columns are the
// table's), sorted: those the sys database shows across tables.
func Names() []string {
	var out []string
	for n := range registry {
		if !IsAuditLog(n) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// OpenTable returns the system table "name" of t as r reads it. An unknown
// name gives ErrUnknown with every name there is.
func OpenTable(ctx *sql.Context, t *table.Table, name string, r Reading) (sql.Table, error) {
	lower := strings.ToLower(name)
	open, ok := registry[lower]
	if !ok {
		return nil, fmt.Errorf("%w %s$%s: Paimon's system tables are %s", ErrUnknown, t.Name, name, strings.Join(allNames(), ", "))
	}
	return open(ctx, t, lower, r)
}

// Open returns the system table "name" of t, one of Names, read at snap
// (nil = latest).
func Open(ctx *sql.Context, t *table.Table, name string, snap *spec.Snapshot) (sql.Table, error) {
	if IsAuditLog(name) {
		return nil, fmt.Errorf("%s$%s is opened with OpenTable: its columns are the table's", t.Name, name)
	}
	return OpenTable(ctx, t, name, Reading{Snapshot: snap})
}

func (b builder) open(_ *sql.Context, t *table.Table, name string, r Reading) (sql.Table, error) {
	if r.Incremental != nil {
		return nil, fmt.Errorf("an incremental read (OPTIONS incremental-between) of %s is served by the table and its $audit_log, not by `%s$%s`", t.FullName(), t.Name, name)
	}
	snap := r.Snapshot
	if snap != nil && !b.versioned {
		return nil, fmt.Errorf("%s$%s does not support AS OF: it always shows the table's present state", t.Name, name)
	}
	full := t.Name + "$" + name
	sch := make(sql.Schema, len(b.columns))
	for i, c := range b.columns {
		sch[i] = &sql.Column{Name: c.name, Type: c.typ, Nullable: c.nullable, Source: full, DatabaseSource: t.Database}
	}
	return &sysTable{name: full, schema: sch, t: t, snap: snap, b: b}, nil
}

// sysTable is a system table as go-mysql-server sees it.
type sysTable struct {
	name   string
	schema sql.Schema
	t      *table.Table
	snap   *spec.Snapshot
	b      builder
}

func (s *sysTable) Name() string               { return s.name }
func (s *sysTable) String() string             { return s.t.Database + "." + s.name }
func (s *sysTable) Schema() sql.Schema         { return s.schema }
func (s *sysTable) Collation() sql.CollationID { return sql.Collation_Default }
func (s *sysTable) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(onePartition{}), nil
}

func (s *sysTable) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	if s.b.readsFiles {
		// Expiration keeps the files of the snapshot read until the rows
		// are made (core/table.BeginRead).
		var rd *table.Read
		if s.snap != nil {
			var err error
			if rd, err = s.t.ReadOf(ctx, s.snap.ID); err != nil {
				return nil, fmt.Errorf("%s: %w", s.String(), err)
			}
		} else {
			rd = s.t.BeginRead(ctx, 0)
		}
		defer rd.End()
	}
	rows, err := s.b.rows(ctx, s.t, s.snap)
	if err != nil {
		return nil, fs.EndedEarly(fmt.Errorf("%s: %w", s.String(), err))
	}
	return sql.RowsToRowIter(rows...), nil
}

type onePartition struct{}

func (onePartition) Key() []byte { return []byte("all") }
