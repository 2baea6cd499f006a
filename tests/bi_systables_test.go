package tests

import (
	"fmt"
	"strings"
	"testing"
)

// System tables for BI tools: sys.all_<name> lists the system table $<name>
// of every table the user may read, with database_name and table_name in
// front, and the sys database lists them, so a tool that builds charts from
// its table list can chart snapshots and files.
func TestBISysAllTablesListAndChartSystemTables(t *testing.T) {
	e := startServer(t, nil)
	tables := mustQuery(t, e.db, "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sys' ORDER BY TABLE_NAME")
	names := tables.column("TABLE_NAME")
	for _, want := range []string{"all_files", "all_schemas", "all_snapshots", "all_table_options", "all_tags"} {
		if !contains(names, want) {
			t.Errorf("information_schema.TABLES of sys lacks %s: %v", want, names)
		}
	}
	sameStrings(t, "SHOW TABLES FROM sys", mustQuery(t, e.db, "SHOW TABLES FROM sys").column("Tables_in_sys"), names)
	cols := mustQuery(t, e.db, "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'sys' AND TABLE_NAME = 'all_snapshots' ORDER BY ORDINAL_POSITION").column("COLUMN_NAME")
	if len(cols) < 3 || cols[0] != "database_name" || cols[1] != "table_name" || cols[2] != "snapshot_id" {
		t.Errorf("sys.all_snapshots columns = %v", cols)
	}

	// Every table's snapshots, the same rows as its own $snapshots.
	for _, name := range []string{"pk_09", "pk_table_with_mor"} {
		want := mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM %s.`%s$snapshots`", name, name))
		got := mustQuery(t, e.db, "SELECT * FROM sys.all_snapshots WHERE database_name = ? AND table_name = ?", name, name)
		wantCols(t, "sys.all_snapshots", got, append([]string{"database_name", "table_name"}, want.cols...)...)
		var stripped [][]string
		for _, r := range got.rows {
			stripped = append(stripped, r[2:])
		}
		sameRows(t, "sys.all_snapshots of "+name, stripped, want.rows)
	}
	// A chart: files per table (one unreadable table is skipped, with a
	// warning, instead of failing the chart).
	res := mustQuery(t, e.db, "SELECT database_name, COUNT(*) AS files, SUM(file_size_in_bytes) AS bytes FROM sys.all_files GROUP BY database_name ORDER BY database_name")
	if !contains(res.column("database_name"), "pk_09") {
		t.Errorf("sys.all_files per database: %v", res.rows)
	}
	for _, r := range res.records() {
		own := mustQuery(t, e.db, fmt.Sprintf("SELECT COUNT(*) FROM `%s`.`%s$files`", r["database_name"], r["database_name"]))
		if own.rows[0][0] != r["files"] {
			t.Errorf("%s: %s files in sys.all_files, %s in its $files", r["database_name"], r["files"], own.rows[0][0])
		}
	}
	if !contains(res.column("database_name"), "append_09") {
		t.Errorf("append_09 (ORC manifests) has no files in sys.all_files: %v", res.rows)
	}
	// Grafana's wrapping works on them too.
	if n := len(mustQuery(t, e.db, "(SELECT commit_time AS time, total_record_count FROM sys.all_snapshots WHERE table_name = 'pk_09' ORDER BY commit_time) LIMIT 3").rows); n != 3 {
		t.Errorf("( sys.all_snapshots ) LIMIT 3: %d rows", n)
	}
	if err := queryErr(t, e.db, "SELECT * FROM sys.all_snapshots AS OF 1"); !strings.Contains(err.Error(), "does not support AS OF") {
		t.Errorf("AS OF on sys.all_snapshots: %v", err)
	}
}

// A user sees in sys.all_* only the tables they may read.
func TestBISysAllTablesFollowPrivileges(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE USER 'bi'@'%' IDENTIFIED BY 'pw'")
	mustQuery(t, e.db, "GRANT SELECT ON pk_09.* TO 'bi'@'%'")
	bi := e.openAs("bi", "pw")
	// sys itself needs a grant, like any database.
	if err := queryErr(t, bi, "SELECT COUNT(*) FROM sys.all_snapshots"); !strings.Contains(err.Error(), "denied") {
		t.Errorf("sys.all_snapshots without a grant on sys: %v", err)
	}
	mustQuery(t, e.db, "GRANT SELECT ON sys.* TO 'bi'@'%'")
	// A grant on one system table of another database shows that one only.
	mustQuery(t, e.db, "GRANT SELECT ON pk_table_with_mor.`pk_table_with_mor$snapshots` TO 'bi'@'%'")
	bi = e.openAs("bi", "pw")
	wantRows(t, bi, split("pk_09", "pk_table_with_mor"), "SELECT DISTINCT database_name FROM sys.all_snapshots")
	wantRows(t, bi, split("pk_09"), "SELECT DISTINCT database_name FROM sys.all_files")
	if n := len(mustQuery(t, e.db, "SELECT DISTINCT database_name FROM sys.all_snapshots").rows); n < 5 {
		t.Errorf("root sees %d databases in sys.all_snapshots", n)
	}
}
