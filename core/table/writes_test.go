package table

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
)

func markerTable(t *testing.T) (*Table, string) {
	t.Helper()
	dir := t.TempDir()
	fsys, err := fs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	return &Table{FS: fsys, Database: "db", Name: "t", Root: "db.db/t"}, dir
}

// Catches (issue 25, item 1): a write under way that leaves nothing on
// storage, so that orphan-file cleanup in another process takes its
// files; a marker that outlives its writes; a dead process's marker taken
// for a live one.
func TestInFlightMarker(t *testing.T) {
	ctx := context.Background()
	tbl, dir := markerTable(t)
	before := time.Now()
	end := tbl.BeginWrite()
	end2 := tbl.BeginWrite() // a second write shares the marker
	got, err := InFlightMarkers(ctx, tbl.FS, tbl.Root, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got.Oldest.IsZero() || got.Oldest.Before(before.Truncate(time.Millisecond)) || got.Oldest.After(time.Now()) || len(got.Dead) > 0 {
		t.Fatalf("markers during a write: %+v (began %v)", got, before)
	}
	if err := tbl.CheckInFlight(); err != nil {
		t.Fatal(err)
	}
	end()
	if got, _ := InFlightMarkers(ctx, tbl.FS, tbl.Root, time.Now()); got.Oldest.IsZero() {
		t.Fatal("the marker went while a write is still under way")
	}
	end2()
	end2()
	if _, err := os.Stat(filepath.Join(dir, "db.db", "t", InFlightDir)); !os.IsNotExist(err) {
		t.Fatalf("the marker directory stays after the writes ended: %v", err)
	}
	if err := tbl.CheckInFlight(); err == nil {
		t.Error("a commit without a write recorded passes")
	}

	// A marker not renewed for the lease is dead.
	dead := filepath.Join(dir, "db.db", "t", InFlightDir, "00000000000000ff-1")
	if err := os.MkdirAll(filepath.Dir(dead), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dead, []byte(`{"start": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-InFlightLease - time.Second)
	if err := os.Chtimes(dead, old, old); err != nil {
		t.Fatal(err)
	}
	got, err = InFlightMarkers(ctx, tbl.FS, tbl.Root, time.Now())
	if err != nil || !got.Oldest.IsZero() || len(got.Dead) != 1 || !strings.HasSuffix(got.Dead[0], "/00000000000000ff-1") {
		t.Fatalf("a dead marker: %+v, %v", got, err)
	}
	// The temporary file of one being written is not one.
	if err := os.WriteFile(filepath.Join(filepath.Dir(dead), "0123456789abcdef-7.1234.tmp"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := InFlightMarkers(ctx, tbl.FS, tbl.Root, time.Now()); err != nil || !got.Oldest.IsZero() {
		t.Fatalf("a temporary file: %+v, %v", got, err)
	}
	// One that cannot be read stops a cleanup.
	if err := os.WriteFile(dead, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := InFlightMarkers(ctx, tbl.FS, tbl.Root, time.Now()); err == nil {
		t.Error("an unreadable marker is ignored")
	}
}

// Catches: a commit that publishes after its marker went unrenewed for so
// long that cleanups elsewhere may have ignored it, or whose marker could
// never be written.
func TestInFlightMarkerLapse(t *testing.T) {
	tbl, _ := markerTable(t)
	end := tbl.BeginWrite()
	defer end()
	writes.Lock()
	w := writes.tables[tbl.location()]
	writes.Unlock()
	shift := time.Duration(0)
	w.mu.Lock()
	w.clock = func() time.Time { return time.Now().Add(shift) }
	w.mu.Unlock()

	shift = InFlightLease // the process stood still
	if err := tbl.CheckInFlight(); err == nil || !strings.Contains(err.Error(), "last renewed") {
		t.Fatalf("a marker not renewed for the lease: %v", err)
	}
	w.renew() // renewed late: the write stays tainted
	if err := tbl.CheckInFlight(); err == nil || !strings.Contains(err.Error(), "went unrenewed") {
		t.Fatalf("a write whose marker lapsed: %v", err)
	}

	tbl2, _ := markerTable(t)
	tbl2.Root = "db.db/u"
	fail := errors.New("storage down")
	end2 := tbl2.BeginWrite()
	defer end2()
	writes.Lock()
	w2 := writes.tables[tbl2.location()]
	writes.Unlock()
	w2.mu.Lock()
	w2.renewed, w2.err = time.Time{}, fail // as if the creation had failed
	w2.mu.Unlock()
	if err := tbl2.CheckInFlight(); err == nil || !strings.Contains(err.Error(), "storage down") {
		t.Fatalf("a marker never written: %v", err)
	}
}

// A failed first write of the in-flight marker is tried again, whatever
// the error: two processes creating and removing the marker directory at
// once make it fail with "file exists" (mkdir), which refused an INSERT in
// issue 25's soak.
//
// Catches: a write refused for a marker that a second try would have
// written.
func TestInFlightMarkerWriteRetried(t *testing.T) {
	tbl, _ := markerTable(t)
	faulty, faults := fsfault.New(tbl.FS, fsfault.Plan{Ops: fsfault.Write, FailAt: 1})
	ft := &Table{FS: faulty, Database: tbl.Database, Name: tbl.Name, Root: tbl.Root}
	end := ft.BeginWrite()
	defer end()
	if faults.Injected() != 1 {
		t.Fatalf("%d faults injected, want 1", faults.Injected())
	}
	if err := ft.CheckInFlight(); err != nil {
		t.Fatal(err)
	}
}
