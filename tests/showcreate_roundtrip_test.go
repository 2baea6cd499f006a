package tests

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// fieldTypes are the Paimon types of a table's latest schema file, by
// column name.
func fieldTypes(t *testing.T, dir, db, table string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range latestSchema(t, filepath.Join(dir, db+".db", table)).Fields {
		var s string
		if err := json.Unmarshal(f.Type, &s); err != nil {
			s = string(f.Type)
		}
		out[f.Name] = s
	}
	return out
}

// SHOW CREATE TABLE prints a statement that creates the same Paimon schema:
// CREATE, SHOW CREATE TABLE, DROP, CREATE again from the printed text, in
// the MySQL and the Flink dialect; a Flink DDL's TIMESTAMP (Flink's by
// PRIMARY KEY ... NOT ENFORCED, or by @@ddl_dialect) is a timestamp without
// time zone, MySQL's and Spark's an instant.
func TestShowCreateTableRoundTrip(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	ctx := context.Background()
	conn, err := e.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sqlRun(t, conn, "CREATE DATABASE rt", "USE rt")
	for _, c := range []struct {
		name, dialect, ddl string
		want               map[string]string // Paimon types of some columns
	}{
		{"mysql", "mysql", "CREATE TABLE t (id INT NOT NULL, ts TIMESTAMP(6), ts0 TIMESTAMP, dt DATETIME(3), " +
			"ltz TIMESTAMP(3) WITH LOCAL TIME ZONE, nano TIMESTAMP(9) WITHOUT TIME ZONE, ltz9 TIMESTAMP_LTZ(9), " +
			"s STRING, v VARCHAR(20000), b BYTES, d DECIMAL(20, 4), f BOOLEAN, day DATE, PRIMARY KEY (id)) " +
			"PARTITIONED BY (day) WITH ('bucket' = '2')",
			map[string]string{"ts": "TIMESTAMP(6) WITH LOCAL TIME ZONE", "ts0": "TIMESTAMP(0) WITH LOCAL TIME ZONE",
				"dt": "TIMESTAMP(3)", "ltz": "TIMESTAMP(3) WITH LOCAL TIME ZONE", "nano": "TIMESTAMP(9)",
				"ltz9": "TIMESTAMP(9) WITH LOCAL TIME ZONE", "s": "STRING", "v": "VARCHAR(20000)", "b": "BYTES"}},
		{"flink by NOT ENFORCED", "mysql", "CREATE TABLE t (id INT, ts TIMESTAMP(3), `bare` TIMESTAMP, lt TIMESTAMP_LTZ(3), name STRING, " +
			"PRIMARY KEY (id) NOT ENFORCED) WITH ('bucket' = '1')",
			map[string]string{"ts": "TIMESTAMP(3)", "bare": "TIMESTAMP(6)", "lt": "TIMESTAMP(3) WITH LOCAL TIME ZONE", "name": "STRING"}},
		{"flink by ddl_dialect", "flink", "CREATE TABLE t (id INT, ts TIMESTAMP(3), ts6 TIMESTAMP, ts0 TIMESTAMP(0), lt TIMESTAMP(6) WITH LOCAL TIME ZONE)",
			map[string]string{"ts": "TIMESTAMP(3)", "ts6": "TIMESTAMP(6)", "ts0": "TIMESTAMP(0)", "lt": "TIMESTAMP(6) WITH LOCAL TIME ZONE"}},
		{"spark", "spark", "CREATE TABLE t (id INT, ts TIMESTAMP, ntz TIMESTAMP_NTZ) TBLPROPERTIES ('bucket' = '-1')",
			map[string]string{"ts": "TIMESTAMP(6) WITH LOCAL TIME ZONE", "ntz": "TIMESTAMP(6)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.dialect != "mysql" { // the first cases run in the default dialect
				sqlRun(t, conn, "SET ddl_dialect = '"+c.dialect+"'")
			}
			sqlRun(t, conn, "DROP TABLE IF EXISTS t", c.ddl)
			created := fieldTypes(t, e.dir, "rt", "t")
			for col, typ := range c.want {
				if created[col] != typ {
					t.Errorf("%s: column %s is %s, want %s", c.ddl, col, created[col], typ)
				}
			}
			printed := mustQuery(t, conn, "SHOW CREATE TABLE t").rows[0][1]
			sqlRun(t, conn, "DROP TABLE t", printed)
			again := fieldTypes(t, e.dir, "rt", "t")
			for col, typ := range created {
				if again[col] != typ {
					t.Errorf("re-created from SHOW CREATE TABLE, column %s is %s, was %s:\n%s", col, again[col], typ, printed)
				}
			}
			if len(again) != len(created) {
				t.Errorf("re-created with columns %v, was %v", again, created)
			}
		})
	}
	// ALTER TABLE reads its columns in the dialect too.
	sqlRun(t, conn, "SET ddl_dialect = 'flink'", "ALTER TABLE t ADD COLUMN added TIMESTAMP(3)", "ALTER TABLE t ADD COLUMN added6 TIMESTAMP",
		"SET ddl_dialect = 'mysql'", "ALTER TABLE t ADD COLUMN added_mysql TIMESTAMP(3)")
	types := fieldTypes(t, e.dir, "rt", "t")
	if types["added"] != "TIMESTAMP(3)" || types["added6"] != "TIMESTAMP(6)" || types["added_mysql"] != "TIMESTAMP(3) WITH LOCAL TIME ZONE" {
		t.Errorf("ALTER TABLE ADD COLUMN TIMESTAMP(3): flink %s and %s, mysql %s", types["added"], types["added6"], types["added_mysql"])
	}
	wantRows(t, conn, split("mysql"), "SELECT @@ddl_dialect")
	wantRows(t, conn, split("mysql"), "SELECT @@global.ddl_dialect")
	if err := sqlRunErr(t, conn, "SET ddl_dialect = 'hive'"); err == nil || !strings.Contains(err.Error(), "ddl_dialect") {
		t.Errorf("SET ddl_dialect = 'hive': %v, want an error naming ddl_dialect", err)
	}
}
