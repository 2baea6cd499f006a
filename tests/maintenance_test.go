package tests

// End-to-end tests of the maintenance paimon-sql runs after every commit,
// as Java's writers do (core/maintenance, docs/maintenance.md): snapshot
// expiration, partition expiration, automatic tags, consumer expiration,
// and their procedures.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// mtInserts runs n single-row INSERTs into tbl, one snapshot each.
func mtInserts(t *testing.T, e *wenv, tbl string, from, n int) {
	t.Helper()
	for i := from; i < from+n; i++ {
		sqlRun(t, e.db, fmt.Sprintf("INSERT INTO %s VALUES (%d, 'v%d')", tbl, i, i))
	}
}

func TestCommitExpiresSnapshotsByRetentionOptions(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt",
		"CREATE TABLE mt.t (id INT, v TEXT) WITH ('snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '3')")
	mtInserts(t, e, "mt.t", 1, 10)
	root := xpTableRoot(e.url, "mt", "t")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "8,9,10" {
		t.Fatalf("snapshots after 10 INSERTs with snapshot.num-retained.max = 3: %s, want 8,9,10", got)
	}
	if got := xpHint(t, root, "EARLIEST"); got != "8" {
		t.Errorf("EARLIEST hint = %q, want 8", got)
	}
	// What the expired snapshots alone used is gone; the kept ones read.
	xpCheckFiles(t, "after automatic expiration", root, nil)
	if n := xpCount(t, e.db, "mt.t"); n != 10 {
		t.Errorf("count = %d, want 10", n)
	}
	if got := xpSnapshots(t, e.db, "mt", "t"); got != "8,9,10" {
		t.Errorf("$snapshots lists %s", got)
	}
}

func TestCommitWriteOnlyKeepsEverySnapshot(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt",
		"CREATE TABLE mt.t (id INT, v TEXT) WITH ('snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '3', 'write-only' = 'true')")
	mtInserts(t, e, "mt.t", 1, 10)
	root := xpTableRoot(e.url, "mt", "t")
	if got := xpIDs(xpSnapshotIDs(t, root)); got != xpRange(1, 10) {
		t.Fatalf("write-only table kept snapshots %s, want all ten", got)
	}
	// Turning write-only off lets the next commit catch up.
	sqlRun(t, e.db, "ALTER TABLE mt.t SET ('write-only' = 'false')")
	mtInserts(t, e, "mt.t", 11, 1)
	if got := xpIDs(xpSnapshotIDs(t, root)); got != "9,10,11" {
		t.Fatalf("after write-only = false: snapshots %s, want 9,10,11", got)
	}
}

func TestCommitRefusesInvalidMaintenanceOptions(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE mt",
		// Java refuses a delay as long as the period when its writer starts.
		"CREATE TABLE mt.t (id INT, v TEXT) WITH ('tag.automatic-creation' = 'process-time', 'tag.creation-delay' = '1 d')")
	err := sqlRunErr(t, e.db, "INSERT INTO mt.t VALUES (1, 'a')")
	if err == nil || !strings.Contains(err.Error(), "tag.creation-delay") {
		t.Fatalf("INSERT into a table whose tag.creation-delay is a whole period: %v", err)
	}
	if ids := xpSnapshotIDs(t, xpTableRoot(e.url, "mt", "t")); len(ids) != 0 {
		t.Fatalf("the refused INSERT committed snapshots %v", ids)
	}
}

// keep the imports used while the file grows.
var _ = []any{os.ReadDir, filepath.Join, time.Now}
