package interop

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

const featureSystemTables = "system tables (columns paimon-sql follows: Java 1.4.2's)"

// sysTableCases are system tables and the columns of theirs whose values
// are the same whichever implementation reads them (no times, no file
// names a writer chose): paimon-sql's must equal Java 1.4.2's, and Java
// 1.3.1's are compared with 1.4.2's to record where the versions differ.
var sysTableCases = []struct {
	table string
	cols  []column
}{
	{"partitions", []column{{"partition", "STRING"}, {"record_count", "BIGINT"}, {"file_count", "BIGINT"},
		{"file_size_in_bytes", "BIGINT"}}},
	{"files", []column{{"partition", "STRING"}, {"bucket", "INT"}, {"file_format", "STRING"}, {"schema_id", "BIGINT"},
		{"level", "INT"}, {"record_count", "BIGINT"}, {"file_size_in_bytes", "BIGINT"}, {"min_key", "STRING"},
		{"max_key", "STRING"}, {"min_sequence_number", "BIGINT"}, {"max_sequence_number", "BIGINT"}}},
	{"snapshots", []column{{"snapshot_id", "BIGINT"}, {"schema_id", "BIGINT"}, {"commit_kind", "STRING"},
		{"total_record_count", "BIGINT"}, {"delta_record_count", "BIGINT"}, {"changelog_record_count", "BIGINT"}}},
	{"schemas", []column{{"schema_id", "BIGINT"}, {"partition_keys", "STRING"}, {"primary_keys", "STRING"}}},
	{"options", []column{{"key", "STRING"}, {"value", "STRING"}}},
	{"tags", []column{{"tag_name", "STRING"}, {"snapshot_id", "BIGINT"}, {"schema_id", "BIGINT"}, {"record_count", "BIGINT"}}},
	{"branches", []column{{"branch_name", "STRING"}}},
	{"manifests", []column{{"num_added_files", "BIGINT"}, {"num_deleted_files", "BIGINT"}, {"schema_id", "BIGINT"}}},
}

// TestSystemTablesAcrossJavaVersions reads the system tables of a table
// paimon-sql wrote with paimon-sql, Java 1.4.2 and Java 1.3.1.
func TestSystemTablesAcrossJavaVersions(t *testing.T) {
	requireTools(t)
	j, older := startJava(t), startJavaOlder(t)
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db",
		"CREATE TABLE db.sys (id INT NOT NULL, v VARCHAR(10), dt VARCHAR(10) NOT NULL, region VARCHAR(10) NOT NULL, "+
			"PRIMARY KEY (id, dt, region)) PARTITIONED BY (dt, region) WITH ('bucket' = '2')",
		"INSERT INTO db.sys VALUES (1, 'a', 'd1', 'eu'), (2, 'b', 'd1', 'us'), (3, 'c', 'd2', 'eu')",
		"CALL sys.create_tag('db.sys', 't1')",
		"INSERT INTO db.sys VALUES (1, 'a2', 'd1', 'eu'), (4, 'd', 'd2', 'eu')",
		"CALL sys.create_branch('db.sys', 'dev', 't1')"); err != nil {
		t.Fatal(err)
	}
	for _, c := range sysTableCases {
		table := "sys$" + c.table
		names := make([]string, len(c.cols))
		for i, col := range c.cols {
			names[i] = "`" + col.name + "`"
		}
		ours, err := ourRead(db, fmt.Sprintf("SELECT %s FROM db.`%s`", strings.Join(names, ", "), table), c.cols)
		latest, lerr := sysRead(t, j, dir, table, c.cols)
		outcome(t, featureSystemTables, dirSQLToJava, "sys_"+c.table+"/java", differ(latest, ours, firstErr(lerr, err)))
		if lerr != nil {
			continue
		}
		prev, perr := sysRead(t, older, dir, table, c.cols)
		outcome(t, featureSystemTables, dirJavaOlder, "sys_"+c.table+"/java"+javaOlderVersion, differ(latest, prev, perr))
	}
}

// sysRead reads a system table through a Java driver and keeps the
// columns cols names, in their order.
func sysRead(t *testing.T, j *javaDriver, dir, table string, cols []column) ([]string, error) {
	r := j.do(t, dir, jstep{"op": "read", "table": "db." + table})[0]
	if !r.OK {
		return nil, fmt.Errorf("Java read: %s", r.Error)
	}
	idx := make([]int, len(cols))
	for i, c := range cols {
		if idx[i] = slices.Index(r.Fields, c.name); idx[i] < 0 {
			return nil, fmt.Errorf("Java has no column %s (it has %s)", c.name, strings.Join(r.Fields, ", "))
		}
	}
	rows := make([]json.RawMessage, len(r.Rows))
	for n, raw := range r.Rows {
		var cells []json.RawMessage
		if err := json.Unmarshal(raw, &cells); err != nil {
			return nil, err
		}
		kept := make([]json.RawMessage, len(idx))
		for i, k := range idx {
			kept[i] = cells[k]
		}
		b, err := json.Marshal(kept)
		if err != nil {
			return nil, err
		}
		rows[n] = b
	}
	return neutralRows(rows, cols)
}
