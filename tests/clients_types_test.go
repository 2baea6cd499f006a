package tests

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// A table with a column of every type a client maps, which the client
// checks of go-sql-driver, MySQL Connector/Python, node's mysql2 and mycli
// read through the text protocol and through server-side prepared
// statements (the binary protocol), and the errors every client must see
// with MySQL's codes.

const (
	everyTypeDB    = "ctypes"
	everyTypeTable = "every"
)

// typesColumns are the columns after id; typesInsert fills row 1 with
// values and row 2 with NULLs.
var (
	typesColumns = []string{"b BOOLEAN", "ti TINYINT", "si SMALLINT", "i INT", "bi BIGINT", "f FLOAT", "d DOUBLE",
		"de DECIMAL(12,3)", "s VARCHAR(20)", "c CHAR(3)", "vb VARBINARY(8)", "dt DATE", "ts DATETIME(3)",
		"ltz TIMESTAMP(6)", "txt TEXT"}
	typesInsert = "INSERT INTO " + everyTypeDB + "." + everyTypeTable + " VALUES " +
		"(1, true, -7, 30000, 2000000000, 9000000000000000001, 1.5, -2.25e10, 123456789.125, 'hé, ünïcode', 'abc', " +
		"X'0001FE78', '2024-02-29', '2024-02-29 23:59:58.123', '1999-12-31 01:02:03.456789', 'a\\nlong\\ttext'), " +
		"(2" + strings.Repeat(", NULL", 15) + ")"
)

// clientErrors are statements every client runs, with the MySQL error
// number and SQLSTATE it must report: "text" through a plain query,
// "prepared" through a server-side prepared statement.
var clientErrors = []struct{ mode, sql, number, state string }{
	{"text", "SELECT * FROM " + everyTypeDB + ".nosuch", "1146", "42S02"},
	{"text", "SELEC 1", "1064", "42000"},
	{"text", "SELECT nosuch FROM " + everyTypeDB + "." + everyTypeTable, "1054", "42S22"},
	{"prepared", "SELECT * FROM " + everyTypeDB + ".nosuch WHERE 1 = ?", "1146", "42S02"},
}

// clientErrorsJSON is clientErrors as the client scripts take them:
// [[mode, sql], ...].
func clientErrorsJSON(t *testing.T) string {
	t.Helper()
	var stmts [][]string
	for _, c := range clientErrors {
		stmts = append(stmts, []string{c.mode, c.sql})
	}
	b, err := json.Marshal(stmts)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// typesOracle creates the table and returns what clients must read from
// it, as go-sql-driver reads it as text, VARBINARY as upper-case hex.
func typesOracle(t *testing.T, e *env) clientTypes {
	t.Helper()
	mustQuery(t, e.db, "CREATE DATABASE "+everyTypeDB)
	mustQuery(t, e.db, "CREATE TABLE "+everyTypeDB+"."+everyTypeTable+" (id INT NOT NULL, "+strings.Join(typesColumns, ", ")+", PRIMARY KEY (id))")
	mustQuery(t, e.db, typesInsert)
	var o clientTypes
	o.Columns = mustQuery(t, e.db, "SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION", everyTypeDB, everyTypeTable).rows
	if len(o.Columns) != len(typesColumns)+1 {
		t.Fatalf("information_schema has %d columns of %s, want %d", len(o.Columns), everyTypeTable, len(typesColumns)+1)
	}
	cols := make([]string, 0, len(o.Columns))
	for _, c := range o.Columns {
		if c[0] == "vb" {
			cols = append(cols, "HEX(vb)")
		} else {
			cols = append(cols, c[0])
		}
	}
	o.Text = mustQuery(t, e.db, "SELECT "+strings.Join(cols, ", ")+" FROM "+everyTypeDB+"."+everyTypeTable+" ORDER BY id").rows
	// The values as inserted: the oracle itself is checked.
	sameClientCells(t, "go-sql-driver (the oracle)", o.Text, split(
		"1|1|-7|30000|2000000000|9000000000000000001|1.5|-22500000000|123456789.125|hé, ünïcode|abc|0001FE78|2024-02-29|2024-02-29 23:59:58.123|1999-12-31 01:02:03.456789|a\nlong\ttext",
		"2"+strings.Repeat("|NULL", 15)))
	o.Prepared = o.Text
	for _, c := range clientErrors {
		o.Errors = append(o.Errors, []string{c.number, c.state})
	}
	return o
}

// clientTypes is what a client reports of the types table; JSON names as
// the client scripts print them.
type clientTypes struct {
	Databases []string   `json:"databases"`
	Tables    []string   `json:"tables"`
	Columns   [][]string `json:"columns"`  // name, COLUMN_TYPE
	Text      [][]string `json:"text"`     // SELECT * ORDER BY id, VARBINARY as hex
	Prepared  [][]string `json:"prepared"` // the same, server-side prepared with WHERE id >= ?
	Errors    [][]string `json:"errors"`   // number, SQLSTATE of each of clientErrors
}

// checkTypes compares a client's report with the oracle.
func checkTypes(t *testing.T, client string, got, want clientTypes) {
	t.Helper()
	if !contains(got.Databases, everyTypeDB) {
		t.Errorf("%s: SHOW DATABASES = %v, without %s", client, got.Databases, everyTypeDB)
	}
	sameStrings(t, client+": SHOW TABLES", got.Tables, []string{everyTypeTable})
	if fmt.Sprint(got.Columns) != fmt.Sprint(want.Columns) {
		t.Errorf("%s: columns = %v, want %v", client, got.Columns, want.Columns)
	}
	sameClientCells(t, client+": text protocol", got.Text, want.Text)
	sameClientCells(t, client+": prepared statement", got.Prepared, want.Prepared)
	if fmt.Sprint(got.Errors) != fmt.Sprint(want.Errors) {
		t.Errorf("%s: errors (number, SQLSTATE) = %v, want %v for %v", client, got.Errors, want.Errors, clientErrors)
	}
}

// sameClientCells compares rows cell by cell: numbers by value (1.5e0,
// 1.50), DATETIME fractions without trailing zeros, case-insensitive hex.
func sameClientCells(t *testing.T, what string, got, want [][]string) {
	t.Helper()
	eq := func(a, b string) bool {
		if norm(a) == norm(b) || strings.EqualFold(a, b) {
			return true
		}
		fa, err1 := strconv.ParseFloat(a, 64)
		fb, err2 := strconv.ParseFloat(b, 64)
		return err1 == nil && err2 == nil && fa == fb
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d rows %q, want %d %q", what, len(got), got, len(want), want)
		return
	}
	for i := range got {
		if len(got[i]) != len(want[i]) {
			t.Errorf("%s: row %d = %q, want %q", what, i+1, got[i], want[i])
			continue
		}
		for j := range got[i] {
			if !eq(got[i][j], want[i][j]) {
				t.Errorf("%s: row %d column %d = %q, want %q", what, i+1, j+1, got[i][j], want[i][j])
			}
		}
	}
}

// TestClientGoSQLDriver: go-sql-driver/mysql, the driver of Go programs
// (and of this suite): metadata, every type through the text protocol and
// through server-side prepared statements with its column type names, and
// the errors as *mysql.MySQLError with MySQL's numbers and SQLSTATEs.
func TestClientGoSQLDriver(t *testing.T) {
	e := startServer(t, nil)
	want := typesOracle(t, e)
	db := e.open("+00:00", false) // server-side prepared statements for queries with arguments
	var got clientTypes
	got.Databases = mustQuery(t, db, "SHOW DATABASES").column("Database")
	got.Tables = mustQuery(t, db, "SHOW TABLES FROM "+everyTypeDB).column("Tables_in_" + everyTypeDB)
	got.Columns = mustQuery(t, db, "SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION", everyTypeDB, everyTypeTable).rows
	text := mustQuery(t, db, "SELECT * FROM "+everyTypeDB+"."+everyTypeTable+" ORDER BY id")
	got.Text = hexColumn(text, "vb")
	prepared := mustQuery(t, db, "SELECT * FROM "+everyTypeDB+"."+everyTypeTable+" WHERE id >= ? ORDER BY id", 1)
	got.Prepared = hexColumn(prepared, "vb")

	// The driver's column types: what database/sql programs (and ORMs
	// such as GORM and sqlx) map the columns by.
	rs, err := db.QueryContext(context.Background(), "SELECT * FROM "+everyTypeDB+"."+everyTypeTable+" WHERE id = ?", 1)
	if err != nil {
		t.Fatal(err)
	}
	cts, err := rs.ColumnTypes()
	_ = rs.Close()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, ct := range cts {
		names = append(names, ct.DatabaseTypeName())
	}
	sameStrings(t, "DatabaseTypeName", names, []string{"INT", "TINYINT", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE",
		"DECIMAL", "VARCHAR", "CHAR", "VARBINARY", "DATE", "DATETIME", "DATETIME", "TEXT"}) // TIMESTAMP_LTZ is datetime (docs/sql.md 3)

	for _, c := range clientErrors {
		var err error
		if c.mode == "prepared" {
			_, err = query(db, c.sql, 1)
		} else {
			_, err = query(db, c.sql)
		}
		var me *mysql.MySQLError
		if !errors.As(err, &me) {
			t.Fatalf("%s: %v is not a MySQL error", c.sql, err)
		}
		got.Errors = append(got.Errors, []string{strconv.Itoa(int(me.Number)), string(me.SQLState[:])})
	}
	checkTypes(t, "go-sql-driver", got, want)
}

// hexColumn is a result's rows with the named binary column as upper-case
// hex, as the oracle reads it.
func hexColumn(r result, name string) [][]string {
	out := make([][]string, len(r.rows))
	for i, row := range r.rows {
		out[i] = append([]string(nil), row...)
		for j, c := range r.cols {
			if c == name && row[j] != "NULL" {
				out[i][j] = strings.ToUpper(fmt.Sprintf("%x", row[j]))
			}
		}
	}
	return out
}
