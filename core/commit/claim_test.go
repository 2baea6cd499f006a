package commit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// expireSnapshotFiles does what an expiration does to the snapshot
// directory: deletes the snapshot files below end in ascending order and
// moves EARLIEST to end.
func expireSnapshotFiles(t *testing.T, tbl *table.Table, end int64) {
	t.Helper()
	ctx := context.Background()
	ids, err := tbl.Snapshots.IDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if id < end {
			if err := tbl.FS.Delete(ctx, tbl.Snapshots.Path(id)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tbl.Snapshots.WriteEarliestHint(ctx, end); err != nil {
		t.Fatal(err)
	}
}

func snapshotIDs(t *testing.T, tbl *table.Table) []int64 {
	t.Helper()
	ids, err := tbl.Snapshots.IDs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// A writer whose base was committed over and expired while it prepared its
// snapshot must not re-create the expired id: it retries on the fresh
// latest snapshot (issue 17, item 1) — also when the expiration deleted the
// base's manifest list before the writer read it.
func TestStaleWriterRetriesOnFreshBase(t *testing.T) {
	for _, listGone := range []bool{false, true} {
		t.Run(fmt.Sprintf("manifest list deleted=%v", listGone), func(t *testing.T) {
			staleWriterRetries(t, listGone)
		})
	}
}

func staleWriterRetries(t *testing.T, listGone bool) {
	ctx := context.Background()
	tbl, wh := copyFixture(t, pkDV)
	src := anyFile(t, live(t, tbl), nil)
	base := latest(t, tbl)
	other := committer(t, openTable(t, wh, pkDV), "other", nil)
	stale := committer(t, tbl, "stale", nil)
	mine := copyDataFile(t, tbl, src, "data-go-stale-0.parquet")
	theirs := []spec.ManifestEntry{
		copyDataFile(t, tbl, src, "data-go-other-0.parquet"),
		copyDataFile(t, tbl, src, "data-go-other-1.parquet"),
	}

	run, err := stale.newRun(ctx, Request{Identifier: BatchIdentifier, SchemaID: base.SchemaID})
	if err != nil {
		t.Fatal(err)
	}
	var bases []int64
	cs := run.spec(spec.KindAppend, false, func(_ context.Context, l *spec.Snapshot) (Changes, error) {
		bases = append(bases, l.ID)
		if len(bases) == 1 {
			// While the stale writer prepares: two commits, and an
			// expiration that keeps only the latest.
			for _, e := range theirs {
				mustCommit(t, other, appendCommit(e))
			}
			expireSnapshotFiles(t, tbl, base.ID+2)
			if listGone {
				if err := tbl.FS.Delete(ctx, tbl.ManifestPath(base.BaseManifestList)); err != nil {
					t.Fatal(err)
				}
			}
		}
		return Changes{Files: []spec.ManifestEntry{mine}}, nil
	})
	snap, err := stale.tryCommit(ctx, run, cs)
	if err != nil {
		t.Fatal(err)
	}
	if snap.ID != base.ID+3 || !slices.Equal(bases, []int64{base.ID, base.ID + 2}) {
		t.Fatalf("committed snapshot %d on bases %v, want %d on %d then %d", snap.ID, bases, base.ID+3, base.ID, base.ID+2)
	}
	if ids := snapshotIDs(t, tbl); !slices.Equal(ids, []int64{base.ID + 2, base.ID + 3}) {
		t.Fatalf("snapshots %v", ids)
	}
	now := live(t, tbl)
	for _, e := range append(theirs, mine) {
		if _, ok := now[e.File.FileName]; !ok {
			t.Errorf("%s is not live", e.File.FileName)
		}
	}
	checkIntegrity(t, tbl)
}

// claimed creates snapshot-id as a claim of the committer would, with a
// delta list of its own, and returns it.
func claimed(t *testing.T, tbl *table.Table, id int64, mtime time.Time) *spec.Snapshot {
	t.Helper()
	s := *latest(t, tbl)
	s.ID, s.DeltaManifestList = id, "manifest-list-claim-test"
	data, err := spec.MarshalSnapshot(&s)
	if err != nil {
		t.Fatal(err)
	}
	if err := tbl.FS.CreateExclusive(context.Background(), tbl.Snapshots.Path(id), data); err != nil {
		t.Fatal(err)
	}
	setMtime(t, tbl, id, mtime)
	return &s
}

func setMtime(t *testing.T, tbl *table.Table, id int64, mtime time.Time) {
	t.Helper()
	p := filepath.Join(tbl.FS.URL()[len("file://"):], filepath.FromSlash(tbl.Snapshots.Path(id)))
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

// The checks after a claim, for claims that the check before it could not
// catch (an expiration between the two).
func TestVerifyClaim(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	cases := []struct {
		name string
		// setup runs on a table whose latest snapshot is base and returns
		// the id to claim; the claim is created at now.
		setup func(t *testing.T, tbl *table.Table, c *Committer, base int64) int64
		check func(t *testing.T, tbl *table.Table, id int64, err error)
	}{{
		name: "id expired before the claim: undone, retried",
		setup: func(t *testing.T, tbl *table.Table, c *Committer, base int64) int64 {
			for i := range 2 {
				mustCommit(t, c, appendCommit(copyDataFile(t, tbl, anyFile(t, live(t, tbl), nil), fileName("data-go-v", i))))
			}
			setMtime(t, tbl, base+2, now.Add(-time.Second))
			expireSnapshotFiles(t, tbl, base+2)
			return base + 1
		},
		check: func(t *testing.T, tbl *table.Table, id int64, err error) {
			if !errors.Is(err, errStaleBase) {
				t.Fatalf("got %v, want errStaleBase", err)
			}
			if ok, _ := tbl.Snapshots.Exists(ctx, id); ok {
				t.Fatal("the stale claim was not undone")
			}
		},
	}, {
		name: "base expired right after the claim, nothing newer: kept",
		setup: func(t *testing.T, tbl *table.Table, c *Committer, base int64) int64 {
			// Expiration deletes the base once the claim exists; here it
			// goes first, so LATEST, which names it, goes too (a LATEST
			// naming a missing snapshot is a damaged table).
			for _, p := range []string{tbl.Snapshots.Path(base), tbl.Snapshots.Dir() + "/" + snapshot.Latest} {
				if err := tbl.FS.Delete(ctx, p); err != nil {
					t.Fatal(err)
				}
			}
			return base + 1
		},
		check: func(t *testing.T, tbl *table.Table, id int64, err error) {
			if err != nil {
				t.Fatalf("a new id was refused: %v", err)
			}
		},
	}, {
		name: "suspect, and the newer snapshot is not older: uncertain, kept",
		setup: func(t *testing.T, tbl *table.Table, c *Committer, base int64) int64 {
			for i := range 2 {
				mustCommit(t, c, appendCommit(copyDataFile(t, tbl, anyFile(t, live(t, tbl), nil), fileName("data-go-u", i))))
			}
			// Java's expiration deletes snapshot files before it moves
			// EARLIEST; base+2 could have been built on the claim.
			for _, id := range []int64{base, base + 1} {
				if err := tbl.FS.Delete(ctx, tbl.Snapshots.Path(id)); err != nil {
					t.Fatal(err)
				}
			}
			setMtime(t, tbl, base+2, now.Add(time.Second))
			return base + 1
		},
		check: func(t *testing.T, tbl *table.Table, id int64, err error) {
			var unsure *uncertainError
			if !errors.As(err, &unsure) || !unsure.final {
				t.Fatalf("got %v, want a final uncertain error", err)
			}
			if ok, _ := tbl.Snapshots.Exists(ctx, id); !ok {
				t.Fatal("an uncertain claim was removed")
			}
		},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tbl, _ := copyFixture(t, pkDV)
			c := committer(t, tbl, "claimer", nil)
			id := tc.setup(t, tbl, c, latest(t, tbl).ID)
			snap := claimed(t, tbl, id, now)
			tc.check(t, tbl, id, c.verifyClaim(ctx, snap))
		})
	}
}

// LATEST is never written late: once a newer snapshot exists, a commit
// leaves the hint to it (Java trusts a hint whose successor is gone).
func TestLatestHintNotWrittenLate(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	c := committer(t, tbl, "hint", nil)
	base := latest(t, tbl).ID
	if err := tbl.Snapshots.WriteLatestHint(ctx, base-1); err != nil {
		t.Fatal(err)
	}
	claimed(t, tbl, base+1, time.Now())
	c.writeLatestHint(ctx, base)
	if got := hint(t, tbl, snapshot.Latest); got != fmt.Sprint(base-1) {
		t.Fatalf("LATEST = %s after a late write of %d, want it untouched", got, base)
	}
	c.writeLatestHint(ctx, base+1)
	if got := hint(t, tbl, snapshot.Latest); got != fmt.Sprint(base+1) {
		t.Fatalf("LATEST = %s, want %d", got, base+1)
	}
}

// A claim whose file another writer replaced right after its creation
// (Java's check-then-rename on a local disk) is a lost race: retried.
func TestReplacedClaimIsRetried(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	c := committer(t, tbl, "claimer", nil)
	id := latest(t, tbl).ID + 1
	claimed(t, tbl, id, time.Now()) // the other writer's content
	mine := *latest(t, tbl)
	mine.ID, mine.DeltaManifestList = id, "manifest-list-mine"
	if err := c.verifyClaim(ctx, &mine); !errors.Is(err, errSnapshotExists) {
		t.Fatalf("got %v, want a lost race", err)
	}
}

// Catches: a claim made while a Java writer that found the name free is
// about to rename its temporary file onto it (Java's local check, then
// rename): judged before the rename, the claim looked new and the commit,
// acknowledged, was lost when the rename replaced it.
func TestClaimWaitsForPendingJavaRename(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	c := committer(t, tbl, "claimer", nil)
	id := latest(t, tbl).ID + 1
	java := *latest(t, tbl)
	java.ID, java.DeltaManifestList = id, "manifest-list-java"
	data, err := spec.MarshalSnapshot(&java)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tbl.FS.URL()[len("file://"):], filepath.FromSlash(tbl.Snapshots.Dir()))
	tmp := filepath.Join(dir, fmt.Sprintf(".snapshot-%d.5f0e-java.tmp", id))
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	mine := *latest(t, tbl)
	mine.ID, mine.DeltaManifestList = id, "manifest-list-mine"
	if err := tbl.FS.CreateExclusive(ctx, tbl.Snapshots.Path(id), []byte(mustMarshal(t, &mine))); err != nil {
		t.Fatal(err)
	}
	renamed := make(chan error, 1)
	go func() {
		time.Sleep(50 * time.Millisecond)
		renamed <- os.Rename(tmp, filepath.Join(dir, fmt.Sprintf("snapshot-%d", id)))
	}()
	if err := c.verifyClaim(ctx, &mine); !errors.Is(err, errSnapshotExists) {
		t.Fatalf("got %v, want a lost race (the pending rename replaced the claim)", err)
	}
	if err := <-renamed; err != nil {
		t.Fatal(err)
	}
	// Without a pending rename, the claim stands at once.
	next := mine
	next.ID++
	if err := tbl.FS.CreateExclusive(ctx, tbl.Snapshots.Path(next.ID), []byte(mustMarshal(t, &next))); err != nil {
		t.Fatal(err)
	}
	if err := c.verifyClaim(ctx, &next); err != nil {
		t.Fatalf("claim without a pending rename: %v", err)
	}
}

func mustMarshal(t *testing.T, s *spec.Snapshot) string {
	t.Helper()
	data, err := spec.MarshalSnapshot(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestCommitWaitingOnRenameFails: a commit that waits for this process's
// commit lock while the table's directory is renamed (HoldTable, as the
// REST catalog's rename holds it) checks its base again under the lock and
// fails: no snapshot is created at the old path, where no one would read
// it, and nothing is acknowledged.
func TestCommitWaitingOnRenameFails(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	base := latest(t, tbl)
	next := *base
	next.ID = base.ID + 1
	next.CommitUser = "waiting-writer"

	release := HoldTable(tbl)
	done := make(chan error, 1)
	var ok bool
	go func() {
		var err error
		ok, err = PublishPrepared(ctx, tbl, &next)
		done <- err
	}()
	time.Sleep(200 * time.Millisecond) // the commit is at the lock
	if err := tbl.FS.RenameDir(tbl.Root, tbl.Database+".db/renamed"); err != nil {
		t.Fatal(err)
	}
	release()
	if err := <-done; err != nil || ok {
		t.Fatalf("the commit after the rename: ok %v, err %v; want a refusal (its base is gone)", ok, err)
	}
	if there, err := tbl.FS.Exists(ctx, tbl.Snapshots.Path(next.ID)); err != nil || there {
		t.Fatalf("snapshot %d at the old path: %v %v", next.ID, there, err)
	}
	moved, err := table.Open(ctx, tbl.FS, tbl.Database, "renamed", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := latest(t, moved); got.ID != base.ID {
		t.Fatalf("the renamed table's latest snapshot: %d, want %d", got.ID, base.ID)
	}
}
