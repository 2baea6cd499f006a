package tests

import (
	"strings"
	"testing"
)

// Catches: compact_manifest that changes what the table reads, leaves
// several manifests or cancelled ADD/DELETE pairs, commits an empty
// snapshot when there is nothing to do, or accepts bad options.
func TestCompactManifest(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE cm", "CREATE TABLE cm.t (id INT, v VARCHAR(10))")
	for _, v := range []string{"a", "b", "c", "d", "e"} {
		sqlRun(t, w.db, "INSERT INTO cm.t VALUES (1, '"+v+"'), (2, '"+v+"')")
	}
	sqlRun(t, w.db, "INSERT OVERWRITE cm.t SELECT * FROM cm.t WHERE v <> 'b'", "INSERT INTO cm.t VALUES (5, 'g')")
	want := mustQuery(t, w.db, "SELECT * FROM cm.t ORDER BY v, id").rows
	manifests := func() int { return xpCount(t, w.db, "cm.`t$manifests`") }
	if n := manifests(); n < 5 {
		t.Fatalf("%d manifests before: the test needs several", n)
	}
	root := xpTableRoot(w.url, "cm", "t")
	before := xpTree(t, w.url)
	for call, msg := range map[string]string{
		"CALL sys.compact_manifest('cm.t', 'manifest.target-file-size')":     "argument 'options'",
		"CALL sys.compact_manifest('cm.t', 'manifest.target-file-size=big')": "argument 'options'",
		"CALL sys.compact_manifest('cm.nosuch')":                             "table not found",
		"CALL sys.compact_manifest()":                                        "compact_manifest",
	} {
		err := queryErr(t, w.db, call)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", call, err, msg)
		}
	}
	xpSameTree(t, "refused calls", before, xpTree(t, w.url))

	sameRows(t, "compact_manifest", mustQuery(t, w.db, "CALL sys.compact_manifest(`table` => 'cm.t')").rows, [][]string{{"success"}})
	ids := xpSnapshotIDs(t, root)
	last := xpReadSnapshot(t, root, ids[len(ids)-1])
	if last.CommitKind != "COMPACT" || *last.DeltaRecordCount != 0 {
		t.Fatalf("snapshot %d: kind %s, delta records %d", last.ID, last.CommitKind, *last.DeltaRecordCount)
	}
	if n := manifests(); n != 1 {
		t.Errorf("%d manifests after compact_manifest, want 1", n)
	}
	// The cancelled pairs of the DELETE went: only live files are listed.
	if rows := mustQuery(t, w.db, "SELECT COUNT(*) FROM cm.`t$manifests` WHERE num_deleted_files > 0").rows; rows[0][0] != "0" {
		t.Errorf("manifests with DELETE entries after compaction: %v", rows)
	}
	sameRows(t, "after compact_manifest", mustQuery(t, w.db, "SELECT * FROM cm.t ORDER BY v, id").rows, want)
	// Nothing left to compact: no new snapshot.
	mustQuery(t, w.db, "CALL sys.compact_manifest('cm.t', 'manifest.target-file-size=1mb')")
	if again := xpSnapshotIDs(t, root); len(again) != len(ids) {
		t.Errorf("a second compact_manifest committed snapshots %v (had %v)", again, ids)
	}
	sqlRun(t, w.db, "INSERT INTO cm.t VALUES (3, 'f')")
	sameRows(t, "count", mustQuery(t, w.db, "SELECT COUNT(*) FROM cm.t").rows, [][]string{{"10"}})

	sqlRun(t, w.db, "CREATE USER 'ops'@'%' IDENTIFIED BY 'pw'", "GRANT EXECUTE ON sys.* TO 'ops'@'%'", "GRANT SELECT ON cm.* TO 'ops'@'%'")
	if err := queryErr(t, w.openAs("ops", "pw"), "CALL sys.compact_manifest('cm.t')"); err == nil || !strings.Contains(err.Error(), "denied") {
		t.Errorf("compact_manifest without INSERT: %v", err)
	}
}
