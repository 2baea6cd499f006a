// Package systables serves Paimon's system tables, "<table>$<name>", with
// Java Paimon 1.4's columns (format.md §10).
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
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// ErrUnknown is returned (wrapped) for a system table name Paimon does not have.
var ErrUnknown = errors.New("unknown system table")

// builder computes a system table's rows. snap is the AS OF snapshot, or nil.
type builder struct {
	columns []column
	rows    func(ctx *sql.Context, t *table.Table, snap *snapshot.Snapshot) ([]sql.Row, error)
	// versioned tables honour AS OF; the others always show the present.
	versioned bool
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

var registry = map[string]builder{}

func register(name string, b builder) { registry[name] = b }

// Names lists the system tables, sorted.
func Names() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Open returns the system table "name" of t, read at snap (nil = latest).
func Open(ctx *sql.Context, t *table.Table, name string, snap *snapshot.Snapshot) (sql.Table, error) {
	b, ok := registry[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("%w: %s$%s (Paimon system tables: %s)", ErrUnknown, t.Name, name, strings.Join(Names(), ", "))
	}
	if snap != nil && !b.versioned {
		return nil, fmt.Errorf("%s$%s does not support AS OF: it always shows the table's present state", t.Name, strings.ToLower(name))
	}
	full := t.Name + "$" + strings.ToLower(name)
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
	snap   *snapshot.Snapshot
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
	rows, err := s.b.rows(ctx, s.t, s.snap)
	if err != nil {
		return nil, fs.EndedEarly(fmt.Errorf("%s: %w", s.String(), err))
	}
	return sql.RowsToRowIter(rows...), nil
}

type onePartition struct{}

func (onePartition) Key() []byte { return []byte("all") }
