package tests

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The system tables of Java's SystemTableLoader that list a table's columns
// and statistics, and its read-optimized and binlog views (issue 15).

func TestAggregationFieldsSystemTable(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE agg")
	mustQuery(t, e.db, "CREATE TABLE agg.t (id INT NOT NULL COMMENT 'the key', n BIGINT, s VARCHAR(10), PRIMARY KEY (id)) WITH "+
		"('merge-engine' = 'aggregation', 'fields.n.aggregate-function' = 'sum', 'fields.n.ignore-retract' = 'true', 'fields.s.aggregate-function' = 'last_value')")
	wantRows(t, e.db, split(
		"id|INT NOT NULL|[]|[]|the key",
		"n|BIGINT|[sum, true]|[fields.n.aggregate-function, fields.n.ignore-retract]|NULL",
		"s|VARCHAR(10)|[last_value]|[fields.s.aggregate-function]|NULL"),
		"SELECT field_name, field_type, `function`, function_options, comment FROM agg.`t$aggregation_fields`")
}

func TestReadOptimizedSystemTable(t *testing.T) {
	e := startServer(t, nil)
	for _, q := range []string{
		"CREATE DATABASE ro",
		"CREATE TABLE ro.pk (id INT NOT NULL, v INT, PRIMARY KEY (id)) WITH ('bucket' = '1', 'write-only' = 'true')",
		"INSERT INTO ro.pk VALUES (1, 1), (2, 2)",
		"CREATE TABLE ro.app (a INT)",
		"INSERT INTO ro.app VALUES (1), (2)",
	} {
		mustQuery(t, e.db, q)
	}
	// Before a full compaction the rows are in level 0: nothing to read
	// without merging.
	topFiles := func() string {
		return mustQuery(t, e.db, "SELECT COALESCE(SUM(record_count), 0) FROM ro.`pk$files` WHERE level = 5").rows[0][0]
	}
	if n := topFiles(); n != "0" {
		t.Fatalf("rows at the top level before compaction: %s", n)
	}
	wantRows(t, e.db, nil, "SELECT * FROM ro.`pk$ro`")
	wantRows(t, e.db, split("0"), "SELECT COUNT(*) FROM ro.`pk$ro`")
	mustQuery(t, e.db, "CALL sys.compact(`table` => 'ro.pk', compact_strategy => 'full')")
	mustQuery(t, e.db, "INSERT INTO ro.pk VALUES (2, 20), (3, 3)")
	if n := topFiles(); n != "2" {
		t.Fatalf("rows at the top level after compaction: %s", n)
	}
	// The compacted rows; the newer ones are not read.
	wantRows(t, e.db, split("1|1", "2|2"), "SELECT * FROM ro.`pk$ro` ORDER BY id")
	wantRows(t, e.db, split("2"), "SELECT COUNT(*) FROM ro.`pk$ro`")
	wantRows(t, e.db, split("1|1", "2|20", "3|3"), "SELECT * FROM ro.pk ORDER BY id")
	// An append table is read whole.
	wantRows(t, e.db, split("1", "2"), "SELECT * FROM ro.`app$ro` ORDER BY a")
	err := queryErr(t, e.db, "INSERT INTO ro.`pk$ro` VALUES (9, 9)")
	if !strings.Contains(err.Error(), "read-optimized") {
		t.Errorf("INSERT INTO t$ro: %v", err)
	}
}

func TestBinlogSystemTable(t *testing.T) {
	e := startServer(t, nil)
	for _, q := range []string{
		"CREATE DATABASE bl",
		"CREATE TABLE bl.t (id INT NOT NULL, v VARCHAR(10), PRIMARY KEY (id)) WITH ('bucket' = '1')",
		"INSERT INTO bl.t VALUES (1, 'a'), (2, NULL)",
	} {
		mustQuery(t, e.db, q)
	}
	res := mustQuery(t, e.db, "SELECT * FROM bl.`t$binlog` ORDER BY rowkind, id")
	wantCols(t, "t$binlog", res, "rowkind", "id", "v")
	wantRows(t, e.db, split(`+I|[1]|["a"]`, `+I|[2]|[null]`), "SELECT * FROM bl.`t$binlog` ORDER BY id")
	// The audit log's rows, each value in an array.
	audit := mustQuery(t, e.db, "SELECT rowkind, id FROM bl.`t$audit_log` ORDER BY id").rows
	binlog := mustQuery(t, e.db, "SELECT rowkind, JSON_EXTRACT(id, '$[0]') FROM bl.`t$binlog` ORDER BY id").rows
	if fmt.Sprint(audit) != fmt.Sprint(binlog) {
		t.Errorf("t$binlog %v, t$audit_log %v", binlog, audit)
	}
}

// TestStatisticsSystemTable: a statistics file as Java's ANALYZE writes it,
// named by the latest snapshot of a copy of pk_09.
func TestStatisticsSystemTable(t *testing.T) {
	const colStats = `{
  "f1" : {
    "colId" : 1,
    "distinctCount" : 2,
    "min" : "10",
    "max" : "20",
    "nullCount" : 0,
    "avgLen" : 4,
    "maxLen" : 4
  }
}`
	var latest int64
	e := startServer(t, func(dir string) {
		root := tableDir(dir, "pk_09")
		snaps := snapshots(t, root)
		last := snaps[len(snaps)-1]
		latest = last.ID
		stats := fmt.Sprintf("{\n  \"snapshotId\" : %d,\n  \"schemaId\" : %d,\n  \"mergedRecordCount\" : 9,\n  \"mergedRecordSize\" : 1234,\n  \"colStats\" : %s\n}",
			last.ID, last.SchemaID, strings.ReplaceAll(colStats, "\n", "\n  "))
		if err := os.MkdirAll(filepath.Join(root, "statistics"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "statistics", "stat-test-0"), []byte(stats), 0o644); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(root, "snapshot", "snapshot-"+strconv.FormatInt(last.ID, 10))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		m["statistics"] = "stat-test-0"
		if data, err = json.Marshal(m); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	res := mustQuery(t, e.db, "SELECT snapshot_id, mergedRecordCount, mergedRecordSize, colstat FROM pk_09.`pk_09$statistics`")
	want := [][]string{{strconv.FormatInt(latest, 10), "9", "1234", colStats}}
	if fmt.Sprint(res.rows) != fmt.Sprint(want) {
		t.Errorf("pk_09$statistics:\n got %q\nwant %q", res.rows, want)
	}
	// An earlier snapshot names no statistics file.
	wantRows(t, e.db, nil, "SELECT * FROM pk_09.`pk_09$statistics` FOR SYSTEM_TIME AS OF 1")
}

func TestUnknownSystemTableListsEveryOne(t *testing.T) {
	e := startServer(t, nil)
	err := queryErr(t, e.db, "SELECT * FROM pk_09.`pk_09$nope`")
	if mysqlErrNumber(err) != 1146 {
		t.Errorf("error %v, want 1146", err)
	}
	for _, n := range []string{"aggregation_fields", "audit_log", "binlog", "ro", "statistics", "table_indexes"} {
		if !strings.Contains(err.Error(), n) {
			t.Errorf("the error does not list %s: %v", n, err)
		}
	}
}
