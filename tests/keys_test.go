package tests

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// Paimon keys in MySQL's metadata (issue 15): the primary key is the
// PRIMARY index, the partition keys a non-unique index named PARTITION.

// keysTable creates k.t, primary key (id, dt), partitioned by dt, and k.plain
// without keys, each with two rows.
func keysTable(t *testing.T, e *env) {
	t.Helper()
	for _, q := range []string{
		"CREATE DATABASE k",
		"CREATE TABLE k.t (id INT NOT NULL, dt VARCHAR(10) NOT NULL, v INT, PRIMARY KEY (id, dt)) PARTITIONED BY (dt)",
		"INSERT INTO k.t VALUES (1, 'a', 1), (2, 'b', 2)",
		"CREATE TABLE k.plain (a INT, b INT)",
		"INSERT INTO k.plain VALUES (1, 1), (2, 2)",
		"CREATE TABLE k.logs (dt VARCHAR(10), msg VARCHAR(20)) PARTITIONED BY (dt)",
	} {
		mustQuery(t, e.db, q)
	}
}

func TestKeysInShowIndex(t *testing.T) {
	e := startServer(t, nil)
	keysTable(t, e)
	want := split("t|0|PRIMARY|1|id|BTREE", "t|0|PRIMARY|2|dt|BTREE", "t|1|PARTITION|1|dt|BTREE")
	for _, q := range []string{"SHOW INDEX FROM k.t", "SHOW KEYS FROM k.t", "SHOW INDEXES FROM t FROM k", "/* tool */ SHOW INDEX FROM k.t"} {
		res := mustQuery(t, e.db, q)
		var got [][]string
		for _, r := range res.records() {
			got = append(got, []string{r["Table"], r["Non_unique"], r["Key_name"], r["Seq_in_index"], r["Column_name"], r["Index_type"]})
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s:\n got %v\nwant %v", q, got, want)
		}
	}
	if res := mustQuery(t, e.db, "SHOW INDEX FROM k.plain"); len(res.rows) != 0 {
		t.Errorf("SHOW INDEX of a table without keys: %v", res.rows)
	}
	// Joins on a prefix of the key and on all of it (lookup joins through
	// PRIMARY; PARTITION is never used for a lookup) give the joined rows.
	wantRows(t, e.db, split("1|a|1|1", "2|b|2|2"), "SELECT a.id, a.dt, a.v, p.b FROM k.t a JOIN k.plain p ON a.id = p.a ORDER BY a.id")
	wantRows(t, e.db, split("1|1", "2|2"), "SELECT a.id, b.v FROM k.t a JOIN k.t b ON a.id = b.id AND a.dt = b.dt ORDER BY a.id")
}

func TestKeysInInformationSchema(t *testing.T) {
	e := startServer(t, nil)
	keysTable(t, e)
	wantRows(t, e.db, split("logs|1|PARTITION|1|dt", "t|0|PRIMARY|1|id", "t|0|PRIMARY|2|dt", "t|1|PARTITION|1|dt"),
		"SELECT TABLE_NAME, NON_UNIQUE, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME FROM information_schema.STATISTICS "+
			"WHERE TABLE_SCHEMA = 'k' ORDER BY TABLE_NAME, INDEX_NAME DESC, SEQ_IN_INDEX")
	// Only the primary key is a constraint: partition keys are not unique.
	wantRows(t, e.db, split("PRIMARY|t|id|1", "PRIMARY|t|dt|2"),
		"SELECT CONSTRAINT_NAME, TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION FROM information_schema.KEY_COLUMN_USAGE "+
			"WHERE TABLE_SCHEMA = 'k' ORDER BY ORDINAL_POSITION")
	wantRows(t, e.db, split("PRIMARY|t|PRIMARY KEY"),
		"SELECT CONSTRAINT_NAME, TABLE_NAME, CONSTRAINT_TYPE FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = 'k'")
	// A partition column outside a primary key is MUL, as MySQL shows the
	// first column of a non-unique index.
	wantRows(t, e.db, split("logs|dt|MUL", "logs|msg|", "plain|a|", "plain|b|", "t|dt|PRI", "t|id|PRI", "t|v|"),
		"SELECT TABLE_NAME, COLUMN_NAME, COLUMN_KEY FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'k' ORDER BY TABLE_NAME, COLUMN_NAME")
	// MariaDB Connector/J's getPrimaryKeys, as it sends it.
	wantRows(t, e.db, split("k|NULL|t|id|1|PRIMARY", "k|NULL|t|dt|2|PRIMARY"),
		"SELECT A.TABLE_SCHEMA TABLE_CAT, NULL TABLE_SCHEM, A.TABLE_NAME, A.COLUMN_NAME, B.SEQ_IN_INDEX KEY_SEQ, B.INDEX_NAME PK_NAME "+
			"FROM INFORMATION_SCHEMA.COLUMNS A, INFORMATION_SCHEMA.STATISTICS B WHERE A.COLUMN_KEY in ('PRI','pri') AND B.INDEX_NAME='PRIMARY' "+
			"AND (ISNULL(database()) OR (A.TABLE_SCHEMA = database())) AND (ISNULL(database()) OR (B.TABLE_SCHEMA = database())) "+
			"AND A.TABLE_SCHEMA = 'k' AND B.TABLE_SCHEMA = 'k' AND A.TABLE_NAME = 't' AND B.TABLE_NAME = 't' "+
			"AND A.TABLE_SCHEMA = B.TABLE_SCHEMA AND A.TABLE_NAME = B.TABLE_NAME AND A.COLUMN_NAME = B.COLUMN_NAME ORDER BY A.COLUMN_NAME DESC")
	// As server-side prepared statements (the tests' default connection)
	// and interpolated by the client.
	wantRows(t, e.open("+00:00", true), split("t|PRIMARY|dt", "t|PRIMARY|id"),
		"SELECT TABLE_NAME, INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND INDEX_NAME = ? ORDER BY COLUMN_NAME", "k", "PRIMARY")
}

// TestTablesTimesAndSizes: information_schema.TABLES and SHOW TABLE STATUS
// give a table's first and latest commit times, and its rows and bytes from
// the manifests of the latest snapshot.
func TestTablesTimesAndSizes(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range fixtureTables(t) {
		if name == "append_09" { // ORC manifests: nothing to count
			continue
		}
		t.Run(name, func(t *testing.T) {
			root := tableDir(e.dir, name)
			snaps := snapshots(t, root)
			first, latest := snaps[0], snaps[len(snaps)-1]
			var rows, size int64
			for _, f := range liveFiles(t, root, latest) {
				rows += f.rows
				size += f.size
			}
			at := func(ms int64) string { return time.UnixMilli(ms).UTC().Format(time.DateTime) }
			res := mustQuery(t, e.db, "SELECT CREATE_TIME, UPDATE_TIME, TABLE_ROWS, DATA_LENGTH FROM information_schema.TABLES "+
				"WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", name, name)
			if len(res.rows) != 1 {
				t.Fatalf("information_schema.TABLES: %v", res.rows)
			}
			r := res.rows[0]
			if r[0] != at(first.TimeMillis) || r[1] != at(latest.TimeMillis) {
				t.Errorf("CREATE_TIME, UPDATE_TIME = %s, %s; want snapshot %d's %s and snapshot %d's %s",
					r[0], r[1], first.ID, at(first.TimeMillis), latest.ID, at(latest.TimeMillis))
			}
			sch := latestSchema(t, root)
			if sch.Options[options.ScanFallbackBranch.Key] != "" {
				// Its rows and files include the fallback branch's.
				return
			}
			if r[3] != strconv.FormatInt(size, 10) {
				t.Errorf("DATA_LENGTH = %s, want the live files' %d bytes", r[3], size)
			}
			if len(sch.PrimaryKeys) == 0 && sch.Options[options.DeletionVectorsEnabled.Key] != "true" {
				if r[2] != strconv.FormatInt(rows, 10) {
					t.Errorf("TABLE_ROWS = %s, want the live files' %d rows", r[2], rows)
				}
			}
			st := mustQuery(t, e.db, "SHOW TABLE STATUS FROM `"+name+"` LIKE '"+name+"'").records()
			if len(st) != 1 || st[0]["Create_time"] != r[0] || st[0]["Update_time"] != r[1] || st[0]["Rows"] != r[2] || st[0]["Data_length"] != r[3] {
				t.Errorf("SHOW TABLE STATUS = %v, want information_schema.TABLES' %v", st, r)
			}
		})
	}
}
