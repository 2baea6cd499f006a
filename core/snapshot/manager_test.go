package snapshot

import (
	"context"
	"fmt"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

func writeSnapshot(t *testing.T, f *fs.FS, id, millis int64) {
	t.Helper()
	data := fmt.Sprintf(`{"version":3,"id":%d,"schemaId":0,"baseManifestList":"b","deltaManifestList":"d","commitUser":"u","commitIdentifier":1,"commitKind":"APPEND","timeMillis":%d}`, id, millis)
	if err := f.Write(context.Background(), fmt.Sprintf("t/snapshot/snapshot-%d", id), []byte(data)); err != nil {
		t.Fatal(err)
	}
}

// writeFile writes a file of the test warehouse.
func writeFile(t *testing.T, f *fs.FS, path, content string) {
	t.Helper()
	if err := f.Write(context.Background(), path, []byte(content)); err != nil {
		t.Fatal(err)
	}
}

// Hints are trusted only when they agree with the files (Java's HintFileUtils).
func TestHintsAndListingFallback(t *testing.T) {
	ctx := context.Background()
	f, _ := fs.Open(ctx, "mem://")
	m := NewManager(f, "t")
	if _, ok, _ := m.LatestID(ctx); ok {
		t.Fatal("empty table has a latest snapshot")
	}
	for id := int64(3); id <= 6; id++ {
		writeSnapshot(t, f, id, id*1000)
	}
	writeFile(t, f, "t/snapshot/LATEST", "4")   // stale: snapshot-5 exists
	writeFile(t, f, "t/snapshot/EARLIEST", "1") // points at an expired snapshot
	writeFile(t, f, "t/snapshot/.snapshot-7.tmp", "x")
	if id, ok, err := m.LatestID(ctx); !ok || err != nil || id != 6 {
		t.Fatalf("latest = %d %v %v", id, ok, err)
	}
	if id, ok, err := m.EarliestID(ctx); !ok || err != nil || id != 3 {
		t.Fatalf("earliest = %d %v %v", id, ok, err)
	}
	writeFile(t, f, "t/snapshot/LATEST", "6")
	if id, _, _ := m.LatestID(ctx); id != 6 {
		t.Fatalf("latest with a good hint = %d", id)
	}
	s, err := m.AtOrBefore(ctx, 4500)
	if err != nil || s.ID != 4 {
		t.Fatalf("AtOrBefore(4500) = %v, %v", s, err)
	}
	if s, _ := m.AtOrBefore(ctx, 10); s != nil {
		t.Fatalf("AtOrBefore before the first = %d", s.ID)
	}
	if _, err := m.Snapshot(ctx, 2); err == nil {
		t.Fatal("missing snapshot read")
	}
}

// Latest parses a snapshot file once, yet sees a commit of another writer
// and a snapshot id written again after a rollback, with content of the
// same size, on an object store and on a local directory.
func TestLatestCacheSeesOtherWriters(t *testing.T) {
	ctx := context.Background()
	for _, url := range []string{"mem://", t.TempDir()} {
		f, err := fs.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		m := NewManager(f, "t")
		writeSnapshot(t, f, 6, 6000)
		writeFile(t, f, "t/snapshot/LATEST", "6")
		first, err := m.Latest(ctx)
		if err != nil || first.TimeMillis != 6000 {
			t.Fatalf("%s: latest = %+v, %v", url, first, err)
		}
		if again, _ := m.Latest(ctx); again != first {
			t.Fatalf("%s: an unchanged snapshot file was parsed again", url)
		}
		writeSnapshot(t, f, 6, 7000) // rolled back and committed again
		if s, err := m.Latest(ctx); err != nil || s.TimeMillis != 7000 {
			t.Fatalf("%s: latest after rewriting snapshot-6 = %+v, %v", url, s, err)
		}
		writeSnapshot(t, f, 7, 8000) // another writer, hint not yet moved
		if s, err := m.Latest(ctx); err != nil || s.ID != 7 || s.TimeMillis != 8000 {
			t.Fatalf("%s: latest after another commit = %+v, %v", url, s, err)
		}
		writeFile(t, f, "t/snapshot/LATEST", "7")
		if s, err := m.Latest(ctx); err != nil || s.ID != 7 {
			t.Fatalf("%s: latest with the hint moved = %+v, %v", url, s, err)
		}
	}
}

// Java's HintFileUtils.findLatest: a LATEST hint whose successor does not
// exist is trusted, so the snapshot it names must exist; a file that holds
// another snapshot is an error.
func TestLatestHintNamingAMissingSnapshot(t *testing.T) {
	ctx := context.Background()
	f, _ := fs.Open(ctx, "mem://")
	m := NewManager(f, "t")
	for id := int64(1); id <= 3; id++ {
		writeSnapshot(t, f, id, id*1000)
	}
	writeFile(t, f, "t/snapshot/LATEST", "4") // snapshot-4 deleted, or never there
	if _, _, err := m.LatestID(ctx); err == nil {
		t.Fatal("LATEST naming a missing snapshot served another")
	}
	if _, err := m.Latest(ctx); err == nil {
		t.Fatal("Latest served another snapshot than LATEST names")
	}
	writeFile(t, f, "t/snapshot/LATEST", "2") // stale: snapshot-3 exists
	if id, ok, err := m.LatestID(ctx); err != nil || !ok || id != 3 {
		t.Fatalf("stale hint: latest = %d %v %v", id, ok, err)
	}
	// A hint written late: snapshots 1 and 2 expired after its commit
	// checked that no newer one existed, and 3 and 4 were committed.
	writeFile(t, f, "t/snapshot/LATEST", "1")
	writeSnapshot(t, f, 4, 4000)
	for _, id := range []string{"1", "2"} {
		if err := f.Delete(ctx, "t/snapshot/snapshot-"+id); err != nil {
			t.Fatal(err)
		}
	}
	if id, ok, err := m.LatestID(ctx); err != nil || !ok || id != 4 {
		t.Fatalf("a stale hint naming an expired snapshot: latest = %d %v %v, want 4", id, ok, err)
	}
	if s, err := m.Latest(ctx); err != nil || s.ID != 4 {
		t.Fatalf("a stale hint naming an expired snapshot: Latest = %v %v, want snapshot 4", s, err)
	}
	writeFile(t, f, "t/snapshot/LATEST", "0") // not a snapshot id: the listing decides
	if id, _, err := m.LatestID(ctx); err != nil || id != 4 {
		t.Fatalf("hint 0: latest = %d %v", id, err)
	}
	data := `{"version":3,"id":2,"schemaId":0,"baseManifestList":"b","deltaManifestList":"d","commitUser":"u","commitIdentifier":1,"commitKind":"APPEND","timeMillis":2000}`
	writeFile(t, f, "t/snapshot/snapshot-3", data)
	if _, err := m.Snapshot(ctx, 3); err == nil {
		t.Fatal("snapshot-3 holding snapshot 2 was read")
	}
}
