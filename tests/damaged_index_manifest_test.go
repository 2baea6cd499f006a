package tests

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 25, item 9: the index manifests of two snapshots of a
// deletion-vector table swapped. What the format lets a reader check: each
// vector names a data file its snapshot holds, once, with no more deleted
// rows than the file (core/scan attachDeletionVectors). A vector of a file
// that is not live is what a swapped manifest shows after a compaction, but
// Java gives no guarantee against it, so the read goes on and the server
// logs a warning naming the index manifest and the files (docs/operations.md).
func TestSwappedIndexManifestsAreLogged(t *testing.T) {
	wh := t.TempDir()
	writer := startBinary(t, nil, "--warehouse", wh, "--create-warehouse")
	db := writer.db(t)
	sqlRun(t, db, "CREATE DATABASE d",
		"CREATE TABLE d.t (id INT PRIMARY KEY, v TEXT) WITH ('deletion-vectors.enabled' = 'true', 'bucket' = '1')",
		"INSERT INTO d.t WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM s WHERE n < 3000) SELECT n, 'v' FROM s",
		"UPDATE d.t SET v = 'u' WHERE id = 1")
	tableDir := filepath.Join(wh, "d.db", "t")
	older := latestHint(t, tableDir)
	// A full compaction replaces every data file; the next update marks a
	// row of the new file deleted.
	sqlRun(t, db, "CALL sys.compact(`table` => 'd.t', compact_strategy => 'full')",
		"UPDATE d.t SET v = 'u' WHERE id = 5")
	latest := latestHint(t, tableDir)
	oldIM, newIM := indexManifestOf(t, tableDir, older), indexManifestOf(t, tableDir, latest)
	if oldIM == "" || newIM == "" || oldIM == newIM {
		t.Fatalf("snapshots %s and %s name index manifests %q and %q", older, latest, oldIM, newIM)
	}
	wantRows(t, db, split("3000|3000"), "SELECT COUNT(*), COUNT(DISTINCT id) FROM d.t")
	if lines := writer.logLines(strayVectorsWarning); len(lines) != 0 {
		t.Fatalf("the undamaged table logged %v", lines)
	}
	a, b := filepath.Join(tableDir, "manifest", oldIM), filepath.Join(tableDir, "manifest", newIM)
	da, errA := os.ReadFile(a)
	dbytes, errB := os.ReadFile(b)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if err := os.WriteFile(a, dbytes, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, da, 0o644); err != nil {
		t.Fatal(err)
	}

	reader := startBinary(t, nil, "--warehouse", wh) // nothing cached
	rdb := reader.db(t)
	// The latest snapshot now reads the older manifest, whose vectors name
	// the files the compaction replaced: id 5's old row is read again.
	res := mustQuery(t, rdb, "SELECT COUNT(*), COUNT(DISTINCT id) FROM d.t")
	t.Logf("after the swap: %v (rows, distinct ids)", res.rows)
	mustQuery(t, rdb, "SELECT COUNT(*) FROM d.t") // logged once per index manifest
	lines := reader.logLines(strayVectorsWarning)
	if len(lines) != 1 {
		t.Fatalf("the server logged %d warnings of stray deletion vectors, want 1:\n%s", len(lines), reader.log())
	}
	l := lines[0]
	files := fmt.Sprint(l["files"])
	if l["level"] != "WARN" || l["table"] != "d.t" || !strings.HasSuffix(fmt.Sprint(l["index_manifest"]), "/manifest/"+newIM) ||
		!strings.Contains(files, "bucket-0/data-") {
		t.Errorf("warning %v: want the table, the index manifest %s and the data files", l, newIM)
	}
}

const strayVectorsWarning = "deletion vectors name data files the snapshot does not hold: Java's compaction leaves such vectors, but so does an index manifest of another snapshot (damaged), whose rows to delete would be read"

// indexManifestOf is the index manifest snapshot id of the table names.
func indexManifestOf(t *testing.T, tableDir, id string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(tableDir, "snapshot", "snapshot-"+id))
	if err != nil {
		t.Fatal(err)
	}
	var snap struct {
		IndexManifest string `json:"indexManifest"`
	}
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatal(err)
	}
	return snap.IndexManifest
}
