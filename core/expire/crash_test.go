package expire

import (
	"sort"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
)

// crashTable is a table whose expiration deletes every kind of file it can
// here: data files replaced by overwrites, manifests, manifest lists and
// snapshot files, with a tag protecting an old snapshot.
func crashTable(t *testing.T) *env {
	e, _ := overwriteChain(t)
	e.tag("t", "t2", 2)
	e.write("t", [][]any{row(9, 0, "E")}, &commit.Overwrite{Mode: commit.OverwriteTable})
	e.write("t", [][]any{row(10, 0, "F")}, nil)
	return e
}

// missingReferenced lists the files that a listed snapshot or a tag
// references and that do not exist.
func (e *env) missingReferenced(name string) []string {
	e.t.Helper()
	disk := e.onDisk(name)
	var out []string
	for p := range e.referenced(name) {
		if !disk[p] {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Catches: an order of deletion that lets a crash leave listed snapshots
// whose files are gone (Java deletes data and manifests before snapshot
// files: docs/README.md, decision 8). The run is stopped at every write or
// delete in turn, as a crash would stop it; each time, every snapshot and
// tag still listed reads as before with all its files, and a second run
// brings the table to what one uninterrupted run leaves, plus files no
// snapshot references (for orphan cleanup), never fewer files.
func TestCrashAtEveryPointKeepsListedSnapshotsReadable(t *testing.T) {
	base := crashTable(t)
	ref := base.clone()
	ref.expire("t", keepLast(1), false)
	want := ref.onDisk("t")

	for n := 1; ; n++ {
		e := base.clone()
		rows := e.allRows("t")
		ffs, faults := fsfault.New(e.fsys, fsfault.Plan{Ops: fsfault.Delete | fsfault.Write | fsfault.Create, FailAt: n, Stop: true})
		tbl, err := table.Open(e.ctx, ffs, "t", "t", "")
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := NewConfig(nil, keepLast(1))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = Expire(e.ctx, tbl, cfg, false)
		if faults.Injected() == 0 {
			if n < 10 {
				t.Fatalf("the run made only %d writes and deletes", n-1)
			}
			t.Logf("%d crash points", n-1)
			break // the run completed before operation n
		}
		if missing := e.missingReferenced("t"); len(missing) > 0 {
			t.Fatalf("crash at operation %d: snapshots %v still listed, but their files %v are gone", n, e.snapshotIDs("t"), missing)
		}
		e.checkRows("t", rows)

		e.expire("t", keepLast(1), false)
		e.expectSnapshots("t", 6)
		got, referenced := e.onDisk("t"), e.referenced("t")
		for p := range want {
			if !got[p] {
				t.Errorf("crash at operation %d, then a full run: %s was deleted, Java keeps it", n, p)
			}
		}
		for p := range got {
			if !want[p] && referenced[p] {
				t.Errorf("crash at operation %d, then a full run: %s is left and referenced", n, p)
			}
		}
		if missing := e.missingReferenced("t"); len(missing) > 0 {
			t.Errorf("crash at operation %d, then a full run: %v are gone", n, missing)
		}
		if t.Failed() {
			t.FailNow()
		}
	}
}

// Catches: a LATEST hint left below EARLIEST. It names an expired
// snapshot, and Java trusts it when its successor is expired too.
func TestExpireRaisesStaleLatestHint(t *testing.T) {
	e, _ := overwriteChain(t)
	tbl := e.open("t")
	if err := tbl.Snapshots.WriteLatestHint(e.ctx, 1); err != nil {
		t.Fatal(err)
	}
	e.expire("t", keepLast(1), false)
	if got, ok := e.open("t").Snapshots.LatestHint(e.ctx); !ok || got != 4 {
		t.Fatalf("LATEST = %d (%v), want 4", got, ok)
	}
}
