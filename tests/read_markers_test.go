package tests

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
)

// TestReadsOfOlderSnapshotsHoldThem (issue 25, read markers): a
// time-travel read, an incremental read and the system tables that read a
// snapshot's manifests or files hold, at every read of a manifest or data
// file, a read marker at or below the lowest snapshot they use, so that
// expiration on any server keeps that snapshot's files until they are
// done. Before, only reads of the latest snapshot and AS OF scans wrote one.
func TestReadsOfOlderSnapshotsHoldThem(t *testing.T) {
	dir := t.TempDir()
	w := startWarehouse(t, dir)
	sqlRun(t, w.db, "CREATE DATABASE r", "CREATE TABLE r.t (id BIGINT, p INT) PARTITIONED BY (p)")
	for i := range 4 {
		sqlRun(t, w.db, "INSERT INTO r.t VALUES ("+string(rune('1'+i))+", "+string(rune('1'+i%2))+")")
	}
	check := mustOpen(t, dir)
	var (
		mu    sync.Mutex
		reads int
		lows  []int64 // the marker's snapshot at each read; 0: no marker
	)
	faulty, _ := fsfault.New(mustOpen(t, dir), fsfault.Plan{Before: func(op fsfault.Op, key string) {
		if op != fsfault.Read || !strings.Contains(key, "r.db/t/") || !(strings.Contains(key, "/manifest/manifest-") || strings.HasSuffix(key, ".parquet")) {
			return
		}
		low, ok, _, err := table.ReadMarkers(context.Background(), check, "r.db/t", "main", time.Now())
		if err != nil || !ok {
			low = 0
		}
		mu.Lock()
		reads++
		lows = append(lows, low)
		mu.Unlock()
	}})
	fw := startOnFS(t, faulty, mustOpen(t, dir), dir)
	for _, c := range []struct {
		query string
		want  int64 // the lowest snapshot the read uses
	}{
		{"SELECT COUNT(*) FROM r.`t$partitions`", 4},
		{"SELECT COUNT(*) FROM r.`t$files` AS OF 2", 2},
		{"SELECT COUNT(*) FROM r.`t$manifests` AS OF 3", 3},
		{"SELECT id FROM r.t /*+ OPTIONS('incremental-between' = '1,3') */", 2},
		{"SELECT id FROM r.t AS OF 1", 1},
	} {
		mu.Lock()
		reads, lows = 0, nil
		mu.Unlock()
		sqlRun(t, fw.db, c.query)
		mu.Lock()
		if reads == 0 {
			t.Errorf("%s read no manifest nor data file", c.query)
		}
		for _, low := range lows {
			if low == 0 || low > c.want {
				t.Errorf("%s: a read of its files held snapshots from %d (0: none), want from %d or below", c.query, low, c.want)
				break
			}
		}
		mu.Unlock()
	}
	// A time-travel read of a snapshot that is gone fails with a clear
	// error rather than reading files expiration may be deleting.
	sqlRun(t, w.db, "CALL sys.expire_snapshots(`table` => 'r.t', retain_max => 1, retain_min => 1)")
	if _, err := fw.db.Exec("SELECT COUNT(*) FROM r.`t$files` AS OF 2"); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("$files AS OF an expired snapshot: %v, want an error saying it does not exist", err)
	}
}

// TestWritesHoldTheirBase (issue 25's soak: "an INSERT's compaction read
// a data file that snapshot expiration had just deleted"): an INSERT into
// a primary-key table reads its base snapshot's manifests (the buckets'
// sequence numbers) and, compacting on write, its data files; at every
// such read a read marker holds that base or an older snapshot, so that
// expiration on another server keeps the files until the commit.
func TestWritesHoldTheirBase(t *testing.T) {
	dir := t.TempDir()
	w := startWarehouse(t, dir)
	sqlRun(t, w.db, "CREATE DATABASE r", "CREATE TABLE r.k (id BIGINT NOT NULL, v INT, PRIMARY KEY (id)) WITH ('bucket' = '2')")
	for i := range 5 {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO r.k VALUES (%d, 1), (%d, 1), (%d, 1)", 3*i, 3*i+1, 3*i+2))
	}
	var base int64
	if err := w.db.QueryRow("SELECT MAX(snapshot_id) FROM r.`k$snapshots`").Scan(&base); err != nil {
		t.Fatal(err)
	}
	check := mustOpen(t, dir)
	var (
		mu          sync.Mutex
		manifests   int
		parquets    int
		unprotected []string
		highestHeld int64
	)
	faulty, _ := fsfault.New(mustOpen(t, dir), fsfault.Plan{Before: func(op fsfault.Op, key string) {
		isManifest, isData := strings.Contains(key, "/manifest/manifest-"), strings.HasSuffix(key, ".parquet")
		if op != fsfault.Read || !strings.Contains(key, "r.db/k/") || !(isManifest || isData) {
			return
		}
		low, ok, _, err := table.ReadMarkers(context.Background(), check, "r.db/k", "main", time.Now())
		mu.Lock()
		defer mu.Unlock()
		if isManifest {
			manifests++
		} else {
			parquets++
		}
		if err != nil || !ok {
			unprotected = append(unprotected, key)
		} else {
			highestHeld = max(highestHeld, low)
		}
	}})
	fw := startOnFS(t, faulty, mustOpen(t, dir), dir)
	sqlRun(t, fw.db, "INSERT INTO r.k VALUES (0, 2), (1, 2), (2, 2), (100, 2)")
	mu.Lock()
	defer mu.Unlock()
	if manifests == 0 || parquets == 0 {
		t.Fatalf("the INSERT read %d manifests and %d data files, want both (its base and its compaction)", manifests, parquets)
	}
	if len(unprotected) > 0 {
		t.Errorf("%d of %d reads held no read marker: %v", len(unprotected), manifests+parquets, unprotected)
	}
	if highestHeld > base {
		t.Errorf("a marker held snapshot %d, above the INSERT's base %d", highestHeld, base)
	}
	var rows int
	if err := w.db.QueryRow("SELECT COUNT(*) FROM r.k").Scan(&rows); err != nil || rows != 16 {
		t.Errorf("%d rows (%v), want 16", rows, err)
	}
}
