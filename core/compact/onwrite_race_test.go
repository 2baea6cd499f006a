package compact_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/compact"
	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/write"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// raceTable is a primary-key table of one bucket with four overlapping
// level-0 runs: one more run written makes five, the default trigger of
// compaction on write.
func raceTable(t *testing.T) *table.Table {
	t.Helper()
	g, err := gentable.Write(t.TempDir(), gentable.Options{Rows: 400, PrimaryKey: true, Buckets: 1, Level0: true, Snapshots: 6})
	if err != nil {
		t.Fatal(err)
	}
	return open(t, g.Dir, g)
}

// writeAndCompact writes one new row into tbl as an INSERT does, calls
// beforeCompaction, compacts it on write (compact.OnWrite) and commits both; it returns OnWrite's
// error, or fails the test when the write's rows were not committed.
func writeAndCompact(t *testing.T, tbl *table.Table, beforeCompaction func()) error {
	t.Helper()
	ctx := context.Background()
	sch, err := tbl.Schemas.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	base, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	w, err := write.NewTableWriter(tbl, sch, base)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(ctx, mergefunc.Insert, []any{int64(100_000), int32(7), "new"}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	beforeCompaction()
	compacted, onWriteErr := compact.OnWrite(ctx, tbl, sch, w.Entries())
	if onWriteErr != nil {
		w.Abort(ctx)
		return onWriteErr
	}
	req := commit.Request{Identifier: commit.BatchIdentifier, SchemaID: sch.ID, Append: commit.Changes{Files: w.Entries()}}
	if compacted != nil {
		req.Compact = compacted.Changes
	}
	if last, err := commit.Shared(ctx, tbl, sch.Options, req); err != nil && last == nil {
		t.Fatalf("the write was not committed: %v", err)
	}
	return nil
}

// onFirstRead runs other, once, when tbl's reads first reach a data file
// of bucket 0 after the hook is armed, as another server would. It
// returns the hooked table, the function that arms the hook, and whether
// the hook fired.
func onFirstRead(t *testing.T, plain *table.Table, other func(key string)) (*table.Table, func(), func() bool) {
	t.Helper()
	var once sync.Once
	var armed, fired atomic.Bool
	hooked, _ := fsfault.New(plain.FS, fsfault.Plan{Ops: fsfault.Read, Before: func(op fsfault.Op, key string) {
		if op != fsfault.Read || !armed.Load() || !strings.Contains(key, "/bucket-0/data-") {
			return
		}
		once.Do(func() {
			fired.Store(true)
			other(key)
		})
	}})
	tbl, err := table.Open(context.Background(), hooked, plain.Database, plain.Name, snapshot.MainBranch)
	if err != nil {
		t.Fatal(err)
	}
	return tbl, func() { armed.Store(true) }, fired.Load
}

// compactAndExpire is what other servers of the soak did: a full
// compaction of the table (a COMPACT snapshot that replaces every level-0
// file) and an expiration that keeps only that snapshot. It returns the
// expiration's result.
func compactAndExpire(t *testing.T, plain *table.Table) expire.Result {
	ctx := context.Background()
	if res, err := compact.Compact(ctx, plain, compact.Options{}); err != nil || res.Snapshot == nil {
		t.Errorf("the other server's compaction: %v, %v", res, err)
	}
	res, err := expire.Expire(ctx, plain, expire.Config{RetainMax: 1, RetainMin: 1, MaxDeletes: 100}, false)
	if err != nil || res.Expired == 0 {
		t.Errorf("the other server's expiration: %+v, %v", res, err)
	}
	return res
}

// TestCompactionOnWriteKeepsItsInputFromExpiration is the failure of issue
// 25's soak: "an INSERT's compaction read a data file that snapshot
// expiration had just deleted". The compaction on write plans on the
// latest snapshot and reads its files; when, before it reads the first
// one, another server compacts the bucket and expires every snapshot but
// its own, the files the compaction planned on are no longer in any
// snapshot and expiration deleted them.
//
// Catches: a compaction on write that reads without a read marker
// (core/table.BeginRead), so that expiration elsewhere does not see it.
// With the marker, expiration keeps the snapshot the compaction reads
// (HeldByRead); the compaction then conflicts with the other server's at
// commit and only the write's APPEND snapshot is committed.
func TestCompactionOnWriteKeepsItsInputFromExpiration(t *testing.T) {
	plain := raceTable(t)
	before, _ := readAll(t, plain)
	var held int64
	tbl, arm, fired := onFirstRead(t, plain, func(string) { held = compactAndExpire(t, plain).HeldByRead })
	if err := writeAndCompact(t, tbl, arm); err != nil {
		t.Fatalf("compaction on write: %v", err)
	}
	if !fired() {
		t.Fatal("the compaction on write read no data file of bucket 0")
	}
	if held == 0 {
		t.Error("the expiration did not see the compaction's read")
	}
	after, _ := readAll(t, plain)
	if len(after) != len(before)+1 {
		t.Fatalf("%d rows after the write, want %d", len(after), len(before)+1)
	}
}

// TestCompactionOnWriteGivesUpWhenItsInputIsGone: when a file the
// compaction on write reads is gone all the same (a process that ignores
// read markers, as Java's expiration does, compacted and expired it), the
// compaction is given up and the write's rows are committed without it.
//
// Catches: a write that fails, or commits nothing, because its
// compaction's input went away.
func TestCompactionOnWriteGivesUpWhenItsInputIsGone(t *testing.T) {
	plain := raceTable(t)
	before, _ := readAll(t, plain)
	ctx := context.Background()
	tbl, arm, fired := onFirstRead(t, plain, func(key string) {
		// Java's expiration: the bucket compacted, its old files deleted.
		if res, err := compact.Compact(ctx, plain, compact.Options{}); err != nil || res.Snapshot == nil {
			t.Errorf("the other server's compaction: %v, %v", res, err)
		}
		if err := plain.FS.Delete(ctx, key); err != nil {
			t.Error(err)
		}
	})
	if err := writeAndCompact(t, tbl, arm); err != nil {
		t.Fatalf("compaction on write: %v", err)
	}
	if !fired() {
		t.Fatal("the compaction on write read no data file of bucket 0")
	}
	after, _ := readAll(t, plain)
	if len(after) != len(before)+1 {
		t.Fatalf("%d rows after the write, want %d", len(after), len(before)+1)
	}
}
