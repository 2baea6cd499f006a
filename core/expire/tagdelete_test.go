package expire

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// deleteTag runs DeleteTag on a fresh handle with the table's options.
func (e *env) deleteTag(name, tag string) Result {
	e.t.Helper()
	res, err := e.tryDeleteTag(name, tag)
	if err != nil {
		e.t.Fatal(err)
	}
	return res
}

func (e *env) tryDeleteTag(name, tag string) (Result, error) {
	tbl := e.open(name)
	opts, err := tbl.Options(e.ctx)
	if err != nil {
		return Result{}, err
	}
	cfg, err := NewTagConfig(opts)
	if err != nil {
		return Result{}, err
	}
	return DeleteTag(e.ctx, tbl, tag, cfg)
}

func (e *env) tagExists(name, tag string) bool {
	return e.exists(name + ".db/" + name + "/tag/tag-" + tag)
}

// addedFile is the path of the data file snapshot s added.
func (e *env) addedFile(s *spec.Snapshot) string {
	e.t.Helper()
	for _, en := range e.deltaEntries(e.open("t"), s) {
		if en.Kind == spec.FileAdd {
			return e.open("t").Root + "/bucket-0/" + en.File.FileName
		}
	}
	e.t.Fatalf("snapshot %d adds no file", s.ID)
	return ""
}

// Catches: a tag whose snapshot expired deleted alone, leaving the files
// only it kept alive (T-FD testDeleteTagWithSnapshot): its data file and
// its own manifest lists must go, nothing else (its one manifest is still
// listed by snapshot 4, which merges no manifests).
func TestDeleteTagFreesItsFiles(t *testing.T) {
	e, p := overwriteChain(t) // s1 +A, s2 -A +B, s3 -B +C, s4 +D
	e.tag("t", "t1", 1)
	e.expire("t", keepLast(1), false)
	e.mustExist(map[string]bool{p[0]: true, p[1]: false})
	rows := e.allRows("t")
	res := e.deleteTag("t", "t1")
	if e.tagExists("t", "t1") {
		t.Fatal("the tag file is still there")
	}
	if res.Deleted[KindData].Files != 1 || res.Deleted[KindManifestList].Files != 2 || res.Deleted[KindManifest].Files != 0 || len(res.Warnings) != 0 {
		t.Fatalf("result %+v", res)
	}
	e.mustExist(map[string]bool{p[0]: false, p[2]: true, p[3]: true})
	e.checkFiles("t", nil)
	delete(rows, "tag t1")
	e.checkRows("t", rows)
}

// Catches: deleting the files a remaining tag shares with the deleted one,
// on either side of it: t1 (A) and t2 (A, B) share A and the manifest of
// snapshot 1; t3 (C) shares nothing but its own file.
func TestDeleteTagKeepsFilesOfRemainingTags(t *testing.T) {
	build := func(t *testing.T) (*env, map[string]string) {
		e := newEnv(t)
		e.createTable("t", nil, nil, nil)
		files := map[string]string{}
		files["A"] = e.addedFile(e.write("t", [][]any{row(1, 0, "A")}, nil)) // s1
		files["B"] = e.addedFile(e.write("t", [][]any{row(2, 0, "B")}, nil)) // s2
		files["C"] = e.addedFile(e.write("t", [][]any{row(3, 0, "C")}, &commit.Overwrite{Mode: commit.OverwriteTable}))
		files["D"] = e.addedFile(e.write("t", [][]any{row(4, 0, "D")}, &commit.Overwrite{Mode: commit.OverwriteTable}))
		e.tag("t", "t1", 1)
		e.tag("t", "t2", 2)
		e.tag("t", "t3", 3)
		e.expire("t", keepLast(1), false)
		if !slices.Equal(e.snapshotIDs("t"), []int64{4}) {
			t.Fatalf("snapshots %v", e.snapshotIDs("t"))
		}
		for _, f := range files {
			e.mustExist(map[string]bool{f: true})
		}
		e.checkFiles("t", nil)
		return e, files
	}
	for _, tc := range []struct {
		del  []string
		gone []string
	}{
		{[]string{"t1"}, nil},           // A is t2's too
		{[]string{"t2"}, []string{"B"}}, // A is t1's too, B is t2's alone
		{[]string{"t3"}, []string{"C"}}, // nothing shared with t2 or snapshot 4
		{[]string{"t2", "t1"}, []string{"A", "B"}},
		{[]string{"t1", "t3", "t2"}, []string{"A", "B", "C"}},
	} {
		t.Run(strings.Join(tc.del, ","), func(t *testing.T) {
			e, files := build(t)
			rows := e.allRows("t")
			for _, tag := range tc.del {
				res := e.deleteTag("t", tag)
				if len(res.Warnings) != 0 || res.Failed != 0 {
					t.Fatalf("delete %s: %+v", tag, res)
				}
				delete(rows, "tag "+tag)
				e.checkFiles("t", nil)
				e.checkRows("t", rows)
			}
			for v, f := range files {
				if want := !slices.Contains(tc.gone, v); e.exists(f) != want {
					t.Errorf("file %s exists=%v, want %v", v, !want, want)
				}
			}
		})
	}
}

// Catches: treating an unreadable remaining tag as no tag. The tag file
// goes, nothing else: every file stays and the call warns.
func TestDeleteTagWithUnreadableOtherTagKeepsEverything(t *testing.T) {
	e, _ := overwriteChain(t)
	e.tag("t", "t1", 1)
	e.tag("t", "t2", 2)
	e.expire("t", keepLast(1), false)
	before := e.onDisk("t")
	if err := os.WriteFile(filepath.Join(e.wh, "t.db/t/tag/tag-t2"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := e.deleteTag("t", "t1")
	if e.tagExists("t", "t1") || res.Files() != 0 || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "deleted only the file of tag 't1'") {
		t.Fatalf("result %+v", res)
	}
	if got := e.onDisk("t"); !maps.Equal(got, before) {
		t.Fatalf("files changed: %d before, %d after", len(before), len(got))
	}
}

// Catches: deleting data files or manifests while the files of a
// neighbour cannot be read (T-FD testManifestFileSkippingSetException for
// tags). A neighbour's unreadable manifest list keeps every file of the
// deleted tag.
func TestDeleteTagWithUnreadableNeighbourManifest(t *testing.T) {
	e, _ := overwriteChain(t)
	e.tag("t", "t1", 1)
	e.tag("t", "t2", 2)
	e.expire("t", keepLast(1), false)
	before := e.onDisk("t")
	t2, err := e.open("t").Tags.Get(e.ctx, "t2")
	if err != nil {
		t.Fatal(err)
	}
	restore := e.corrupt(e.open("t").ManifestPath(t2.DeltaManifestList))
	res := e.deleteTag("t", "t1")
	restore()
	if e.tagExists("t", "t1") || res.Files() != 0 || len(res.Warnings) != 2 {
		t.Fatalf("result %+v", res)
	}
	if got := e.onDisk("t"); !maps.Equal(got, before) {
		t.Fatalf("files changed: %d before, %d after", len(before), len(got))
	}
}

// Catches: deleting the data files of a tag when one of its own manifests
// cannot be read: they stay, its other unused manifests still go.
func TestDeleteTagWithUnreadableOwnManifest(t *testing.T) {
	e, p := overwriteChain(t)
	e.tag("t", "t1", 1)
	e.expire("t", keepLast(1), false)
	t1, err := e.open("t").Tags.Get(e.ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	metas, err := e.read(t1.DeltaManifestList)
	if err != nil || len(metas) != 1 {
		t.Fatal(metas, err)
	}
	// Snapshot 4 still lists that manifest: it must stay, and be restored
	// for the final check to read it.
	restore := e.corrupt(e.open("t").ManifestPath(metas[0].FileName))
	res := e.deleteTag("t", "t1")
	restore()
	if res.Deleted[KindData].Files != 0 || res.Deleted[KindManifestList].Files != 2 || len(res.Warnings) != 1 {
		t.Fatalf("result %+v", res)
	}
	e.mustExist(map[string]bool{p[0]: true})
	// A is left as an orphan, and so is nothing else.
	e.checkFiles("t", map[string]bool{p[0]: true})
}

func (e *env) read(list string) ([]spec.ManifestFileMeta, error) {
	r := newReader(e.open("t"), 1)
	return r.manifestList(e.ctx, list)
}

// Catches: a tag whose snapshot still exists, or that shares its snapshot
// with another tag, taking files with it: only its file goes.
func TestDeleteTagDeletesOnlyTheTagFile(t *testing.T) {
	t.Run("snapshot exists", func(t *testing.T) {
		e, _ := overwriteChain(t)
		e.tag("t", "t1", 1)
		before := e.onDisk("t")
		res := e.deleteTag("t", "t1")
		if e.tagExists("t", "t1") || res.Files() != 0 || len(res.Warnings) != 0 || !maps.Equal(e.onDisk("t"), before) {
			t.Fatalf("result %+v", res)
		}
	})
	t.Run("two tags on one snapshot", func(t *testing.T) {
		e, _ := overwriteChain(t)
		e.tag("t", "a", 1)
		e.tag("t", "b", 1)
		e.expire("t", keepLast(1), false)
		before := e.onDisk("t")
		rows := e.allRows("t")
		res := e.deleteTag("t", "a")
		if e.tagExists("t", "a") || res.Files() != 0 || len(res.Warnings) != 0 || !maps.Equal(e.onDisk("t"), before) {
			t.Fatalf("result %+v", res)
		}
		delete(rows, "tag a")
		e.checkRows("t", rows)
		e.checkFiles("t", nil)
		// The last one takes them.
		if res := e.deleteTag("t", "b"); res.Deleted[KindData].Files != 1 {
			t.Fatalf("result %+v", res)
		}
		e.checkFiles("t", nil)
	})
	t.Run("missing or blank", func(t *testing.T) {
		e, _ := overwriteChain(t)
		if _, err := e.tryDeleteTag("t", "nope"); !errors.Is(err, snapshot.ErrNoTag) {
			t.Fatalf("got %v", err)
		}
		if _, err := e.tryDeleteTag("t", " "); err == nil {
			t.Fatal("a blank name was accepted")
		}
	})
	t.Run("unreadable tag itself", func(t *testing.T) {
		e, _ := overwriteChain(t)
		e.tag("t", "t1", 1)
		e.expire("t", keepLast(1), false)
		if err := os.WriteFile(filepath.Join(e.wh, "t.db/t/tag/tag-t1"), []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
		before := e.onDisk("t")
		if _, err := e.tryDeleteTag("t", "t1"); err == nil || !e.tagExists("t", "t1") || !maps.Equal(e.onDisk("t"), before) {
			t.Fatalf("err %v", err)
		}
	})
}

// Catches: taking the earliest snapshot as the right neighbour, as Java
// does, when snapshots below the tag remain (here snapshot 3, the tagged
// one, is missing, 1 and 2 are not): snapshot 2 reads B, which the tag
// also reads, and the earliest snapshot does not.
func TestDeleteTagBetweenSnapshots(t *testing.T) {
	e := newEnv(t)
	e.createTable("t", nil, nil, nil)
	files := map[string]string{}
	for i, v := range []string{"A", "B", "C"} {
		files[v] = e.addedFile(e.write("t", [][]any{row(int64(i), 0, v)}, nil))
	}
	files["D"] = e.addedFile(e.write("t", [][]any{row(9, 0, "D")}, &commit.Overwrite{Mode: commit.OverwriteTable}))
	e.tag("t", "t3", 3)
	if err := os.Remove(filepath.Join(e.wh, "t.db/t/snapshot/snapshot-3")); err != nil {
		t.Fatal(err)
	}
	rows := e.allRows("t")
	res := e.deleteTag("t", "t3")
	if res.Deleted[KindData].Files != 1 || len(res.Warnings) != 0 {
		t.Fatalf("result %+v", res)
	}
	e.mustExist(map[string]bool{files["A"]: true, files["B"]: true, files["C"]: false, files["D"]: true})
	delete(rows, "tag t3")
	e.checkRows("t", rows)
	e.checkFiles("t", nil)
}

// Catches: a tag's files taken while a branch, which shares the table's
// files, may use them; and a tag of a branch cleaned against its branch
// alone.
func TestDeleteTagWithBranches(t *testing.T) {
	const name = "append_table_with_append_pt_branch"
	e := copyFixture(t, name)
	ids, err := e.open(name).Snapshots.IDs(e.ctx)
	if err != nil || len(ids) < 2 {
		t.Fatal(ids, err)
	}
	for _, tbl := range []struct{ branch, tag string }{{"", "x"}, {"test", "y"}} {
		h := e.openBranch(name, tbl.branch)
		s, err := h.Snapshots.Latest(e.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Tags.Create(e.ctx, tbl.tag, s, nil); err != nil {
			t.Fatal(err)
		}
		// The tagged snapshot disappears, as if it had expired.
		if err := os.Remove(filepath.Join(e.wh, filepath.FromSlash(h.Snapshots.Path(s.ID)))); err != nil {
			t.Fatal(err)
		}
	}
	before := e.onDisk(name)
	for _, tbl := range []struct{ branch, tag string }{{"", "x"}, {"test", "y"}} {
		h := e.openBranch(name, tbl.branch)
		res, err := DeleteTag(e.ctx, h, tbl.tag, Config{})
		if err != nil || res.Files() != 0 || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "branch") {
			t.Fatalf("%s: %+v %v", tbl.tag, res, err)
		}
		if _, err := h.Tags.Get(e.ctx, tbl.tag); !errors.Is(err, snapshot.ErrNoTag) {
			t.Fatalf("tag %s: %v", tbl.tag, err)
		}
	}
	if !maps.Equal(e.onDisk(name), before) {
		t.Fatal("files were deleted")
	}
}

// Catches: statistics, deletion-vector files and index manifests of a
// deleted tag left behind, or taken while a snapshot still uses them.
func TestDeleteTagMetadataFiles(t *testing.T) {
	t.Run("statistics", func(t *testing.T) {
		e := appendTable(t, 1)
		e.analyze("t", "stat-a-0")                 // s2
		e.write("t", [][]any{row(1, 0, "b")}, nil) // s3 inherits stat-a
		e.tag("t", "t3", 3)
		e.analyze("t", "stat-b-0")                 // s4
		e.write("t", [][]any{row(2, 0, "c")}, nil) // s5 inherits stat-b
		e.expire("t", keepLast(1), false)
		e.mustExist(map[string]bool{"t.db/t/statistics/stat-a-0": true})
		res := e.deleteTag("t", "t3")
		if res.Deleted[KindStatistics].Files != 1 {
			t.Fatalf("result %+v", res)
		}
		e.mustExist(map[string]bool{"t.db/t/statistics/stat-a-0": false, "t.db/t/statistics/stat-b-0": true})
		e.checkFiles("t", nil)
	})
	for name, inData := range map[string]bool{
		"pk_dv_index_not_in_data_no_external": false,
		"pk_dv_index_in_data_no_external":     true,
	} {
		t.Run(name, func(t *testing.T) {
			e := copyFixture(t, name)
			latest, err := e.open(name).Snapshots.Latest(e.ctx)
			if err != nil {
				t.Fatal(err)
			}
			e.tag(name, "old", latest.ID)
			oldPath, newPath := replaceDV(t, e, name, inData)
			orphans := e.orphans(name)
			e.expire(name, keepLast(1), false)
			if !e.exists(oldPath) {
				t.Fatal("expiration took the tag's deletion vectors")
			}
			rows := e.allRows(name)
			res := e.deleteTag(name, "old")
			if res.Deleted[KindIndex].Files != 1 || res.Deleted[KindIndexManifest].Files != 1 || len(res.Warnings) != 0 {
				t.Fatalf("result %+v", res)
			}
			if e.exists(oldPath) || !e.exists(newPath) {
				t.Fatalf("old DV file exists=%v, new one exists=%v", e.exists(oldPath), e.exists(newPath))
			}
			delete(rows, "tag old")
			e.checkFiles(name, orphans)
			e.checkRows(name, rows)
		})
	}
}
