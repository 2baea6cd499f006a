package procedures_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/internal/sqltest"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
	"github.com/paimon-sql/paimon-sql/procedures"
)

// procedureCase is one procedure called through SQL on a copy of the
// Java-written pk_09 (eight snapshots, the last at 06:43:45.645 UTC on
// 2025-08-21): after setup, call returns rows and check then shows
// checkRows; refuse is refused with the MySQL error refuseCode and changes
// nothing check shows.
type procedureCase struct {
	setup      []string
	call, rows string
	check      string
	checkRows  string
	refuse     string
	refuseCode int
}

// unnumbered is the generic 1105 of a refusal that has no MySQL number yet
// (it says what is wrong in its message).
const unnumbered = mysql.ERUnknownError

const (
	tags      = "SELECT tag_name, snapshot_id FROM pk_09.`pk_09$tags`"
	snapshots = "SELECT min(snapshot_id), max(snapshot_id), count(*) FROM pk_09.`pk_09$snapshots`"
	branches  = "SELECT branch_name FROM pk_09.`pk_09$branches`"
	tagT3     = "CALL sys.create_tag('pk_09.pk_09', 't3', 3)"
)

// datedTable is a table partitioned by a date string, written by
// paimon-sql, for expire_partitions.
var datedTable = []string{
	"CREATE DATABASE dated",
	"CREATE TABLE dated.t (dt VARCHAR(10) NOT NULL, v INT) PARTITIONED BY (dt)",
	"INSERT INTO dated.t VALUES ('2020-01-01', 1), ('2999-01-01', 2)",
}

var procedureCases = map[string]procedureCase{
	"create_tag": {
		call: tagT3, rows: "Success\n",
		check: tags, checkRows: "t3|3\n",
		refuse: "CALL sys.create_tag('pk_09.pk_09', 't9', 99)", refuseCode: mysql.ERWrongArguments,
	},
	"delete_tag": {
		setup: []string{tagT3},
		call:  "CALL sys.delete_tag('pk_09.pk_09', 't3')", rows: "Success\n",
		check: tags, checkRows: "",
		refuse: "CALL sys.delete_tag('pk_09.pk_09', 'nope')", refuseCode: mysql.ERWrongArguments,
	},
	"rename_tag": {
		setup: []string{tagT3},
		call:  "CALL sys.rename_tag('pk_09.pk_09', 't3', 't4')", rows: "Rename [t3] to [t4] successfully.\n",
		check: tags, checkRows: "t4|3\n",
		refuse: "CALL sys.rename_tag('pk_09.pk_09', 'nope', 't5')", refuseCode: mysql.ERWrongArguments,
	},
	"alter_table_tag": {
		// Spark's ALTER TABLE t RENAME TAG t3 TO t4 (sqlext/sparktags.go).
		setup: []string{tagT3},
		call:  "CALL sys.alter_table_tag('pk_09.pk_09', 'rename', 't3', NULL, NULL, 't4')", rows: "Rename [t3] to [t4] successfully.\n",
		check: tags, checkRows: "t4|3\n",
		refuse: "CALL sys.alter_table_tag('pk_09.pk_09', 'drop', 't3', NULL, NULL, NULL)", refuseCode: mysql.ERWrongArguments,
	},
	"replace_tag": {
		setup: []string{tagT3},
		call:  "CALL sys.replace_tag('pk_09.pk_09', 't3', 5)", rows: "Success\n",
		check: tags, checkRows: "t3|5\n",
		refuse: "CALL sys.replace_tag('pk_09.pk_09', 'nope', 5)", refuseCode: mysql.ERWrongArguments,
	},
	"expire_tags": {
		setup: []string{tagT3},
		call:  "CALL sys.expire_tags('pk_09.pk_09', '2099-01-01 00:00:00')", rows: "t3\n",
		check: tags, checkRows: "",
		refuse: "CALL sys.expire_tags('pk_09.pk_09', 'yesterday')", refuseCode: mysql.ERWrongArguments,
	},
	"rollback_to": {
		call: "CALL sys.rollback_to(`table` => 'pk_09.pk_09', snapshot_id => 3)", rows: "Success\n",
		check: snapshots, checkRows: "1|3|3\n",
		refuse: "CALL sys.rollback_to(`table` => 'pk_09.pk_09', snapshot_id => 99)", refuseCode: mysql.ERWrongArguments,
	},
	"rollback_to_timestamp": {
		// Snapshot 3 was committed at 1755758625364, snapshot 4 18 ms later.
		call: "CALL sys.rollback_to_timestamp('pk_09.pk_09', 1755758625370)", rows: "8|3\n",
		check: snapshots, checkRows: "1|3|3\n",
		refuse: "CALL sys.rollback_to_timestamp('pk_09.pk_09', 1000)", refuseCode: unnumbered,
	},
	"reset_consumer": {
		call: "CALL sys.reset_consumer('pk_09.pk_09', 'c1', 3)", rows: "Success\n",
		check: "SELECT * FROM pk_09.`pk_09$consumers`", checkRows: "c1|3\n",
		refuse: "CALL sys.reset_consumer('pk_09.pk_09', 'c1', 'three')", refuseCode: mysql.ERWrongArguments,
	},
	"expire_snapshots": {
		call: "CALL sys.expire_snapshots(`table` => 'pk_09.pk_09', retain_max => 2, retain_min => 1)", rows: "7\n",
		// As Java's: retain_max keeps 7 and 8 from the count, but snapshot 7
		// is older than snapshot.time-retained (1 h) and retain_min is 1.
		check: snapshots, checkRows: "8|8|1\n",
		// The table keeps 10 snapshots at least unless retain_min says less.
		refuse: "CALL sys.expire_snapshots(`table` => 'pk_09.pk_09', retain_max => 2)", refuseCode: mysql.ERWrongArguments,
	},
	"expire_changelogs": {
		// pk_09 has no changelog: nothing to expire, no snapshot touched.
		call: "CALL sys.expire_changelogs(`table` => 'pk_09.pk_09', retain_max => 1)", rows: "0\n",
		check: snapshots, checkRows: "1|8|8\n",
		refuse: "CALL sys.expire_changelogs(`table` => 'pk_09.pk_09', retain_min => 0)", refuseCode: mysql.ERWrongArguments,
	},
	"expire_partitions": {
		setup: datedTable,
		call:  "CALL sys.expire_partitions(`table` => 'dated.t', expiration_time => '1 d', timestamp_formatter => 'yyyy-MM-dd')", rows: "dt=2020-01-01\n",
		check: "SELECT * FROM dated.t", checkRows: "2999-01-01|2\n",
		refuse: "CALL sys.expire_partitions(`table` => 'dated.t', expiration_time => 'soon', timestamp_formatter => 'yyyy-MM-dd')", refuseCode: unnumbered,
	},
	"alter_table_options": {
		call: `CALL sys.alter_table_options('pk_09.pk_09', 'set', '[["snapshot.num-retained.max","20"]]')`, rows: "Success\n",
		check: "SELECT value FROM pk_09.`pk_09$options` WHERE `key` = 'snapshot.num-retained.max'", checkRows: "20\n",
		refuse: "CALL sys.alter_table_options('pk_09.pk_09', 'drop', '[]')", refuseCode: mysql.ERWrongArguments,
	},
	"compact": {
		call: "CALL sys.compact('pk_09.pk_09')", rows: "snapshot 9: 1 buckets compacted, 1 files rewritten into 1, 0 files upgraded, 4 records written\n",
		// The row snapshot 8's deletion vector removed is gone from the files.
		check: "SELECT commit_kind, total_record_count FROM pk_09.`pk_09$snapshots` WHERE snapshot_id = 9", checkRows: "COMPACT|9\n",
		refuse: "CALL sys.compact('pk_09.nope')", refuseCode: mysql.ERNoSuchTable,
	},
	"compact_manifest": {
		call: "CALL sys.compact_manifest('pk_09.pk_09')", rows: "success\n",
		check: "SELECT count(*) FROM pk_09.`pk_09$manifests`", checkRows: "1\n",
		refuse: "CALL sys.compact_manifest('pk_09.nope')", refuseCode: mysql.ERNoSuchTable,
	},
	"remove_orphan_files": {
		// setupOrphan leaves a 5-byte file no snapshot names, two days old.
		call: "CALL sys.remove_orphan_files('pk_09.pk_09')", rows: "1|5\n",
		check: snapshots, checkRows: "1|8|8\n",
		refuse: "CALL sys.remove_orphan_files('pk_09.pk_09', 'last week')", refuseCode: mysql.ERWrongArguments,
	},
	"create_branch": {
		setup: []string{tagT3},
		call:  "CALL sys.create_branch('pk_09.pk_09', 'b3', 't3')", rows: "Success\n",
		check: branches, checkRows: "b3\n",
		refuse: "CALL sys.create_branch('pk_09.pk_09', 'b9', 'nope')", refuseCode: mysql.ERWrongArguments,
	},
	"delete_branch": {
		setup: []string{tagT3, "CALL sys.create_branch('pk_09.pk_09', 'b3', 't3')"},
		call:  "CALL sys.delete_branch('pk_09.pk_09', 'b3')", rows: "Success\n",
		check: branches, checkRows: "",
		refuse: "CALL sys.delete_branch('pk_09.pk_09', 'main')", refuseCode: unnumbered,
	},
	"fast_forward": {
		setup: []string{tagT3, "CALL sys.create_branch('pk_09.pk_09', 'b3', 't3')"},
		call:  "CALL sys.fast_forward('pk_09.pk_09', 'b3')", rows: "Success\n",
		check: snapshots, checkRows: "1|3|3\n",
		refuse: "CALL sys.fast_forward('pk_09.pk_09', 'nope')", refuseCode: unnumbered,
	},
}

// TestEveryProcedure calls each procedure through SQL: its happy path
// changes the table as Java's does, and its refusal is a MySQL error that
// changes nothing.
func TestEveryProcedure(t *testing.T) {
	for name, c := range procedureCases {
		t.Run(name, func(t *testing.T) {
			t.Run("happy", func(t *testing.T) {
				db := sqltest.OpenTables(t, "pk_09")
				for _, q := range c.setup {
					db.Query(q)
				}
				if name == "remove_orphan_files" {
					setupOrphan(t, db.Dir)
				}
				if got := db.Query(c.call).String(); got != c.rows {
					t.Errorf("%s:\n%s\nwant:\n%s", c.call, got, c.rows)
				}
				if got := db.Query(c.check).String(); got != c.checkRows {
					t.Errorf("after %s, %s:\n%s\nwant:\n%s", c.call, c.check, got, c.checkRows)
				}
			})
			t.Run("refusal", func(t *testing.T) {
				db := sqltest.OpenTables(t, "pk_09")
				for _, q := range c.setup {
					db.Query(q)
				}
				before := db.Query(c.check).String()
				db.Fails(sqltest.Root, c.refuseCode, c.refuse)
				if after := db.Query(c.check).String(); after != before {
					t.Errorf("the refused %s changed %s:\n%s\nwas:\n%s", c.refuse, c.check, after, before)
				}
			})
		})
	}
}

// setupOrphan writes a file in a bucket of pk_09 that no snapshot names,
// old enough for remove_orphan_files' default older_than (one day).
func setupOrphan(t *testing.T, wh string) {
	t.Helper()
	orphan := filepath.Join(wh, "pk_09.db", "pk_09", "f1=10", "bucket-0", "data-orphan.parquet")
	if err := os.WriteFile(orphan, []byte("stale"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(orphan, old, old); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := os.Stat(orphan); !os.IsNotExist(err) {
			t.Errorf("the orphan file is still there: %v", err)
		}
	})
}

// TestProcedureCasesCoverEveryProcedure: a procedure added to All needs a
// case above.
func TestProcedureCasesCoverEveryProcedure(t *testing.T) {
	for _, p := range procedures.All() {
		if _, ok := procedureCases[p.Name]; !ok {
			t.Errorf("procedure %s has no case in procedureCases", p.Name)
		}
	}
}

// TestProcedurePrivileges: CALL needs EXECUTE, and then the privileges on
// the table the procedure changes; a user with SELECT only reads.
func TestProcedurePrivileges(t *testing.T) {
	db := sqltest.Open(t, testfixture.JavaWritten)
	db.User("reader", "SELECT ON pk_09.*", "EXECUTE ON *.*")
	db.User("noexec", "ALL ON pk_09.*")
	db.Fails("reader", 1142, tagT3) // ER_TABLEACCESS_DENIED_ERROR
	if _, err := db.Exec("noexec", tagT3); err == nil {
		t.Error("a user without EXECUTE called sys.create_tag")
	}
	if got := db.Query(tags).String(); got != "" {
		t.Errorf("refused calls created tags: %s", got)
	}
	db.User("owner", "ALL ON pk_09.*", "EXECUTE ON *.*")
	if _, err := db.Exec("owner", tagT3); err != nil {
		t.Errorf("the table's owner cannot tag it: %v", err)
	}
}
