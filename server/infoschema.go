package server

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/information_schema"
)

// filterInfoSchema makes the information_schema tables that name databases
// or tables show only the ones the user holds some privilege on, as MySQL
// does. go-mysql-server filters most of them through CheckTable, but not
// TABLES (every table's name, rows and size); filtering all of them here
// also compares the names exactly (see access).
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
		ist, isInfo := t.(*information_schema.InformationSchemaTable)
		if !ok || !isInfo || ist.Reader == nil {
			continue
		}
		dbCol, tableCol := objectColumns(ist.Schema())
		if dbCol < 0 {
			continue
		}
		ist.Reader = visibleRows(ist.Reader, a, dbCol, tableCol)
	}
	return nil
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

type infoReader = func(*sql.Context, sql.Catalog) (sql.RowIter, error)

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
