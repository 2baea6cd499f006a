package tests

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Compaction on write, over the wire: an INSERT compacts the buckets it
// wrote before it commits, as Java's writers do, and commits the
// compaction with the write as a COMPACT snapshot after its APPEND.

// sortedRuns counts the sorted runs of a one-bucket table: one per level-0
// file, one per other level with files.
func sortedRuns(t *testing.T, q querier, table string) (runs, level0 int) {
	t.Helper()
	db, name, _ := strings.Cut(table, ".")
	levels := map[string]bool{}
	for _, r := range mustQuery(t, q, "SELECT level FROM "+db+".`"+name+"$files`").rows {
		if r[0] == "0" {
			level0++
		} else {
			levels[r[0]] = true
		}
	}
	return level0 + len(levels), level0
}

// snapshotKinds lists the commit kinds of a table's snapshots in id order.
func snapshotKinds(t *testing.T, q querier, table string) []string {
	t.Helper()
	db, name, _ := strings.Cut(table, ".")
	var out []string
	for _, r := range sqlSnapshots(t, q, db, name) {
		out = append(out, r.kind)
	}
	return out
}

// A deletion-vector table and a first-row table show the rows of an INSERT
// to the next SELECT: the level-0 files, which their batch reads skip, are
// forced up at every commit (lookup-compact radical). With write-only they
// stay on level 0, invisible until a compaction, as in Java.
func TestCompactOnWriteVisibleAtOnce(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE ow",
		"CREATE TABLE ow.dv (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '2', 'deletion-vectors.enabled' = 'true')",
		"CREATE TABLE ow.dvpu (id INT NOT NULL, a VARCHAR(20), b VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'deletion-vectors.enabled' = 'true', 'merge-engine' = 'partial-update')",
		"CREATE TABLE ow.fr (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '2', 'merge-engine' = 'first-row')",
		"CREATE TABLE ow.wo (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'deletion-vectors.enabled' = 'true', 'write-only' = 'true')")

	sqlRun(t, w.db, "INSERT INTO ow.dv VALUES (1, 'a'), (2, 'b'), (3, 'c')")
	wantRows(t, w.db, split("1|a", "2|b", "3|c"), "SELECT * FROM ow.dv ORDER BY id")
	sqlRun(t, w.db, "INSERT INTO ow.dv VALUES (2, 'B'), (4, 'd')")
	wantRows(t, w.db, split("1|a", "2|B", "3|c", "4|d"), "SELECT * FROM ow.dv ORDER BY id")
	sqlRun(t, w.db, "DELETE FROM ow.dv WHERE id = 1", "UPDATE ow.dv SET v = 'C' WHERE id = 3")
	wantRows(t, w.db, split("2|B", "3|C", "4|d"), "SELECT * FROM ow.dv ORDER BY id")
	if _, level0 := sortedRuns(t, w.db, "ow.dv"); level0 != 0 {
		t.Errorf("ow.dv keeps %d level-0 files", level0)
	}
	if got := strings.Join(snapshotKinds(t, w.db, "ow.dv"), " "); got != "APPEND COMPACT APPEND COMPACT APPEND COMPACT APPEND COMPACT" {
		t.Errorf("ow.dv snapshots: %s", got)
	}
	checkStorage(t, w.fs, "ow", "dv")

	// Partial update merges the deeper version into the new record.
	sqlRun(t, w.db, "INSERT INTO ow.dvpu VALUES (1, 'a1', NULL)", "INSERT INTO ow.dvpu VALUES (1, NULL, 'b1')")
	wantRows(t, w.db, split("1|a1|b1"), "SELECT * FROM ow.dvpu")

	sqlRun(t, w.db, "INSERT INTO ow.fr VALUES (1, 'first'), (2, 'x')")
	wantRows(t, w.db, split("1|first", "2|x"), "SELECT * FROM ow.fr ORDER BY id")
	sqlRun(t, w.db, "INSERT INTO ow.fr VALUES (1, 'second'), (3, 'y')")
	wantRows(t, w.db, split("1|first", "2|x", "3|y"), "SELECT * FROM ow.fr ORDER BY id")
	checkStorage(t, w.fs, "ow", "fr")

	sqlRun(t, w.db, "INSERT INTO ow.wo VALUES (1, 'a')", "INSERT INTO ow.wo VALUES (2, 'b')")
	wantRows(t, w.db, nil, "SELECT * FROM ow.wo")
	if runs, level0 := sortedRuns(t, w.db, "ow.wo"); runs != 2 || level0 != 2 {
		t.Errorf("write-only table: %d runs, %d on level 0; want both on level 0", runs, level0)
	}
	if got := strings.Join(snapshotKinds(t, w.db, "ow.wo"), " "); got != "APPEND APPEND" {
		t.Errorf("write-only snapshots: %s", got)
	}
	mustQuery(t, w.db, "CALL sys.compact('ow.wo')")
	wantRows(t, w.db, split("1|a", "2|b"), "SELECT * FROM ow.wo ORDER BY id")
}

// Universal compaction on write: the writes of a primary-key table pile up
// level-0 runs until num-sorted-run.compaction-trigger of them exist; that
// commit compacts (size amplification picks them all), and however many
// INSERTs follow, the runs committed stay below the trigger, and so below
// the stop trigger.
func TestCompactOnWriteSortedRunTrigger(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE ow",
		"CREATE TABLE ow.pk (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'num-sorted-run.compaction-trigger' = '3')")
	want := map[int]string{}
	check := func() {
		t.Helper()
		var rows []string
		ids := make([]int, 0, len(want))
		for id := range want {
			ids = append(ids, id)
		}
		sort.Ints(ids)
		for _, id := range ids {
			rows = append(rows, fmt.Sprintf("%d|%s", id, want[id]))
		}
		wantRows(t, w.db, split(rows...), "SELECT * FROM ow.pk ORDER BY id")
	}
	insert := func(i int) {
		t.Helper()
		id, v := i%7, "v"+strconv.Itoa(i)
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO ow.pk VALUES (%d, '%s'), (%d, '%s')", id, v, 100+i, v))
		want[id], want[100+i] = v, v
	}
	insert(1)
	insert(2)
	if runs, level0 := sortedRuns(t, w.db, "ow.pk"); runs != 2 || level0 != 2 {
		t.Fatalf("below the trigger: %d runs, %d on level 0", runs, level0)
	}
	if got := strings.Join(snapshotKinds(t, w.db, "ow.pk"), " "); got != "APPEND APPEND" {
		t.Fatalf("below the trigger: snapshots %s", got)
	}
	insert(3) // the third run reaches the trigger
	if got := strings.Join(snapshotKinds(t, w.db, "ow.pk"), " "); got != "APPEND APPEND APPEND COMPACT" {
		t.Fatalf("at the trigger: snapshots %s", got)
	}
	if runs, level0 := sortedRuns(t, w.db, "ow.pk"); runs != 1 || level0 != 0 {
		t.Fatalf("at the trigger: %d runs, %d on level 0; want one run on the max level", runs, level0)
	}
	check()
	maxRuns := 0
	for i := 4; i <= 30; i++ {
		insert(i)
		runs, _ := sortedRuns(t, w.db, "ow.pk")
		maxRuns = max(maxRuns, runs)
		if runs > 3 {
			t.Fatalf("after INSERT %d: %d sorted runs, above the trigger 3 (stop trigger 6)", i, runs)
		}
	}
	// Between compactions the level-0 runs pile up again: a compaction
	// starts only when a write brings them to the trigger.
	if maxRuns != 2 {
		t.Errorf("at most %d sorted runs between compactions, want 2 (one below the trigger)", maxRuns)
	}
	compactions := strings.Count(strings.Join(snapshotKinds(t, w.db, "ow.pk"), " "), "COMPACT")
	if compactions < 2 || compactions > 15 {
		t.Errorf("%d COMPACT snapshots for 30 INSERTs, want one every other INSERT at most", compactions)
	}
	check()
	checkStorage(t, w.fs, "ow", "pk")
}

// full-compaction.delta-commits = 3: the commits whose APPEND snapshot id
// is a multiple of 3 compact fully (every file to the max level).
func TestCompactOnWriteFullDeltaCommits(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE ow",
		"CREATE TABLE ow.pk (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '2', 'full-compaction.delta-commits' = '3')")
	for i := 1; i <= 5; i++ {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO ow.pk VALUES (%d, 'v%d'), (1, 'u%d')", i+10, i, i))
		levels := mustQuery(t, w.db, "SELECT DISTINCT level FROM ow.`pk$files` ORDER BY level").rows
		switch i {
		case 3, 5:
			sameRows(t, fmt.Sprintf("levels after INSERT %d", i), levels, split("5"))
		default:
			if levels[0][0] != "0" {
				t.Errorf("after INSERT %d: levels %v, want new files on level 0", i, levels)
			}
		}
	}
	if got := strings.Join(snapshotKinds(t, w.db, "ow.pk"), " "); got != "APPEND APPEND APPEND COMPACT APPEND APPEND COMPACT" {
		t.Errorf("snapshots: %s", got)
	}
	wantRows(t, w.db, split("1|u5", "11|v1", "12|v2", "13|v3", "14|v4", "15|v5"), "SELECT * FROM ow.pk ORDER BY id")
	checkStorage(t, w.fs, "ow", "pk")
}

// Append tables with fixed buckets compact compaction.min.file-num files
// on write; bucket-unaware ones are not compacted by their writers (Java's
// AppendFileStoreWrite has no compaction either).
func TestCompactOnWriteAppend(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE ow",
		"CREATE TABLE ow.ap (id INT, v VARCHAR(20)) WITH ('bucket' = '1', 'bucket-key' = 'id', 'compaction.min.file-num' = '3')",
		"CREATE TABLE ow.un (id INT, v VARCHAR(20)) WITH ('compaction.min.file-num' = '3')")
	for i := 1; i <= 3; i++ {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO ow.ap VALUES (%d, 'a%d')", i, i), fmt.Sprintf("INSERT INTO ow.un VALUES (%d, 'u%d')", i, i))
	}
	if got := strings.Join(snapshotKinds(t, w.db, "ow.ap"), " "); got != "APPEND APPEND APPEND COMPACT" {
		t.Errorf("bucketed append snapshots: %s", got)
	}
	wantRows(t, w.db, split("1"), "SELECT COUNT(*) FROM ow.`ap$files`")
	wantRows(t, w.db, split("1|a1", "2|a2", "3|a3"), "SELECT * FROM ow.ap")
	if got := strings.Join(snapshotKinds(t, w.db, "ow.un"), " "); got != "APPEND APPEND APPEND" {
		t.Errorf("bucket-unaware append snapshots: %s", got)
	}
	wantRows(t, w.db, split("3"), "SELECT COUNT(*) FROM ow.`un$files`")
	checkStorage(t, w.fs, "ow", "ap")
}

// A compaction that fails fails its write: nothing is committed and no
// file of the write or of the compaction is left behind.
func TestCompactOnWriteFailureLeavesNothing(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE ow",
		"CREATE TABLE ow.dv (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '1', 'deletion-vectors.enabled' = 'true')",
		"INSERT INTO ow.dv VALUES (1, 'a'), (2, 'b')")
	files := mustQuery(t, w.db, "SELECT file_path, level FROM ow.`dv$files`").rows
	if len(files) != 1 || files[0][1] == "0" {
		t.Fatalf("after the first INSERT: %v", files)
	}
	// The deeper file the next compaction must look keys up in is lost.
	ctx := t.Context()
	bucketDir := "ow.db/dv/bucket-0"
	if err := w.fs.Delete(ctx, path.Join(bucketDir, path.Base(files[0][0]))); err != nil {
		t.Fatal(err)
	}
	before := walkFiles(t, w.fs, "ow.db/dv")
	snaps := len(sqlSnapshots(t, w.db, "ow", "dv"))
	err := sqlRunErr(t, w.db, "INSERT INTO ow.dv VALUES (2, 'B'), (3, 'c')")
	if !strings.Contains(err.Error(), "compaction") {
		t.Errorf("error %q does not tell that the compaction failed", err)
	}
	if got := len(sqlSnapshots(t, w.db, "ow", "dv")); got != snaps {
		t.Errorf("%d snapshots after the failed INSERT, want %d", got, snaps)
	}
	sameRows(t, "files after the failed INSERT", split(walkFiles(t, w.fs, "ow.db/dv")...), split(before...))
}
