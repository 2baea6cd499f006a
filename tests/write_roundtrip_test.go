package tests

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"testing"
)

// The round-trip suite: every kind of write statement over the wire, read
// back over the wire (rows, $snapshots, $files, SHOW CREATE TABLE,
// DESCRIBE) and checked on storage after every successful write. The same
// cases run on a local warehouse here and on S3 in write_s3_test.go.

type writeCase struct {
	name string
	s3   bool // also run against the S3 object store
	run  func(t *testing.T, w *wenv)
}

var writeCases = []writeCase{
	{"CreateDropDatabaseAndTable", true, caseCreateDrop},
	{"AppendUnaware", true, caseAppendUnaware},
	{"AppendFixedBucket", true, caseAppendFixedBucket},
	{"PrimaryKeyFixedBucket", true, casePrimaryKey},
	{"PartitionedOverwrite", true, casePartitionedOverwrite},
	{"PrimaryKeyPartitionedOverwrite", false, casePKPartitionedOverwrite},
	{"Truncate", true, caseTruncate},
	{"RollingFiles", false, caseRollingFiles},
	{"Transactions", true, caseTransactions},
	{"FailedStatementLeavesNothing", true, caseFailedStatement},
	{"AlterTable", true, caseAlterTable},
	{"ShowCreateTableRoundTrip", false, caseShowCreate},
	{"DeleteAllQualified", false, caseDeleteAllQualified},
}

func TestWriteRoundTrip(t *testing.T) {
	for _, c := range writeCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.run(t, startWarehouse(t, t.TempDir()))
		})
	}
}

// fileRows is table$files: (partition, bucket, level, record_count) by file.
func fileRows(t *testing.T, w *wenv, db, table string) result {
	t.Helper()
	return mustQuery(t, w.db, fmt.Sprintf("SELECT `partition`, bucket, level, record_count, file_path, schema_id FROM `%s`.`%s$files`", db, table))
}

// checkFilesTable compares table$files with the live files decoded from
// storage: same file names, buckets and record counts.
func checkFilesTable(t *testing.T, w *wenv, db, table string, tf tableFiles) {
	t.Helper()
	var want, got []string
	for _, le := range tf.latestLive() {
		want = append(want, fmt.Sprintf("%s|%d|%d|%d", le.name, le.bucket, le.level, le.rows))
	}
	res := fileRows(t, w, db, table)
	for _, r := range res.rows {
		name := r[4][strings.LastIndex(r[4], "/")+1:]
		got = append(got, fmt.Sprintf("%s|%s|%s|%s", name, r[1], r[2], r[3]))
		if !strings.Contains(r[4], "bucket-"+r[1]+"/") {
			t.Errorf("$files path %s not in bucket-%s", r[4], r[1])
		}
	}
	sameRows(t, db+"."+table+"$files", split(got...), split(want...))
}

func countRows(t *testing.T, w *wenv, q string) int {
	t.Helper()
	res := mustQuery(t, w.db, q)
	n, err := strconv.Atoi(res.rows[0][0])
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func caseCreateDrop(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE wdb")
	wantRows(t, w.db, split("wdb"), "SHOW DATABASES LIKE 'wdb'")
	sqlRun(t, w.db, "CREATE TABLE wdb.t1 (id INT NOT NULL, name VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '2')")
	sqlRun(t, w.db, "CREATE TABLE wdb.t2 (a BIGINT, b TEXT)")
	wantRows(t, w.db, split("t1", "t2"), "SHOW TABLES FROM wdb")
	// A new table has a schema and no snapshot; it reads empty.
	wantRows(t, w.db, nil, "SELECT * FROM wdb.t1")
	wantSnapshots(t, w.db, "wdb", "t1")
	if n := len(walkFiles(t, w.fs, "wdb.db/t1/schema")); n != 1 {
		t.Errorf("t1 has %d schema files, want 1", n)
	}
	checkStorage(t, w.fs, "wdb", "t1")
	// Duplicates are refused, IF NOT EXISTS is quiet.
	sqlRunErr(t, w.db, "CREATE TABLE wdb.t1 (id INT)")
	sqlRun(t, w.db, "CREATE TABLE IF NOT EXISTS wdb.t1 (id INT)")
	sqlRunErr(t, w.db, "CREATE DATABASE wdb")
	// A database with tables is not dropped.
	sqlRunErr(t, w.db, "DROP DATABASE wdb")
	sqlRun(t, w.db, "INSERT INTO wdb.t2 VALUES (1, 'x')")
	checkStorage(t, w.fs, "wdb", "t2")
	sqlRun(t, w.db, "DROP TABLE wdb.t2")
	wantRows(t, w.db, split("t1"), "SHOW TABLES FROM wdb")
	if files := walkFiles(t, w.fs, "wdb.db/t2"); len(files) != 0 {
		t.Errorf("DROP TABLE left %v", files)
	}
	sqlRun(t, w.db, "DROP TABLE wdb.t1")
	// The database outlives its last table, as in MySQL.
	wantRows(t, w.db, split("wdb"), "SHOW DATABASES LIKE 'wdb'")
	if _, err := w.db.Exec("DROP DATABASE wdb"); err != nil {
		t.Errorf("DROP DATABASE of a database whose tables were dropped: %v", err)
	}
	wantRows(t, w.db, nil, "SHOW DATABASES LIKE 'wdb'")
	sqlRunErr(t, w.db, "SELECT * FROM wdb.t1")
	// The name is free again.
	sqlRun(t, w.db, "CREATE DATABASE wdb", "CREATE TABLE wdb.t1 (x INT)", "INSERT INTO wdb.t1 VALUES (7)")
	wantRows(t, w.db, split("7"), "SELECT * FROM wdb.t1")
	wantSnapshots(t, w.db, "wdb", "t1", "APPEND")
	checkStorage(t, w.fs, "wdb", "t1")
}

func caseAppendUnaware(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE ap",
		"CREATE TABLE ap.log (id BIGINT, msg TEXT, amount DECIMAL(10,2), ts DATETIME(3), d DATE, ok BOOLEAN, f DOUBLE)")
	if n := sqlRun(t, w.db, "INSERT INTO ap.log VALUES (1, 'one', 1.50, '2024-01-02 03:04:05.678', '2024-01-02', true, 0.5), (2, NULL, NULL, NULL, NULL, NULL, NULL)"); n != 2 {
		t.Errorf("INSERT affected %d rows, want 2", n)
	}
	checkStorage(t, w.fs, "ap", "log")
	sqlRun(t, w.db, "INSERT INTO ap.log VALUES (3, 'three', -2.25, '1999-12-31 23:59:59.999', '1999-12-31', false, -1e10)")
	tf := checkStorage(t, w.fs, "ap", "log")
	wantRows(t, w.db, split(
		"1|one|1.50|2024-01-02 03:04:05.678|2024-01-02|1|0.5",
		"2|NULL|NULL|NULL|NULL|NULL|NULL",
		"3|three|-2.25|1999-12-31 23:59:59.999|1999-12-31|0|-1e+10",
	), "SELECT * FROM ap.log")
	wantSnapshots(t, w.db, "ap", "log", "APPEND", "APPEND")
	if got := tf.liveRows(); got != 3 {
		t.Errorf("live files hold %d rows, want 3", got)
	}
	for _, le := range tf.latestLive() {
		if le.bucket != 0 || le.level != 0 {
			t.Errorf("bucket-unaware append file %s in bucket %d level %d", le.name, le.bucket, le.level)
		}
	}
	checkFilesTable(t, w, "ap", "log", tf)
	// INSERT ... SELECT from the table itself doubles it.
	sqlRun(t, w.db, "INSERT INTO ap.log SELECT id + 10, msg, amount, ts, d, ok, f FROM ap.log")
	checkStorage(t, w.fs, "ap", "log")
	if n := countRows(t, w, "SELECT COUNT(*) FROM ap.log"); n != 6 {
		t.Errorf("COUNT(*) = %d, want 6", n)
	}
	// UPDATE and DELETE need a primary key; they fail and leave nothing.
	sqlRunErr(t, w.db, "UPDATE ap.log SET msg = 'x' WHERE id = 1")
	sqlRunErr(t, w.db, "DELETE FROM ap.log WHERE id = 1")
	wantSnapshots(t, w.db, "ap", "log", "APPEND", "APPEND", "APPEND")
	checkStorage(t, w.fs, "ap", "log")
}

func caseAppendFixedBucket(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE fb",
		"CREATE TABLE fb.ev (id INT, v TEXT) WITH ('bucket' = '4', 'bucket-key' = 'id')")
	var vals []string
	for i := 0; i < 40; i++ {
		vals = append(vals, fmt.Sprintf("(%d, 'v%d')", i, i))
	}
	sqlRun(t, w.db, "INSERT INTO fb.ev VALUES "+strings.Join(vals, ", "))
	tf := checkStorage(t, w.fs, "fb", "ev")
	buckets := map[int64]bool{}
	for _, le := range tf.latestLive() {
		buckets[le.bucket] = true
		if le.bucket < 0 || le.bucket > 3 {
			t.Errorf("file %s in bucket %d of a 4-bucket table", le.name, le.bucket)
		}
	}
	if len(buckets) < 2 {
		t.Errorf("40 keys went to buckets %v only", buckets)
	}
	checkFilesTable(t, w, "fb", "ev", tf)
	// The same key always goes to the same bucket: a second insert of the
	// same ids lands in the same buckets.
	sqlRun(t, w.db, "INSERT INTO fb.ev VALUES (1, 'again'), (2, 'again')")
	tf = checkStorage(t, w.fs, "fb", "ev")
	wantRows(t, w.db, split("1|v1", "1|again"), "SELECT id, v FROM fb.ev WHERE id = 1")
	bucketOf := map[string]string{}
	for _, r := range mustQuery(t, w.db, "SELECT `partition`, bucket, record_count, file_path FROM `fb`.`ev$files`").rows {
		bucketOf[r[3]] = r[1]
	}
	if n := countRows(t, w, "SELECT COUNT(*) FROM fb.ev"); n != 42 {
		t.Errorf("COUNT(*) = %d, want 42", n)
	}
	wantSnapshots(t, w.db, "fb", "ev", "APPEND", "APPEND")
	checkFilesTable(t, w, "fb", "ev", tf)
}

func casePrimaryKey(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE pk",
		"CREATE TABLE pk.users (id INT NOT NULL, name VARCHAR(50), score BIGINT, PRIMARY KEY (id)) WITH ('bucket' = '2')")
	sqlRun(t, w.db, "INSERT INTO pk.users VALUES (1, 'ann', 10), (2, 'bob', 20), (3, 'cid', 30), (4, 'dan', 40)")
	checkStorage(t, w.fs, "pk", "users")
	wantRows(t, w.db, split("1|ann|10", "2|bob|20", "3|cid|30", "4|dan|40"), "SELECT * FROM pk.users")
	// UPDATE
	if n := sqlRun(t, w.db, "UPDATE pk.users SET score = score + 1 WHERE id IN (1, 3)"); n != 2 {
		t.Errorf("UPDATE affected %d rows, want 2", n)
	}
	checkStorage(t, w.fs, "pk", "users")
	wantRows(t, w.db, split("1|ann|11", "2|bob|20", "3|cid|31", "4|dan|40"), "SELECT * FROM pk.users")
	// DELETE
	if n := sqlRun(t, w.db, "DELETE FROM pk.users WHERE id = 2"); n != 1 {
		t.Errorf("DELETE affected %d rows, want 1", n)
	}
	checkStorage(t, w.fs, "pk", "users")
	wantRows(t, w.db, split("1|ann|11", "3|cid|31", "4|dan|40"), "SELECT * FROM pk.users")
	// Upsert: INSERT of an existing key replaces the row (deduplicate).
	sqlRun(t, w.db, "INSERT INTO pk.users VALUES (4, 'dora', 44), (5, 'eve', 50)")
	checkStorage(t, w.fs, "pk", "users")
	wantRows(t, w.db, split("1|ann|11", "3|cid|31", "4|dora|44", "5|eve|50"), "SELECT * FROM pk.users")
	// UPDATE of the key itself: -D of the old key, +I of the new one.
	sqlRun(t, w.db, "UPDATE pk.users SET id = 6 WHERE id = 5")
	tf := checkStorage(t, w.fs, "pk", "users")
	wantRows(t, w.db, split("1|ann|11", "3|cid|31", "4|dora|44", "6|eve|50"), "SELECT * FROM pk.users")
	wantRows(t, w.db, split("4|dora|44"), "SELECT * FROM pk.users WHERE id = 4")
	// The fifth write brings a bucket to five sorted runs, the compaction
	// trigger: its writer compacts before committing (a COMPACT snapshot).
	wantSnapshots(t, w.db, "pk", "users", "APPEND", "APPEND", "APPEND", "APPEND", "APPEND", "COMPACT")
	for _, le := range tf.latestLive() {
		if le.bucket != 0 && le.bucket != 1 {
			t.Errorf("file %s in bucket %d of a 2-bucket table", le.name, le.bucket)
		}
	}
	checkFilesTable(t, w, "pk", "users", tf)
	// Time travel sees the rows before the delete.
	wantRows(t, w.db, split("1|ann|11", "2|bob|20", "3|cid|31", "4|dan|40"), "SELECT * FROM pk.users AS OF 2")
	// DELETE without WHERE empties the table (an OVERWRITE). USE first:
	// see caseDeleteAllQualified.
	c := oneConn(t, w.db)
	sqlRun(t, c, "USE pk", "DELETE FROM users")
	checkStorage(t, w.fs, "pk", "users")
	wantRows(t, w.db, nil, "SELECT * FROM pk.users")
	got := sqlSnapshots(t, w.db, "pk", "users")
	if len(got) != 7 || got[6].kind != "OVERWRITE" {
		t.Errorf("after DELETE without WHERE: %s, want a 7th snapshot OVERWRITE", kinds(got))
	}
	// A primary key column cannot be NULL.
	sqlRunErr(t, w.db, "INSERT INTO pk.users VALUES (NULL, 'x', 1)")
	checkStorage(t, w.fs, "pk", "users")
}

func casePartitionedOverwrite(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE pt",
		"CREATE TABLE pt.sales (dt TEXT, region TEXT, amount INT) PARTITIONED BY (dt)")
	sqlRun(t, w.db, "INSERT INTO pt.sales VALUES ('2024-01-01', 'eu', 1), ('2024-01-01', 'us', 2), ('2024-01-02', 'eu', 3), (NULL, 'xx', 9)")
	tf := checkStorage(t, w.fs, "pt", "sales")
	wantRows(t, w.db, split("2024-01-01|eu|1", "2024-01-01|us|2", "2024-01-02|eu|3", "NULL|xx|9"), "SELECT * FROM pt.sales")
	// One directory per partition; NULL goes to the default partition.
	var dirs []string
	for _, rel := range walkFiles(t, w.fs, "pt.db/sales") {
		if strings.HasPrefix(rel, "dt=") {
			dirs = append(dirs, rel[:strings.Index(rel, "/")])
		}
	}
	for _, want := range []string{"dt=2024-01-01", "dt=2024-01-02", "dt=__DEFAULT_PARTITION__"} {
		if !strings.Contains(strings.Join(dirs, " "), want) {
			t.Errorf("no partition directory %s among %v", want, dirs)
		}
	}
	checkFilesTable(t, w, "pt", "sales", tf)
	wantRows(t, w.db, split("2024-01-02|eu|3"), "SELECT * FROM pt.sales WHERE dt = '2024-01-02'")
	// Static partition overwrite: only 2024-01-01 is replaced.
	sqlRun(t, w.db, "INSERT OVERWRITE pt.sales PARTITION (dt = '2024-01-01') VALUES ('2024-01-01', 'asia', 100)")
	checkStorage(t, w.fs, "pt", "sales")
	wantRows(t, w.db, split("2024-01-01|asia|100", "2024-01-02|eu|3", "NULL|xx|9"), "SELECT * FROM pt.sales")
	// Dynamic overwrite (no PARTITION): the partitions written are replaced,
	// the others stay.
	sqlRun(t, w.db, "INSERT OVERWRITE pt.sales /*+ OPTIONS('dynamic-partition-overwrite' = 'true') */ VALUES ('2024-01-02', 'sa', 7), ('2024-01-03', 'af', 8)")
	checkStorage(t, w.fs, "pt", "sales")
	wantRows(t, w.db, split("2024-01-01|asia|100", "2024-01-02|sa|7", "2024-01-03|af|8", "NULL|xx|9"), "SELECT * FROM pt.sales")
	// Overwrite of a partition with nothing empties it.
	sqlRun(t, w.db, "INSERT OVERWRITE pt.sales PARTITION (dt = '2024-01-03') SELECT * FROM pt.sales WHERE 1 = 0")
	checkStorage(t, w.fs, "pt", "sales")
	wantRows(t, w.db, split("2024-01-01|asia|100", "2024-01-02|sa|7", "NULL|xx|9"), "SELECT * FROM pt.sales")
	wantSnapshots(t, w.db, "pt", "sales", "APPEND", "OVERWRITE", "OVERWRITE", "OVERWRITE")
	// Time travel still sees every earlier state.
	wantRows(t, w.db, split("2024-01-01|eu|1", "2024-01-01|us|2", "2024-01-02|eu|3", "NULL|xx|9"), "SELECT * FROM pt.sales AS OF 1")
	// A PARTITION spec on a non-partition column is an error, with nothing left.
	sqlRunErr(t, w.db, "INSERT OVERWRITE pt.sales PARTITION (region = 'eu') VALUES ('2024-01-01', 'eu', 1)")
	wantSnapshots(t, w.db, "pt", "sales", "APPEND", "OVERWRITE", "OVERWRITE", "OVERWRITE")
	tf = checkStorage(t, w.fs, "pt", "sales")
	checkFilesTable(t, w, "pt", "sales", tf)
	wantRows(t, w.db, split("{2024-01-01}", "{2024-01-02}", "{null}"), "SELECT DISTINCT `partition` FROM `pt`.`sales$files`")
}

func casePKPartitionedOverwrite(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE pp",
		"CREATE TABLE pp.t (dt INT NOT NULL, id INT NOT NULL, v TEXT, PRIMARY KEY (dt, id)) PARTITIONED BY (dt) WITH ('bucket' = '3')")
	sqlRun(t, w.db, "INSERT INTO pp.t VALUES (1, 1, 'a'), (1, 2, 'b'), (2, 1, 'c'), (2, 2, 'd')")
	checkStorage(t, w.fs, "pp", "t")
	sqlRun(t, w.db, "UPDATE pp.t SET v = 'B' WHERE dt = 1 AND id = 2")
	sqlRun(t, w.db, "DELETE FROM pp.t WHERE dt = 2 AND id = 1")
	checkStorage(t, w.fs, "pp", "t")
	wantRows(t, w.db, split("1|1|a", "1|2|B", "2|2|d"), "SELECT * FROM pp.t")
	sqlRun(t, w.db, "INSERT OVERWRITE pp.t PARTITION (dt = 1) VALUES (1, 9, 'z')")
	tf := checkStorage(t, w.fs, "pp", "t")
	wantRows(t, w.db, split("1|9|z", "2|2|d"), "SELECT * FROM pp.t")
	wantSnapshots(t, w.db, "pp", "t", "APPEND", "APPEND", "APPEND", "OVERWRITE")
	checkFilesTable(t, w, "pp", "t", tf)
}

func caseTruncate(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE tr",
		"CREATE TABLE tr.t (p INT, x INT) PARTITIONED BY (p)",
		"INSERT INTO tr.t VALUES (1, 1), (2, 2)")
	checkStorage(t, w.fs, "tr", "t")
	sqlRun(t, w.db, "TRUNCATE TABLE tr.t")
	tf := checkStorage(t, w.fs, "tr", "t")
	wantRows(t, w.db, nil, "SELECT * FROM tr.t")
	wantSnapshots(t, w.db, "tr", "t", "APPEND", "OVERWRITE")
	if n := len(tf.latestLive()); n != 0 {
		t.Errorf("%d live files after TRUNCATE", n)
	}
	wantRows(t, w.db, nil, "SELECT * FROM `tr`.`t$files`")
	sqlRun(t, w.db, "INSERT INTO tr.t VALUES (3, 3)")
	checkStorage(t, w.fs, "tr", "t")
	wantRows(t, w.db, split("3|3"), "SELECT * FROM tr.t")
	wantRows(t, w.db, split("1|1", "2|2"), "SELECT * FROM tr.t AS OF 1")
	wantSnapshots(t, w.db, "tr", "t", "APPEND", "OVERWRITE", "APPEND")
}

func caseRollingFiles(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE rl",
		"CREATE TABLE rl.a (id INT, pad TEXT) WITH ('target-file-size' = '16kb')",
		"CREATE TABLE rl.k (id INT NOT NULL, pad TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1', 'target-file-size' = '16kb')")
	for _, tbl := range []string{"rl.a", "rl.k"} {
		var vals []string
		for i := 0; i < 3000; i++ {
			vals = append(vals, fmt.Sprintf("(%d, '%s')", i, noiseText(i, 60)))
		}
		sqlRun(t, w.db, "INSERT INTO "+tbl+" VALUES "+strings.Join(vals, ", "))
		name := strings.TrimPrefix(tbl, "rl.")
		tf := checkStorage(t, w.fs, "rl", name)
		if n := len(tf.latestLive()); n < 2 {
			t.Errorf("%s: 3000 rows with target-file-size 16kb made %d file(s)", tbl, n)
		}
		if got := tf.liveRows(); got != 3000 {
			t.Errorf("%s: live files hold %d rows", tbl, got)
		}
		if n := countRows(t, w, "SELECT COUNT(*) FROM "+tbl); n != 3000 {
			t.Errorf("%s: COUNT(*) = %d", tbl, n)
		}
		wantRows(t, w.db, split("2999"), "SELECT MAX(id) FROM "+tbl)
		checkFilesTable(t, w, "rl", name, tf)
	}
	// Rolled level-0 files of a primary-key table still merge: an update of
	// every key reads back once per key.
	sqlRun(t, w.db, "UPDATE rl.k SET pad = 'u' WHERE id % 100 = 0")
	checkStorage(t, w.fs, "rl", "k")
	wantRows(t, w.db, split("30|30"), "SELECT COUNT(*), COUNT(DISTINCT id) FROM rl.k WHERE pad = 'u'")
	if n := countRows(t, w, "SELECT COUNT(*) FROM rl.k"); n != 3000 {
		t.Errorf("COUNT(*) = %d after update", n)
	}
}

// noise is n incompressible-looking characters, a function of i.
func noiseText(i, n int) string {
	h := fnv.New64a()
	var b strings.Builder
	for b.Len() < n {
		fmt.Fprintf(h, "%d", i)
		fmt.Fprintf(&b, "%016x", h.Sum64())
	}
	return b.String()[:n]
}

func caseTransactions(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE tx",
		"CREATE TABLE tx.t (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '2')",
		"CREATE TABLE tx.a (x INT)")
	c := oneConn(t, w.db)
	// BEGIN; two INSERTs; COMMIT = one snapshot.
	sqlRun(t, c, "BEGIN", "INSERT INTO tx.t VALUES (1, 'a')", "INSERT INTO tx.t VALUES (2, 'b'), (1, 'a2')")
	wantSnapshots(t, w.db, "tx", "t") // nothing visible before COMMIT
	wantRows(t, w.db, nil, "SELECT * FROM tx.t")
	sqlRun(t, c, "COMMIT")
	wantSnapshots(t, w.db, "tx", "t", "APPEND")
	wantRows(t, w.db, split("1|a2", "2|b"), "SELECT * FROM tx.t")
	checkStorage(t, w.fs, "tx", "t")
	// ROLLBACK = no snapshot and no files left.
	sqlRun(t, c, "START TRANSACTION", "INSERT INTO tx.t VALUES (3, 'c')", "UPDATE tx.t SET v = 'zz' WHERE id = 1", "INSERT INTO tx.a VALUES (1)")
	sqlRun(t, c, "ROLLBACK")
	wantSnapshots(t, w.db, "tx", "t", "APPEND")
	wantSnapshots(t, w.db, "tx", "a")
	wantRows(t, w.db, split("1|a2", "2|b"), "SELECT * FROM tx.t")
	checkStorage(t, w.fs, "tx", "t")
	checkStorage(t, w.fs, "tx", "a")
	if files := walkFiles(t, w.fs, "tx.db/a"); len(files) != 1 { // schema-0
		t.Errorf("after ROLLBACK tx.a holds %v", files)
	}
	// One transaction over two tables: one snapshot per table at COMMIT.
	sqlRun(t, c, "BEGIN", "INSERT INTO tx.t VALUES (3, 'c')", "INSERT INTO tx.a VALUES (1), (2)", "INSERT INTO tx.a VALUES (3)", "DELETE FROM tx.t WHERE id = 2", "COMMIT")
	wantSnapshots(t, w.db, "tx", "t", "APPEND", "APPEND")
	wantSnapshots(t, w.db, "tx", "a", "APPEND")
	wantRows(t, w.db, split("1|a2", "3|c"), "SELECT * FROM tx.t")
	wantRows(t, w.db, split("1", "2", "3"), "SELECT * FROM tx.a")
	checkStorage(t, w.fs, "tx", "t")
	checkStorage(t, w.fs, "tx", "a")
	// The session reads its own staged writes? At least, after a failed
	// statement inside a transaction the earlier statements still commit.
	sqlRun(t, c, "BEGIN", "INSERT INTO tx.a VALUES (4)")
	sqlRunErr(t, c, "INSERT INTO tx.a VALUES ('not a number')")
	sqlRun(t, c, "COMMIT")
	wantRows(t, w.db, split("1", "2", "3", "4"), "SELECT * FROM tx.a")
	wantSnapshots(t, w.db, "tx", "a", "APPEND", "APPEND")
	checkStorage(t, w.fs, "tx", "a")
	// Autocommit off: statements commit at COMMIT.
	sqlRun(t, c, "SET autocommit = 0", "INSERT INTO tx.a VALUES (5)", "INSERT INTO tx.a VALUES (6)")
	wantSnapshots(t, w.db, "tx", "a", "APPEND", "APPEND")
	sqlRun(t, c, "COMMIT", "SET autocommit = 1")
	wantSnapshots(t, w.db, "tx", "a", "APPEND", "APPEND", "APPEND")
	wantRows(t, w.db, split("1", "2", "3", "4", "5", "6"), "SELECT * FROM tx.a")
	checkStorage(t, w.fs, "tx", "a")
	// TRUNCATE is DDL: as in MySQL it commits implicitly, so a transaction
	// around it makes an OVERWRITE and then an APPEND.
	sqlRun(t, c, "BEGIN", "TRUNCATE TABLE tx.a", "INSERT INTO tx.a VALUES (9)", "COMMIT")
	wantRows(t, w.db, split("9"), "SELECT * FROM tx.a")
	wantSnapshots(t, w.db, "tx", "a", "APPEND", "APPEND", "APPEND", "OVERWRITE", "APPEND")
	checkStorage(t, w.fs, "tx", "a")
	// DELETE without WHERE is DML: inside a transaction with a later INSERT
	// it makes one OVERWRITE holding the new rows. (USE first: see
	// caseDeleteAllQualified.)
	sqlRun(t, c, "USE tx", "BEGIN", "DELETE FROM t", "INSERT INTO t VALUES (7, 'g')", "COMMIT")
	wantRows(t, w.db, split("7|g"), "SELECT * FROM tx.t")
	wantSnapshots(t, w.db, "tx", "t", "APPEND", "APPEND", "OVERWRITE")
	checkStorage(t, w.fs, "tx", "t")
}

func caseFailedStatement(t *testing.T, w *wenv) {
	// One connection: a failed statement must leave nothing behind in its
	// session either (a pool would hide leaks behind other connections).
	c := oneConn(t, w.db)
	sqlRun(t, c, "CREATE DATABASE fs",
		"CREATE TABLE fs.t (id INT NOT NULL, v VARCHAR(3), PRIMARY KEY (id)) WITH ('bucket' = '2')",
		"CREATE TABLE fs.a (id INT NOT NULL, p INT) PARTITIONED BY (p)")
	// Many rows, the last one bad: the rows before it were already written
	// to files; none may stay, and no snapshot is made.
	var vals []string
	for i := 0; i < 500; i++ {
		vals = append(vals, fmt.Sprintf("(%d, 'ok')", i))
	}
	for _, bad := range []string{"(NULL, 'x')", "(1000, 'toolong')", "('nan', 'x')"} {
		err := sqlRunErr(t, c, "INSERT INTO fs.t VALUES "+strings.Join(vals, ", ")+", "+bad)
		t.Logf("%s: %v", bad, err)
		wantSnapshots(t, c, "fs", "t")
		if files := walkFiles(t, w.fs, "fs.db/t"); len(files) != 1 {
			t.Errorf("failed INSERT ... %s left %v", bad, files)
		}
	}
	var pvals []string
	for i := 0; i < 300; i++ {
		pvals = append(pvals, fmt.Sprintf("(%d, %d)", i, i%7))
	}
	sqlRunErr(t, c, "INSERT INTO fs.a VALUES "+strings.Join(pvals, ", ")+", (NULL, 1)")
	wantSnapshots(t, c, "fs", "a")
	if files := walkFiles(t, w.fs, "fs.db/a"); len(files) != 1 {
		t.Errorf("failed partitioned INSERT left %v", files)
	}
	// After a good write, a failing one leaves the table as it was.
	sqlRun(t, c, "INSERT INTO fs.t VALUES (1, 'a'), (2, 'b')")
	checkStorage(t, w.fs, "fs", "t")
	sqlRunErr(t, c, "INSERT INTO fs.t VALUES "+strings.Join(vals, ", ")+", (NULL, 'x')")
	sqlRunErr(t, c, "UPDATE fs.t SET v = 'way too long' WHERE id = 1")
	wantSnapshots(t, c, "fs", "t", "APPEND")
	wantRows(t, c, split("1|a", "2|b"), "SELECT * FROM fs.t")
	checkStorage(t, w.fs, "fs", "t")
	// A failed INSERT OVERWRITE leaves the partition as it was.
	sqlRun(t, c, "INSERT INTO fs.a VALUES (1, 1)")
	sqlRunErr(t, c, "INSERT OVERWRITE fs.a PARTITION (p = 1) VALUES (2, 1), (NULL, 1)")
	wantRows(t, c, split("1|1"), "SELECT * FROM fs.a")
	wantSnapshots(t, c, "fs", "a", "APPEND")
	// Read again: the statements after the failed one must not commit it.
	wantRows(t, c, split("1|1"), "SELECT * FROM fs.a")
	checkStorage(t, w.fs, "fs", "a")
}

func caseAlterTable(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE al",
		"CREATE TABLE al.t (id INT NOT NULL, a INT, b TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1')",
		"INSERT INTO al.t VALUES (1, 10, 'x'), (2, 20, 'y')")
	desc := func(want ...string) {
		t.Helper()
		res := mustQuery(t, w.db, "DESCRIBE al.t")
		var got []string
		for _, r := range res.rows {
			got = append(got, r[0]+" "+r[1])
		}
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("DESCRIBE al.t = %s\nwant %s", strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
	desc("id int", "a int", "b longtext")
	schemas := func() int { return len(walkFiles(t, w.fs, "al.db/t/schema")) }

	sqlRun(t, w.db, "ALTER TABLE al.t ADD COLUMN c BIGINT")
	desc("id int", "a int", "b longtext", "c bigint")
	wantRows(t, w.db, split("1|10|x|NULL", "2|20|y|NULL"), "SELECT * FROM al.t")
	sqlRun(t, w.db, "ALTER TABLE al.t ADD COLUMN f0 INT FIRST")
	desc("f0 int", "id int", "a int", "b longtext", "c bigint")
	sqlRun(t, w.db, "ALTER TABLE al.t ADD COLUMN a2 DOUBLE AFTER a")
	desc("f0 int", "id int", "a int", "a2 double", "b longtext", "c bigint")
	sqlRun(t, w.db, "INSERT INTO al.t VALUES (0, 3, 30, 3.5, 'z', 300)")
	checkStorage(t, w.fs, "al", "t")
	wantRows(t, w.db, split("NULL|1|10|NULL|x|NULL", "NULL|2|20|NULL|y|NULL", "0|3|30|3.5|z|300"), "SELECT * FROM al.t")

	sqlRun(t, w.db, "ALTER TABLE al.t DROP COLUMN f0")
	desc("id int", "a int", "a2 double", "b longtext", "c bigint")
	wantRows(t, w.db, split("1|10|NULL|x|NULL", "2|20|NULL|y|NULL", "3|30|3.5|z|300"), "SELECT * FROM al.t")

	sqlRun(t, w.db, "ALTER TABLE al.t RENAME COLUMN b TO label")
	desc("id int", "a int", "a2 double", "label longtext", "c bigint")
	wantRows(t, w.db, split("1|x", "2|y", "3|z"), "SELECT id, label FROM al.t")
	sqlRunErr(t, w.db, "SELECT b FROM al.t")

	// MODIFY COLUMN with an allowed cast: old files are read through it.
	sqlRun(t, w.db, "ALTER TABLE al.t MODIFY COLUMN a BIGINT")
	desc("id int", "a bigint", "a2 double", "label longtext", "c bigint")
	wantRows(t, w.db, split("1|10", "2|20", "3|30"), "SELECT id, a FROM al.t")
	wantRows(t, w.db, split("bigint"), "SELECT LOWER(DATA_TYPE) FROM information_schema.columns WHERE table_schema = 'al' AND table_name = 't' AND column_name = 'a'")
	sqlRun(t, w.db, "ALTER TABLE al.t MODIFY COLUMN a TEXT")
	desc("id int", "a longtext", "a2 double", "label longtext", "c bigint")
	wantRows(t, w.db, split("1|10", "2|20", "3|30"), "SELECT id, a FROM al.t")
	wantRows(t, w.db, split("2|20"), "SELECT id, a FROM al.t WHERE a = '20'")
	// CHANGE: rename and retype in one statement.
	sqlRun(t, w.db, "ALTER TABLE al.t CHANGE COLUMN a2 ratio DOUBLE")
	desc("id int", "a longtext", "ratio double", "label longtext", "c bigint")
	// Write after every ALTER: the new schema id is used, old rows merge.
	sqlRun(t, w.db, "INSERT INTO al.t VALUES (2, 'twenty', 2.5, 'Y', 2000)")
	tf := checkStorage(t, w.fs, "al", "t")
	wantRows(t, w.db, split("1|10|NULL|x|NULL", "2|twenty|2.5|Y|2000", "3|30|3.5|z|300"), "SELECT * FROM al.t")
	var ids []int64
	for _, le := range tf.latestLive() {
		ids = append(ids, le.schemaID)
	}
	latestSchemaID := int64(schemas() - 1)
	if ids[len(ids)-1] != latestSchemaID && !containsInt(ids, latestSchemaID) {
		t.Errorf("file schema ids %v, none is the latest schema %d", ids, latestSchemaID)
	}
	// A cast that is not allowed is refused and makes no schema.
	n := schemas()
	sqlRunErr(t, w.db, "ALTER TABLE al.t MODIFY COLUMN c DATE")
	sqlRunErr(t, w.db, "ALTER TABLE al.t DROP COLUMN id")
	if schemas() != n {
		t.Errorf("refused ALTERs wrote schemas: %d -> %d", n, schemas())
	}
	wantRows(t, w.db, split("0", "1", "2", "3", "4", "5", "6", "7", "8"), "SELECT schema_id FROM `al`.`t$schemas`")
	checkStorage(t, w.fs, "al", "t")
}

func containsInt(list []int64, x int64) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

func caseShowCreate(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE sc",
		"CREATE TABLE sc.t (dt VARCHAR(20) NOT NULL, id BIGINT NOT NULL, v DECIMAL(12,3) COMMENT 'value', PRIMARY KEY (dt, id)) COMMENT 'orders' PARTITIONED BY (dt) WITH ('bucket' = '4', 'file.compression' = 'snappy', 'changelog-producer' = 'none')")
	res := mustQuery(t, w.db, "SHOW CREATE TABLE sc.t")
	stmt := res.rows[0][1]
	for _, want := range []string{"PARTITIONED BY (`dt`)", "'bucket' = '4'", "'file.compression' = 'snappy'", "'changelog-producer' = 'none'",
		"PRIMARY KEY (`dt`,`id`)", "`v` decimal(12,3)", "COMMENT 'value'", "orders"} {
		if !strings.Contains(stmt, want) {
			t.Errorf("SHOW CREATE TABLE lacks %s:\n%s", want, stmt)
		}
	}
	// The printed statement creates the same table again.
	recreated := strings.Replace(stmt, "`t`", "`t2`", 1)
	sqlRun(t, w.db, "USE sc", recreated)
	a := readJSON(t, w.fs, "sc.db/t/schema/schema-0")
	b := readJSON(t, w.fs, "sc.db/t2/schema/schema-0")
	for _, k := range []string{"fields", "partitionKeys", "primaryKeys", "options", "comment"} {
		if fmt.Sprint(a[k]) != fmt.Sprint(b[k]) {
			t.Errorf("re-created table differs in %s: %v vs %v", k, a[k], b[k])
		}
	}
	sqlRun(t, w.db, "INSERT INTO sc.t VALUES ('d1', 1, 1.5)")
	wantRows(t, w.db, split("d1|1|1.500"), "SELECT * FROM sc.t")
	checkStorage(t, w.fs, "sc", "t")
}

// DELETE FROM db.t without WHERE and without a current database: the
// engine turns it into a TRUNCATE.
func caseDeleteAllQualified(t *testing.T, w *wenv) {
	sqlRun(t, w.db, "CREATE DATABASE dq",
		"CREATE TABLE dq.t (id INT NOT NULL, PRIMARY KEY (id)) WITH ('bucket' = '1')",
		"INSERT INTO dq.t VALUES (1), (2)")
	sqlRun(t, w.db, "DELETE FROM dq.t")
	wantRows(t, w.db, nil, "SELECT * FROM dq.t")
	wantSnapshots(t, w.db, "dq", "t", "APPEND", "OVERWRITE")
	checkStorage(t, w.fs, "dq", "t")
}
