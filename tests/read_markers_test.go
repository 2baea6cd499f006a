package tests

import (
	"context"
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
