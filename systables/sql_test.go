package systables_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/internal/sqltest"
	"github.com/paimon-sql/paimon-sql/systables"
)

// systemTableCase is one system table read on the Java-written pk_09 (two
// partitions, two buckets, eight snapshots, deletion vectors): the columns
// it has and the rows of a query over it. The expected rows come from the
// table's own files (snapshot-N, schema-0, the manifests) as Java wrote them.
type systemTableCase struct {
	columns []string
	query   string
	rows    string
}

// pk09 is the base of every query: the fixture table.
const pk09 = "pk_09.`pk_09$"

var systemTableCases = map[string]systemTableCase{
	"snapshots": {
		columns: []string{"snapshot_id", "schema_id", "commit_user", "commit_identifier", "commit_kind", "commit_time", "base_manifest_list", "delta_manifest_list", "changelog_manifest_list", "total_record_count", "delta_record_count", "changelog_record_count", "watermark", "next_row_id"},
		query:   "SELECT snapshot_id, commit_identifier, commit_kind, commit_time, delta_manifest_list, total_record_count, delta_record_count FROM " + pk09 + "snapshots` WHERE snapshot_id IN (1, 3, 8) ORDER BY snapshot_id",
		rows: `1|1|APPEND|2025-08-21 06:43:45.076|manifest-list-c63559b0-8ebb-4bf9-8e0c-91062d5e7391-1|9|9
3|2|APPEND|2025-08-21 06:43:45.364|manifest-list-c63559b0-8ebb-4bf9-8e0c-91062d5e7391-5|11|2
8|4|COMPACT|2025-08-21 06:43:45.645|manifest-list-c63559b0-8ebb-4bf9-8e0c-91062d5e7391-15|10|-3
`,
	},
	"schemas": {
		columns: []string{"schema_id", "fields", "partition_keys", "primary_keys", "options", "comment", "update_time"},
		query:   "SELECT schema_id, fields, partition_keys, primary_keys FROM " + pk09 + "schemas`",
		rows:    `0|[{"id":0,"name":"f0","type":"STRING NOT NULL"},{"id":1,"name":"f1","type":"INT NOT NULL"},{"id":2,"name":"f2","type":"INT NOT NULL"},{"id":3,"name":"f3","type":"DOUBLE"}]|["f1"]|["f0","f1","f2"]` + "\n",
	},
	"options": {
		columns: []string{"key", "value"},
		query:   "SELECT * FROM " + pk09 + "options` ORDER BY `key`",
		rows: `bucket|2
bucket-key|f2
commit.force-compact|true
deletion-vectors.enabled|true
file.format|parquet
manifest.format|avro
`,
	},
	"tags": {
		columns: []string{"tag_name", "snapshot_id", "schema_id", "commit_time", "record_count", "create_time", "time_retained"},
		query:   "SELECT tag_name, snapshot_id, schema_id, commit_time, record_count, time_retained FROM " + pk09 + "tags`",
		rows:    "t3|3|0|2025-08-21 06:43:45.364|11|NULL\n",
	},
	"branches": {
		columns: []string{"branch_name", "create_time"},
		query:   "SELECT branch_name, create_time IS NOT NULL FROM " + pk09 + "branches`",
		rows:    "b3|1\n",
	},
	"consumers": {
		columns: []string{"consumer_id", "next_snapshot_id"},
		query:   "SELECT * FROM " + pk09 + "consumers`",
		rows:    "reader|5\n",
	},
	"files": {
		columns: []string{"partition", "bucket", "file_path", "file_format", "schema_id", "level", "record_count", "file_size_in_bytes", "min_key", "max_key", "null_value_counts", "min_value_stats", "max_value_stats", "min_sequence_number", "max_sequence_number", "creation_time", "deleteRowCount", "file_source", "first_row_id", "write_cols"},
		query:   "SELECT `partition`, bucket, file_format, level, record_count, file_size_in_bytes, min_key, max_key, min_sequence_number, max_sequence_number, file_source FROM " + pk09 + "files` ORDER BY `partition`, bucket",
		rows: `{10}|0|parquet|5|3|2170|[Alice, 1]|[Whether I shall turn out to be the hero of my own life., 1]|0|6|COMPACT
{10}|1|parquet|5|5|1800|[Alex, 0]|[Tony, 0]|0|4|APPEND
{20}|0|parquet|5|2|1714|[Lucy, 1]|[Paul, 1]|0|1|APPEND
`,
	},
	"manifests": {
		columns: []string{"file_name", "file_size", "num_added_files", "num_deleted_files", "schema_id", "min_partition_stats", "max_partition_stats", "min_row_id", "max_row_id"},
		query:   "SELECT file_name, num_added_files, num_deleted_files, min_partition_stats, max_partition_stats FROM " + pk09 + "manifests` ORDER BY file_name LIMIT 2",
		rows: `manifest-8cf79434-32e4-4029-bf8e-befe856d268f-0|3|0|{10}|{20}
manifest-8cf79434-32e4-4029-bf8e-befe856d268f-1|3|3|{10}|{20}
`,
	},
	"partitions": {
		columns: []string{"partition", "record_count", "file_size_in_bytes", "file_count", "last_update_time", "created_at", "created_by", "updated_by", "options"},
		query:   "SELECT `partition`, record_count, file_size_in_bytes, file_count FROM " + pk09 + "partitions` ORDER BY `partition`",
		rows:    "f1=10|8|3970|2\nf1=20|2|1714|1\n",
	},
	"buckets": {
		columns: []string{"partition", "bucket", "record_count", "file_size_in_bytes", "file_count", "last_update_time"},
		query:   "SELECT `partition`, bucket, record_count, file_size_in_bytes, file_count FROM " + pk09 + "buckets` ORDER BY `partition`, bucket",
		rows:    "{10}|0|3|2170|1\n{10}|1|5|1800|1\n{20}|0|2|1714|1\n",
	},
	"statistics": {
		// Java wrote no statistics file for pk_09: no row, as in Java.
		columns: []string{"snapshot_id", "schema_id", "mergedRecordCount", "mergedRecordSize", "colstat"},
		query:   "SELECT * FROM " + pk09 + "statistics`",
		rows:    "",
	},
	"table_indexes": {
		columns: []string{"partition", "bucket", "index_type", "file_name", "file_size", "row_count", "dv_ranges"},
		query:   "SELECT `partition`, bucket, index_type, row_count, dv_ranges FROM " + pk09 + "table_indexes` ORDER BY bucket DESC",
		rows: `{10}|1|DELETION_VECTORS|1|[{"f0": "data-6d416200-c9db-49ff-bc27-79837bf1aaab-0.parquet", "f1": 1, "f2": 22, "_CARDINALITY": null}]
{10}|0|DELETION_VECTORS|0|[]
`,
	},
	"aggregation_fields": {
		columns: []string{"field_name", "field_type", "function", "function_options", "comment"},
		query:   "SELECT * FROM " + pk09 + "aggregation_fields`",
		rows:    "f0|STRING NOT NULL|[]|[]|NULL\nf1|INT NOT NULL|[]|[]|NULL\nf2|INT NOT NULL|[]|[]|NULL\nf3|DOUBLE|[]|[]|NULL\n",
	},
	systables.AuditLogName: {
		columns: []string{"rowkind", "f0", "f1", "f2", "f3"},
		query:   "SELECT * FROM " + pk09 + "audit_log` WHERE f0 IN ('Alice', 'Lucy') ORDER BY f0",
		rows:    "+U|Alice|10|1|21.1\n+I|Lucy|20|1|14.1\n",
	},
	systables.BinlogName: {
		columns: []string{"rowkind", "f0", "f1", "f2", "f3"},
		query:   "SELECT * FROM " + pk09 + "binlog` WHERE rowkind = '+U'",
		rows:    "+U|[\"Alice\"]|[10]|[1]|[21.1]\n",
	},
	systables.ReadOptimizedName: {
		// Every file of pk_09 is on the top level, so the read-optimized
		// view shows every row.
		columns: []string{"f0", "f1", "f2", "f3"},
		query:   "SELECT count(*), round(sum(f3), 1) FROM " + pk09 + "ro`",
		rows:    "9|141.8\n",
	},
}

// TestEverySystemTable reads each system table of pk_09 through SQL: its
// columns are Java's and its rows are those of the table's files. A tag, a
// branch and a consumer are added first so that their tables have rows.
func TestEverySystemTable(t *testing.T) {
	db := sqltest.OpenTables(t, "pk_09")
	db.Query("CALL sys.create_tag('pk_09.pk_09', 't3', 3)")
	db.Query("CALL sys.create_branch('pk_09.pk_09', 'b3', 't3')")
	// A consumer as Java's ConsumerManager writes it.
	consumers := filepath.Join(db.Dir, "pk_09.db", "pk_09", "consumer")
	if err := os.MkdirAll(consumers, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(consumers, "consumer-reader"), []byte(`{"nextSnapshot":5}`), 0o644); err != nil {
		t.Fatal(err)
	}

	for name, c := range systemTableCases {
		t.Run(name, func(t *testing.T) {
			all := db.Query("SELECT * FROM " + pk09 + name + "` LIMIT 0")
			if !slices.Equal(all.Columns, c.columns) {
				t.Errorf("columns = %v\nwant      %v", all.Columns, c.columns)
			}
			if got := db.Query(c.query).String(); got != c.rows {
				t.Errorf("%s:\n%s\nwant:\n%s", c.query, got, c.rows)
			}
		})
	}
}

// TestSystemTableCasesCoverEveryName: a system table added to the registry
// needs a case above.
func TestSystemTableCasesCoverEveryName(t *testing.T) {
	names := append(systables.Names(), systables.AuditLogName, systables.BinlogName)
	names = append(names, systables.TableViews...)
	for _, n := range names {
		if _, ok := systemTableCases[n]; !ok {
			t.Errorf("system table %s has no case in systemTableCases", n)
		}
	}
}

// TestSystemTablesRefuse: an unknown system table is MySQL's 1146 naming
// the ones there are; a user without SELECT on the table reads none of its
// system tables; AS OF on a table that always shows the present is refused.
func TestSystemTablesRefuse(t *testing.T) {
	db := sqltest.OpenTables(t, "pk_09", "pk_table_with_mor")
	msg := db.Fails(sqltest.Root, mysql.ERNoSuchTable, "SELECT * FROM "+pk09+"nope`")
	if !strings.Contains(msg, "snapshots") {
		t.Errorf("error %q does not list the system tables", msg)
	}
	db.User("other", "SELECT ON pk_table_with_mor.* ")
	for _, name := range []string{"snapshots", "files", systables.AuditLogName} {
		if _, err := db.Exec("other", "SELECT * FROM "+pk09+name+"`"); err == nil {
			t.Errorf("a user without SELECT on pk_09 read pk_09$%s", name)
		}
	}
	if r, err := db.Exec("other", "SELECT count(*) FROM pk_table_with_mor.`pk_table_with_mor$snapshots`"); err != nil || len(r.Rows) != 1 {
		t.Errorf("a user with SELECT on the table cannot read its snapshots: %v %v", r, err)
	}
	if _, err := db.Exec(sqltest.Root, "SELECT * FROM "+pk09+"options` FOR SYSTEM_TIME AS OF 1"); err == nil {
		t.Error("AS OF on $options was accepted; it always shows the present")
	}
}
