package tests

// Reliability under damaged files, hostile options and odd names (issue 17):
// every reproduction of a silent short read, a crash, a hang or a table that
// blocks its database, over the MySQL wire.

import (
	"context"
	gosql "database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// partitionedEight creates shop.t with one row in each of 8 partitions, each
// written by its own INSERT so that every row lives in its own data file.
func partitionedEight(t *testing.T, w *wenv) {
	t.Helper()
	sqlRun(t, w.db, "CREATE DATABASE shop",
		"CREATE TABLE shop.t (id INT, p INT) PARTITIONED BY (p)")
	for i := 0; i < 8; i++ {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO shop.t VALUES (%d, %d)", i, i))
	}
}

// dataFiles lists the data files of a table directory, by path.
func dataFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "data-") {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A data file cut to 0..3 bytes used to end the read early: the error of its
// worker wrapped io.EOF, which the row iterator took for the end of the data,
// so rows of other partitions went missing too, a different number each run.
func TestTruncatedDataFileFailsTheSelectNamingTheFile(t *testing.T) {
	for size := 0; size <= 3; size++ {
		t.Run(fmt.Sprintf("%d bytes", size), func(t *testing.T) {
			dir := t.TempDir()
			w := startWarehouse(t, dir)
			partitionedEight(t, w)
			files := dataFiles(t, filepath.Join(dir, "shop.db", "t"))
			if len(files) != 8 {
				t.Fatalf("%d data files, want 8", len(files))
			}
			victim := files[3]
			if err := os.Truncate(victim, int64(size)); err != nil {
				t.Fatal(err)
			}
			for run := 0; run < 5; run++ {
				err := queryErr(t, w.db, "SELECT * FROM shop.t")
				if !strings.Contains(err.Error(), filepath.Base(victim)) {
					t.Fatalf("error %q does not name %s", err, filepath.Base(victim))
				}
			}
		})
	}
}

// kvWithRuns creates shop.kv, a primary-key table with three overlapping
// level-0 files: minor compaction has sorted runs to pick from.
func kvWithRuns(t *testing.T, w *wenv, with string) {
	t.Helper()
	sqlRun(t, w.db, "CREATE DATABASE shop",
		"CREATE TABLE shop.kv (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1'"+with+")",
		"INSERT INTO shop.kv VALUES (1, 'a'), (2, 'b')",
		"INSERT INTO shop.kv VALUES (2, 'B'), (3, 'c')",
		"INSERT INTO shop.kv VALUES (3, 'C'), (4, 'd')")
}

// Counts out of Java's range are refused where a user gives them: CREATE,
// ALTER and the options argument of procedures. A trigger of 0 used to be
// accepted and crash minor compaction; 2147483648 given to sys.compact
// looped forever.
func TestOptionCountsOutOfRangeAreRefused(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	kvWithRuns(t, w, "")
	bad := []struct{ stmt, want string }{
		{"CREATE TABLE shop.z (id INT) WITH ('num-sorted-run.compaction-trigger' = '0')", "'num-sorted-run.compaction-trigger' = 0 is out of range: use at least 1"},
		{"CREATE TABLE shop.z (id INT) WITH ('num-sorted-run.compaction-trigger' = '-3')", "out of range"},
		{"CREATE TABLE shop.z (id INT) WITH ('num-levels' = '1')", "'num-levels' = 1 is out of range: use at least 2"},
		{"CREATE TABLE shop.z (id INT) WITH ('compaction.offpeak.start.hour' = '24')", "use from 0 to 23, or -1"},
		{"ALTER TABLE shop.kv SET ('num-sorted-run.compaction-trigger' = '0')", "out of range"},
		{"ALTER TABLE shop.kv SET ('num-sorted-run.compaction-trigger' = '2147483648')", "is not an integer"},
		{"ALTER TABLE shop.kv SET ('snapshot.expire.limit' = '0')", "out of range"},
		{"CALL sys.compact(`table` => 'shop.kv', compact_strategy => 'minor', options => 'num-sorted-run.compaction-trigger=0')", "out of range"},
		{"CALL sys.compact(`table` => 'shop.kv', compact_strategy => 'minor', options => 'num-sorted-run.compaction-trigger=2147483648')", "is not an integer"},
		{"CALL sys.expire_snapshots(`table` => 'shop.kv', options => 'snapshot.num-retained.min=0')", "should be at least 1"},
	}
	for _, b := range bad {
		done := make(chan error, 1)
		go func() { done <- queryErrOrNil(w.db, b.stmt) }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), b.want) {
				t.Errorf("%s: error %v, want %q", b.stmt, err, b.want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: no answer after 20 s", b.stmt)
		}
	}
	if _, err := os.Stat(filepath.Join(w.dir, "shop.db", "z")); !os.IsNotExist(err) {
		t.Errorf("refused CREATE TABLE left shop.db/z: %v", err)
	}
	wantRows(t, w.db, split("1|a", "2|B", "3|C", "4|d"), "SELECT * FROM shop.kv")
}

// A table whose stored options are out of range (written by another tool)
// gets a clear error from compaction, not a crash of the server.
func TestCompactionRefusesStoredTriggerOutOfRange(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	kvWithRuns(t, w, "")
	schemaFile := filepath.Join(w.dir, "shop.db", "kv", "schema", "schema-0")
	data, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), `"options" : {`, `"options" : {
    "num-sorted-run.compaction-trigger" : "0",`, 1)
	if edited == string(data) {
		t.Fatalf("no options object in %s", data)
	}
	if err := os.WriteFile(schemaFile, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	w2 := serveDir(t, w.dir)
	err = queryErr(t, w2.db, "CALL sys.compact(`table` => 'shop.kv', compact_strategy => 'minor')")
	if !strings.Contains(err.Error(), "out of range") {
		t.Fatalf("error %v, want the range of the trigger", err)
	}
	wantRows(t, w2.db, split("1|a", "2|B", "3|C", "4|d"), "SELECT * FROM shop.kv")
}

// queryErrOrNil runs a statement and returns its error.
func queryErrOrNil(db *gosql.DB, stmt string) error {
	_, err := query(db, stmt)
	return err
}

// KILL QUERY stops a long compaction within seconds, and the compaction
// leaves nothing behind: no snapshot, no file no snapshot references.
func TestKillQueryStopsALongCompaction(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE shop",
		"CREATE TABLE shop.kv (id INT NOT NULL, v VARCHAR(600), PRIMARY KEY (id)) WITH ('bucket' = '1')")
	const batches, batch = 6, 40000
	for k := 0; k < batches; k++ {
		vals := make([]string, batch)
		for i := range vals {
			id := k*batch + i
			vals[i] = fmt.Sprintf("(%d, REPEAT(MD5('%d'), 16))", id, id)
		}
		sqlRun(t, w.db, "INSERT INTO shop.kv VALUES "+strings.Join(vals, ","))
	}
	before := len(sqlSnapshots(t, w.db, "shop", "kv"))

	ctx := context.Background()
	conn := oneConn(t, w.db)
	var id int64
	if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	// 240k rows of 512 bytes at zstd's slowest level: several seconds of
	// compaction on any machine.
	done := make(chan error, 1)
	go func() {
		_, err := conn.ExecContext(ctx, "CALL sys.compact(`table` => 'shop.kv', options => 'file.compression.zstd-level=22')")
		done <- err
	}()
	if !waitFor(10*time.Second, func() bool { return goroutinesIn("paimon-sql/core/compact.") > 0 }) {
		t.Fatal("the compaction did not start")
	}
	select {
	case err := <-done:
		t.Fatalf("compaction ended before it was killed: %v", err)
	default:
	}
	killed := time.Now()
	sqlRun(t, w.db, fmt.Sprintf("KILL QUERY %d", id))
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("killed compaction reported success")
		}
		t.Logf("compaction stopped %v after KILL QUERY: %v", time.Since(killed), err)
	case <-time.After(5 * time.Second):
		t.Fatal("compaction still running 5 s after KILL QUERY")
	}
	if after := len(sqlSnapshots(t, w.db, "shop", "kv")); after != before {
		t.Errorf("%d snapshots after the killed compaction, %d before", after, before)
	}
	checkStorage(t, w.fs, "shop", "kv")
	wantRows(t, w.db, split(fmt.Sprint(batches*batch)), "SELECT COUNT(*) FROM shop.kv")
}

// databaseStillServes checks what every user of a database relies on:
// information_schema, SHOW TABLE STATUS, reading a healthy table, and
// finally dropping the database once its tables are gone.
func databaseStillServes(t *testing.T, w *wenv, healthy string, dropFirst ...string) {
	t.Helper()
	mustQuery(t, w.db, "SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop'")
	mustQuery(t, w.db, "SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'shop'")
	mustQuery(t, w.db, "SHOW TABLE STATUS FROM shop")
	mustQuery(t, w.db, "SHOW TABLES FROM shop")
	wantRows(t, w.db, split("1"), "SELECT COUNT(*) FROM shop."+healthy)
	for _, tbl := range append(dropFirst, healthy) {
		sqlRun(t, w.db, "DROP TABLE shop."+tbl)
	}
	sqlRun(t, w.db, "DROP DATABASE shop")
	if _, err := os.Stat(filepath.Join(w.dir, "shop.db")); !os.IsNotExist(err) {
		t.Errorf("shop.db still there after DROP DATABASE: %v", err)
	}
}

// Names that Java refuses, or that the warehouse's path mapping cannot give
// back (an escape sequence, a control character), are refused with nothing
// written; they used to leave a directory and schema-0 that broke
// information_schema and DROP DATABASE for the whole database.
func TestTableNamesThatCannotRoundTripAreRefused(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE shop", "CREATE TABLE shop.ok (id INT)", "INSERT INTO shop.ok VALUES (1)")
	for _, name := range []string{"x__0x2f__y", "tab\x01le", "new\nline", "a$b", "..", "a/b"} {
		err := sqlRunErr(t, w.db, "CREATE TABLE shop.`"+name+"` (id INT)")
		if !strings.Contains(err.Error(), "table name") {
			t.Errorf("CREATE TABLE %q: error %v, want one about the table name", name, err)
		}
	}
	entries, err := os.ReadDir(filepath.Join(w.dir, "shop.db"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "ok" {
		t.Errorf("refused names left entries in shop.db: %v", entries)
	}
	databaseStillServes(t, w, "ok")
}

// A table whose schema file is corrupt fails its own statements only.
func TestCorruptSchemaBreaksOnlyItsTable(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE shop", "CREATE TABLE shop.ok (id INT)", "INSERT INTO shop.ok VALUES (1)",
		"CREATE TABLE shop.bad (id INT)", "INSERT INTO shop.bad VALUES (2)")
	if err := os.WriteFile(filepath.Join(w.dir, "shop.db", "bad", "schema", "schema-0"), []byte(`{"version": 3, "fields": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	w2 := &wenv{env: serveDir(t, w.dir), fs: w.fs, url: w.url}
	for _, q := range []string{"SELECT * FROM shop.bad", "SHOW CREATE TABLE shop.bad", "INSERT INTO shop.bad VALUES ()"} {
		err := queryErr(t, w2.db, q)
		if !strings.Contains(err.Error(), "schema-0") {
			t.Errorf("%s: error %v does not name the schema file", q, err)
		}
	}
	databaseStillServes(t, w2, "ok", "bad")
}

// A table directory left half-created by an earlier build under a name the
// path mapping cannot give back is invisible, and DROP DATABASE removes it.
func TestLeftoverUnaddressableTableIsInvisible(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE shop", "CREATE TABLE shop.ok (id INT)", "INSERT INTO shop.ok VALUES (1)")
	schema0, err := os.ReadFile(filepath.Join(w.dir, "shop.db", "ok", "schema", "schema-0"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"x__0x2f__y", "new\nline"} {
		dir := filepath.Join(w.dir, "shop.db", name, "schema")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "schema-0"), schema0, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantRows(t, w.db, split("ok"), "SHOW TABLES FROM shop")
	databaseStillServes(t, w, "ok")
}
