package tests

import (
	"context"
	gosql "database/sql"
	"strings"
	"testing"
	"time"
)

// Each BI tool's recorded connect-time and metadata queries
// (docs/design/anchors.md §4) are replayed against the server; every answer must
// have MySQL 8's shape: its column names, exactly, and types of the same
// kind (MySQL's exact widths, VARCHAR(64) against TEXT, do not matter to
// these clients).

// A column is "Name:kind" with kind s (string), i (integer), n (decimal or
// floating point), t (date and time), j (JSON), b (binary), or * (any).
type shapeQuery struct {
	sql  string
	cols []string
	// minRows is the least number of rows (0: any).
	minRows int
	// check inspects the rows.
	check func(t *testing.T, res result)
}

// typeKind maps go-sql-driver's DatabaseTypeName to a kind.
func typeKind(name string) string {
	name = strings.TrimPrefix(name, "UNSIGNED ")
	switch name {
	case "VARCHAR", "CHAR", "TEXT", "TINYTEXT", "MEDIUMTEXT", "LONGTEXT", "ENUM", "SET":
		return "s"
	case "TINYINT", "SMALLINT", "MEDIUMINT", "INT", "BIGINT", "YEAR", "BIT":
		return "i"
	case "DECIMAL", "FLOAT", "DOUBLE":
		return "n"
	case "DATE", "DATETIME", "TIMESTAMP", "TIME":
		return "t"
	case "JSON":
		return "j"
	case "BINARY", "VARBINARY", "BLOB", "TINYBLOB", "MEDIUMBLOB", "LONGBLOB":
		return "b"
	}
	return "?" + name
}

// replay runs the queries on one connection, in order, as the tool would.
func replay(t *testing.T, e *env, tool string, queries []shapeQuery) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := e.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range queries {
		res, kinds, err := queryShape(ctx, conn, q.sql)
		if err != nil {
			t.Errorf("%s: %s: %v", tool, q.sql, err)
			continue
		}
		if q.cols != nil {
			var got []string
			for i, c := range res.cols {
				got = append(got, c+":"+kinds[i])
			}
			var want []string
			for i, c := range q.cols {
				if strings.HasSuffix(c, ":*") && i < len(got) {
					c = strings.TrimSuffix(c, "*") + kinds[i]
				}
				want = append(want, c)
			}
			if strings.Join(got, ", ") != strings.Join(want, ", ") {
				t.Errorf("%s: %s:\n got columns %s\nwant columns %s", tool, q.sql, strings.Join(got, ", "), strings.Join(want, ", "))
			}
		}
		if len(res.rows) < q.minRows {
			t.Errorf("%s: %s: %d rows, want at least %d", tool, q.sql, len(res.rows), q.minRows)
		}
		if q.check != nil {
			q.check(t, res)
		}
	}
}

// queryShape runs a statement (with or without a result set) and returns
// its rows and the kinds of its columns.
func queryShape(ctx context.Context, conn *gosql.Conn, sqlText string) (result, []string, error) {
	rs, err := conn.QueryContext(ctx, sqlText)
	if err != nil {
		return result{}, nil, err
	}
	defer rs.Close()
	cts, err := rs.ColumnTypes()
	if err != nil {
		return result{}, nil, err
	}
	res := result{}
	var kinds []string
	for _, ct := range cts {
		res.cols = append(res.cols, ct.Name())
		kinds = append(kinds, typeKind(ct.DatabaseTypeName()))
	}
	for rs.Next() {
		vals := make([]gosql.NullString, len(cts))
		ptrs := make([]any, len(cts))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			return result{}, nil, err
		}
		row := make([]string, len(cts))
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		res.rows = append(res.rows, row)
	}
	return res, kinds, rs.Err()
}

// hasRow checks that some row has the value want in column col.
func hasRow(col, want string) func(*testing.T, result) {
	return func(t *testing.T, res result) {
		t.Helper()
		for _, v := range res.column(col) {
			if v == want {
				return
			}
		}
		t.Errorf("no row with %s = %q in %v", col, want, res.rows)
	}
}

// onlyRows checks that column col holds exactly want, in order.
func onlyRows(col string, want ...string) func(*testing.T, result) {
	return func(t *testing.T, res result) {
		t.Helper()
		if got := res.column(col); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s = %v, want %v", col, got, want)
		}
	}
}

// The table the replays look at (pk_09: f0 STRING, f1 INT, f2 INT, f3
// DOUBLE, primary key f0, f1, f2, partitioned by f1) and one with nested types.
const (
	biDB     = "pk_09"
	biNested = "append_complex_build_in_fieldid"
)

var (
	infoSchemaTablesCols = []string{"TABLE_CATALOG:s", "TABLE_SCHEMA:s", "TABLE_NAME:s", "TABLE_TYPE:s", "ENGINE:s", "VERSION:i",
		"ROW_FORMAT:s", "TABLE_ROWS:i", "AVG_ROW_LENGTH:i", "DATA_LENGTH:i", "MAX_DATA_LENGTH:i", "INDEX_LENGTH:i", "DATA_FREE:i",
		"AUTO_INCREMENT:i", "CREATE_TIME:t", "UPDATE_TIME:t", "CHECK_TIME:t", "TABLE_COLLATION:s", "CHECKSUM:i", "CREATE_OPTIONS:s", "TABLE_COMMENT:s"}
	infoSchemaColumnsCols = []string{"TABLE_CATALOG:s", "TABLE_SCHEMA:s", "TABLE_NAME:s", "COLUMN_NAME:s", "ORDINAL_POSITION:i",
		"COLUMN_DEFAULT:s", "IS_NULLABLE:s", "DATA_TYPE:s", "CHARACTER_MAXIMUM_LENGTH:i", "CHARACTER_OCTET_LENGTH:i",
		"NUMERIC_PRECISION:i", "NUMERIC_SCALE:i", "DATETIME_PRECISION:i", "CHARACTER_SET_NAME:s", "COLLATION_NAME:s",
		"COLUMN_TYPE:s", "COLUMN_KEY:s", "EXTRA:s", "PRIVILEGES:s", "COLUMN_COMMENT:s", "GENERATION_EXPRESSION:s", "SRS_ID:i"}
	showTableStatusCols = []string{"Name:s", "Engine:s", "Version:*", "Row_format:s", "Rows:i", "Avg_row_length:i", "Data_length:i",
		"Max_data_length:i", "Index_length:i", "Data_free:i", "Auto_increment:i", "Create_time:t", "Update_time:t", "Check_time:t",
		"Collation:s", "Checksum:*", "Create_options:s", "Comment:s"}
)

// MySQL Connector/J's own queries (connect-time variables, DatabaseMetaData)
// are not replayed here: TestClientJDBC runs the driver itself.

func TestBIDBeaver(t *testing.T) {
	replay(t, startServer(t, nil), "DBeaver", []shapeQuery{
		{sql: "SHOW COLLATION", cols: []string{"Collation:s", "Charset:s", "Id:i", "Default:s", "Compiled:s", "Sortlen:i", "Pad_attribute:s"},
			minRows: 1, check: hasRow("Collation", "utf8mb4_0900_bin")},
		{sql: "SHOW COLLATION LIKE 'utf8mb4_0900%'", cols: []string{"Collation:s", "Charset:s", "Id:i", "Default:s", "Compiled:s", "Sortlen:i", "Pad_attribute:s"},
			minRows: 1, check: hasRow("Collation", "utf8mb4_0900_bin")},
		{sql: "SHOW COLLATION WHERE Charset = 'utf8mb4' AND `Default` = 'Yes'", check: onlyRows("Collation", "utf8mb4_0900_ai_ci")},
		{sql: "SHOW CHARSET", cols: []string{"Charset:s", "Description:s", "Default collation:s", "Maxlen:i"}, minRows: 1, check: hasRow("Charset", "utf8mb4")},
		{sql: "SHOW ENGINES", cols: []string{"Engine:s", "Support:s", "Comment:s", "Transactions:s", "XA:s", "Savepoints:s"}, minRows: 1},
		{sql: "SHOW PLUGINS", cols: []string{"Name:s", "Status:s", "Type:s", "Library:s", "License:s"}},
		{sql: "SELECT @@GLOBAL.character_set_server,@@GLOBAL.collation_server",
			cols: []string{"@@GLOBAL.character_set_server:s", "@@GLOBAL.collation_server:s"}, minRows: 1},
		{sql: "SHOW VARIABLES LIKE 'lower_case_table_names'", cols: []string{"Variable_name:s", "Value:s"}, check: onlyRows("Value", "0")},
		{sql: "SHOW DATABASES", cols: []string{"Database:s"}, check: hasRow("Database", biDB)},
		{sql: "SHOW FULL TABLES FROM `" + biDB + "`", cols: []string{"Tables_in_" + biDB + ":s", "Table_type:s"},
			check: func(t *testing.T, res result) { sameRows(t, "SHOW FULL TABLES", res.rows, split(biDB+"|BASE TABLE")) }},
		{sql: "SHOW TABLE STATUS FROM `" + biDB + "`", cols: showTableStatusCols, check: onlyRows("Name", biDB)},
		{sql: "SHOW TABLE STATUS FROM `" + biDB + "` LIKE '" + biDB + "'", cols: showTableStatusCols, check: onlyRows("Name", biDB)},
		{sql: "SELECT * FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA='information_schema' AND t.TABLE_NAME='CHECK_CONSTRAINTS'",
			cols: infoSchemaTablesCols},
		{sql: "SELECT WORD FROM INFORMATION_SCHEMA.KEYWORDS WHERE RESERVED=1", cols: []string{"WORD:s"}, minRows: 100, check: hasRow("WORD", "SELECT")},
		{sql: "SELECT DATABASE()", cols: []string{"DATABASE():s"}, minRows: 1},
		{sql: "SHOW FULL COLUMNS FROM `" + biDB + "`.`" + biDB + "`",
			cols:  []string{"Field:s", "Type:s", "Collation:s", "Null:s", "Key:s", "Default:s", "Extra:s", "Privileges:s", "Comment:s"},
			check: onlyRows("Field", "f0", "f1", "f2", "f3")},
		// The keys DBeaver edits rows by and draws diagrams from.
		{sql: "SHOW INDEX FROM `" + biDB + "`.`" + biDB + "`", check: onlyRows("Column_name", "f0", "f1", "f2", "f1")},
		{sql: "SELECT * FROM INFORMATION_SCHEMA.STATISTICS WHERE TABLE_SCHEMA='" + biDB + "' AND TABLE_NAME='" + biDB + "' ORDER BY INDEX_NAME,SEQ_IN_INDEX",
			cols: []string{"TABLE_CATALOG:s", "TABLE_SCHEMA:s", "TABLE_NAME:s", "NON_UNIQUE:i", "INDEX_SCHEMA:s", "INDEX_NAME:s", "SEQ_IN_INDEX:i",
				"COLUMN_NAME:s", "COLLATION:s", "CARDINALITY:i", "SUB_PART:i", "PACKED:*", "NULLABLE:s", "INDEX_TYPE:s", "COMMENT:s",
				"INDEX_COMMENT:s", "IS_VISIBLE:s", "EXPRESSION:s"},
			check: onlyRows("COLUMN_NAME", "f1", "f0", "f1", "f2")},
		{sql: "SELECT tc.CONSTRAINT_NAME,tc.TABLE_NAME,tc.CONSTRAINT_TYPE FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS tc " +
			"WHERE tc.TABLE_SCHEMA='" + biDB + "' AND tc.TABLE_NAME='" + biDB + "'",
			cols: []string{"CONSTRAINT_NAME:s", "TABLE_NAME:s", "CONSTRAINT_TYPE:s"}, check: onlyRows("CONSTRAINT_TYPE", "PRIMARY KEY")},
		{sql: "SELECT kc.CONSTRAINT_NAME,kc.TABLE_NAME,kc.COLUMN_NAME,kc.ORDINAL_POSITION FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE kc " +
			"WHERE kc.TABLE_SCHEMA='" + biDB + "' AND kc.REFERENCED_TABLE_NAME IS NULL AND kc.TABLE_NAME='" + biDB + "' " +
			"ORDER BY kc.CONSTRAINT_NAME,kc.ORDINAL_POSITION",
			cols: []string{"CONSTRAINT_NAME:s", "TABLE_NAME:s", "COLUMN_NAME:s", "ORDINAL_POSITION:i"}, check: onlyRows("COLUMN_NAME", "f0", "f1", "f2")},
		{sql: "SHOW PROCEDURE STATUS WHERE Db = 'sys'"},
		{sql: "SHOW FUNCTION STATUS WHERE Db = 'sys'"},
	})
}

func TestBIMetabase(t *testing.T) {
	e := startServer(t, nil)
	replay(t, e, "Metabase", []shapeQuery{
		// v0.55+: sync shows no table when this fails.
		{sql: "SHOW GRANTS FOR CURRENT_USER", cols: []string{"Grants for root@%:s"}, minRows: 1},
		{sql: "SHOW GRANTS FOR CURRENT_USER()", cols: []string{"Grants for root@%:s"}, minRows: 1},
		{sql: "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = '" + biDB + "'",
			cols: []string{"TABLE_SCHEMA:s", "TABLE_NAME:s", "TABLE_TYPE:s", "TABLE_COMMENT:s"}, check: onlyRows("TABLE_NAME", biDB)},
		// Fast sync.
		{sql: "SELECT c.table_schema, c.table_name, c.column_name, c.data_type, c.column_type, c.ordinal_position, c.column_key, c.column_comment, " +
			"c.is_nullable, c.column_default, c.extra FROM information_schema.columns c WHERE c.table_schema IN ('" + biDB + "', '" + biNested + "') " +
			"ORDER BY c.table_schema, c.table_name, c.ordinal_position",
			cols: []string{"TABLE_SCHEMA:s", "TABLE_NAME:s", "COLUMN_NAME:s", "DATA_TYPE:s", "COLUMN_TYPE:s", "ORDINAL_POSITION:i",
				"COLUMN_KEY:s", "COLUMN_COMMENT:s", "IS_NULLABLE:s", "COLUMN_DEFAULT:s", "EXTRA:s"},
			// Nested Paimon types are JSON.
			check: onlyRows("DATA_TYPE", "json", "json", "json", "datetime", "date", "decimal", "longtext", "int", "int", "double")},
		{sql: "SELECT * FROM information_schema.columns WHERE table_schema = '" + biDB + "'", cols: infoSchemaColumnsCols, minRows: 4},
	})
	// A user with one database granted gets a successful SHOW GRANTS too.
	mustQuery(t, e.db, "CREATE USER 'mb'@'%' IDENTIFIED BY 'pw'")
	mustQuery(t, e.db, "GRANT SELECT ON `"+biDB+"`.* TO 'mb'@'%'")
	db := e.openAs("mb", "pw")
	res := mustQuery(t, db, "SHOW GRANTS FOR CURRENT_USER")
	wantCols(t, "SHOW GRANTS as mb", res, "Grants for mb@%")
	sameRows(t, "SHOW GRANTS as mb", res.rows, split("GRANT USAGE ON *.* TO `mb`@`%`", "GRANT SELECT ON `"+biDB+"`.* TO `mb`@`%`"))
}

func TestBIGrafana(t *testing.T) {
	e := startServer(t, nil)
	replay(t, e, "Grafana", []shapeQuery{
		{sql: "select @@version_comment limit 1", cols: []string{"@@version_comment:s"}, check: onlyRows("@@version_comment", "paimon-sql")},
		{sql: "SELECT VERSION()", cols: []string{"VERSION():s"}, check: onlyRows("VERSION()", "8.0.31-paimon-sql")},
		{sql: "SELECT DISTINCT TABLE_SCHEMA FROM information_schema.TABLES WHERE TABLE_TYPE != 'SYSTEM VIEW' ORDER BY TABLE_SCHEMA",
			cols: []string{"TABLE_SCHEMA:s"}, check: hasRow("TABLE_SCHEMA", biDB)},
		{sql: "USE `" + biDB + "`"},
		{sql: "SELECT table_name FROM information_schema.tables WHERE table_schema = database() ORDER BY table_name",
			cols: []string{"TABLE_NAME:s"}, check: onlyRows("TABLE_NAME", biDB)},
		{sql: "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = database() AND table_name = '" + biDB + "'",
			cols: []string{"COLUMN_NAME:s", "DATA_TYPE:s"}, check: onlyRows("COLUMN_NAME", "f0", "f1", "f2", "f3")},
		{sql: "SELECT column_name FROM information_schema.columns WHERE table_schema = database() AND table_name = '" + biDB + "' " +
			"AND data_type IN ('int','bigint','double','float','decimal')", cols: []string{"COLUMN_NAME:s"}, check: onlyRows("COLUMN_NAME", "f1", "f2", "f3")},
		{sql: "DESCRIBE " + biDB, cols: []string{"Field:s", "Type:s", "Null:s", "Key:s", "Default:s", "Extra:s"}, minRows: 4},
		// Grafana wraps every query as ( q ) LIMIT n.
		{sql: "(SELECT * FROM " + biDB + ") LIMIT 2", cols: []string{"f0:s", "f1:i", "f2:i", "f3:n"}, minRows: 2,
			check: func(t *testing.T, res result) {
				if len(res.rows) != 2 {
					t.Errorf("( q ) LIMIT 2: %d rows", len(res.rows))
				}
			}},
		// A time series of the table's snapshots.
		{sql: "(SELECT commit_time AS time, total_record_count AS value FROM " + biDB + "$snapshots ORDER BY commit_time) LIMIT 1000000",
			cols: []string{"time:t", "value:i"}, minRows: 8},
		{sql: "( SELECT commit_time AS time, COUNT(*) AS files FROM `" + biDB + "$snapshots` s GROUP BY commit_time ORDER BY time LIMIT 3 ) LIMIT 2",
			cols: []string{"time:t", "files:i"}, minRows: 2},
	})
}

func TestBISuperset(t *testing.T) {
	replay(t, startServer(t, nil), "Superset", []shapeQuery{
		{sql: "SHOW VARIABLES LIKE 'sql_mode'", cols: []string{"Variable_name:s", "Value:s"}, minRows: 1},
		{sql: "SHOW VARIABLES LIKE 'lower_case_table_names'", cols: []string{"Variable_name:s", "Value:s"}, check: onlyRows("Value", "0")},
		{sql: "SELECT DATABASE()", cols: []string{"DATABASE():s"}},
		{sql: "SHOW SCHEMAS", cols: []string{"Database:s"}, check: hasRow("Database", biDB)},
		{sql: "SHOW FULL TABLES FROM `" + biDB + "`", cols: []string{"Tables_in_" + biDB + ":s", "Table_type:s"}, check: onlyRows("Table_type", "BASE TABLE")},
		{sql: "SHOW CREATE TABLE `" + biDB + "`.`" + biDB + "`", cols: []string{"Table:s", "Create Table:s"},
			check: func(t *testing.T, res result) {
				// SQLAlchemy's reflection reads the lines that start with
				// two spaces and a backtick as columns.
				stmt := res.rows[0][1]
				for _, w := range []string{"CREATE TABLE `pk_09` (\n", "\n  `f0` longtext NOT NULL,\n", "\n  `f1` int NOT NULL,\n",
					"\n  `f3` double,\n", "\n  PRIMARY KEY (`f0`,`f1`,`f2`)\n) ENGINE=InnoDB"} {
					if !strings.Contains(stmt, w) {
						t.Errorf("SHOW CREATE TABLE lacks %q:\n%s", w, stmt)
					}
				}
			}},
		{sql: "SHOW CREATE TABLE `" + biNested + "`.`" + biNested + "`", cols: []string{"Table:s", "Create Table:s"},
			check: func(t *testing.T, res result) {
				if stmt := res.rows[0][1]; !strings.Contains(stmt, "\n  `f1` json,\n  `f2` json,\n  `f3` json,\n") {
					t.Errorf("nested columns are not json:\n%s", stmt)
				}
			}},
		// The keys DBeaver edits rows by and draws diagrams from.
		{sql: "SHOW INDEX FROM `" + biDB + "`.`" + biDB + "`", check: onlyRows("Column_name", "f0", "f1", "f2", "f1")},
		{sql: "SELECT * FROM INFORMATION_SCHEMA.STATISTICS WHERE TABLE_SCHEMA='" + biDB + "' AND TABLE_NAME='" + biDB + "' ORDER BY INDEX_NAME,SEQ_IN_INDEX",
			cols: []string{"TABLE_CATALOG:s", "TABLE_SCHEMA:s", "TABLE_NAME:s", "NON_UNIQUE:i", "INDEX_SCHEMA:s", "INDEX_NAME:s", "SEQ_IN_INDEX:i",
				"COLUMN_NAME:s", "COLLATION:s", "CARDINALITY:i", "SUB_PART:i", "PACKED:*", "NULLABLE:s", "INDEX_TYPE:s", "COMMENT:s",
				"INDEX_COMMENT:s", "IS_VISIBLE:s", "EXPRESSION:s"},
			check: onlyRows("COLUMN_NAME", "f1", "f0", "f1", "f2")},
		{sql: "SELECT tc.CONSTRAINT_NAME,tc.TABLE_NAME,tc.CONSTRAINT_TYPE FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS tc " +
			"WHERE tc.TABLE_SCHEMA='" + biDB + "' AND tc.TABLE_NAME='" + biDB + "'",
			cols: []string{"CONSTRAINT_NAME:s", "TABLE_NAME:s", "CONSTRAINT_TYPE:s"}, check: onlyRows("CONSTRAINT_TYPE", "PRIMARY KEY")},
		{sql: "SELECT kc.CONSTRAINT_NAME,kc.TABLE_NAME,kc.COLUMN_NAME,kc.ORDINAL_POSITION FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE kc " +
			"WHERE kc.TABLE_SCHEMA='" + biDB + "' AND kc.REFERENCED_TABLE_NAME IS NULL AND kc.TABLE_NAME='" + biDB + "' " +
			"ORDER BY kc.CONSTRAINT_NAME,kc.ORDINAL_POSITION",
			cols: []string{"CONSTRAINT_NAME:s", "TABLE_NAME:s", "COLUMN_NAME:s", "ORDINAL_POSITION:i"}, check: onlyRows("COLUMN_NAME", "f0", "f1", "f2")},
		{sql: "SELECT * FROM `" + biNested + "`.`" + biNested + "` LIMIT 100", cols: []string{"f1:j", "f2:j", "f3:j", "f4:t", "f5:t", "f6:n"}, minRows: 1},
	})
}

func TestBITableau(t *testing.T) {
	e := startServer(t, nil)
	replay(t, e, "Tableau", []shapeQuery{
		{sql: "USE `" + biDB + "`"},
		{sql: "SELECT * FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = DATABASE() AND (TABLE_TYPE='BASE TABLE' OR TABLE_TYPE='VIEW')",
			cols: infoSchemaTablesCols, check: onlyRows("TABLE_NAME", biDB)},
		{sql: "SELECT * FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" + biDB + "' ORDER BY ORDINAL_POSITION",
			cols: infoSchemaColumnsCols, check: onlyRows("COLUMN_TYPE", "longtext", "int", "int", "double")},
		{sql: "SELECT TABLE_NAME, TABLE_TYPE FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'sys'", cols: []string{"TABLE_NAME:s", "TABLE_TYPE:s"}},
		{sql: "SELECT `" + biDB + "`.`f1` AS `f1`, SUM(`" + biDB + "`.`f3`) AS `sum_f3_ok` FROM `" + biDB + "` GROUP BY 1",
			cols: []string{"f1:i", "sum_f3_ok:n"}, minRows: 2},
	})
}
