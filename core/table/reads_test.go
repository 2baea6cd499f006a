package table

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
)

// Catches: a read that leaves no marker before it plans (expiration
// elsewhere then takes its snapshot), a marker that outlives its reads,
// and overlapping reads that do not share one marker or lower it.
func TestReadMarker(t *testing.T) {
	ctx := context.Background()
	tbl, dir := markerTable(t)
	tbl.Branch, tbl.Snapshots = "main", snapshot.NewManager(tbl.FS, tbl.Root)
	low := func() (int64, bool) {
		t.Helper()
		id, ok, dead, err := ReadMarkers(ctx, tbl.FS, tbl.Root, "main", time.Now())
		if err != nil || len(dead) > 0 {
			t.Fatalf("read markers: %v, dead %v", err, dead)
		}
		return id, ok
	}
	first := tbl.BeginRead(ctx, 0) // no snapshot yet: holds the first to come
	if id, ok := low(); !ok || id != 1 {
		t.Fatalf("a read of the latest of an empty table holds %d, %v; want 1", id, ok)
	}
	pinned := tbl.BeginRead(ctx, 5) // above what the marker holds: no write needed
	older := tbl.BeginRead(ctx, 0)
	if id, _ := low(); id != 1 {
		t.Fatalf("overlapping reads: the marker holds %d, want 1", id)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "db.db", "t", ReadingDir))
	if err != nil || len(entries) != 1 {
		t.Fatalf("overlapping reads do not share one marker: %v, %v", entries, err)
	}
	if other, _, _, _ := ReadMarkers(ctx, tbl.FS, tbl.Root, "b1", time.Now()); other != 0 {
		t.Fatalf("a read of main holds %d on branch b1", other)
	}
	first.End()
	pinned.End()
	if _, ok := low(); !ok {
		t.Fatal("the marker went while a read is still under way")
	}
	older.End()
	older.End()
	if _, ok := low(); ok {
		t.Fatal("the marker stays after the last read ended")
	}
	if _, err := os.Stat(filepath.Join(dir, "db.db", "t", ReadingDir)); !os.IsNotExist(err) {
		t.Fatalf("the marker directory stays after the reads ended: %v", err)
	}
}
