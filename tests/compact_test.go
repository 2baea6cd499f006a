package tests

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// CALL sys.compact over the wire: Java-written primary-key and
// deletion-vector tables written to and compacted still read what they
// should; the COMPACT snapshot's manifests hold what Java's would.

// pkFixture describes how to write to one Java-written primary-key table.
type pkFixture struct {
	name string
	dv   bool
	// insert adds one new key and updates an existing one.
	insert string
	// key is the number of leading SELECT * columns that identify a row;
	// keyed rows of the insert replace earlier ones.
	key  []int
	rows []string // the inserted rows as SELECT * shows them
}

var pkFixtures = []pkFixture{
	{"pk_09", true, "INSERT INTO pk_09.pk_09 VALUES ('Alice', 10, 1, 99.5), ('Zed', 20, 0, 1.25)",
		[]int{0, 1, 2}, []string{"Alice|10|1|99.5", "Zed|20|0|1.25"}},
	{"pk_table_with_dv_cardinality", true, "INSERT INTO pk_table_with_dv_cardinality.pk_table_with_dv_cardinality VALUES ('Alice', 10, 1, 99.5), ('Zed', 10, 0, 1.25)",
		[]int{0, 1, 2}, []string{"Alice|10|1|99.5", "Zed|10|0|1.25"}},
	{"pk_dv_index_not_in_data_no_external", true, "INSERT INTO pk_dv_index_not_in_data_no_external.pk_dv_index_not_in_data_no_external VALUES ('Alice', 10, 1, 99.5), ('Zed', 20, 0, 1.25)",
		[]int{0, 1, 2}, []string{"Alice|10|1|99.5", "Zed|20|0|1.25"}},
	{"pk_dv_index_in_data_no_external", true, "INSERT INTO pk_dv_index_in_data_no_external.pk_dv_index_in_data_no_external VALUES ('Alice', 10, 1, 99.5), ('Zed', 10, 0, 1.25)",
		[]int{0, 1, 2}, []string{"Alice|10|1|99.5", "Zed|10|0|1.25"}},
	{"pk_with_bitmap_dv", true, "INSERT INTO pk_with_bitmap_dv.pk_with_bitmap_dv VALUES (1, 'Bobby', 11, 2, 2.5), (9, 'Nina', 30, 3, 3.5)",
		[]int{0}, []string{"1|Bobby|11|2|2.5", "9|Nina|30|3|3.5"}},
	// sequence.field = s0,s1: the update carries a larger sequence field.
	{"pk_table_with_mor", false, "INSERT INTO pk_table_with_mor.pk_table_with_mor VALUES (0, 0, 0, 0, 'zz', 'zz', 999, 'upd', 1), (7, 7, 0, 0, 'n', 'n', 1, 'new', 2)",
		[]int{0, 1, 2, 3}, nil},
}

// mergeRows is the oracle of an upsert: rows keyed by the key columns, the
// inserted ones replacing the old.
func mergeRows(old [][]string, inserted []string, key []int) [][]string {
	keyOf := func(r []string) string {
		parts := make([]string, len(key))
		for i, k := range key {
			parts[i] = r[k]
		}
		return strings.Join(parts, "|")
	}
	byKey := map[string][]string{}
	var order []string
	for _, r := range append(old, split(inserted...)...) {
		k := keyOf(r)
		if _, ok := byKey[k]; !ok {
			order = append(order, k)
		}
		byKey[k] = r
	}
	out := make([][]string, 0, len(order))
	for _, k := range order {
		out = append(out, byKey[k])
	}
	return out
}

func TestCompactJavaPrimaryKeyFixtures(t *testing.T) {
	for _, fx := range pkFixtures {
		// Not parallel: go-mysql-server's engine constructor writes global
		// status variables unsynchronised (a race under -race).
		t.Run(fx.name, func(t *testing.T) {
			e := startServer(t, nil)
			q := fx.name + "." + fx.name
			before := mustQuery(t, e.db, "SELECT * FROM "+q).rows
			mustQuery(t, e.db, fx.insert)
			afterInsert := mustQuery(t, e.db, "SELECT * FROM "+q).rows
			want := afterInsert
			if fx.dv {
				// The writer forced its level-0 files up (lookup
				// compaction), so batch reads, which skip level 0 on a DV
				// table, see the rows at once, as in Java.
				want = mergeRows(before, fx.rows, fx.key)
				sameRows(t, "DV table right after INSERT", afterInsert, want)
			}
			res := mustQuery(t, e.db, "CALL sys.compact(`table` => '"+q+"', compact_strategy => 'full')")
			// The INSERT's own compaction may have left nothing to do: a
			// deletion-vector write whose universal pick took every run
			// to the max level.
			if len(res.rows) != 1 || !strings.Contains(res.rows[0][0], "compacted") && !(fx.dv && res.rows[0][0] == "nothing to compact") {
				t.Fatalf("compact result: %v", res.rows)
			}
			sameRows(t, "after full compaction", mustQuery(t, e.db, "SELECT * FROM "+q).rows, want)
			kinds := mustQuery(t, e.db, "SELECT commit_kind FROM "+fx.name+".`"+fx.name+"$snapshots` ORDER BY snapshot_id DESC LIMIT 1")
			sameRows(t, "last snapshot", kinds.rows, split("COMPACT"))
			// Everything is on the max level now; the level-0 file is gone.
			levels := mustQuery(t, e.db, "SELECT DISTINCT level FROM "+fx.name+".`"+fx.name+"$files`")
			sameRows(t, "levels after full compaction", levels.rows, split("5"))
			if fx.dv {
				// No deletion vector is left: every file with one was rewritten.
				if n := liveDVRanges(t, filepath.Join(tableDir(e.dir, fx.name))); n != 0 {
					t.Errorf("%d deletion vectors left after full compaction", n)
				}
			}
			// A second full compaction has nothing to do.
			again := mustQuery(t, e.db, "CALL sys.compact('"+q+"')")
			sameRows(t, "second compaction", again.rows, split("nothing to compact"))
		})
	}
}

// latestSnapshotJSON decodes the latest snapshot of a table directory.
func latestSnapshot(t *testing.T, root string) snapshotFile {
	t.Helper()
	all := snapshots(t, root)
	return all[len(all)-1]
}

// deltaEntries decodes, with core/manifest, the delta manifests of a snapshot.
func deltaEntries(t *testing.T, root string, s snapshotFile) []spec.ManifestEntry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "manifest", s.DeltaManifestList))
	if err != nil {
		t.Fatal(err)
	}
	metas, err := manifest.ReadManifestList(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var out []spec.ManifestEntry
	for _, m := range metas {
		data, err := os.ReadFile(filepath.Join(root, "manifest", m.FileName))
		if err != nil {
			t.Fatal(err)
		}
		es, err := manifest.ReadManifest(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, es...)
	}
	return out
}

// liveDVRanges counts the deletion vectors of the latest snapshot.
func liveDVRanges(t *testing.T, root string) int {
	t.Helper()
	s := latestSnapshot(t, root)
	if s.IndexManifest == nil {
		return 0
	}
	data, err := os.ReadFile(filepath.Join(root, "manifest", *s.IndexManifest))
	if err != nil {
		t.Fatal(err)
	}
	es, err := manifest.ReadIndexManifest(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range es {
		if e.Kind == spec.FileAdd && e.IndexType == "DELETION_VECTORS" {
			n += len(e.DVRanges)
		}
	}
	return n
}

func describeEntry(e spec.ManifestEntry) string {
	src := "nil"
	if e.File.FileSource != nil {
		src = fmt.Sprint(*e.File.FileSource)
	}
	return fmt.Sprintf("%s %s L%d src=%s", e.Kind, e.File.FileName, e.File.Level, src)
}

// Minor compaction of a paimon-sql table: two overlapping level-0 files are
// merged, a large non-overlapping one is upgraded (DELETE level 0 + ADD
// level 5 of the same file in the one COMPACT delta).
func TestCompactMinorUpgradesNonOverlappingFile(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE cdb")
	mustQuery(t, e.db, "CREATE TABLE cdb.kv (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'write-only' = 'true')")
	mustQuery(t, e.db, "INSERT INTO cdb.kv VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')")
	mustQuery(t, e.db, "INSERT INTO cdb.kv VALUES (3, 'C'), (4, 'D'), (5, 'e')")
	mustQuery(t, e.db, "INSERT INTO cdb.kv VALUES (100, 'x'), (101, 'y')")
	mustQuery(t, e.db, "DELETE FROM cdb.kv WHERE id = 2")
	rows := mustQuery(t, e.db, "SELECT * FROM cdb.kv").rows
	sameRows(t, "before", rows, split("1|a", "3|C", "4|D", "5|e", "100|x", "101|y"))
	root := filepath.Join(e.dir, "cdb.db", "kv")
	before := snapshots(t, root)

	// Every file counts as large (target 1 byte), and any two runs trigger
	// (num-levels is kept at 6: by default it follows the trigger).
	mustQuery(t, e.db, "CALL sys.compact(`table` => 'cdb.kv', compact_strategy => 'minor', options => 'num-sorted-run.compaction-trigger=1,num-levels=6,target-file-size=1b')")
	sameRows(t, "after minor compaction", mustQuery(t, e.db, "SELECT * FROM cdb.kv").rows, rows)
	after := snapshots(t, root)
	if len(after) != len(before)+1 || after[len(after)-1].CommitKind != "COMPACT" {
		t.Fatalf("want one new COMPACT snapshot, got %d -> %d", len(before), len(after))
	}
	entries := deltaEntries(t, root, after[len(after)-1])
	var lines []string
	deleted, added := map[string]int32{}, map[string]int32{}
	for _, en := range entries {
		lines = append(lines, describeEntry(en))
		if en.Kind == spec.FileDelete {
			deleted[en.File.FileName] = en.File.Level
		} else {
			added[en.File.FileName] = en.File.Level
		}
	}
	upgraded := 0
	for name, lvl := range deleted {
		if to, ok := added[name]; ok {
			upgraded++
			if lvl != 0 || to != 5 {
				t.Errorf("upgrade of %s from level %d to %d, want 0 -> 5", name, lvl, to)
			}
		}
	}
	// Keys 100-101 do not overlap; keys 1-5 are in three overlapping files
	// (two inserts and the delete), which are merged.
	if upgraded != 1 || len(deleted) != 4 || len(added) != 2 {
		t.Errorf("delta: want 4 DELETE, 2 ADD, 1 upgrade; got\n  %s", strings.Join(lines, "\n  "))
	}
	for name, lvl := range added {
		if _, up := deleted[name]; !up && lvl != 5 {
			t.Errorf("rewritten file %s on level %d, want 5", name, lvl)
		}
	}
	// The rewritten file is a COMPACT file; the upgraded one keeps its source.
	for _, en := range entries {
		if en.Kind == spec.FileAdd {
			_, up := deleted[en.File.FileName]
			if src := *en.File.FileSource; (src == spec.SourceCompact) == up {
				t.Errorf("%s: file source %d (upgraded %v)", en.File.FileName, src, up)
			}
			if !up && (*en.File.DeleteRowCount != 0 || en.File.RowCount != 4) {
				t.Errorf("merged file: %d rows, %d deletes; want 4 rows without deletes", en.File.RowCount, *en.File.DeleteRowCount)
			}
		}
	}
	files := mustQuery(t, e.db, "SELECT level, record_count, file_source FROM cdb.`kv$files`")
	sameRows(t, "$files", files.rows, split("5|4|COMPACT", "5|2|APPEND"))
	// Writing goes on after the compaction with higher sequence numbers.
	mustQuery(t, e.db, "INSERT INTO cdb.kv VALUES (1, 'new')")
	wantRows(t, e.db, split("1|new", "3|C", "4|D", "5|e", "100|x", "101|y"), "SELECT * FROM cdb.kv")
}

// Minor compaction with the default trigger (5 sorted runs) leaves a
// bucket with fewer runs alone and commits nothing.
func TestCompactMinorBelowTrigger(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE cdb")
	mustQuery(t, e.db, "CREATE TABLE cdb.kv (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'write-only' = 'true')")
	for i := 0; i < 3; i++ {
		mustQuery(t, e.db, fmt.Sprintf("INSERT INTO cdb.kv VALUES (%d, 'v')", i))
	}
	wantRows(t, e.db, split("nothing to compact"), "CALL sys.compact(`table` => 'cdb.kv', compact_strategy => 'minor')")
	for i := 3; i < 6; i++ {
		mustQuery(t, e.db, fmt.Sprintf("INSERT INTO cdb.kv VALUES (%d, 'v')", i))
	}
	// Six runs > trigger 5: universal compaction picks them.
	res := mustQuery(t, e.db, "CALL sys.compact(`table` => 'cdb.kv', compact_strategy => 'minor')")
	if !strings.Contains(res.rows[0][0], "compacted") {
		t.Fatalf("minor compaction of 6 runs: %v", res.rows)
	}
	wantRows(t, e.db, split("0|v", "1|v", "2|v", "3|v", "4|v", "5|v"), "SELECT * FROM cdb.kv")
	levels := mustQuery(t, e.db, "SELECT DISTINCT level FROM cdb.`kv$files`")
	sameRows(t, "levels", levels.rows, split("5"))
}

// Append tables: small files are merged, rows and their order unchanged.
func TestCompactAppendTables(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE cdb")
	mustQuery(t, e.db, "CREATE TABLE cdb.fixed (id INT, v VARCHAR(20)) WITH ('bucket' = '1', 'bucket-key' = 'id', 'write-only' = 'true')")
	mustQuery(t, e.db, "CREATE TABLE cdb.unaware (id INT, v VARCHAR(20), p INT) PARTITIONED BY (p)")
	var want []string
	for i := 0; i < 6; i++ {
		mustQuery(t, e.db, fmt.Sprintf("INSERT INTO cdb.fixed VALUES (%d, 'a'), (%d, 'b')", 10-i, 20-i))
		mustQuery(t, e.db, fmt.Sprintf("INSERT INTO cdb.unaware VALUES (%d, 'a', 1), (%d, 'b', 2)", 10-i, 20-i))
		want = append(want, fmt.Sprintf("%d|a", 10-i), fmt.Sprintf("%d|b", 20-i))
	}
	order := func(q string) string {
		var ids []string
		for _, r := range mustQuery(t, e.db, q).rows {
			ids = append(ids, r[0]+"|"+r[1])
		}
		return strings.Join(ids, ",")
	}
	// minor on the fixed bucket: five files (compaction.min.file-num) merge.
	mustQuery(t, e.db, "CALL sys.compact(`table` => 'cdb.fixed', compact_strategy => 'minor')")
	wantRows(t, e.db, split("2"), "SELECT COUNT(*) FROM cdb.`fixed$files`")
	// Two files are read in parallel: compare as a set here, in order below.
	wantRows(t, e.db, split(want...), "SELECT id, v FROM cdb.fixed")
	seqs := mustQuery(t, e.db, "SELECT min_sequence_number, max_sequence_number, record_count, file_source FROM cdb.`fixed$files` ORDER BY min_sequence_number")
	sameRows(t, "sequence numbers kept", seqs.rows, split("0|9|10|COMPACT", "10|11|2|APPEND"))
	// full needs three files (Java's FULL_COMPACT_MIN_FILE): with two it
	// does nothing, with three it merges them all.
	wantRows(t, e.db, split("nothing to compact"), "CALL sys.compact('cdb.fixed')")
	mustQuery(t, e.db, "INSERT INTO cdb.fixed VALUES (0, 'z')")
	want = append(want, "0|z")
	mustQuery(t, e.db, "CALL sys.compact('cdb.fixed')")
	wantRows(t, e.db, split("1|0|12"), "SELECT COUNT(*), MIN(min_sequence_number), MAX(max_sequence_number) FROM cdb.`fixed$files`")
	if got := order("SELECT id, v FROM cdb.fixed"); got != strings.Join(want, ",") {
		t.Errorf("row order after full compaction:\n got %s\nwant %s", got, strings.Join(want, ","))
	}
	kinds := mustQuery(t, e.db, "SELECT commit_kind, delta_record_count FROM cdb.`fixed$snapshots` ORDER BY snapshot_id DESC LIMIT 2")
	sameRows(t, "COMPACT snapshots", kinds.rows, split("COMPACT|0", "APPEND|1"))

	// A bucket-unaware table, one partition only.
	mustQuery(t, e.db, "CALL sys.compact(`table` => 'cdb.unaware', partitions => 'p=1')")
	files := mustQuery(t, e.db, "SELECT `partition`, COUNT(*), SUM(record_count) FROM cdb.`unaware$files` GROUP BY `partition`")
	sameRows(t, "unaware files by partition", files.rows, split("{1}|1|6", "{2}|6|6"))
	wantRows(t, e.db, split("6|6"), "SELECT SUM(CASE WHEN p = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN p = 2 THEN 1 ELSE 0 END) FROM cdb.unaware")
	// Both partitions, Java's 'k=v;k=v' syntax.
	mustQuery(t, e.db, "CALL sys.compact(`table` => 'cdb.unaware', partitions => 'p=1;p=2')")
	sameRows(t, "after both", mustQuery(t, e.db, "SELECT `partition`, COUNT(*) FROM cdb.`unaware$files` GROUP BY `partition`").rows, split("{1}|1", "{2}|1"))
}

// Bad calls are refused with a clear error and change nothing.
func TestCompactBadInput(t *testing.T) {
	e := startServer(t, nil)
	root := tableDir(e.dir, "pk_09")
	before := len(snapshots(t, root))
	for q, want := range map[string]string{
		"CALL sys.compact(`table` => 'pk_09.pk_09', partitions => 'f1=99')":                        "partition 'f1=99' does not exist",
		"CALL sys.compact(`table` => 'pk_09.pk_09', partitions => 'f1=10;f1=99')":                  "partition 'f1=99' does not exist",
		"CALL sys.compact(`table` => 'pk_09.pk_09', partitions => 'nope=1')":                       "'nope' is not a partition column",
		"CALL sys.compact(`table` => 'pk_09.pk_09', partitions => 'f1')":                           "not key=value",
		"CALL sys.compact(`table` => 'pk_09.pk_09', compact_strategy => 'medium')":                 "'compact_strategy' = 'medium' is not supported",
		"CALL sys.compact(`table` => 'pk_09.pk_09', order_strategy => 'zorder', order_by => 'f0')": "'order_strategy' is not supported",
		"CALL sys.compact(`table` => 'pk_09.pk_09', partition_idle_time => '1 d')":                 "'partition_idle_time' is not supported",
		"CALL sys.compact(`table` => 'pk_09.pk_09', `where` => 'f1 = 10')":                         "'where' is not supported",
		"CALL sys.compact(`table` => 'pk_09.pk_09', options => 'bucket=4')":                        "'bucket' cannot be changed",
		"CALL sys.compact(`table` => 'pk_09.pk_09', options => 'target-file-size=lots')":           "target-file-size",
		"CALL sys.compact(`table` => 'pk_09.pk_09', strategy => 'full')":                           "strategy",
		"CALL sys.compact(`table` => 'pk_09.nope')":                                                "table not found",
		"CALL sys.compact()": "'table' is required",
	} {
		err := queryErr(t, e.db, q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", q, err, want)
		}
	}
	if after := len(snapshots(t, root)); after != before {
		t.Fatalf("failed calls committed %d snapshots", after-before)
	}
	// Nothing was left behind in the bucket directories either.
	var stray []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".parquet") {
			if _, err := os.Stat(filepath.Join(fixturesDir, "pk_09.db", "pk_09", strings.TrimPrefix(p, root))); err != nil {
				stray = append(stray, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(stray) > 0 {
		t.Errorf("failed calls left files: %v", stray)
	}
}

// Minor compaction of a deletion-vector table (Java's lookup compaction):
// the level-0 updates are merged into a level above the max level, and the
// older versions they shadow on the max level are marked in the bucket's
// deletion vector instead of being rewritten.
func TestCompactMinorDeletionVectors(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	// Enough rows that the max level outweighs the level-0 files (size
	// amplification would otherwise pick everything).
	const n = 2000
	val := func(i int) string { return fmt.Sprintf("v%d-%s", i, strings.Repeat("x", 40)) }
	var vals []string
	var base []string
	for i := 1; i <= n; i++ {
		vals = append(vals, fmt.Sprintf("(%d, '%s')", i, val(i)))
		base = append(base, fmt.Sprintf("%d|%s", i, val(i)))
	}
	sqlRun(t, w.db, "CREATE DATABASE cdb",
		"CREATE TABLE cdb.dv (id INT NOT NULL, v VARCHAR(100), PRIMARY KEY (id)) WITH ('bucket' = '1', 'deletion-vectors.enabled' = 'true', 'write-only' = 'true')",
		"INSERT INTO cdb.dv VALUES "+strings.Join(vals, ", "))
	deep := compactToOneDeepFile(t, w.db, "cdb.dv")
	// Two updates, a delete and a new key: level 0, invisible until compacted.
	sqlRun(t, w.db, "INSERT INTO cdb.dv VALUES (3, 'C'), (7, 'G'), (2001, 'new')")
	sqlRun(t, w.db, "DELETE FROM cdb.dv WHERE id = 9")
	wantRows(t, w.db, split(base...), "SELECT * FROM cdb.dv")

	compactMinorTriggerTwo(t, w.db, "cdb.dv")
	var want []string
	for i := 1; i <= n; i++ {
		switch i {
		case 3:
			want = append(want, "3|C")
		case 7:
			want = append(want, "7|G")
		case 9:
		default:
			want = append(want, fmt.Sprintf("%d|%s", i, val(i)))
		}
	}
	want = append(want, "2001|new")
	wantRows(t, w.db, split(want...), "SELECT * FROM cdb.dv")
	wantRows(t, w.db, nil, "SELECT id, COUNT(*) FROM cdb.dv GROUP BY id HAVING COUNT(*) > 1")
	wantSnapshots(t, w.db, "cdb", "dv", "APPEND", "COMPACT", "APPEND", "APPEND", "COMPACT")

	// The max-level file stays; the merged updates are on level 4.
	files := mustQuery(t, w.db, "SELECT file_path, level, record_count FROM cdb.`dv$files` ORDER BY level").rows
	if len(files) != 2 || files[0][1] != "4" || files[0][2] != "3" || filepath.Base(files[1][0]) != deep[0][0] || files[1][1] != "5" {
		t.Errorf("$files after minor compaction: %v (max-level file %s)", files, deep[0][0])
	}
	idx := mustQuery(t, w.db, "SELECT index_type, row_count, dv_ranges FROM cdb.`dv$table_indexes`").rows
	if len(idx) != 1 || idx[0][0] != "DELETION_VECTORS" || idx[0][1] != "1" ||
		!strings.Contains(idx[0][2], deep[0][0]) || !strings.Contains(idx[0][2], `"_CARDINALITY": 3`) {
		t.Errorf("$table_indexes: %v", idx)
	}
	// The vector marks exactly the old versions of keys 3, 7 and 9.
	st := dvCheck(t, w.fs, "cdb", "dv")
	if st.cards[deep[0][0]] != 3 || len(st.cards) != 1 {
		t.Errorf("cardinalities %v", st.cards)
	}
	var deleted []string
	for _, l := range st.deleted {
		cells := strings.Split(l, "|")
		deleted = append(deleted, strings.Join(cells[2:], "|")) // after _SEQUENCE_NUMBER, _VALUE_KIND
	}
	wantLines(t, "rows marked deleted", deleted, "3|"+val(3), "7|"+val(7), "9|"+val(9))
	checkStorage(t, w.fs, "cdb", "dv")

	// Writing and compacting go on: a full compaction rewrites both files
	// and drops the vector.
	sqlRun(t, w.db, "INSERT INTO cdb.dv VALUES (3, 'CC')")
	mustQuery(t, w.db, "CALL sys.compact(`table` => 'cdb.dv', compact_strategy => 'full')")
	want[2] = "3|CC"
	wantRows(t, w.db, split(want...), "SELECT * FROM cdb.dv")
	wantRows(t, w.db, nil, "SELECT * FROM cdb.`dv$table_indexes`")
}

// Minor compaction of a partial-update deletion-vector table: each level-0
// key found on the max level is merged with the row there — the older row
// is fed to the merge function before the partial updates — the merged row
// is written to level 4 and the max-level row marked deleted; the
// max-level file is not rewritten.
func TestCompactMinorDeletionVectorsPartialUpdate(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	const n = 2000
	val := func(c string, i int) string { return fmt.Sprintf("%s%d-%s", c, i, strings.Repeat("x", 40)) }
	var vals, base []string
	for i := 1; i <= n; i++ {
		vals = append(vals, fmt.Sprintf("(%d, '%s', '%s')", i, val("a", i), val("b", i)))
		base = append(base, fmt.Sprintf("%d|%s|%s", i, val("a", i), val("b", i)))
	}
	sqlRun(t, w.db, "CREATE DATABASE cdb",
		"CREATE TABLE cdb.pu (id INT NOT NULL, a VARCHAR(100), b VARCHAR(100), PRIMARY KEY (id)) WITH "+
			"('bucket' = '1', 'deletion-vectors.enabled' = 'true', 'merge-engine' = 'partial-update', 'write-only' = 'true')",
		"INSERT INTO cdb.pu VALUES "+strings.Join(vals, ", "))
	deep := compactToOneDeepFile(t, w.db, "cdb.pu")
	// Partial updates in two level-0 files, and a new key: invisible until
	// compacted.
	sqlRun(t, w.db, "INSERT INTO cdb.pu VALUES (3, 'A3', NULL), (7, NULL, 'B7'), (2001, 'new', NULL)")
	sqlRun(t, w.db, "INSERT INTO cdb.pu VALUES (3, NULL, 'B3'), (2001, NULL, 'newer')")
	wantRows(t, w.db, split(base...), "SELECT * FROM cdb.pu")

	compactMinorTriggerTwo(t, w.db, "cdb.pu")
	var want []string
	for i := 1; i <= n; i++ {
		switch i {
		case 3:
			want = append(want, "3|A3|B3")
		case 7:
			want = append(want, "7|"+val("a", 7)+"|B7")
		default:
			want = append(want, fmt.Sprintf("%d|%s|%s", i, val("a", i), val("b", i)))
		}
	}
	want = append(want, "2001|new|newer")
	wantRows(t, w.db, split(want...), "SELECT * FROM cdb.pu")
	wantRows(t, w.db, nil, "SELECT id, COUNT(*) FROM cdb.pu GROUP BY id HAVING COUNT(*) > 1")

	// The max-level file stays; the merged rows are on level 4.
	files := mustQuery(t, w.db, "SELECT file_path, level, record_count FROM cdb.`pu$files` ORDER BY level").rows
	if len(files) != 2 || files[0][1] != "4" || files[0][2] != "3" || filepath.Base(files[1][0]) != deep[0][0] || files[1][1] != "5" {
		t.Errorf("$files after minor compaction: %v (max-level file %s)", files, deep[0][0])
	}
	idx := mustQuery(t, w.db, "SELECT index_type, row_count, dv_ranges FROM cdb.`pu$table_indexes`").rows
	if len(idx) != 1 || idx[0][0] != "DELETION_VECTORS" || idx[0][1] != "1" ||
		!strings.Contains(idx[0][2], deep[0][0]) || !strings.Contains(idx[0][2], `"_CARDINALITY": 2`) {
		t.Errorf("$table_indexes: %v", idx)
	}
	// The vector marks exactly the old rows of keys 3 and 7.
	st := dvCheck(t, w.fs, "cdb", "pu")
	if st.cards[deep[0][0]] != 2 || len(st.cards) != 1 {
		t.Errorf("cardinalities %v", st.cards)
	}
	var deleted []string
	for _, l := range st.deleted {
		cells := strings.Split(l, "|")
		deleted = append(deleted, strings.Join(cells[2:], "|")) // after _SEQUENCE_NUMBER, _VALUE_KIND
	}
	wantLines(t, "rows marked deleted", deleted, "3|"+val("a", 3)+"|"+val("b", 3), "7|"+val("a", 7)+"|"+val("b", 7))
	checkStorage(t, w.fs, "cdb", "pu")

	// A full compaction then rewrites both files and drops the vector.
	sqlRun(t, w.db, "INSERT INTO cdb.pu VALUES (7, 'A7', NULL)")
	mustQuery(t, w.db, "CALL sys.compact(`table` => 'cdb.pu', compact_strategy => 'full')")
	want[6] = "7|A7|B7"
	wantRows(t, w.db, split(want...), "SELECT * FROM cdb.pu")
	wantRows(t, w.db, nil, "SELECT * FROM cdb.`pu$table_indexes`")
}

// Minor compaction of a first-row table: a level-0 key that exists on the
// max level keeps the row there (its new record is dropped, nothing is
// marked); a new key is written to level 4.
func TestCompactMinorFirstRowLookup(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	const n = 2000
	val := func(i int) string { return fmt.Sprintf("v%d-%s", i, strings.Repeat("x", 40)) }
	var vals, base []string
	for i := 1; i <= n; i++ {
		vals = append(vals, fmt.Sprintf("(%d, '%s')", i, val(i)))
		base = append(base, fmt.Sprintf("%d|%s", i, val(i)))
	}
	sqlRun(t, w.db, "CREATE DATABASE cdb",
		"CREATE TABLE cdb.fr (id INT NOT NULL, v VARCHAR(100), PRIMARY KEY (id)) WITH ('bucket' = '1', 'merge-engine' = 'first-row', 'write-only' = 'true')",
		"INSERT INTO cdb.fr VALUES "+strings.Join(vals, ", "))
	mustQuery(t, w.db, "CALL sys.compact(`table` => 'cdb.fr', compact_strategy => 'full')")
	deep := mustQuery(t, w.db, "SELECT file_path, level FROM cdb.`fr$files`").rows
	if len(deep) != 1 || deep[0][1] != "5" {
		t.Fatalf("after full compaction: %v", deep)
	}
	sqlRun(t, w.db, "INSERT INTO cdb.fr VALUES (3, 'C'), (2001, 'new')",
		"INSERT INTO cdb.fr VALUES (7, 'G'), (2001, 'newer')")
	compactMinorTriggerTwo(t, w.db, "cdb.fr")
	wantRows(t, w.db, split(append(base, "2001|new")...), "SELECT * FROM cdb.fr")
	files := mustQuery(t, w.db, "SELECT file_path, level, record_count FROM cdb.`fr$files` ORDER BY level").rows
	if len(files) != 2 || files[0][1] != "4" || files[0][2] != "1" || files[1][0] != deep[0][0] || files[1][1] != "5" {
		t.Errorf("$files after minor compaction: %v (max-level file %s)", files, deep[0][0])
	}
	wantRows(t, w.db, nil, "SELECT * FROM cdb.`fr$table_indexes`")
	checkStorage(t, w.fs, "cdb", "fr")
}

// compactToOneDeepFile fully compacts table (one bucket) and returns its
// single file's base name and level as the [name, level] row of $files.
func compactToOneDeepFile(t *testing.T, db querier, table string) [][]string {
	t.Helper()
	mustQuery(t, db, "CALL sys.compact(`table` => '"+table+"', compact_strategy => 'full')")
	dbName, name, _ := strings.Cut(table, ".")
	deep := mustQuery(t, db, "SELECT file_path, level FROM "+dbName+".`"+name+"$files`").rows
	if len(deep) != 1 || deep[0][1] != "5" {
		t.Fatalf("after full compaction: %v", deep)
	}
	deep[0][0] = filepath.Base(deep[0][0])
	return deep
}

// compactMinorTriggerTwo runs a minor compaction that two sorted runs
// trigger, and checks it compacted something.
func compactMinorTriggerTwo(t *testing.T, db querier, table string) {
	t.Helper()
	res := mustQuery(t, db, "CALL sys.compact(`table` => '"+table+"', compact_strategy => 'minor', options => 'num-sorted-run.compaction-trigger=2')")
	if !strings.Contains(res.rows[0][0], "compacted") {
		t.Fatalf("minor compaction: %v", res.rows)
	}
}
