package tests

import (
	"strings"
	"testing"
)

// TestDDLJavaWouldRefuseIsRefused: CREATE and ALTER TABLE refuse the
// schemas Java Paimon's validation refuses, or could never write, so that
// no table is left that Java cannot load; nothing is written by a refusal.
func TestDDLJavaWouldRefuseIsRefused(t *testing.T) {
	dir := t.TempDir()
	e := startWarehouse(t, dir)
	sqlRun(t, e.db, "CREATE DATABASE dv")
	for _, c := range []struct{ ddl, want string }{
		{"CREATE TABLE dv.a (id INT, ts TIMESTAMP_LTZ(9)) WITH ('file.format' = 'avro')",
			"Avro does not support TIMESTAMP type with precision: 9"},
		{"CREATE TABLE dv.a (id INT, ts TIMESTAMP_LTZ(7)) WITH ('file.format' = 'orc', 'file.format.per.level' = '0:avro')",
			"Avro does not support TIMESTAMP type with precision: 7"},
		{"CREATE TABLE dv.p (k INT NOT NULL, g INT, v INT, PRIMARY KEY (k) NOT ENFORCED) WITH (" +
			"'merge-engine' = 'partial-update', 'fields.g.sequence-group' = 'nope')", "nope"},
		{"CREATE TABLE dv.s (k INT NOT NULL, v VARCHAR(10), PRIMARY KEY (k) NOT ENFORCED) WITH (" +
			"'merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'sum')", "sum on v needs a numeric type"},
	} {
		err := sqlRunErr(t, e.db, c.ddl)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.ddl, err, c.want)
		}
	}
	wantRows(t, e.db, nil, "SHOW TABLES FROM dv")

	// ALTER into Avro with a TIMESTAMP(9) column of an ORC table with data.
	sqlRun(t, e.db, "CREATE TABLE dv.o (id INT, ts TIMESTAMP_LTZ(9)) WITH ('file.format' = 'orc')",
		"INSERT INTO dv.o VALUES (1, '2026-01-02 03:04:05.123456789')")
	before := xpTree(t, xpTableRoot(dir, "dv", "o"))
	if err := sqlRunErr(t, e.db, "ALTER TABLE dv.o SET ('file.format' = 'avro')"); err == nil ||
		!strings.Contains(err.Error(), "Avro does not support TIMESTAMP type with precision: 9") {
		t.Errorf("ALTER into avro: error %v, want Java's refusal", err)
	}
	xpSameTree(t, "after the refused ALTER", before, xpTree(t, xpTableRoot(dir, "dv", "o")))
	wantRows(t, e.db, [][]string{{"orc"}}, "SELECT value FROM dv.`o$options` WHERE `key` = 'file.format'")

	// listagg takes any VARCHAR, as Java's does.
	sqlRun(t, e.db, "CREATE TABLE dv.l (k INT NOT NULL, v VARCHAR(100), PRIMARY KEY (k) NOT ENFORCED) WITH ("+
		"'merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'listagg')",
		"INSERT INTO dv.l VALUES (1, 'a')", "INSERT INTO dv.l VALUES (1, 'b')")
	wantRows(t, e.db, [][]string{{"1", "a,b"}}, "SELECT * FROM dv.l")
}

// TestEmptyTableReadsWhateverItsMergeOptions: a table Java created with
// merge options no write can satisfy (sum on a VARCHAR) reads 0 rows while
// it is empty, as in Java, which builds the merge function only to merge.
func TestEmptyTableReadsWhateverItsMergeOptions(t *testing.T) {
	dir := t.TempDir()
	e := startWarehouse(t, dir)
	sqlRun(t, e.db, "CREATE DATABASE ev", "CREATE TABLE ev.ev (k INT NOT NULL, v VARCHAR(10), PRIMARY KEY (k) NOT ENFORCED) WITH ("+
		"'merge-engine' = 'aggregation')")
	setSchemaOption(t, dir, "ev", "schema-0", "fields.v.aggregate-function", "sum")
	srv := serveDir(t, dir)
	wantRows(t, srv.db, nil, "SELECT * FROM ev.ev")
	if err := sqlRunErr(t, srv.db, "INSERT INTO ev.ev VALUES (1, 'x')"); err == nil || !strings.Contains(err.Error(), "sum on v needs a numeric type") {
		t.Errorf("INSERT: error %v, want the merge function's refusal", err)
	}
}

// TestWithOptionsTakeComments: a comment beside an option of WITH (...), as
// the docs write them, is a comment, and a half-quoted option is refused.
func TestWithOptionsTakeComments(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE c",
		"CREATE TABLE c.t (id BIGINT, s TEXT) WITH (\n"+
			"  'file-index.bloom-filter.columns' = 's',  -- the column\n"+
			"  /* distinct values */ 'file-index.bloom-filter.s.items' = '1000' # per file\n"+
			")")
	wantRows(t, e.db, split("file-index.bloom-filter.columns|s", "file-index.bloom-filter.s.items|1000"),
		"SELECT `key`, value FROM c.`t$options` WHERE `key` LIKE 'file-index%' ORDER BY `key`")
	for _, ddl := range []string{
		"CREATE TABLE c.u (id INT) WITH ('bucket' = 2)",
		"CREATE TABLE c.u (id INT) WITH ('bucket' -- 'x'\n = '2' 'y')",
	} {
		if err := sqlRunErr(t, e.db, ddl); err == nil || !strings.Contains(err.Error(), "with both quoted") {
			t.Errorf("%s: error %v, want the quoting refusal", ddl, err)
		}
	}
}
