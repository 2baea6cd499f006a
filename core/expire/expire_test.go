package expire

import (
	"fmt"
	"slices"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// appendTable makes an append table with n single-row commits.
func appendTable(t *testing.T, n int) *env {
	e := newEnv(t)
	e.createTable("t", nil, nil, nil)
	for i := range n {
		e.write("t", [][]any{row(int64(i), 0, fmt.Sprint("v", i))}, nil)
	}
	return e
}

// Catches: a run on a table without snapshots that fails, deletes, or
// writes a hint.
func TestEmptyTable(t *testing.T) {
	e := newEnv(t)
	e.createTable("t", nil, nil, nil)
	res := e.expire("t", keepLast(1), false)
	if res.Expired != 0 || res.Files() != 0 || e.hint("t") != "<missing>" {
		t.Fatalf("result %+v, hint %s", res, e.hint("t"))
	}
}

// Catches: deleting files that are live, i.e. taking ADDs of expired
// deltas for deletions. Append-only snapshots delete nothing but metadata.
func TestAppendOnlyKeepsEveryDataFile(t *testing.T) {
	e := appendTable(t, 5)
	rows := e.allRows("t")
	before := e.onDisk("t")
	res := e.expire("t", keepLast(1), false)
	if res.Expired != 4 || res.From != 1 || res.To != 5 || res.Deleted[KindData].Files != 0 {
		t.Fatalf("result %+v", res)
	}
	if got := e.snapshotIDs("t"); !slices.Equal(got, []int64{5}) || e.hint("t") != "5" {
		t.Fatalf("snapshots %v, hint %s", got, e.hint("t"))
	}
	for p := range before {
		if !e.exists(p) && res.Deleted[KindManifest].Files+res.Deleted[KindManifestList].Files == 0 {
			t.Errorf("%s deleted", p)
		}
	}
	e.checkFiles("t", nil)
	e.checkRows("t", rows)
}

// Catches: leaving the files an overwrite replaced, or deleting the new ones.
func TestOverwriteDeletesReplacedFiles(t *testing.T) {
	e := appendTable(t, 3)
	e.write("t", [][]any{row(10, 0, "new")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	e.write("t", [][]any{row(11, 0, "newer")}, nil)
	rows := e.allRows("t")
	res := e.expire("t", keepLast(1), false)
	if res.Expired != 4 || res.Deleted[KindData].Files != 3 || res.Deleted[KindData].Bytes == 0 {
		t.Fatalf("result %+v", res)
	}
	e.checkFiles("t", nil)
	e.checkRows("t", rows)
}

// Catches: an overwrite of one partition taking other partitions' files.
func TestPartitionedOverwrite(t *testing.T) {
	e := newEnv(t)
	e.createTable("t", nil, []string{"pt"}, nil)
	e.write("t", [][]any{row(1, 1, "a"), row(2, 2, "b")}, nil)
	e.write("t", [][]any{row(3, 1, "c"), row(4, 2, "d")}, nil)
	e.write("t", [][]any{row(5, 1, "e")}, &commit.Overwrite{Mode: commit.OverwriteStatic, Partition: map[string]any{"pt": int32(1)}})
	rows := e.allRows("t")
	res := e.expire("t", keepLast(1), false)
	if res.Deleted[KindData].Files != 2 {
		t.Fatalf("deleted %d data files, want the 2 of partition 1", res.Deleted[KindData].Files)
	}
	e.checkFiles("t", nil)
	e.checkRows("t", rows)
}

// Catches: a tag losing its data files or manifests; with tag protection
// disabled (checked by hand: skipper.holds always false) this test fails.
func TestTagKeepsFilesAndStaysReadable(t *testing.T) {
	e := appendTable(t, 2)
	e.tag("t", "t2", 2)
	e.write("t", [][]any{row(10, 0, "x")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	e.write("t", [][]any{row(11, 0, "y")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	rows := e.allRows("t")
	res := e.expire("t", keepLast(1), false)
	if res.Expired != 3 {
		t.Fatalf("result %+v", res)
	}
	// The tag's two files stay; the file of snapshot 3 goes.
	if res.Deleted[KindData].Files != 1 {
		t.Fatalf("deleted %d data files, want 1", res.Deleted[KindData].Files)
	}
	e.checkFiles("t", nil)
	e.checkRows("t", rows)
	if len(rows["tag t2"]) != 2 {
		t.Fatalf("tag reads %v", rows["tag t2"])
	}
}

// Catches: choosing the wrong tag for a deleted file. A file must be kept
// when the closest tag before the deleting snapshot holds it, even if an
// older tag does not (T-FD testExpireWithExistingTags, extended): with
// several tags, using the first or the last tag instead fails here.
func TestClosestEarlierTag(t *testing.T) {
	e := newEnv(t)
	e.createTable("t", nil, nil, nil)
	e.write("t", [][]any{row(1, 0, "A")}, nil) // s1 +A
	e.write("t", [][]any{row(2, 0, "B")}, nil) // s2 +B
	tbl := e.open("t")
	files := map[string]spec.ManifestEntry{}
	for _, id := range []int64{1, 2} {
		s, _ := tbl.Snapshots.Snapshot(e.ctx, id)
		for _, en := range e.deltaEntries(tbl, s) {
			files[string('A'+rune(id-1))] = en
		}
	}
	del := func(name string) {
		en := files[name]
		en.Kind = spec.FileDelete
		e.commit("t", commit.Request{Compact: commit.Changes{Files: []spec.ManifestEntry{en}}})
	}
	add := func(name string) {
		s := e.write("t", [][]any{row(int64(len(files)+1), 0, name)}, nil)
		files[name] = e.deltaEntries(e.open("t"), s)[0]
	}
	del("A")              // s3 -A
	e.tag("t", "tag1", 3) //
	add("C")              // s4 +C
	del("B")              // s5 -B
	e.tag("t", "tag2", 5) //
	add("D")              // s6 +D
	del("D")              // s7 -D
	del("C")              // s8 -C: tag2 holds C, tag1 does not
	add("E")              // s9 +E
	path := func(n string) string { return e.open("t").Root + "/bucket-0/" + files[n].File.FileName }
	rows := e.allRows("t")
	e.expire("t", keepLast(1), false)
	for n, want := range map[string]bool{"A": false, "B": true, "C": true, "D": false, "E": true} {
		if e.exists(path(n)) != want {
			t.Errorf("file %s exists=%v, want %v", n, !want, want)
		}
	}
	e.checkFiles("t", nil)
	e.checkRows("t", rows)
}
