package tests

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// A procedure whose target (tag, snapshot, consumer) does not exist fails
// with the target named, and the table keeps its snapshots.
func TestProcedureMissingTargets(t *testing.T) {
	e := startServer(t, nil)
	before := mustQuery(t, e.db, "SELECT snapshot_id FROM pk_09.`pk_09$snapshots` ORDER BY snapshot_id")
	for q, want := range map[string]string{
		"CALL sys.rollback_to('pk_09.pk_09', 'nosuchtag')":                  "tag 'nosuchtag' does not exist",
		"CALL sys.rollback_to('pk_09.pk_09', '99')":                         "99",
		"CALL sys.rollback_to(`table` => 'pk_09.pk_09', snapshot_id => 99)": "99",
		"CALL sys.delete_tag('pk_09.pk_09', 'nosuchtag')":                   "nosuchtag",
		"CALL sys.reset_consumer('pk_09.pk_09', 'nosuchconsumer')":          "consumer 'nosuchconsumer' does not exist",
	} {
		err := queryErr(t, e.db, q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", q, err, want)
		}
	}
	after := mustQuery(t, e.db, "SELECT snapshot_id FROM pk_09.`pk_09$snapshots` ORDER BY snapshot_id")
	sameRows(t, "snapshots after failed calls", after.rows, before.rows)
}

// An OPTIONS hint after a table name reads the snapshot it names, as Flink
// and Spark do, instead of the latest one.
func TestOptionsHintTimeTravel(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CALL sys.create_tag('pk_09.pk_09', 'at3', 3)")
	snap3 := mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09 AS OF 3 ORDER BY 1")
	latest := mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09 ORDER BY 1")
	if reflect.DeepEqual(snap3.rows, latest.rows) {
		t.Fatal("fixture: snapshot 3 reads as the latest")
	}
	data, err := os.ReadFile(filepath.Join(e.dir, "pk_09.db/pk_09/snapshot/snapshot-3"))
	if err != nil {
		t.Fatal(err)
	}
	var snap struct {
		TimeMillis int64 `json:"timeMillis"`
	}
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatal(err)
	}
	ms := strconv.FormatInt(snap.TimeMillis, 10)
	for _, q := range []string{
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.snapshot-id'='3') */ ORDER BY 1",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.tag-name'='at3') */ ORDER BY 1",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.mode'='from-snapshot', 'scan.snapshot-id'='3') */ ORDER BY 1",
		"SELECT x.* FROM pk_09.pk_09 /*+ OPTIONS('scan.snapshot-id'='3', 'read.batch-size'='64') */ x ORDER BY 1",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.timestamp-millis'='" + ms + "') */ ORDER BY 1",
		"SELECT * FROM pk_09.pk_09 /*+ options('scan.mode'='from-timestamp','scan.timestamp-millis'='" + ms + "') */ ORDER BY 1",
	} {
		got := mustQuery(t, e.db, q)
		sameRows(t, q, got.rows, snap3.rows)
	}
	for q, want := range map[string]string{
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('merge-engine'='first-row') */":                    "'merge-engine' in an OPTIONS hint is not applied",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.snapshot-idd'='3') */":                       "scan.snapshot-id",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.snapshot-id'='99') */":                       "snapshot 99",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.tag-name'='nosuchtag') */":                   "tag 'nosuchtag'",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.mode'='latest', 'scan.snapshot-id'='3') */":  "reads the latest snapshot",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.snapshot-id'='3', 'scan.tag-name'='at3') */": "give one of them",
		"SELECT * FROM pk_09.pk_09 /*+ OPTIONS('scan.snapshot-id'='3' */":                         "OPTIONS hint",
	} {
		err := queryErr(t, e.db, q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", q, err, want)
		}
	}
}

// setSchemaOption rewrites one option of a fixture table's schema file, as
// an ALTER TABLE by Java would have left it.
func setSchemaOption(t *testing.T, dir, table, schemaFile, key, value string) {
	t.Helper()
	path := filepath.Join(dir, table+".db", table, "schema", schemaFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	s["options"].(map[string]any)[key] = value
	if data, err = json.Marshal(s); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The data file format is judged per file: a table whose 'file.format' was
// changed after its Parquet files were written still reads them, writes
// ORC files from then on, and reads both.
func TestFileFormatJudgedPerFile(t *testing.T) {
	const table = "append_complex_build_in_fieldid.append_complex_build_in_fieldid"
	want := mustQuery(t, startServer(t, nil).db, "SELECT * FROM "+table+" ORDER BY 1, 2")
	e := startServer(t, func(dir string) {
		setSchemaOption(t, dir, "append_complex_build_in_fieldid", "schema-0", "file.format", "orc")
	})
	got := mustQuery(t, e.db, "SELECT * FROM "+table+" ORDER BY 1, 2")
	sameRows(t, "parquet files of a table now file.format=orc", got.rows, want.rows)
	if _, err := e.db.Exec("INSERT INTO " + table + " SELECT * FROM " + table); err != nil {
		t.Fatal(err)
	}
	got = mustQuery(t, e.db, "SELECT * FROM "+table+" ORDER BY 1, 2")
	var doubled [][]string
	for _, r := range want.rows {
		doubled = append(doubled, r, r)
	}
	sameRows(t, "parquet and orc files of one table", got.rows, doubled)
	orcFiles, _ := filepath.Glob(filepath.Join(e.dir, "append_complex_build_in_fieldid.db", "append_complex_build_in_fieldid", "bucket-0", "data-*.orc"))
	if len(orcFiles) == 0 {
		t.Fatal("the INSERT wrote no .orc data file")
	}
}

// A data-evolution table whose files all hold every column reads as Java
// reads it (partial-column files: tests/dataevolution_test.go).
func TestDataEvolutionTableWithFullFilesReads(t *testing.T) {
	e := startServer(t, nil)
	got := mustQuery(t, e.db, "SELECT COUNT(*) FROM append_with_global_index.append_with_global_index")
	sameRows(t, "count", got.rows, [][]string{{"8"}})
}

// bucketsOfKeys maps each primary key (min_key of a one-row file) of
// db.tbl to the bucket its file is in.
func bucketsOfKeys(t *testing.T, e *env, db, tbl string) map[string]string {
	t.Helper()
	res := mustQuery(t, e.db, "SELECT min_key, bucket, record_count FROM "+db+".`"+tbl+"$files`")
	got := map[string]string{}
	for _, r := range res.rows {
		if r[2] != "1" {
			t.Fatalf("file with %s rows: the test writes one key per bucket", r[2])
		}
		got[r[0]] = r[1]
	}
	return got
}

// 'bucket-function.type' = 'mod' and 'hive' place keys in Java's buckets:
// mod is Math.floorMod(key, buckets); hive hashes a string as Java's
// String.hashCode of its UTF-8 bytes (signed), then (hash & MAX_INT) % buckets.
func TestBucketFunctionTypes(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE bf",
		"CREATE TABLE bf.m (id INT NOT NULL, v INT, PRIMARY KEY (id)) WITH ('bucket' = '4', 'bucket-function.type' = 'mod')",
		"INSERT INTO bf.m VALUES (4, 0), (5, 0), (-2, 0), (7, 0)",
		"CREATE TABLE bf.h (k VARCHAR(10) NOT NULL, v INT, PRIMARY KEY (k)) WITH ('bucket' = '8', 'bucket-function.type' = 'hive')",
		// hashes 97, 98, -1978 and -995684492: buckets 1, 2, 6, 4.
		"INSERT INTO bf.h VALUES ('a', 0), ('b', 0), ('é', 0), ('paimon', 0)")
	m := bucketsOfKeys(t, e.env, "bf", "m")
	if want := map[string]string{"[4]": "0", "[5]": "1", "[-2]": "2", "[7]": "3"}; !reflect.DeepEqual(m, want) {
		t.Errorf("mod buckets %v, want %v", m, want)
	}
	h := bucketsOfKeys(t, e.env, "bf", "h")
	if want := map[string]string{"[a]": "1", "[b]": "2", "[é]": "6", "[paimon]": "4"}; !reflect.DeepEqual(h, want) {
		t.Errorf("hive buckets %v, want %v", h, want)
	}
	got := mustQuery(t, e.db, "SELECT k FROM bf.h WHERE k = 'paimon'")
	sameRows(t, "point read", got.rows, [][]string{{"paimon"}})
	sqlRun(t, e.db, "CREATE TABLE bf.bad (k VARCHAR(10) NOT NULL, PRIMARY KEY (k)) WITH ('bucket' = '2', 'bucket-function.type' = 'mod')")
	if err := queryErr(t, e.db, "INSERT INTO bf.bad VALUES ('x')"); err == nil || !strings.Contains(err.Error(), "INT or BIGINT") {
		t.Errorf("mod over a VARCHAR key: got %v", err)
	}
}

// UPDATE and DELETE follow Java's rules per merge engine: UPDATE only on
// deduplicate and partial-update (an aggregation table would add, a
// first-row table would keep the old row), DELETE only where a -D removes
// the row. A refused statement changes nothing.
func TestRowLevelOperationsPerMergeEngine(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE me",
		"CREATE TABLE me.agg (id INT NOT NULL, v BIGINT, PRIMARY KEY (id)) WITH ('merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'sum')",
		"CREATE TABLE me.aggdel (id INT NOT NULL, v BIGINT, PRIMARY KEY (id)) WITH ('merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'sum', 'aggregation.remove-record-on-delete' = 'true')",
		"CREATE TABLE me.fr (id INT NOT NULL, v BIGINT, PRIMARY KEY (id)) WITH ('merge-engine' = 'first-row', 'write-only' = 'true')",
		"CREATE TABLE me.pu (id INT NOT NULL, v BIGINT, PRIMARY KEY (id)) WITH ('merge-engine' = 'partial-update')",
		"CREATE TABLE me.pudel (id INT NOT NULL, v BIGINT, PRIMARY KEY (id)) WITH ('merge-engine' = 'partial-update', 'partial-update.remove-record-on-delete' = 'true')")
	for _, tbl := range []string{"agg", "aggdel", "fr", "pu", "pudel"} {
		sqlRun(t, e.db, "INSERT INTO me."+tbl+" VALUES (1, 10), (2, 20)")
	}
	for q, want := range map[string]string{
		"UPDATE me.agg SET v = 5 WHERE id = 1": "merge engine aggregation can not support UPDATE",
		"UPDATE me.fr SET v = 5 WHERE id = 1":  "merge engine first-row can not support UPDATE",
		"DELETE FROM me.agg WHERE id = 1":      "set aggregation.remove-record-on-delete to true",
		"DELETE FROM me.fr WHERE id = 1":       "merge engine first-row can not support batch delete",
		"DELETE FROM me.pu WHERE id = 1":       "set partial-update.remove-record-on-delete to true",
		"UPDATE me.pu SET id = 3 WHERE id = 1": "set partial-update.remove-record-on-delete to true",
	} {
		err := queryErr(t, e.db, q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", q, err, want)
		}
	}
	for _, tbl := range []string{"agg", "pu"} {
		got := mustQuery(t, e.db, "SELECT id, v FROM me."+tbl+" ORDER BY id")
		sameRows(t, tbl+" after refused statements", got.rows, [][]string{{"1", "10"}, {"2", "20"}})
	}
	// A write-only first-row table shows rows only after compaction (Java
	// skips level 0 in batch reads), so the refusal must not depend on
	// matching rows.
	for _, tbl := range []string{"agg", "fr", "pu"} {
		got := mustQuery(t, e.db, "SELECT COUNT(*) FROM me.`"+tbl+"$snapshots`")
		sameRows(t, tbl+" snapshots after refused statements", got.rows, [][]string{{"1"}})
	}
	sqlRun(t, e.db, "DELETE FROM me.aggdel WHERE id = 1", "DELETE FROM me.pudel WHERE id = 1",
		"UPDATE me.pu SET v = 7 WHERE id = 2")
	for tbl, want := range map[string][][]string{
		"aggdel": {{"2", "20"}}, "pudel": {{"2", "20"}}, "pu": {{"1", "10"}, {"2", "7"}},
	} {
		got := mustQuery(t, e.db, "SELECT id, v FROM me."+tbl+" ORDER BY id")
		sameRows(t, tbl, got.rows, want)
	}
}

// 'rowkind.field' names the column whose value is each written row's kind,
// as Java's writers read it: a row marked -D deletes its key.
func TestRowKindFieldOnWrite(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE rk",
		"CREATE TABLE rk.t (id INT NOT NULL, v VARCHAR(10), op VARCHAR(2), PRIMARY KEY (id)) WITH ('rowkind.field' = 'op')",
		"INSERT INTO rk.t VALUES (1, 'a', '+I'), (2, 'b', '+I'), (3, 'c', '+I')",
		"INSERT INTO rk.t VALUES (1, 'a', '-D'), (2, 'B', '+U')")
	got := mustQuery(t, e.db, "SELECT id, v, op FROM rk.t ORDER BY id")
	sameRows(t, "after a -D and a +U row", got.rows, [][]string{{"2", "B", "+U"}, {"3", "c", "+I"}})
	for q, want := range map[string]string{
		"INSERT INTO rk.t VALUES (4, 'd', 'X')":  "unsupported short string 'X' for row kind",
		"INSERT INTO rk.t VALUES (4, 'd', NULL)": "row kind cannot be null",
	} {
		if err := queryErr(t, e.db, q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", q, err, want)
		}
	}
}

// A table with an option paimon-sql refuses on write (Iceberg metadata,
// commit callbacks, a data-evolution blob column) stays readable, and every
// write fails naming the option and what to do, leaving the files as they
// were; CREATE TABLE with such an option fails the same way.
func TestRefusedOptionsOnWrite(t *testing.T) {
	for key, value := range map[string]string{
		"metadata.iceberg.storage": "table-location",
		"commit.callbacks":         "com.example.Callback",
		"blob-field":               "f0",
	} {
		e := startServer(t, func(dir string) { setSchemaOption(t, dir, "pk_09", "schema-0", key, value) })
		before := xpTree(t, e.dir)
		for _, q := range []string{
			"INSERT INTO pk_09.pk_09 VALUES ('Alice', 10, 1, 99.5)",
			"DELETE FROM pk_09.pk_09 WHERE f1 = 10",
			"CALL sys.compact('pk_09.pk_09')",
		} {
			err := queryErr(t, e.db, q)
			if err == nil || !strings.Contains(err.Error(), "option '"+key+"' = '"+value+"' cannot be ") {
				t.Errorf("%s with %s: got %v", q, key, err)
			}
		}
		xpSameTree(t, "after refused writes with "+key, before, xpTree(t, e.dir))
		if key != "blob-field" {
			mustQuery(t, e.db, "SELECT COUNT(*) FROM pk_09.pk_09")
		}
		err := queryErr(t, e.db, "CREATE TABLE pk_09.n (id INT) WITH ('"+key+"' = '"+value+"')")
		if !strings.Contains(err.Error(), "'"+key+"'") {
			t.Errorf("CREATE TABLE with %s: %v", key, err)
		}
	}
}

// An option refused on read (a time-travel option stored in the table)
// fails CREATE TABLE and ALTER TABLE SET, naming it, rather than creating a
// table whose reads fail.
func TestReadRefusedOptionsInDDL(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE rr", "CREATE TABLE rr.t (id INT)")
	for _, q := range []string{
		"CREATE TABLE rr.u (id INT) WITH ('scan.snapshot-id' = '1')",
		"ALTER TABLE rr.t SET ('scan.snapshot-id' = '1')",
	} {
		err := queryErr(t, e.db, q)
		if !strings.Contains(err.Error(), "option 'scan.snapshot-id' = '1' cannot be read by paimon-sql") {
			t.Errorf("%s: %v", q, err)
		}
	}
	mustQuery(t, e.db, "SELECT * FROM rr.t")
}

// Issue 25, item 10: sys.compact's options accepted and ignored keys a
// compaction does not use, such as 'path', and misspelt ones.
func TestCompactRefusesOptionsItIgnores(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE c", "CREATE TABLE c.t (id INT PRIMARY KEY, v TEXT) WITH ('bucket' = '1')",
		"INSERT INTO c.t VALUES (1, 'a')", "INSERT INTO c.t VALUES (2, 'b')")
	for opts, want := range map[string]string{
		"path=/tmp/elsewhere":         "option 'path' is not one a compaction uses",
		"scan.snapshot-id=1":          "option 'scan.snapshot-id' is not one a compaction uses",
		"target-file-sise=1mb":        "target-file-size", // the nearest key
		"snapshot.num-retained.max=1": "option 'snapshot.num-retained.max' is not one a compaction uses",
	} {
		err := sqlRunErr(t, w.db, "CALL sys.compact(`table` => 'c.t', options => '"+opts+"')")
		if !strings.Contains(err.Error(), want) {
			t.Errorf("options %s: %v, want %q", opts, err, want)
		}
	}
	mustQuery(t, w.db, "CALL sys.compact(`table` => 'c.t', options => 'target-file-size=1mb,commit.max-retries=3')")
	wantRows(t, w.db, [][]string{{"1", "a"}, {"2", "b"}}, "SELECT * FROM c.t ORDER BY id")
}

// Issue 25, item 10: CREATE TABLE stored a 'path' option and a 'branch'
// option that climbs out of the table directory, which Java may honour.
// Java's FileSystemCatalog refuses 'path'; 'branch' other than 'main' is
// refused as it would make Java read another directory.
func TestCreateTableRefusesPathAndBranch(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE c")
	for stmt, want := range map[string]string{
		"CREATE TABLE c.p (id INT) WITH ('path' = '/tmp/elsewhere')":               "option 'path' cannot be set",
		"CREATE TABLE c.b (id INT) WITH ('branch' = '../../../../../secret.db/s')": "option 'branch' = '../../../../../secret.db/s' cannot be stored",
		"CREATE TABLE c.b (id INT) WITH ('branch' = 'dev')":                        "option 'branch' = 'dev' cannot be stored",
	} {
		if err := sqlRunErr(t, w.db, stmt); !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", stmt, err, want)
		}
	}
	if names := mustQuery(t, w.db, "SHOW TABLES FROM c").rows; len(names) != 0 {
		t.Errorf("refused tables were created: %v", names)
	}
	sqlRun(t, w.db, "CREATE TABLE c.m (id INT) WITH ('branch' = 'main')")
	if err := sqlRunErr(t, w.db, "ALTER TABLE c.m SET ('branch' = '../x')"); !strings.Contains(err.Error(), "cannot be stored") {
		t.Errorf("ALTER TABLE SET 'branch': %v", err)
	}
}
