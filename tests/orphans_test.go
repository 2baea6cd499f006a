package tests

// remove_orphan_files (issue 13, point 2; issue 17, expiration crash
// safety): over the wire on real files.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/expire"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/orphan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
)

// orphAge sets the modification time of every file under dir (if any) to
// age ago.
func orphAge(t *testing.T, dir string, age time.Duration) {
	t.Helper()
	when := time.Now().Add(-age)
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if os.IsNotExist(err) && p == dir {
			return nil
		}
		if err != nil || d.IsDir() {
			return err
		}
		return os.Chtimes(p, when, when)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// orphPlant writes a file nothing references, modified age ago.
func orphPlant(t *testing.T, path string, size int, age time.Duration) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Repeat("x", size)), 0o644); err != nil {
		t.Fatal(err)
	}
	when := time.Now().Add(-age)
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
}

// orphCall runs a remove_orphan_files call: deletedFileCount and
// deletedFileTotalLenInBytes.
func orphCall(t *testing.T, q querier, call string) (files, bytes int64) {
	t.Helper()
	res := mustQuery(t, q, call)
	wantCols(t, call, res, "deletedFileCount", "deletedFileTotalLenInBytes")
	if len(res.rows) != 1 {
		t.Fatalf("%s: %d rows", call, len(res.rows))
	}
	files, err1 := strconv.ParseInt(res.rows[0][0], 10, 64)
	bytes, err2 := strconv.ParseInt(res.rows[0][1], 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: %v", call, res.rows)
	}
	return files, bytes
}

// orphBranch creates branch b of a table from one of its tags, as Java's
// createBranch does: the schemas and the tagged snapshot, copied.
func orphBranch(t *testing.T, root, b, tag string) {
	t.Helper()
	br := filepath.Join(root, "branch", "branch-"+b)
	schemas, err := os.ReadDir(filepath.Join(root, "schema"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range schemas {
		data, err := os.ReadFile(filepath.Join(root, "schema", s.Name()))
		if err != nil {
			t.Fatal(err)
		}
		orphWrite(t, filepath.Join(br, "schema", s.Name()), data)
	}
	data, err := os.ReadFile(filepath.Join(root, "tag", "tag-"+tag))
	if err != nil {
		t.Fatal(err)
	}
	tg, err := spec.ParseTag(tag, data)
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(tg.ID, 10)
	orphWrite(t, filepath.Join(br, "snapshot", "snapshot-"+id), data)
	orphWrite(t, filepath.Join(br, "snapshot", "EARLIEST"), []byte(id))
	orphWrite(t, filepath.Join(br, "snapshot", "LATEST"), []byte(id))
}

func orphWrite(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// orphTable is a partitioned table whose files are referenced in every way
// a file can be: by the latest snapshot, only by a tag, only by a
// snapshot a consumer retains, only by a branch, with old orphans planted
// in the bucket, manifest, index and statistics directories and a young
// one beside them. It returns the table root, the old orphans (relative
// to the root) and the queries whose rows must not change.
func orphTable(t *testing.T, w *wenv) (root string, old []string, young string, reads map[string][][]string) {
	t.Helper()
	sqlRun(t, w.db, "CREATE DATABASE o", "CREATE TABLE o.t (id INT, p INT, v TEXT) PARTITIONED BY (p)")
	xpExec(t, w.db,
		"INSERT INTO o.t VALUES (1, 1, 'a'), (2, 2, 'b')",
		"INSERT INTO o.t VALUES (3, 1, 'c')",
		"CALL sys.create_tag('o.t', 'tg', 2)",
		"INSERT INTO o.t VALUES (9, 1, 'i')",
		"CALL sys.create_tag('o.t', 'only', 3)",
		"INSERT OVERWRITE o.t /*+ OPTIONS('dynamic-partition-overwrite' = 'true') */ VALUES (4, 1, 'd')",
		"INSERT INTO o.t VALUES (5, 2, 'e')",
		"CALL sys.reset_consumer('o.t', 'job', 5)",
		"INSERT OVERWRITE o.t /*+ OPTIONS('dynamic-partition-overwrite' = 'true') */ VALUES (6, 2, 'f')",
		"INSERT INTO o.t VALUES (7, 1, 'g')")
	root = xpTableRoot(w.url, "o", "t")
	orphBranch(t, root, "b", "tg")
	xpExec(t, w.db, "INSERT INTO o.`t$branch_b` VALUES (8, 2, 'h')")
	// Snapshots 1 to 4 go: tag 'only' keeps the file of row 9 (and the
	// branch does not have it), the consumer snapshot 5 and the file of
	// row 5, overwritten since.
	if n := xpCall(t, w.db, "CALL sys.expire_snapshots('o.t', 1, 1)"); n != 4 {
		t.Fatalf("expired %d snapshots, want 4", n)
	}
	reads = map[string][][]string{}
	for _, q := range []string{
		"SELECT id FROM o.t ORDER BY id",
		"SELECT id FROM o.t AS OF 'tg' ORDER BY id",
		"SELECT id FROM o.t AS OF 'only' ORDER BY id",
		"SELECT id FROM o.t AS OF 5 ORDER BY id",
		"SELECT id FROM o.`t$branch_b` ORDER BY id",
	} {
		reads[q] = mustQuery(t, w.db, q).rows
	}
	want := map[string]string{
		"SELECT id FROM o.t ORDER BY id":              "4 6 7",
		"SELECT id FROM o.t AS OF 'tg' ORDER BY id":   "1 2 3",
		"SELECT id FROM o.t AS OF 'only' ORDER BY id": "1 2 3 9",
		"SELECT id FROM o.t AS OF 5 ORDER BY id":      "2 4 5",
		"SELECT id FROM o.`t$branch_b` ORDER BY id":   "1 2 3 8",
	}
	for q, rows := range reads {
		var ids []string
		for _, r := range rows {
			ids = append(ids, r[0])
		}
		if got := strings.Join(ids, " "); got != want[q] {
			t.Fatalf("%s: %s, want %s", q, got, want[q])
		}
	}
	orphAge(t, root, 48*time.Hour)
	old = []string{"p=1/bucket-0/data-0rphan-old.parquet", "manifest/manifest-0rphan-old-0", "index/index-0rphan-old-0", "statistics/stat-0rphan-old-0"}
	for i, p := range old {
		orphPlant(t, filepath.Join(root, p), 10+i, 48*time.Hour)
	}
	young = "p=2/bucket-0/data-0rphan-young.parquet"
	orphPlant(t, filepath.Join(root, young), 7, 0)
	return root, old, young, reads
}

// orphCheckReads runs the queries again: the same rows.
func orphCheckReads(t *testing.T, q querier, reads map[string][][]string) {
	t.Helper()
	for sqlText, rows := range reads {
		res, err := query(q, sqlText)
		if err != nil {
			t.Errorf("%s: %v", sqlText, err)
			continue
		}
		sameRows(t, sqlText, res.rows, rows)
	}
}

// Catches: a cleanup that removes a file some snapshot, tag, branch or
// consumer-retained snapshot still reads, one younger than the cut-off, or
// anything but the old orphans.
func TestRemoveOrphanFilesKeepsEveryReference(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	root, old, young, reads := orphTable(t, w)
	before := xpTree(t, root)

	files, bytes := orphCall(t, w.db, "CALL sys.remove_orphan_files('o.t')")
	if files != int64(len(old)) || bytes != 10+11+12+13 {
		t.Errorf("deleted %d files, %d bytes; want %d files, 46 bytes", files, bytes, len(old))
	}
	for _, p := range old {
		delete(before, p)
	}
	xpSameTree(t, "remove_orphan_files", before, xpTree(t, root))
	xpCheckFiles(t, "remove_orphan_files", root, map[string]bool{filepath.Base(young): true})
	orphCheckReads(t, w.db, reads)
	orphCheckReads(t, xpServe(t, w.url).db, reads)

	// A second run finds nothing; older_than => now takes the young one.
	if files, _ := orphCall(t, w.db, "CALL sys.remove_orphan_files(`table` => 'o.t')"); files != 0 {
		t.Errorf("a second run deleted %d files", files)
	}
	advanceMaintenanceClock(w.env, orphan.ClockMargin+100*time.Millisecond)
	now := w.provider.Runtime().Now().UTC().Format("2006-01-02 15:04:05.000")
	if files, _ := orphCall(t, w.db, "CALL sys.remove_orphan_files(`table` => 'o.t', older_than => '"+now+"')"); files != 1 {
		t.Errorf("older_than => now deleted %d files, want the young orphan", files)
	}
	xpCheckFiles(t, "older_than => now", root, nil)
	orphCheckReads(t, w.db, reads)
}

// Catches: a dry run that deletes, or lists other files than a real run
// removes.
func TestRemoveOrphanFilesDryRun(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	root, old, _, _ := orphTable(t, w)
	before := xpTree(t, root)
	conn := oneConn(t, w.db)

	files, bytes := orphCall(t, conn, "CALL sys.remove_orphan_files('o.t', NULL, true)")
	xpSameTree(t, "dry run", before, xpTree(t, root))
	res := mustQuery(t, conn, "SHOW WARNINGS")
	var listed []string
	for _, msg := range res.column("Message") {
		if p, ok := strings.CutPrefix(msg, "would delete orphan file "); ok {
			listed = append(listed, p[:strings.LastIndex(p, " (")])
		}
	}
	sort.Strings(listed)

	realFiles, realBytes := orphCall(t, conn, "CALL sys.remove_orphan_files(`table` => 'o.t', dry_run => false, mode => 'local', parallelism => 2)")
	if files != realFiles || bytes != realBytes || files != int64(len(old)) {
		t.Errorf("dry run: %d files, %d bytes; real run: %d files, %d bytes; %d old orphans", files, bytes, realFiles, realBytes, len(old))
	}
	after := xpTree(t, root)
	var deleted []string
	for p := range before {
		if _, ok := after[p]; !ok {
			deleted = append(deleted, "o.db/t/"+p)
		}
	}
	sort.Strings(deleted)
	if fmt.Sprint(listed) != fmt.Sprint(deleted) {
		t.Errorf("the dry run listed %v, the run deleted %v", listed, deleted)
	}
}

// Catches: a cleanup that deletes the files of a commit landing during its
// run, or the files an open transaction staged before the cut-off (they
// are referenced by no snapshot until COMMIT). older_than => now leaves
// only the cleanup's own guards.
func TestRemoveOrphanFilesWhileWriting(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE o", "CREATE TABLE o.c (id INT, p INT) PARTITIONED BY (p)")
	tx := oneConn(t, w.db)
	sqlRun(t, tx, "BEGIN", "INSERT INTO o.c VALUES (-1, 0)")
	// The staged file is now older than the clock margin: only the write
	// under way keeps it.
	advanceMaintenanceClock(w.env, orphan.ClockMargin+200*time.Millisecond)

	stop, acked := make(chan struct{}), make(chan []string)
	go func() {
		var ids []string
		defer func() { acked <- ids }()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := w.db.Exec(fmt.Sprintf("INSERT INTO o.c VALUES (%d, %d)", i, i%3)); err != nil {
				t.Errorf("INSERT %d: %v", i, err)
				return
			}
			ids = append(ids, strconv.Itoa(i))
		}
	}()
	runs := 0
	for end := time.Now().Add(3 * time.Second); time.Now().Before(end); runs++ {
		now := time.Now().UTC().Format("2006-01-02 15:04:05.000")
		orphCall(t, w.db, "CALL sys.remove_orphan_files(`table` => 'o.c', older_than => '"+now+"')")
	}
	close(stop)
	ids := <-acked
	sqlRun(t, tx, "COMMIT")
	t.Logf("%d cleanups during %d INSERTs", runs, len(ids))

	want := append([]string{"-1"}, ids...)
	sort.Strings(want)
	res, err := query(w.db, "SELECT id FROM o.c")
	if err != nil {
		t.Fatalf("the table cannot be read after the cleanups: %v", err)
	}
	var got []string
	for _, r := range res.rows {
		got = append(got, r[0])
	}
	sort.Strings(got)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("acknowledged rows lost: read %d rows, %d acknowledged", len(got), len(want))
	}
	xpCheckFiles(t, "after the cleanups", xpTableRoot(w.url, "o", "c"), nil)
}

// orphExpireFaulty expires db.t of the warehouse dir to its last snapshot
// in process, through a file system whose n-th write or delete fails and
// every later one too, as a crash would stop it. It tells whether the
// fault struck before the run ended.
func orphExpireFaulty(t *testing.T, dir, db, name string, n int) bool {
	t.Helper()
	ctx := context.Background()
	fsys, err := paimonfs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	plan := fsfault.Plan{Ops: fsfault.Delete | fsfault.Write | fsfault.Create, FailAt: n, Stop: true}
	ffs, faults := fsfault.New(fsys, plan)
	tbl, err := table.Open(ctx, ffs, db, name, "")
	if err != nil {
		t.Fatal(err)
	}
	one := 1
	cfg, err := expire.NewConfig(nil, expire.Overrides{RetainMax: &one, RetainMin: &one})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = expire.Expire(ctx, tbl, cfg, false)
	return faults.Injected() > 0
}

// Catches: an expiration cut short at any point whose leftovers (files no
// snapshot references any more) remove_orphan_files does not remove
// exactly: after the next expiration and the cleanup, the table's files
// are those of one uninterrupted expiration, byte for byte.
func TestRemoveOrphanFilesAfterInterruptedExpiration(t *testing.T) {
	base := t.TempDir()
	w := startWarehouse(t, base)
	sqlRun(t, w.db, "CREATE DATABASE x", "CREATE TABLE x.t (id INT, v TEXT) WITH ('bucket' = '1', 'bucket-key' = 'id')")
	xpExec(t, w.db,
		"INSERT INTO x.t VALUES (1, 'a'), (2, 'b')",
		"INSERT OVERWRITE x.t VALUES (3, 'c')",
		"INSERT INTO x.t VALUES (4, 'd')",
		"CALL sys.create_tag('x.t', 'keep', 2)",
		"INSERT OVERWRITE x.t VALUES (5, 'e')",
		"INSERT INTO x.t VALUES (6, 'f')",
		"INSERT OVERWRITE x.t VALUES (7, 'g')")
	ref := t.TempDir()
	xpCopyTree(t, base, ref)
	if orphExpireFaulty(t, ref, "x", "t", 0) {
		t.Fatal("the reference run failed")
	}
	want := xpTree(t, xpTableRoot(ref, "x", "t"))

	points := 0
	for n := 1; ; n++ {
		dir := t.TempDir()
		xpCopyTree(t, base, dir)
		if !orphExpireFaulty(t, dir, "x", "t", n) {
			break
		}
		points++
		t.Run(fmt.Sprintf("crash-at-%d", n), func(t *testing.T) {
			root := xpTableRoot(dir, "x", "t")
			e := serveDir(t, dir)
			xpExec(t, e.db, "CALL sys.expire_snapshots('x.t', 1, 1)")
			got := xpTree(t, root)
			leftovers := 0
			for p := range got {
				if _, ok := want[p]; !ok {
					leftovers++
				}
			}
			orphAge(t, root, 48*time.Hour)
			files, _ := orphCall(t, e.db, "CALL sys.remove_orphan_files('x.t')")
			if files != int64(leftovers) {
				t.Errorf("removed %d files, %d were left over", files, leftovers)
			}
			// A crash before the EARLIEST hint was written leaves it stale
			// (readers then list the snapshots): not the cleanup's business.
			after := xpTree(t, root)
			if _, ok := after["snapshot/EARLIEST"]; ok {
				after["snapshot/EARLIEST"] = want["snapshot/EARLIEST"]
			}
			xpSameTree(t, "interrupted expiration, expiration, remove_orphan_files", want, after)
			wantRows(t, e.db, split("7"), "SELECT id FROM x.t")
			wantRows(t, e.db, split("3"), "SELECT id FROM x.t AS OF 'keep'")
		})
	}
	if points < 10 {
		t.Fatalf("only %d crash points", points)
	}
	t.Logf("%d crash points", points)
}

// Catches: bad arguments or missing privileges that delete anything, and
// 'db.*' that misses a table.
func TestRemoveOrphanFilesArgumentsAndPrivileges(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	root, old, _, _ := orphTable(t, w)
	sqlRun(t, w.db, "CREATE TABLE o.u (id INT)", "INSERT INTO o.u VALUES (1)")
	orphPlant(t, filepath.Join(xpTableRoot(w.url, "o", "u"), "bucket-0", "data-0rphan-u.parquet"), 5, 48*time.Hour)
	before := xpTree(t, w.url)
	for call, msg := range map[string]string{
		"CALL sys.remove_orphan_files('o.t', '2999-01-01 00:00:00')":        "argument 'older_than' = '2999-01-01 00:00:00' must be before now",
		"CALL sys.remove_orphan_files('o.t', 'yesterday')":                  "argument 'older_than' = 'yesterday': not epoch milliseconds",
		"CALL sys.remove_orphan_files('o.t', NULL, 'maybe')":                "argument 'dry_run' = 'maybe': not a boolean",
		"CALL sys.remove_orphan_files(`table` => 'o.t', parallelism => 0)":  "argument 'parallelism' = 0 must be between 1 and 1024",
		"CALL sys.remove_orphan_files(`table` => 'o.t', mode => 'cluster')": "unknown mode",
		"CALL sys.remove_orphan_files('o.nosuch')":                          "table not found",
		"CALL sys.remove_orphan_files('nosuch.*')":                          "database not found",
		"CALL sys.remove_orphan_files('o.t', NULL, NULL, NULL, NULL, 1)":    "takes at most 5 arguments",
	} {
		err := queryErr(t, w.db, call)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", call, err, msg)
		}
	}
	// Java's other mode runs here too (in this process): a dry run finds
	// the same files.
	if files, _ := orphCall(t, w.db, "CALL sys.remove_orphan_files(`table` => 'o.t', dry_run => true, mode => 'DISTRIBUTED')"); files != int64(len(old)) {
		t.Errorf("distributed dry run found %d files, want %d", files, len(old))
	}
	xpSameTree(t, "rejected calls and dry run", before, xpTree(t, w.url))

	sqlRun(t, w.db, "CREATE USER 'ops'@'%' IDENTIFIED BY 'pw'", "GRANT EXECUTE ON sys.* TO 'ops'@'%'", "GRANT INSERT ON o.* TO 'ops'@'%'")
	ops := w.openAs("ops", "pw")
	for _, call := range []string{"CALL sys.remove_orphan_files('o.t')", "CALL sys.remove_orphan_files('o.*')"} {
		if err := queryErr(t, ops, call); err == nil || !strings.Contains(err.Error(), "denied") {
			t.Errorf("%s without DELETE: %v", call, err)
		}
	}
	xpSameTree(t, "denied calls", before, xpTree(t, w.url))
	sqlRun(t, w.db, "GRANT DELETE ON o.* TO 'ops'@'%'")
	ops = w.openAs("ops", "pw")
	if files, _ := orphCall(t, ops, "CALL sys.remove_orphan_files('o.*')"); files != int64(len(old))+1 {
		t.Errorf("o.* deleted %d files, want %d", files, len(old)+1)
	}
	xpCheckFiles(t, "o.*", xpTableRoot(w.url, "o", "u"), nil)
	for _, p := range old {
		if _, err := os.Stat(filepath.Join(root, p)); !os.IsNotExist(err) {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// Catches: a cleanup that takes a file of a Java-written table (branches,
// deletion vectors, global and bitmap indexes, external index files) for
// an orphan. Every file of every fixture table is made old; only files
// that no snapshot, tag or branch references go, in append_09 (ORC
// manifests) too.
func TestRemoveOrphanFilesOnJavaTables(t *testing.T) {
	e := startServer(t, nil)
	ents, err := os.ReadDir(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range ents {
		db, ok := strings.CutSuffix(ent.Name(), ".db")
		if !ok {
			continue
		}
		t.Run(db, func(t *testing.T) {
			root := xpTableRoot(e.dir, db, db)
			orphAge(t, root, 48*time.Hour)
			rows, rerr := query(e.db, "SELECT * FROM "+db+"."+db)
			orphans := xpOrphans(t, root)
			files, _ := orphCall(t, e.db, "CALL sys.remove_orphan_files('"+db+"."+db+"')")
			if files != int64(len(orphans)) {
				t.Errorf("deleted %d files; %d are not referenced: %v", files, len(orphans), orphans)
			}
			xpCheckFiles(t, db, root, nil)
			if rerr == nil {
				sameRows(t, db, mustQuery(t, e.db, "SELECT * FROM "+db+"."+db).rows, rows.rows)
			}
		})
	}
}

// `paimon-sql remove-orphan-files`: a dry run prints every orphan and
// deletes nothing, a run deletes them, each with a summary line; bad flags
// fail with the procedure's messages.
func TestRemoveOrphanFilesCommandLine(t *testing.T) {
	bin := xpBuildBinary(t)
	w := startWarehouse(t, t.TempDir())
	root, old, young, _ := orphTable(t, w)
	before := xpTree(t, root)

	out, errOut, err := xpRunBinary(t, bin, "remove-orphan-files", "--warehouse", w.url, "--table", "o.t", "--dry-run")
	if err != nil {
		t.Fatalf("dry run: %v\n%s", err, errOut)
	}
	xpSameTree(t, "command line dry run", before, xpTree(t, root))
	for _, p := range old {
		if !strings.Contains(out, "would delete orphan file o.db/t/"+p) {
			t.Errorf("dry run output lacks %s:\n%s", p, out)
		}
	}
	if !strings.Contains(out, "o.t: would delete 4 orphan files (46 bytes) in 1 tables") {
		t.Errorf("dry run summary:\n%s", out)
	}

	out, errOut, err = xpRunBinary(t, bin, "remove-orphan-files", "--warehouse", w.url, "--table", "o.*", "--parallelism", "2")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, errOut)
	}
	if !strings.Contains(out, "o.*: deleted 4 orphan files (46 bytes) in 1 tables") || !strings.Contains(errOut, "o.t: 4/4") {
		t.Errorf("run output:\n%s\nstderr:\n%s", out, errOut)
	}
	xpCheckFiles(t, "command line", root, map[string]bool{filepath.Base(young): true})

	for flags, msg := range map[string]string{
		"--table o.t":                           "remove-orphan-files needs --warehouse and --table",
		"--warehouse W --table t":               `--table "t": write database.table or database.*`,
		"--warehouse W --table o.t --mode dist": "argument 'mode' = 'dist': unknown mode",
		"--warehouse W --table o.nosuch":        "o.nosuch: table does not exist",
	} {
		args := append([]string{"remove-orphan-files"}, strings.Fields(strings.ReplaceAll(flags, "W", w.url))...)
		_, errOut, err := xpRunBinary(t, bin, args...)
		if err == nil || !strings.Contains(errOut, msg) {
			t.Errorf("%s: %v %q, want %q", flags, err, errOut, msg)
		}
	}
}

// Catches: a cleanup that ignores the long-lived changelogs of
// changelog/ (Java moves an expired snapshot there when changelogs are
// retained longer): their manifest lists, manifests and changelog files
// are referenced by nothing else.
func TestRemoveOrphanFilesKeepsLongLivedChangelogs(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE o",
		"CREATE TABLE o.cl (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1', 'changelog-producer' = 'input')")
	xpExec(t, w.db, "INSERT INTO o.cl VALUES (1, 'a')", "INSERT INTO o.cl VALUES (1, 'b')", "CALL sys.compact('o.cl')")
	root := xpTableRoot(w.url, "o", "cl")
	// Snapshot 1 becomes changelog-1, as Java's expiration moves it.
	data, err := os.ReadFile(filepath.Join(root, "snapshot", "snapshot-1"))
	if err != nil {
		t.Fatal(err)
	}
	orphWrite(t, filepath.Join(root, "changelog", "changelog-1"), data)
	orphWrite(t, filepath.Join(root, "changelog", "EARLIEST"), []byte("1"))
	orphWrite(t, filepath.Join(root, "changelog", "LATEST"), []byte("1"))
	if err := os.Remove(filepath.Join(root, "snapshot", "snapshot-1")); err != nil {
		t.Fatal(err)
	}
	orphWrite(t, filepath.Join(root, "snapshot", "EARLIEST"), []byte("2"))
	orphAge(t, root, 48*time.Hour)
	before := xpTree(t, root)

	// Snapshot 2 still adds both data files: nothing is an orphan, and
	// the manifest lists, manifests and changelog file of changelog-1 stay.
	if files, _ := orphCall(t, w.db, "CALL sys.remove_orphan_files('o.cl')"); files != 0 {
		t.Errorf("removed %d files", files)
	}
	xpSameTree(t, "remove_orphan_files", before, xpTree(t, root))
	wantRows(t, w.db, split("1|b"), "SELECT id, v FROM o.cl")
}

// Catches: a cleanup that deletes while it could not read everything that
// references files: a corrupt manifest, or a manifest list missing under a
// snapshot that still exists, fails the call with nothing deleted.
func TestRemoveOrphanFilesReadErrorDeletesNothing(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	root, _, _, _ := orphTable(t, w)
	latest := xpSnapshotIDs(t, root)
	s := xpReadSnapshot(t, root, latest[len(latest)-1])
	metas := xpReadAvro(t, root, s.BaseManifestList, func(r *bytes.Reader) ([]spec.ManifestFileMeta, error) { return manifest.ReadManifestList(r) })
	manifestPath := filepath.Join(root, "manifest", metas[0].FileName)
	good, err := os.ReadFile(manifestPath)
	if err != nil {
		t.Fatal(err)
	}
	orphWrite(t, manifestPath, good[:len(good)/2])
	orphAge(t, root, 48*time.Hour)
	before := xpTree(t, root)
	err = queryErr(t, w.db, "CALL sys.remove_orphan_files('o.t')")
	if err == nil || !strings.Contains(err.Error(), "nothing was deleted") {
		t.Errorf("corrupt manifest: %v", err)
	}
	t.Logf("corrupt manifest: %v", err)
	xpSameTree(t, "corrupt manifest", before, xpTree(t, root))

	orphWrite(t, manifestPath, good)
	if err := os.Remove(filepath.Join(root, "manifest", s.DeltaManifestList)); err != nil {
		t.Fatal(err)
	}
	orphAge(t, root, 48*time.Hour)
	before = xpTree(t, root)
	err = queryErr(t, w.db, "CALL sys.remove_orphan_files('o.t')")
	if err == nil || !strings.Contains(err.Error(), "which does not exist") {
		t.Errorf("missing manifest list: %v", err)
	}
	t.Logf("missing manifest list: %v", err)
	xpSameTree(t, "missing manifest list", before, xpTree(t, root))
}

// Catches: a cleanup that misses the orphans under data-file.external-paths,
// or removes a data file stored there (matched by its name, as Java does).
func TestRemoveOrphanFilesUnderExternalPaths(t *testing.T) {
	w, roots := extSetup(t)
	sqlRun(t, w.db, "CREATE TABLE x.a (id INT, f1 INT, v VARCHAR(20)) PARTITIONED BY (f1) WITH ("+
		"'data-file.external-paths' = 'file://"+roots[0]+",file://"+roots[1]+"', "+
		"'data-file.external-paths.strategy' = 'round-robin', 'bucket' = '1', 'bucket-key' = 'id')")
	for range 3 {
		sqlRun(t, w.db, "INSERT INTO x.a VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 10, 'c')")
	}
	mustQuery(t, w.db, "CALL sys.compact(`table` => 'x.a', compact_strategy => 'full')")
	tableRoot := filepath.Join(w.url, "x.db", "a")
	orphan := filepath.Join(roots[0], "f1=10", "bucket-0", "data-0rphan-ext.parquet")
	orphPlant(t, orphan, 9, 0)
	before := map[string]bool{}
	for _, dir := range append([]string{tableRoot}, roots...) {
		orphAge(t, dir, 48*time.Hour)
		for p := range filesUnder(t, dir) {
			before[p] = true
		}
	}

	files, bytes := orphCall(t, w.db, "CALL sys.remove_orphan_files('x.a')")
	if files != 1 || bytes != 9 {
		t.Errorf("removed %d files, %d bytes; want the external orphan only", files, bytes)
	}
	after := map[string]bool{}
	for _, dir := range append([]string{tableRoot}, roots...) {
		for p := range filesUnder(t, dir) {
			after[p] = true
		}
	}
	for p := range before {
		if !after[p] && p != filepath.ToSlash(orphan) && p != orphan {
			t.Errorf("%s was removed", p)
		}
	}
	if after[orphan] || after[filepath.ToSlash(orphan)] {
		t.Errorf("the external orphan %s stays", orphan)
	}
	checkExternal(t, w, tableRoot, "x.a", roots)
	wantRows(t, w.db, split("6|10", "3|20"), "SELECT COUNT(*), f1 FROM x.a GROUP BY f1 ORDER BY f1")
}
