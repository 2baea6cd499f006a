package tests

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestPreparedSyntaxErrorIs1064: a server-side prepared statement that does
// not parse fails as MySQL's does, 1064 with the parser's message, and the
// connection keeps working (vitess answered 1105 "unknown error").
func TestPreparedSyntaxErrorIs1064(t *testing.T) {
	e := startServer(t, nil)
	for _, q := range []string{"SELEC ?", "SELECT * FROM pk_09.pk_09 WHERE f0 = ? AND"} {
		_, err := e.db.Prepare(q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1064 || string(me.SQLState[:]) != "42000" ||
			!strings.HasPrefix(me.Message, "You have an error in your SQL syntax") {
			t.Errorf("PREPARE %s: %v, want 1064 (42000) You have an error in your SQL syntax", q, err)
		}
		if me != nil && strings.Contains(me.Message, "Code:") {
			t.Errorf("PREPARE %s: message %q", q, me.Message)
		}
	}
	// Prepared statements that parse still work, on the same connections.
	if res := mustQuery(t, e.db, "SELECT ? + 1", 41); res.rows[0][0] != "42" {
		t.Errorf("SELECT ? + 1: %v", res.rows)
	}
}

// TestInsertOverwriteFollowsTheDialect: INSERT OVERWRITE without a static
// partition on a partitioned table replaces the whole table as Spark's
// (static mode) does under ddl_dialect 'spark' or Spark's syntax, only the
// partitions written as Flink's does under 'flink' or Flink's hint, and is
// refused under 'mysql', where it would mean either.
func TestInsertOverwriteFollowsTheDialect(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	conn, err := w.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sqlRun(t, conn, "CREATE DATABASE ow", "USE ow", "CREATE TABLE my_table (id INT, pt VARCHAR(5)) PARTITIONED BY (pt)")
	reset := func() { sqlRun(t, conn, "INSERT INTO my_table VALUES (1, 'p1'), (2, 'p2')") }
	truncate := func() { sqlRun(t, conn, "TRUNCATE TABLE my_table") }
	all := "SELECT * FROM my_table"
	cases := []struct {
		dialect, stmt string
		want          []string // nil: refused
	}{
		{"mysql", "INSERT OVERWRITE my_table VALUES (3, 'p1')", nil},
		{"mysql", "INSERT OVERWRITE my_table SELECT 3, 'p1'", nil},
		{"spark", "INSERT OVERWRITE my_table VALUES (3, 'p1')", []string{"3|p1"}},
		{"spark", "INSERT OVERWRITE my_table PARTITION (pt='p1') VALUES (3)", []string{"2|p2", "3|p1"}},
		{"flink", "INSERT OVERWRITE my_table VALUES (3, 'p1')", []string{"2|p2", "3|p1"}},
		{"flink", "INSERT OVERWRITE my_table PARTITION (pt='p1') VALUES (3)", []string{"2|p2", "3|p1"}},
		// Spark's syntax alone says Spark, whatever the dialect.
		{"mysql", "INSERT OVERWRITE my_table PARTITION (pt) VALUES (3, 'p1')", []string{"3|p1"}},
		{"flink", "INSERT OVERWRITE TABLE my_table VALUES (3, 'p1')", []string{"3|p1"}},
		// Flink's hint says which, whatever the dialect.
		{"mysql", "INSERT OVERWRITE my_table /*+ OPTIONS('dynamic-partition-overwrite' = 'true') */ VALUES (3, 'p1')", []string{"2|p2", "3|p1"}},
		{"spark", "INSERT OVERWRITE my_table /*+ OPTIONS('dynamic-partition-overwrite'='false') */ SELECT 3, 'p1'", []string{"3|p1"}},
		// A static spec is the same everywhere.
		{"mysql", "INSERT OVERWRITE my_table PARTITION (pt = 'p2') VALUES (4)", []string{"1|p1", "4|p2"}},
	}
	for _, c := range cases {
		truncate()
		reset()
		sqlRun(t, conn, "SET ddl_dialect = '"+c.dialect+"'")
		_, err := conn.ExecContext(context.Background(), c.stmt)
		if c.want == nil {
			if mysqlErrNumber(err) != 1235 || !strings.Contains(err.Error(), "SET ddl_dialect = 'flink' or 'spark'") {
				t.Errorf("%s, %s: %v, want 1235 saying which dialect to set", c.dialect, c.stmt, err)
			}
			wantRows(t, conn, split("1|p1", "2|p2"), all)
			continue
		}
		if err != nil {
			t.Errorf("%s, %s: %v", c.dialect, c.stmt, err)
			continue
		}
		wantRows(t, conn, split(c.want...), all)
	}
	// Unpartitioned: the whole table in every dialect.
	sqlRun(t, conn, "SET ddl_dialect = 'mysql'", "CREATE TABLE flat (id INT)", "INSERT INTO flat VALUES (1), (2)",
		"INSERT OVERWRITE flat VALUES (3)")
	wantRows(t, conn, split("3"), "SELECT * FROM flat")
	// Another option in a hint on the table written is still refused.
	if _, err := conn.ExecContext(context.Background(), "INSERT OVERWRITE my_table /*+ OPTIONS('sink.parallelism' = '2') */ VALUES (3, 'p1')"); err == nil ||
		!strings.Contains(err.Error(), "'dynamic-partition-overwrite' alone") {
		t.Errorf("hint of another option: %v", err)
	}
}

// TestSparkTableProperties: Spark's ALTER TABLE SET/UNSET TBLPROPERTIES
// change the options as ALTER TABLE SET/RESET do, with the same checks.
func TestSparkTableProperties(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE tp", "CREATE TABLE tp.t (id INT)",
		"ALTER TABLE tp.t SET TBLPROPERTIES ('snapshot.num-retained.max' = '20', 'owner' = 'ann')")
	opts := "SELECT `key`, `value` FROM tp.`t$options` WHERE `key` IN ('snapshot.num-retained.max', 'owner')"
	wantRows(t, w.db, split("owner|ann", "snapshot.num-retained.max|20"), opts)
	sqlRun(t, w.db, "ALTER TABLE tp.t UNSET TBLPROPERTIES ('owner')")
	wantRows(t, w.db, split("snapshot.num-retained.max|20"), opts)
	sqlRun(t, w.db, "ALTER TABLE tp.t UNSET TBLPROPERTIES IF EXISTS ('snapshot.num-retained.max', 'nosuch.key')")
	if res := mustQuery(t, w.db, opts); len(res.rows) != 0 {
		t.Errorf("after UNSET: %v", res.rows)
	}
	if err := sqlRunErr(t, w.db, "ALTER TABLE tp.t SET TBLPROPERTIES ('bucket' = 'two')"); mysqlErrNumber(err) != 1525 {
		t.Errorf("SET TBLPROPERTIES of a bad value: %v, want 1525 as ALTER TABLE SET", err)
	}
	if err := sqlRunErr(t, w.db, "ALTER TABLE tp.t UNSET TBLPROPERTIES (owner)"); err == nil || !strings.Contains(err.Error(), "UNSET TBLPROPERTIES ('snapshot.num-retained.max')") {
		t.Errorf("UNSET of an unquoted name: %v", err)
	}
}

// TestSparkTagStatements: Paimon's Spark tag statements create, replace,
// delete, rename and list tags as its CreateOrReplaceTagExec, DeleteTagExec,
// RenameTagExec and ShowTagsExec do.
func TestSparkTagStatements(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	conn, err := w.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sqlRun(t, conn, "CREATE DATABASE tg", "USE tg", "CREATE TABLE T (id INT)",
		"INSERT INTO T VALUES (1)", "INSERT INTO T VALUES (2)", "INSERT INTO T VALUES (3)",
		"ALTER TABLE T CREATE TAG `TAG-1`",
		"ALTER TABLE T CREATE TAG IF NOT EXISTS `TAG-1` AS OF VERSION 1",
		"ALTER TABLE T CREATE TAG `TAG-2` RETAIN 7 DAYS",
		"ALTER TABLE T CREATE TAG `TAG-3` AS OF VERSION 1",
		"ALTER TABLE T CREATE TAG `TAG-4` AS OF VERSION 2 RETAIN 12 HOURS",
		"ALTER TABLE tg.T REPLACE TAG `TAG-4` AS OF VERSION 1 RETAIN 24 HOURS",
		"ALTER TABLE T CREATE OR REPLACE TAG `TAG-5` AS OF VERSION 2 RETAIN 30 MINUTES",
		"ALTER TABLE T CREATE OR REPLACE TAG `TAG-3` AS OF VERSION 2",
		"ALTER TABLE T create tag plain",
	)
	tags := "SELECT tag_name, snapshot_id, time_retained FROM `T$tags`"
	wantRows(t, conn, split("TAG-1|3|NULL", "TAG-2|3|PT168H", "TAG-3|2|NULL", "TAG-4|1|PT24H", "TAG-5|2|PT30M", "plain|3|NULL"), tags)
	wantRows(t, conn, split("TAG-1", "TAG-2", "TAG-3", "TAG-4", "TAG-5", "plain"), "SHOW TAGS T")
	if cols := mustQuery(t, conn, "SHOW TAGS tg.T"); len(cols.cols) != 1 || cols.cols[0] != "tag" {
		t.Errorf("SHOW TAGS columns %v, want [tag]", cols.cols)
	}
	for _, c := range []struct{ stmt, want string }{
		{"ALTER TABLE T CREATE TAG `TAG-1`", "already exists"},
		{"ALTER TABLE T RENAME TAG `nosuch` TO `x`", "does not exist"},
		{"ALTER TABLE T DELETE TAG `nosuch`", "does not exist"},
		{"ALTER TABLE T CREATE TAG `x` AS OF VERSION 99", "snapshot 99"},
	} {
		if err := sqlRunErr(t, conn, c.stmt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.stmt, err, c.want)
		}
	}
	sqlRun(t, conn, "ALTER TABLE T RENAME TAG `TAG-1` TO `TAG-9`",
		"ALTER TABLE T DELETE TAG `TAG-2`",
		"ALTER TABLE T DELETE TAG IF EXISTS `TAG-3,nosuch`",
		"ALTER TABLE T DELETE TAG `TAG-4,TAG-5`")
	wantRows(t, conn, split("TAG-9", "plain"), "SHOW TAGS T")
	// Reading a tag sees its snapshot.
	wantRows(t, conn, split("1", "2", "3"), "SELECT id FROM T AS OF 'TAG-9'")
}

// TestSparkTruncatePartitionAndInsertByName: TRUNCATE TABLE t PARTITION
// (...) empties the partitions matching the spec with an OVERWRITE commit,
// as Paimon's Spark truncatePartitions; INSERT INTO t BY NAME matches the
// query's columns to the table's by name.
func TestSparkTruncatePartitionAndInsertByName(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE sf",
		"CREATE TABLE sf.t (id INT, dt VARCHAR(10), hh INT) PARTITIONED BY (dt, hh)",
		"INSERT INTO sf.t VALUES (1, 'a', 1), (2, 'a', 2), (3, 'b', 1)",
		"TRUNCATE TABLE sf.t PARTITION (dt = 'a', hh = 2)")
	wantRows(t, w.db, split("1|a|1", "3|b|1"), "SELECT * FROM sf.t")
	sqlRun(t, w.db, "TRUNCATE TABLE sf.t PARTITION (dt = 'a')")
	wantRows(t, w.db, split("3|b|1"), "SELECT * FROM sf.t")
	wantRows(t, w.db, split("OVERWRITE"), "SELECT commit_kind FROM sf.`t$snapshots` ORDER BY snapshot_id DESC LIMIT 1")
	for _, c := range []struct{ stmt, want string }{
		{"TRUNCATE TABLE sf.t PARTITION (id = 3)", "id is not a partition column"},
		{"TRUNCATE TABLE sf.t PARTITION (dt)", "give each partition column a value"},
	} {
		if err := sqlRunErr(t, w.db, c.stmt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.stmt, err, c.want)
		}
	}
	wantRows(t, w.db, split("3|b|1"), "SELECT * FROM sf.t")

	sqlRun(t, w.db, "INSERT INTO sf.t BY NAME SELECT 'c' AS dt, 5 AS id, 7 AS hh",
		"CREATE TABLE sf.src (hh INT, id INT, dt VARCHAR(10))", "INSERT INTO sf.src VALUES (9, 8, 'd')",
		"INSERT INTO sf.t BY NAME SELECT hh, id, dt FROM sf.src")
	wantRows(t, w.db, split("3|b|1", "5|c|7", "8|d|9"), "SELECT * FROM sf.t")
	sqlRun(t, w.db, "SET ddl_dialect = 'spark'")
	for _, c := range []struct{ stmt, want string }{
		{"INSERT INTO sf.t BY NAME SELECT 1, 'x', 2", "column 1 of the query has no name"},
		{"INSERT INTO sf.t BY NAME VALUES (1, 'x', 2)", "takes a SELECT"},
		{"INSERT INTO sf.t BY NAME SELECT 1 AS nosuch", "nosuch"},
	} {
		if err := sqlRunErr(t, w.db, c.stmt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.stmt, err, c.want)
		}
	}
	wantRows(t, w.db, split("3|b|1", "5|c|7", "8|d|9"), "SELECT * FROM sf.t")
}

// TestSparkFormsRefusedWithWhatToDo: the Spark statements paimon-sql does
// not run fail naming what to write instead, and MySQL's ANALYZE TABLE
// answers MySQL's note for an engine without statistics, not "OK".
func TestSparkFormsRefusedWithWhatToDo(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE rf", "CREATE TABLE rf.t (id INT, dt VARCHAR(10)) PARTITIONED BY (dt)", "INSERT INTO rf.t VALUES (1, 'a')")
	for _, c := range []struct{ stmt, want string }{
		{"REPLACE TABLE rf.t (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id')", "DROP TABLE t, then CREATE TABLE"},
		{"CREATE OR REPLACE TABLE rf.t TBLPROPERTIES ('bucket' = '4') AS SELECT * FROM rf.t", "DROP TABLE t, then CREATE TABLE"},
		{"MSCK REPAIR TABLE rf.t", "nothing to repair"},
		{"ANALYZE TABLE rf.t COMPUTE STATISTICS", "does not write table statistics"},
		{"ANALYZE TABLE rf.t COMPUTE STATISTICS FOR ALL COLUMNS", "does not write table statistics"},
		{"ANALYZE TABLE rf.t COMPUTE STATISTICS FOR COLUMNS id, dt", "does not write table statistics"},
		{"ANALYZE TABLE rf.nosuch", "nosuch"},
	} {
		err := sqlRunErr(t, w.db, c.stmt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.stmt, err, c.want)
		}
		if n := mysqlErrNumber(err); n == 1064 {
			t.Errorf("%s: a bare syntax error: %v", c.stmt, err)
		}
	}
	wantRows(t, w.db, split("1|a"), "SELECT * FROM rf.t")
	res := mustQuery(t, w.db, "ANALYZE TABLE rf.t")
	if len(res.rows) != 1 || res.rows[0][0] != "rf.t" || res.rows[0][1] != "analyze" || res.rows[0][2] != "status" ||
		res.rows[0][3] != "OK" {
		t.Errorf("ANALYZE TABLE rf.t: %v %v", res.cols, res.rows)
	}
	// It reads the table: a user who may not gets no answer about it.
	sqlRun(t, w.db, "CREATE USER 'nosee'@'%' IDENTIFIED BY 'pw'", "GRANT SELECT ON rf.other TO 'nosee'@'%'")
	if err := queryErr(t, w.openAs("nosee", "pw"), "ANALYZE TABLE rf.t"); !strings.Contains(err.Error(), "denied") {
		t.Errorf("ANALYZE TABLE without SELECT: %v", err)
	}
	if n := len(mustQuery(t, w.db, "SELECT * FROM rf.`t$statistics`").rows); n != 0 {
		t.Errorf("t$statistics has %d rows after ANALYZE", n)
	}
}

// TestPaimonMetadataColumnsRefused: Spark's metadata columns are refused
// with what to read instead, as MySQL's unknown column (1054).
func TestPaimonMetadataColumnsRefused(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE mc", "CREATE TABLE mc.t (id INT)", "INSERT INTO mc.t VALUES (1)")
	for _, q := range []string{
		"SELECT __paimon_file_path, id FROM mc.t",
		"SELECT t.__paimon_bucket FROM mc.t AS t",
		"SELECT id FROM mc.t WHERE __paimon_row_index = 0",
		"SELECT __PAIMON_PARTITION FROM mc.t",
	} {
		err := queryErr(t, w.db, q)
		if mysqlErrNumber(err) != 1054 || !strings.Contains(err.Error(), "metadata columns") || !strings.Contains(err.Error(), "t$files") {
			t.Errorf("%s: %v, want 1054 naming t$files", q, err)
		}
	}
}
