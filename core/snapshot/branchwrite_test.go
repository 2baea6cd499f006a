package snapshot

import (
	"context"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// snapAt is a snapshot file of id under root, with a distinct base list.
func snapAt(t *testing.T, f *fs.FS, root string, id int64, base string) {
	t.Helper()
	data, err := spec.MarshalSnapshot(&spec.Snapshot{Version: 3, ID: id, BaseManifestList: base, DeltaManifestList: "d", CommitUser: "u", CommitKind: spec.KindAppend, TimeMillis: id})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write(context.Background(), NewManager(f, root).Path(id), data); err != nil {
		t.Fatal(err)
	}
}

// Catches: a branch that cannot start from a tag whose snapshot expired,
// a fast-forward that keeps the target's replaced snapshots or tags, or
// leaves hints naming snapshots that do not exist, and a drop that leaves
// files.
func TestBranchFromExpiredTagFastForwardAndDrop(t *testing.T) {
	ctx := context.Background()
	f, _ := fs.Open(ctx, "mem://")
	const root = "db.db/t"
	_ = f.Write(ctx, root+"/schema/schema-0", []byte(`{"id":0}`))
	_ = f.Write(ctx, root+"/schema/schema-1", []byte(`{"id":1}`))
	for id := int64(3); id <= 5; id++ {
		snapAt(t, f, root, id, "main")
	}
	main := NewManager(f, root)
	_ = main.WriteEarliestHint(ctx, 3)
	_ = main.WriteLatestHint(ctx, 5)
	tags := NewTagManager(f, root)
	// The tag holds snapshot 2, which has expired.
	if err := tags.Create(ctx, "t1", &spec.Snapshot{Version: 3, ID: 2, BaseManifestList: "main", DeltaManifestList: "d", CommitKind: spec.KindAppend}, nil); err != nil {
		t.Fatal(err)
	}
	if err := tags.Create(ctx, "t4", &spec.Snapshot{Version: 3, ID: 4, BaseManifestList: "main", DeltaManifestList: "d", CommitKind: spec.KindAppend}, nil); err != nil {
		t.Fatal(err)
	}

	for name, want := range map[string]string{"main": "default branch", "7": "pure numeric", "a/b": "must not contain"} {
		if err := CreateBranch(ctx, f, root, root, name, ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CreateBranch(%q): %v, want %q", name, err, want)
		}
	}
	if err := CreateBranch(ctx, f, root, root, "b", "nosuch"); err == nil {
		t.Error("a branch from a missing tag")
	}
	if err := CreateBranch(ctx, f, root, root, "b", "t1"); err != nil {
		t.Fatal(err)
	}
	if err := CreateBranch(ctx, f, root, root, "b", ""); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second CreateBranch: %v", err)
	}
	br := BranchRoot(root, "b")
	if s, err := NewManager(f, br).Snapshot(ctx, 2); err != nil || s.ID != 2 {
		t.Fatalf("branch snapshot 2: %v %v", s, err)
	}
	// Schema 1 is newer than the tagged snapshot's schema 0: not copied.
	if ok, _ := f.Exists(ctx, br+"/schema/schema-1"); ok {
		t.Error("the branch got a schema newer than its snapshot's")
	}
	snapAt(t, f, br, 3, "branch")

	if err := FastForward(ctx, f, root, root, MainBranch, "b"); err != nil {
		t.Fatal(err)
	}
	ids, _ := main.IDs(ctx)
	if len(ids) != 2 || ids[0] != 2 || ids[1] != 3 {
		t.Fatalf("main's snapshots after fast-forward: %v", ids)
	}
	if s, _ := main.Snapshot(ctx, 3); s.BaseManifestList != "branch" {
		t.Errorf("snapshot 3 is main's, not the branch's")
	}
	if id, ok := main.EarliestHint(ctx); !ok || id != 2 {
		t.Errorf("EARLIEST hint %d %v", id, ok)
	}
	if id, ok := main.LatestHint(ctx); !ok || id != 3 {
		t.Errorf("LATEST hint %d %v", id, ok)
	}
	if names, _ := tags.Names(ctx); strings.Join(names, ",") != "t1" {
		t.Errorf("main's tags after fast-forward: %v (t4 was after the branch point)", names)
	}
	if ok, _ := f.Exists(ctx, root+"/schema/schema-1"); ok {
		t.Error("main kept schema 1, newer than the branch's first snapshot's")
	}

	if err := DropBranch(ctx, f, root, "nosuch"); err == nil {
		t.Error("dropped a missing branch")
	}
	if err := DropBranch(ctx, f, root, "b"); err != nil {
		t.Fatal(err)
	}
	if left, _ := listTree(ctx, f, br); len(left) != 0 {
		t.Errorf("files left: %v", left)
	}
	if err := FastForward(ctx, f, root, root, MainBranch, "b"); err == nil || !strings.Contains(err.Error(), "doesn't exist") {
		t.Errorf("fast-forward from a dropped branch: %v", err)
	}
}
