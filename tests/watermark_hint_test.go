package tests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScanWatermarkHint: OPTIONS('scan.watermark' = 'w') reads the earliest
// snapshot whose watermark is at least w, as Java's batch read does, and
// fails as Java does when no snapshot has one that high (it used to be
// ignored, and the latest snapshot read).
func TestScanWatermarkHint(t *testing.T) {
	dir := t.TempDir()
	e := startWarehouse(t, dir)
	sqlRun(t, e.db, "CREATE DATABASE wm", "CREATE TABLE wm.t (id INT, v VARCHAR(5))",
		"INSERT INTO wm.t VALUES (1, 'a')", "INSERT INTO wm.t VALUES (2, 'b')", "INSERT INTO wm.t VALUES (3, 'c')", "INSERT INTO wm.t VALUES (4, 'd')")
	// As a Flink job commits them: snapshot 1 without a watermark.
	root := xpTableRoot(dir, "wm", "t")
	for id, wm := range map[int]int64{2: 100, 3: 200, 4: 300} {
		setSnapshotWatermark(t, root, id, wm)
	}
	srv := serveDir(t, dir)
	for wm, want := range map[string]string{"0": "2", "100": "2", "150": "3", "300": "4"} {
		wantRows(t, srv.db, [][]string{{want}}, fmt.Sprintf("SELECT COUNT(*) FROM wm.t /*+ OPTIONS('scan.watermark' = '%s') */", wm))
	}
	wantRows(t, srv.db, [][]string{{"3"}}, "SELECT COUNT(*) FROM wm.t /*+ OPTIONS('scan.mode' = 'from-snapshot', 'scan.watermark' = '200') */")
	for q, want := range map[string]string{
		"SELECT * FROM wm.t /*+ OPTIONS('scan.watermark' = '301') */":                         "There is currently no snapshot later than or equal to watermark[301]",
		"SELECT * FROM wm.t /*+ OPTIONS('scan.watermark' = 'soon') */":                        "is not a watermark",
		"SELECT * FROM wm.t /*+ OPTIONS('scan.watermark' = '1', 'scan.snapshot-id' = '2') */": "give one of them",
		"SELECT * FROM wm.t /*+ OPTIONS('scan.watermark' = '1', 'scan.mode' = 'latest') */":   "reads the latest snapshot",
	} {
		if err := queryErr(t, srv.db, q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", q, err, want)
		}
	}
}

func setSnapshotWatermark(t *testing.T, root string, id int, wm int64) {
	t.Helper()
	path := filepath.Join(root, "snapshot", fmt.Sprint("snapshot-", id))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // ids and sequence numbers are int64
	if err := dec.Decode(&s); err != nil {
		t.Fatal(err)
	}
	s["watermark"] = wm
	if data, err = json.Marshal(s); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
