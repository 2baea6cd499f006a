package commit

import (
	"context"
	"testing"
)

// An uncertain attempt whose snapshot-N is gone keeps its files while a
// snapshot at or past N exists: N may have landed and been expired since,
// and later snapshots may still list its manifests (merged base ones).
// With no snapshot reaching N, it never landed and its files go.
func TestCleanUncertainKeepsFilesAnExpiredSnapshotMayHaveLeft(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	cur := latest(t, tbl)
	if cur == nil || cur.ID < 2 {
		t.Fatalf("the fixture needs two snapshots, latest %v", cur)
	}
	c := committer(t, tbl, "unsure", nil)
	write := func(name string) fileSet {
		if err := tbl.FS.Write(ctx, tbl.ManifestPath(name), []byte("x")); err != nil {
			t.Fatal(err)
		}
		return fileSet{names: []string{name}}
	}
	exists := func(name string) bool {
		ok, err := tbl.FS.Exists(ctx, tbl.ManifestPath(name))
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	// Snapshot cur-1 expired: the attempt that may have created it keeps
	// its files; one at an id past the latest never landed.
	if err := tbl.FS.Delete(ctx, tbl.Snapshots.Path(cur.ID-1)); err != nil {
		t.Fatal(err)
	}
	expired := &attempt{id: cur.ID - 1, files: write("manifest-expired-0"), deltaList: "manifest-list-expired-0"}
	never := &attempt{id: cur.ID + 1, files: write("manifest-never-0"), deltaList: "manifest-list-never-0"}
	c.cleanUncertain(ctx, []*attempt{expired, never})
	if !exists("manifest-expired-0") {
		t.Error("the files of an attempt whose snapshot may have landed and expired were deleted")
	}
	if exists("manifest-never-0") {
		t.Error("the files of an attempt that never landed were kept")
	}
}
