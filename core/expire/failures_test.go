package expire

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
)

// overwriteChain makes s1 +A, s2 -A +B, s3 -B +C, s4 +D (overwrites), and
// returns the data file paths A to D.
func overwriteChain(t *testing.T) (*env, []string) {
	e := newEnv(t)
	e.createTable("t", nil, nil, nil)
	var paths []string
	for i, v := range []string{"A", "B", "C", "D"} {
		var ow *commit.Overwrite
		if i == 1 || i == 2 {
			ow = &commit.Overwrite{Mode: commit.OverwriteTable}
		}
		s := e.write("t", [][]any{row(int64(i), 0, v)}, ow)
		for _, en := range e.deltaEntries(e.open("t"), s) {
			if en.Kind == spec.FileAdd {
				paths = append(paths, e.open("t").Root+"/bucket-0/"+en.File.FileName)
			}
		}
	}
	return e, paths
}

func (e *env) mustExist(paths map[string]bool) {
	e.t.Helper()
	for p, want := range paths {
		if e.exists(p) != want {
			e.t.Errorf("%s exists=%v, want %v", p, !want, want)
		}
	}
}

func (e *env) corrupt(rel string) (restore func()) {
	e.t.Helper()
	path := filepath.Join(e.wh, filepath.FromSlash(rel))
	data, err := os.ReadFile(path)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("not avro"), 0o644); err != nil {
		e.t.Fatal(err)
	}
	return func() {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			e.t.Fatal(err)
		}
	}
}

// Catches: deleting what a delta deletes when part of the delta cannot be
// read (the missing part may hold the ADD of a level upgrade): T-ES
// testPlanUnusedDataFilesCancelsDeletionWhenManifestFileMissing.
func TestUnreadableDeltaKeepsItsFiles(t *testing.T) {
	e, p := overwriteChain(t)
	rows := e.allRows("t")
	// Snapshot 2's delta list gains a manifest that does not exist (after
	// snapshot 3 copied the list into its base, so that no one else sees it).
	tbl := e.open("t")
	s2 := snap(e, 2)
	metas, err := scan.ReadManifestList(e.ctx, tbl, s2.DeltaManifestList)
	if err != nil {
		t.Fatal(err)
	}
	metas = append(metas, spec.ManifestFileMeta{FileName: "manifest-missing-0", FileSize: 100})
	var buf bytes.Buffer
	if err := manifest.WriteManifestList(&buf, metas); err != nil {
		t.Fatal(err)
	}
	if err := e.fsys.Write(e.ctx, tbl.ManifestPath(s2.DeltaManifestList), buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	res := e.expire("t", keepLast(1), false)
	e.mustExist(map[string]bool{p[0]: true, p[1]: false, p[2]: true, p[3]: true})
	if len(res.Warnings) == 0 || !strings.Contains(res.Warnings[0], "snapshot 2") {
		t.Fatalf("warnings %v", res.Warnings)
	}
	e.checkFiles("t", map[string]bool{p[0]: true})
	e.checkRows("t", rows)
}

// Catches: treating a tag whose files cannot be read as no tag. Its
// snapshots' data files and all metadata must stay; snapshots still go. By
// hand: giving such a tag an empty skipper instead of none makes this test
// fail (A is deleted and the tag no longer reads).
func TestUnreadableTagKeepsWhatItMightProtect(t *testing.T) {
	e, p := overwriteChain(t)
	e.tag("t", "t1", 1)
	rows := e.allRows("t")
	before := e.onDisk("t")
	restore := e.corrupt(e.open("t").ManifestPath(snap(e, 1).DeltaManifestList))
	res := e.expire("t", keepLast(1), false)
	restore()
	// A (the tag's) stays; B was deleted by snapshot 3, whose closest
	// earlier tag is also t1, so it stays too: unknown means keep.
	e.mustExist(map[string]bool{p[0]: true, p[1]: true})
	if res.Expired != 3 || res.Deleted[KindManifestList].Files != 0 || len(res.Warnings) == 0 {
		t.Fatalf("result %+v", res)
	}
	e.expectSnapshots("t", 4)
	e.checkFiles("t", before)
	e.checkRows("t", rows)
}

// Catches: a tag file that cannot be parsed read as no tag. The run must
// fail before deleting anything.
func TestCorruptTagFileFailsTheRun(t *testing.T) {
	e, _ := overwriteChain(t)
	e.tag("t", "t1", 1)
	before := e.onDisk("t")
	if err := os.WriteFile(filepath.Join(e.wh, "t.db/t/tag/tag-t1"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := e.tryExpire("t", keepLast(1), false); err == nil {
		t.Fatal("expected an error")
	}
	if len(e.onDisk("t")) != len(before) || len(e.snapshotIDs("t")) != 4 {
		t.Fatal("files were deleted")
	}
}

// Catches: deleting manifests when the skipping set (what the end snapshot
// and the tags use) cannot be built: T-FD testManifestFileSkippingSetException.
// Snapshots still expire and the hint still moves, as in Java.
func TestUnbuildableSkippingSetKeepsManifests(t *testing.T) {
	e, _ := overwriteChain(t)
	before := e.onDisk("t")
	restore := e.corrupt(e.open("t").ManifestPath(snap(e, 4).BaseManifestList))
	res := e.expire("t", keepLast(1), false)
	restore()
	for _, k := range []Kind{KindManifest, KindManifestList, KindIndexManifest, KindIndex, KindStatistics} {
		if res.Deleted[k].Files != 0 {
			t.Errorf("deleted %d %s files", res.Deleted[k].Files, k)
		}
	}
	if res.Expired != 3 || e.hint("t") != "4" {
		t.Fatalf("result %+v, hint %s", res, e.hint("t"))
	}
	e.checkFiles("t", before)
}

// Catches: a run that goes on when the end of its range is missing. We stop
// before anything is deleted (Java deletes data files first, which would
// take files of the snapshots that stay here).
func TestMissingEndSnapshotDeletesNothing(t *testing.T) {
	e, _ := overwriteChain(t)
	e.write("t", [][]any{row(9, 0, "E")}, nil)
	if err := os.Remove(filepath.Join(e.wh, "t.db/t/snapshot/snapshot-3")); err != nil {
		t.Fatal(err)
	}
	before := e.onDisk("t")
	rows := e.allRows("t")
	// retain max 3 of 5 gives end 3; the limit keeps the time rule out.
	res := e.expire("t", Overrides{RetainMax: intp(3), RetainMin: intp(1), MaxDeletes: intp(2)}, false)
	if res.Expired != 0 || res.Files() != 0 || len(e.onDisk("t")) != len(before) {
		t.Fatalf("result %+v", res)
	}
	e.expectSnapshots("t", 1, 2, 4, 5)
	e.checkRows("t", rows)
}

// Catches: a hole in the range stopping the run or being counted.
func TestMissingSnapshotInRange(t *testing.T) {
	e, _ := overwriteChain(t)
	e.write("t", [][]any{row(9, 0, "E")}, nil)
	if err := os.Remove(filepath.Join(e.wh, "t.db/t/snapshot/snapshot-4")); err != nil {
		t.Fatal(err)
	}
	orphans := e.orphans("t") // snapshot 4's own manifest lists
	rows := e.allRows("t")
	res := e.expire("t", keepLast(1), false)
	if res.Expired != 3 || res.From != 1 || res.To != 5 {
		t.Fatalf("result %+v", res)
	}
	e.expectSnapshots("t", 5)
	e.checkFiles("t", orphans)
	e.checkRows("t", rows)
}

// Catches: any read failure anywhere that makes a run delete a file still
// used. Reads fail at random; whatever each run does, every snapshot and
// tag left must read as before, with all its files.
func TestRandomReadFailuresNeverDeleteUsedFiles(t *testing.T) {
	for seed := range int64(30) {
		e, _ := overwriteChain(t)
		e.tag("t", "t2", 2)
		e.write("t", [][]any{row(9, 0, "E")}, &commit.Overwrite{Mode: commit.OverwriteTable})
		rows := e.allRows("t")
		before := e.onDisk("t")
		ffs, _ := fsfault.New(e.fsys, fsfault.Plan{Ops: fsfault.Read, Rate: 0.08, Seed: seed})
		tbl, err := table.Open(e.ctx, ffs, "t", "t", "")
		if err != nil {
			continue // the failure struck while opening
		}
		cfg, err := NewConfig(nil, keepLast(1))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = Expire(e.ctx, tbl, cfg, false)
		e.checkFiles("t", before)
		e.checkRows("t", rows)
		if t.Failed() {
			t.Fatalf("seed %d", seed)
		}
	}
}

// Catches: a failed delete that is not reported, or a failed snapshot
// delete that leaves a listed snapshot without its manifests behind the
// hint. Deletes fail at random; the run reports them, and a second run
// finishes the work with every snapshot left readable.
func TestFailedDeletesAreReported(t *testing.T) {
	for seed := range int64(10) {
		e, _ := overwriteChain(t)
		e.write("t", [][]any{row(9, 0, "E")}, &commit.Overwrite{Mode: commit.OverwriteTable})
		rows := e.allRows("t")
		before := e.onDisk("t")
		ffs, _ := fsfault.New(e.fsys, fsfault.Plan{Ops: fsfault.Delete, Rate: 0.3, Seed: seed})
		tbl, err := table.Open(e.ctx, ffs, "t", "t", "")
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := NewConfig(nil, keepLast(1))
		res, err := Expire(e.ctx, tbl, cfg, false)
		if res.Failed == 0 || len(res.Warnings) == 0 {
			t.Fatalf("seed %d: result %+v", seed, res)
		}
		if err != nil && (!strings.Contains(err.Error(), "run the expiration again") || e.hint("t") != fmt.Sprint(res.To)) {
			t.Fatalf("seed %d: %v, hint %s, result %+v", seed, err, e.hint("t"), res)
		}
		e.expire("t", keepLast(1), false)
		e.expectSnapshots("t", 5)
		e.checkFiles("t", before)
		e.checkRows("t", rows)
	}
}
