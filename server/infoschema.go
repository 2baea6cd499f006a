package server

import (
	"reflect"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/information_schema"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// filterInfoSchema makes the information_schema tables that name databases
// or tables show only the ones the user holds some privilege on, as MySQL
// does. go-mysql-server filters most of them through CheckTable, but not
// TABLES (every table's name, rows and size); filtering all of them here
// also compares the names exactly (see access). On the way, STATISTICS,
// KEY_COLUMN_USAGE and TABLE_CONSTRAINTS read the Paimon tables' keys
// (describingKeys), TABLES their times (withTableTimes), and PROCESSLIST
// shows other users' statements only to a user with PROCESS.
func filterInfoSchema(ctx *sql.Context, infoSchema sql.Database, a *access) error {
	names, err := infoSchema.GetTableNames(ctx)
	if err != nil {
		return err
	}
	for _, name := range names {
		t, ok, err := infoSchema.GetTableInsensitive(ctx, name)
		if err != nil {
			return err
		}
		ist, isInfo := infoSchemaTable(t)
		if !ok || !isInfo || ist.Reader == nil {
			continue
		}
		switch strings.ToUpper(name) {
		case "STATISTICS", "KEY_COLUMN_USAGE", "TABLE_CONSTRAINTS":
			ist.Reader = describingKeys(ist.Reader)
		case "TABLES":
			ist.Reader = withTableTimes(ist.Reader, ist.Schema())
		case "PROCESSLIST":
			ist.Reader = processListRows(ist.Reader, a, ist.Schema().IndexOfColName("USER"))
		case "USER_ATTRIBUTES":
			ist.Reader = withoutTokens(ist.Reader, ist.Schema().IndexOfColName("ATTRIBUTE"))
		}
		dbCol, tableCol := objectColumns(ist.Schema())
		if dbCol < 0 {
			continue
		}
		ist.Reader = visibleRows(ist.Reader, a, dbCol, tableCol)
	}
	return nil
}

// infoSchemaTable returns the *InformationSchemaTable that t is or embeds:
// go-mysql-server serves STATISTICS as an unexported type embedding one.
func infoSchemaTable(t sql.Table) (*information_schema.InformationSchemaTable, bool) {
	if ist, ok := t.(*information_schema.InformationSchemaTable); ok {
		return ist, true
	}
	v := reflect.ValueOf(t)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	f := v.Elem().FieldByName("InformationSchemaTable")
	if !f.IsValid() || !f.CanInterface() {
		return nil, false
	}
	ist, ok := f.Interface().(*information_schema.InformationSchemaTable)
	return ist, ok && ist != nil
}

// objectColumns finds the columns naming the database and the table of a
// row (tableCol -1 when rows are about databases).
func objectColumns(sch sql.Schema) (dbCol, tableCol int) {
	dbCol, tableCol = -1, -1
	for i, c := range sch {
		switch strings.ToUpper(c.Name) {
		case "TABLE_SCHEMA", "SCHEMA_NAME":
			if dbCol < 0 {
				dbCol = i
			}
		case "TABLE_NAME":
			tableCol = i
		}
	}
	return dbCol, tableCol
}

// columnKeys is information_schema with a COLUMNS table whose COLUMN_KEY
// names the Paimon tables' keys as MySQL does: PRI for the primary key's
// columns, MUL for the first column of a non-unique index (the partition
// keys), where go-mysql-server marks every column of such an index. It
// makes a new COLUMNS table for every query, so the table is wrapped where
// the database hands it out.
type columnKeys struct{ sql.Database }

// GetCollation reports information_schema's own collation (the wrapper would
// otherwise hide it and SCHEMATA would show the server default).
func (db columnKeys) GetCollation(ctx *sql.Context) sql.CollationID {
	return plan.GetDatabaseCollation(ctx, db.Database)
}

// SetCollation refuses as information_schema does.
func (db columnKeys) SetCollation(ctx *sql.Context, c sql.CollationID) error {
	if cdb, ok := db.Database.(sql.CollatedDatabase); ok {
		return cdb.SetCollation(ctx, c)
	}
	return sql.ErrDatabaseCollationsNotSupported.New(db.Name())
}

func (db columnKeys) GetTableInsensitive(ctx *sql.Context, name string) (sql.Table, bool, error) {
	t, ok, err := db.Database.GetTableInsensitive(ctx, name)
	cols, isCols := t.(*information_schema.ColumnsTable)
	if !isCols || cols.RowIter == nil {
		return t, ok, err
	}
	read, sch := cols.RowIter, cols.Schema()
	dbCol, tableCol := objectColumns(sch)
	nameCol, keyCol := sch.IndexOfColName("COLUMN_NAME"), sch.IndexOfColName("COLUMN_KEY")
	cols.RowIter = func(ctx *sql.Context, cat sql.Catalog, all sql.Schema) (sql.RowIter, error) {
		ctx = ctx.WithContext(sqlext.DescribingKeys(ctx))
		iter, err := read(ctx, cat, all)
		if err != nil || dbCol < 0 || tableCol < 0 || nameCol < 0 || keyCol < 0 {
			return iter, err
		}
		rows, err := sql.RowIterToRows(ctx, iter)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if key, _ := r[keyCol].(string); key != "MUL" {
				continue
			}
			db, _ := r[dbCol].(string)
			table, _ := r[tableCol].(string)
			column, _ := r[nameCol].(string)
			if !leadsNonUniqueIndex(ctx, cat, db, table, column) {
				r[keyCol] = ""
			}
		}
		return sql.RowsToRowIter(rows...), nil
	}
	return cols, ok, err
}

// leadsNonUniqueIndex tells whether column is the first column of a
// non-unique index of the table.
func leadsNonUniqueIndex(ctx *sql.Context, cat sql.Catalog, db, table, column string) bool {
	t, _, err := cat.Table(ctx, db, table)
	if err != nil {
		return true // leave go-mysql-server's answer
	}
	ia, ok := t.(sql.IndexAddressable)
	if !ok {
		return true
	}
	indexes, err := ia.GetIndexes(ctx)
	if err != nil {
		return true
	}
	for _, idx := range indexes {
		exprs := idx.Expressions()
		if !idx.IsUnique() && len(exprs) > 0 && strings.EqualFold(exprs[0], table+"."+column) {
			return true
		}
	}
	return false
}

type infoReader = func(*sql.Context, sql.Catalog) (sql.RowIter, error)

// describingKeys reads with a context that makes Paimon tables list their
// primary and partition keys (see sqlext.DescribingKeys).
func describingKeys(read infoReader) infoReader {
	return func(ctx *sql.Context, cat sql.Catalog) (sql.RowIter, error) {
		return read(ctx.WithContext(sqlext.DescribingKeys(ctx)), cat)
	}
}

// timedTable is a table that knows when it was created and last changed.
type timedTable interface {
	Times(ctx *sql.Context) (created, updated time.Time, ok bool)
}

// withTableTimes fills information_schema.TABLES' CREATE_TIME and
// UPDATE_TIME, which go-mysql-server sets to 2000-01-01 for every table,
// with the times the table gives (catalog.Table.Times), in whole seconds
// as MySQL keeps them: the wire would round a commit at 12:00:00.6 up to
// 12:00:01, after it happened.
func withTableTimes(read infoReader, sch sql.Schema) infoReader {
	dbCol, tableCol := objectColumns(sch)
	createCol, updateCol := sch.IndexOfColName("CREATE_TIME"), sch.IndexOfColName("UPDATE_TIME")
	return func(ctx *sql.Context, cat sql.Catalog) (sql.RowIter, error) {
		iter, err := read(ctx, cat)
		if err != nil || dbCol < 0 || tableCol < 0 || createCol < 0 || updateCol < 0 {
			return iter, err
		}
		rows, err := sql.RowIterToRows(ctx, iter)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			db, _ := r[dbCol].(string)
			name, _ := r[tableCol].(string)
			if strings.EqualFold(db, sql.InformationSchemaDatabaseName) {
				continue
			}
			t, _, err := cat.Table(ctx, db, name)
			if err != nil {
				continue
			}
			if tt, ok := t.(timedTable); ok {
				if created, updated, ok := tt.Times(ctx); ok {
					r[createCol], r[updateCol] = created.UTC().Truncate(time.Second), updated.UTC().Truncate(time.Second)
				}
			}
		}
		return sql.RowsToRowIter(rows...), nil
	}
}

// visibleRows keeps the rows of read about objects the user may see.
func visibleRows(read infoReader, a *access, dbCol, tableCol int) infoReader {
	return func(ctx *sql.Context, cat sql.Catalog) (sql.RowIter, error) {
		iter, err := read(ctx, cat)
		if err != nil || !a.mdb.Enabled() {
			return iter, err
		}
		rows, err := sql.RowIterToRows(ctx, iter)
		if err != nil {
			return nil, err
		}
		n := a.names(ctx)
		kept := rows[:0]
		for _, r := range rows {
			db, _ := r[dbCol].(string)
			table := ""
			if tableCol >= 0 {
				table, _ = r[tableCol].(string)
			}
			if strings.EqualFold(db, sql.InformationSchemaDatabaseName) || n.grantsOn(db, table).any(table != "") {
				kept = append(kept, r)
			}
		}
		return sql.RowsToRowIter(kept...), nil
	}
}
