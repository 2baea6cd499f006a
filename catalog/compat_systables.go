package catalog

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/systables"
)

// Catalog-wide system tables: sys.all_<name>.
//
// A table's system tables (`t$snapshots`, `t$files`...) are reachable by
// name only: SHOW TABLES and information_schema leave them out, so a BI tool
// that builds queries from its table list (Metabase, Superset, Tableau)
// cannot offer them. The sys database lists one table per kind of system
// table instead, over every table of the warehouse, as Java Paimon's global
// system table sys.all_table_options does:
//
//	sys.all_snapshots, sys.all_files, sys.all_schemas, sys.all_tags, ...
//	sys.all_table_options (Java's name for the union of the t$options)
//
// Each has the columns database_name and table_name, then the columns of
// `t$<name>`. Rows are read table by table, lazily (LIMIT stops early).
//
// Safety:
//   - a row of db.t is shown only to a user who could read db.`t$<name>`
//     itself: SELECT globally, on db.*, or on the table `t$<name>`; querying
//     sys.all_* also needs SELECT on sys (GMS checks that), so granting
//     sys.* shows a user exactly the system tables of what they may read;
//   - a table whose system table cannot be read (an unsupported format, a
//     corrupt file) is skipped with a warning (SHOW WARNINGS) instead of
//     failing the whole listing;
//   - no AS OF (the per-table system tables have it).
//
// Hooks needed in database.go (Database.GetTableNames and getTable, sys
// branch): see compatSysTableNames and compatSysTable.

const (
	compatAllPrefix = "all_"
	// compatOptionsName is Java's name of the union of the $options tables.
	compatOptionsName = "all_table_options"
)

// compatSysTableNames lists the catalog-wide system tables of sys, sorted.
// Hook: in Database.GetTableNames, `if d.sys { return compatSysTableNames(), nil }`.
func compatSysTableNames() []string {
	var out []string
	for _, n := range systables.Names() {
		out = append(out, compatAllName(n))
	}
	sort.Strings(out)
	return out
}

// compatAllName is the sys table of system table n.
func compatAllName(n string) string {
	if n == "options" {
		return compatOptionsName
	}
	return compatAllPrefix + n
}

// compatSysTable resolves a table of the sys database.
// Hook: in Database.getTable, `if d.sys { return d.compatSysTable(ctx, name, asOf) }`.
func (d *Database) compatSysTable(ctx *sql.Context, name string, asOf any) (sql.Table, bool, error) {
	lower := strings.ToLower(name)
	for _, n := range systables.Names() {
		if compatAllName(n) != lower {
			continue
		}
		if asOf != nil {
			return nil, false, fmt.Errorf("sys.%s does not support AS OF: time-travel the table's own system table, db.`t$%s` AS OF ...", lower, n)
		}
		// The columns of a system table do not depend on the table.
		st, err := systables.Open(ctx, &table.Table{}, n, nil)
		if err != nil {
			return nil, false, err
		}
		sch := sql.Schema{
			{Name: "database_name", Type: gtypes.LongText, Source: lower, DatabaseSource: SysDatabase},
			{Name: "table_name", Type: gtypes.LongText, Source: lower, DatabaseSource: SysDatabase},
		}
		for _, c := range st.Schema() {
			cc := *c
			cc.Source, cc.DatabaseSource = lower, SysDatabase
			sch = append(sch, &cc)
		}
		return &allTable{p: d.p, name: lower, sys: n, schema: sch}, true, nil
	}
	return nil, false, nil
}

// allTable is sys.all_<sys>: the system table sys of every table.
type allTable struct {
	p      *Provider
	name   string
	sys    string
	schema sql.Schema
}

var _ sql.Table = (*allTable)(nil)

func (a *allTable) Name() string               { return a.name }
func (a *allTable) String() string             { return SysDatabase + "." + a.name }
func (a *allTable) Schema() sql.Schema         { return a.schema }
func (a *allTable) Collation() sql.CollationID { return sql.Collation_Default }

// Comment implements sql.CommentedTable (information_schema.TABLES).
func (a *allTable) Comment() string {
	return fmt.Sprintf("Paimon system table $%s of every table you may read", a.sys)
}

// tablePartition is one table of the warehouse.
type tablePartition struct{ db, table string }

func (p tablePartition) Key() []byte { return []byte(p.db + "\x00" + p.table) }

// Partitions implements sql.Table: the tables the user may read the system
// table of, one partition each.
func (a *allTable) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	dbs, err := a.p.databaseNames(ctx)
	if err != nil {
		return nil, err
	}
	var parts []sql.Partition
	for _, db := range dbs {
		if strings.EqualFold(db, SysDatabase) || reservedDatabase(db) {
			continue
		}
		tables, err := a.p.ms.Tables(ctx, db)
		if err != nil {
			ctx.Warn(1105, "sys.%s: database %s skipped: %v", a.name, db, err)
			continue
		}
		for _, t := range tables {
			if a.p.mayRead(ctx, db, t) || a.p.mayRead(ctx, db, t+"$"+a.sys) {
				parts = append(parts, tablePartition{db: db, table: t})
			}
		}
	}
	return sql.PartitionsToPartitionIter(parts...), nil
}

// PartitionRows implements sql.Table: the rows of db.`t$sys`, prefixed by
// the database and table names.
func (a *allTable) PartitionRows(ctx *sql.Context, part sql.Partition) (sql.RowIter, error) {
	tp := part.(tablePartition)
	db := &Database{p: a.p, name: tp.db}
	st, ok, err := db.getTable(ctx, tp.table+"$"+a.sys, nil)
	if err == nil && !ok {
		err = sql.ErrTableNotFound.New(tp.table)
	}
	var rows sql.RowIter
	if err == nil {
		rows, err = compatTableRows(ctx, st)
	}
	if err != nil {
		// One unreadable table must not hide the others.
		ctx.Warn(1105, "sys.%s: table %s.%s skipped: %v", a.name, tp.db, tp.table, err)
		return sql.RowsToRowIter(), nil
	}
	return &prefixIter{RowIter: rows, prefix: sql.Row{tp.db, tp.table}}, nil
}

// compatTableRows reads every row of t, partition by partition.
func compatTableRows(ctx *sql.Context, t sql.Table) (sql.RowIter, error) {
	parts, err := t.Partitions(ctx)
	if err != nil {
		return nil, err
	}
	var all []sql.Row
	defer parts.Close(ctx)
	for {
		p, err := parts.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		it, err := t.PartitionRows(ctx, p)
		if err != nil {
			return nil, err
		}
		rows, err := sql.RowIterToRows(ctx, it)
		if err != nil {
			return nil, err
		}
		all = append(all, rows...)
	}
	return sql.RowsToRowIter(all...), nil
}

// prefixIter puts prefix in front of every row.
type prefixIter struct {
	sql.RowIter
	prefix sql.Row
}

func (p *prefixIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := p.RowIter.Next(ctx)
	if err != nil {
		return nil, err
	}
	out := make(sql.Row, 0, len(p.prefix)+len(row))
	return append(append(out, p.prefix...), row...), nil
}

// mayRead tells whether the session's user may SELECT from db.name: a
// table (whose system tables it may then read) or one system table granted
// alone.
func (p *Provider) mayRead(ctx *sql.Context, db, name string) bool {
	return p.allowed(ctx, db, name, sql.PrivilegeType_Select)
}
