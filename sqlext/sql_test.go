package sqlext_test

import (
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/internal/sqltest"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// formCase is one form of SQL the parser extensions read, run through the
// whole engine on a copy of the Java-written warehouse: after setup, query
// returns rows, or fails with the MySQL error code. pk_09 holds nine rows
// at its latest snapshot (8), seven in partition f1=10.
type formCase struct {
	setup []string
	query string
	rows  string
	code  int
}

// created is a table paimon-sql creates in Flink's syntax, for the forms
// that write.
var created = []string{
	"CREATE DATABASE w",
	"CREATE TABLE w.t (id INT, dt STRING, v BIGINT, PRIMARY KEY (id, dt) NOT ENFORCED) PARTITIONED BY (dt) WITH ('bucket' = '1')",
	"INSERT INTO w.t VALUES (1, 'a', 10), (2, 'a', 20), (3, 'b', 30)",
}

// atSnapshot4 is pk_09's row count at snapshot 4.
const atSnapshot4 = "11\n"

var formCases = map[string]formCase{
	// hints.go, timetravel.go and GMS's own forms: snapshot 4 (committed at
	// 06:43:45.382 UTC; eleven rows, as its totalRecordCount says) read six
	// ways. Snapshot 1's rows are all on level
	// 0, which a deletion-vector table's reads skip, as Java's do.
	"options hint":          {query: "SELECT count(*) FROM pk_09.pk_09 /*+ OPTIONS('scan.snapshot-id' = '4') */", rows: atSnapshot4},
	"as of":                 {query: "SELECT count(*) FROM pk_09.pk_09 AS OF 4", rows: atSnapshot4},
	"for version as of":     {query: "SELECT count(*) FROM pk_09.pk_09 FOR VERSION AS OF 4", rows: atSnapshot4},
	"spark version as of":   {query: "SELECT count(*) FROM pk_09.pk_09 VERSION AS OF 4", rows: atSnapshot4},
	"spark timestamp as of": {query: "SELECT count(*) FROM pk_09.pk_09 TIMESTAMP AS OF '2025-08-21 06:43:45.400'", rows: atSnapshot4},
	"flink system time":     {query: "SELECT count(*) FROM pk_09.pk_09 FOR SYSTEM_TIME AS OF '2025-08-21 06:43:45.400'", rows: atSnapshot4},
	// compat_show.go
	"show collation columns": {query: "SHOW COLLATION LIKE 'utf8mb4_0900_bin'", rows: "utf8mb4_0900_bin|utf8mb4|309||Yes|1|NO PAD\n"},
	// grouporder.go
	"with rollup": {query: "SELECT f1, count(*) FROM pk_09.pk_09 GROUP BY f1 WITH ROLLUP ORDER BY f1", rows: "NULL|9\n10|7\n20|2\n"},
	"nulls last":  {query: "SELECT f0 FROM pk_09.pk_09 ORDER BY f3 DESC NULLS LAST LIMIT 1", rows: "Alice\n"},
	// compat_paren.go
	"parenthesised query": {query: "(SELECT f0 FROM pk_09.pk_09 ORDER BY f0) LIMIT 1", rows: "Alex\n"},
	// quoting.go
	"unquoted system table": {query: "SELECT count(*) FROM pk_09.pk_09$snapshots", rows: "8\n"},
	// namedargs.go and quoting.go: `table` unquoted before =>.
	"named call arguments": {query: "CALL sys.create_tag(table => 'pk_09.pk_09', tag => 'n2', snapshot_id => 2)", rows: "Success\n"},
	// foreign.go
	"show partitions": {query: "SHOW PARTITIONS pk_09.pk_09", rows: "f1=10\nf1=20\n"},
	"create catalog":  {query: "CREATE CATALOG c WITH ('type' = 'paimon')", code: mysql.ERUnknownError},
	"merge into":      {query: "MERGE INTO pk_09.pk_09 USING x ON 1 = 1 WHEN MATCHED THEN DELETE", code: mysql.ERUnknownError},
	// explain.go
	"explain json": {query: "EXPLAIN FORMAT=JSON SELECT * FROM pk_09.pk_09", code: mysql.ERNotSupportedYet},
	// createclauses.go and flinktypes.go
	"create with clauses": {setup: created, query: "SELECT `key`, value FROM w.`t$options`", rows: "bucket|1\n"},
	"flink types": {setup: []string{"CREATE DATABASE f",
		"CREATE TABLE f.t (id INT NOT NULL, s STRING, b BYTES, ts TIMESTAMP_LTZ(3), PRIMARY KEY (id) NOT ENFORCED)"},
		query: "SELECT fields FROM f.`t$schemas`",
		rows:  `[{"id":0,"name":"id","type":"INT NOT NULL"},{"id":1,"name":"s","type":"STRING"},{"id":2,"name":"b","type":"BYTES"},{"id":3,"name":"ts","type":"TIMESTAMP(3) WITH LOCAL TIME ZONE"}]` + "\n"},
	// alteroptions.go
	"alter set": {setup: []string{"ALTER TABLE pk_09.pk_09 SET ('snapshot.num-retained.max' = '20')"},
		query: "SELECT value FROM pk_09.`pk_09$options` WHERE `key` = 'snapshot.num-retained.max'", rows: "20\n"},
	"alter reset": {setup: []string{"ALTER TABLE pk_09.pk_09 SET ('snapshot.num-retained.max' = '20')", "ALTER TABLE pk_09.pk_09 RESET ('snapshot.num-retained.max')"},
		query: "SELECT value FROM pk_09.`pk_09$options` WHERE `key` = 'snapshot.num-retained.max'", rows: ""},
	// overwrite.go
	"insert overwrite partition": {setup: append(created[:3:3], "INSERT OVERWRITE w.t PARTITION (dt = 'a') SELECT 9, 90"),
		query: "SELECT * FROM w.t ORDER BY id", rows: "3|b|30\n9|a|90\n"},
	// deleteall.go: no current database.
	"delete without where": {setup: append(created[:3:3], "DELETE FROM w.t"), query: "SELECT count(*) FROM w.t", rows: "0\n"},
	// setpassword.go
	"set password": {setup: []string{"CREATE USER 'p'@'%'"}, query: "SET PASSWORD FOR 'p'@'%' = 'secret'", rows: ""},
	// timezone.go: the session's time zone shows the commit times.
	"session time zone": {setup: []string{"SET time_zone = '+08:00'"},
		query: "SELECT commit_time FROM pk_09.`pk_09$snapshots` WHERE snapshot_id = 1", rows: "2025-08-21 14:43:45.076\n"},
	// depth.go
	"expression depth": {query: "SELECT 1" + strings.Repeat(" OR 1", sqlext.MaxExpressionDepth+1), code: 1436}, // ER_STACK_OVERRUN_NEED_MORE
}

// TestParserForms runs each form the parser extensions add through the
// engine and checks what it does to the fixture warehouse.
func TestParserForms(t *testing.T) {
	for name, c := range formCases {
		t.Run(name, func(t *testing.T) {
			db := sqltest.OpenTables(t, "pk_09")
			for _, q := range c.setup {
				db.Query(q)
			}
			if c.code != 0 {
				db.Fails(sqltest.Root, c.code, c.query)
				return
			}
			if got := db.Query(c.query).String(); got != c.rows {
				t.Errorf("%s:\n%s\nwant:\n%s", c.query, got, c.rows)
			}
		})
	}
}

// TestDescribeExtended: DESCRIBE EXTENDED (Spark's) adds the table's Paimon
// details after its columns.
func TestDescribeExtended(t *testing.T) {
	db := sqltest.OpenTables(t, "pk_09")
	got := db.Query("DESCRIBE EXTENDED pk_09.pk_09").String()
	for _, want := range []string{"f0|longtext|\n", "Provider|paimon|\n", "Snapshot|8|\n", `Primary Keys|["f0","f1","f2"]|` + "\n",
		"Table Properties|[bucket=2, bucket-key=f2, commit.force-compact=true, deletion-vectors.enabled=true, file.format=parquet, manifest.format=avro]|\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("DESCRIBE EXTENDED lacks %q:\n%s", want, got)
		}
	}
}

// TestInstantFormsAgree: AS OF and the older_than arguments of the
// procedures read the same forms of an instant (sqlext.ParseInstant): each
// form of 2025-08-21 06:44 UTC, a minute after pk_09's last commit, pins
// the latest snapshot and is a valid older_than.
func TestInstantFormsAgree(t *testing.T) {
	db := sqltest.OpenTables(t, "pk_09")
	db.Query("SET time_zone = '+00:00'")
	for _, form := range []string{"2025-08-21 06:44", "2025-08-21T06:44", "2025-08-21 06:44:00", "2025-08-21T06:44:00.000", "2025-08-21 06:44:00.5"} {
		if got := db.Query("SELECT count(*) FROM pk_09.pk_09 AS OF '" + form + "'").String(); got != "9\n" {
			t.Errorf("AS OF '%s': %q, want the latest snapshot's 9 rows", form, got)
		}
		for _, call := range []string{
			"CALL sys.expire_snapshots(`table` => 'pk_09.pk_09', older_than => '%s', dry_run => true)",
			"CALL sys.expire_changelogs(`table` => 'pk_09.pk_09', older_than => '%s')",
			"CALL sys.expire_tags(`table` => 'pk_09.pk_09', older_than => '%s')",
			"CALL sys.remove_orphan_files(`table` => 'pk_09.pk_09', older_than => '%s', dry_run => true)",
		} {
			q := strings.Replace(call, "%s", form, 1)
			if _, err := db.Exec(sqltest.Root, q); err != nil {
				t.Errorf("%s: %v", q, err)
			}
		}
	}
	for _, bad := range []string{"2025-08-21 6", "21/08/2025", "yesterday"} {
		db.Fails(sqltest.Root, mysql.ERWrongArguments, "SELECT count(*) FROM pk_09.pk_09 AS OF '"+bad+"'")
		db.Fails(sqltest.Root, mysql.ERWrongArguments, "CALL sys.expire_tags(`table` => 'pk_09.pk_09', older_than => '"+bad+"')")
	}
}
