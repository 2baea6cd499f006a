package compact

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// Compaction on write. A Java writer compacts the buckets it wrote before
// it hands its files to the commit (MergeTreeWriter.prepareCommit waits
// for the compaction in a batch write), and the commit publishes the new
// files as an APPEND snapshot and the compaction as a COMPACT snapshot
// after it. OnWrite is that compaction for one commit of paimon-sql's
// writer, which lives for one commit as a Java batch writer does:
//
//   - primary-key tables: each written bucket, its live files and the new
//     level-0 files, is compacted as UniversalCompaction picks it (size
//     amplification, size ratio, then the number of sorted runs above
//     num-sorted-run.compaction-trigger); tables that need lookup
//     (deletion vectors, first-row, force-lookup) with lookup-compact
//     radical, and tables with compaction.force-up-level-0, take every
//     level-0 file up when universal compaction picks nothing
//     (ForceUpLevel0Compaction), so that batch reads, which skip level 0
//     on deletion-vector and first-row tables, see the new rows at once;
//   - append tables with fixed buckets: BucketedAppendCompactManager's
//     pick of compaction.min.file-num files; bucket-unaware append tables
//     are not compacted by their writers in Java (a dedicated coordinator
//     does it), nor here;
//   - full-compaction.delta-commits = N: every commit whose APPEND
//     snapshot id is a multiple of N (Java's checkpoint id) compacts fully
//     the written buckets and every bucket with files below the max level
//     (those written since the last full compaction), as Java's
//     GlobalFullCompactionSinkWrite does;
//   - write-only = true: no compaction.
//
// The stop trigger never comes into play: the compaction runs before the
// commit returns, and a pick above the trigger merges runs down to it.

// WriteResult is the compaction of one write, to commit with it.
type WriteResult struct {
	// Changes go into the commit's Compact changes.
	Changes commit.Changes
	abort   func()
}

// Abort deletes the files the compaction wrote: its commit failed.
func (r *WriteResult) Abort() {
	if r != nil && r.abort != nil {
		r.abort()
	}
}

// OnWrite compacts the buckets a write adds the files written (ADD entries
// of level-0 files) to, on the table's latest snapshot, as Java's writer
// does before its commit. It returns nil when nothing is to be compacted.
// On error every file it wrote is deleted. sch is the schema the write
// used.
func OnWrite(ctx context.Context, t *table.Table, sch *spec.TableSchema, written []spec.ManifestEntry) (*WriteResult, error) {
	if len(written) == 0 {
		return nil, nil
	}
	opts := sch.Options
	engine, err := mergefunc.NewEngine(opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	wc, err := opts.WriteCompaction(engine.NeedsLookup())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	if wc.Off || refusal(t, sch, opts) != nil {
		// Tables sys.compact refuses keep their level-0 files, as before
		// compaction on write (see refusal for why each is refused).
		return nil, nil
	}
	c, err := newCompactorWith(t, sch, opts, engine)
	if err != nil {
		return nil, err
	}
	if !c.pk && c.buckets <= 0 {
		return nil, nil // AppendFileStoreWrite: NoopCompactManager
	}
	c.forceUpLevel0 = wc.ForceUpLevel0
	// The compaction reads the files of the latest snapshot, which another
	// server may compact and expire meanwhile (retain_max => 1): a read
	// marker, written before the latest is looked up, keeps expiration in
	// any process from deleting them until the compaction has read them.
	rd := t.BeginRead(ctx, 0)
	defer rd.End()
	latest, err := t.Snapshots.Latest(ctx)
	if err != nil {
		return nil, err
	}
	if latest != nil {
		rd.Planned(latest.ID)
	}
	appendID := int64(1)
	if latest != nil {
		appendID = latest.ID + 1
	}
	c.full = wc.FullDeltaCommits > 0 && appendID%int64(wc.FullDeltaCommits) == 0
	splits, err := c.writtenSplits(ctx, latest, written)
	if err != nil {
		return giveUp(ctx, t, latest, err)
	}
	res, changes, abort, err := c.compactSplits(ctx, latest, splits, 0, nil)
	if err != nil {
		return giveUp(ctx, t, latest, err)
	}
	if res.Buckets == 0 {
		return nil, nil
	}
	return &WriteResult{Changes: changes, abort: abort}, nil
}

// giveUp gives up a compaction on write whose input went away (a file or
// snapshot of its base gone: a marker that was not written on a read-only
// or failing store, or a process that ignores markers, such as Java): the
// files were compacted and expired by another writer, so there is nothing
// left to compact, and the write commits its files without compaction, as
// Java's writer commits its APPEND when its compaction conflicts. A file
// missing while base is still the latest snapshot was not compacted away:
// the table is damaged, and the write fails, as does any other error.
func giveUp(ctx context.Context, t *table.Table, base *spec.Snapshot, err error) (*WriteResult, error) {
	if !fs.IsNotExist(err) && !errors.Is(err, snapshot.ErrNoSnapshot) {
		return nil, err
	}
	if base != nil {
		latest, lerr := t.Snapshots.Latest(ctx)
		if lerr != nil {
			return nil, errors.Join(err, lerr)
		}
		if latest != nil && latest.ID == base.ID {
			return nil, err
		}
	}
	slog.Warn("compaction on write gave up: a file it read is gone (compacted and expired elsewhere); the write commits without it",
		"table", t.FullName(), "error", err)
	return nil, nil
}

// writtenSplits are the buckets to compact: those of written, each with
// its live files in latest and the written files; with a full compaction
// of a primary-key table, also the buckets with files below the max level.
func (c *compactor) writtenSplits(ctx context.Context, latest *spec.Snapshot, written []spec.ManifestEntry) ([]scan.Split, error) {
	byKey := map[string]*scan.Split{}
	var order []string
	var live []scan.Split
	if latest != nil {
		plan, err := scan.New(ctx, c.t, latest, c.sch, scan.Options{KeepLevel0: true, NoFallback: true})
		if err != nil {
			return nil, err
		}
		live = plan.Splits
	}
	liveByKey := map[string]*scan.Split{}
	for i := range live {
		liveByKey[splitKey(live[i].Partition, live[i].Bucket)] = &live[i]
	}
	pick := func(k string, sp scan.Split) *scan.Split {
		if s, ok := byKey[k]; ok {
			return s
		}
		sp.Files = append([]spec.DataFileMeta(nil), sp.Files...)
		byKey[k] = &sp
		order = append(order, k)
		return &sp
	}
	for _, e := range written {
		k := splitKey(e.Partition, e.Bucket)
		sp, ok := byKey[k]
		if !ok {
			base, found := liveByKey[k]
			if found {
				sp = pick(k, *base)
			} else {
				fresh, err := scan.NewSplit(c.t, c.sch, e.Partition, e.Bucket, e.TotalBuckets)
				if err != nil {
					return nil, err
				}
				sp = pick(k, fresh)
			}
		}
		sp.Files = append(sp.Files, e.File)
	}
	if c.full && c.pk {
		maxLevel := int32(c.opts.NumLevels() - 1)
		for i := range live {
			for _, f := range live[i].Files {
				if f.Level < maxLevel {
					pick(splitKey(live[i].Partition, live[i].Bucket), live[i])
					break
				}
			}
		}
	}
	out := make([]scan.Split, len(order))
	for i, k := range order {
		out[i] = *byKey[k]
	}
	return out, nil
}
