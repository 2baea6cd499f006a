package scan

import (
	"bytes"
	"context"
	"fmt"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// Incremental plans Java's batch incremental read
// (IncrementalDeltaStartingScanner) of snapshots start+1 .. end, grouped by
// partition and bucket: in delta mode the data files the APPEND commits
// added (compactions and overwrites add no new rows and are skipped); with
// changelog the changelog files of every commit but overwrites. Its splits
// are Delta: each file is read as written, never merged with others. The
// caller checks that the range exists; sch is the schema to read with.
func Incremental(ctx context.Context, t *table.Table, start, end int64, changelog bool, sch *spec.TableSchema, opts Options) (*Plan, error) {
	if err := CheckSupported(t, sch); err != nil {
		return nil, err
	}
	endSnap, err := t.Snapshots.Snapshot(ctx, end)
	if err != nil {
		return nil, err
	}
	pl := newPlanner(t, sch, opts.Filter)
	groups := map[string]*Split{}
	for id := start + 1; id <= end; id++ {
		entries, err := pl.addedEntries(ctx, id, changelog)
		if err != nil {
			return nil, err
		}
		if err := pl.addToSplits(ctx, entries, groups); err != nil {
			return nil, err
		}
	}
	p := &Plan{Table: t, Snapshot: endSnap, Schema: sch, Splits: sortedSplits(groups)}
	return p, checkFiles(p.Splits)
}

// addedEntries returns the data files snapshot id added if it is an APPEND
// commit, or with changelog its changelog files unless it is an OVERWRITE.
// Java fails the read on a DELETE entry among them.
func (pl *planner) addedEntries(ctx context.Context, id int64, changelog bool) ([]spec.ManifestEntry, error) {
	snap, err := pl.t.Snapshots.Snapshot(ctx, id)
	if err != nil {
		return nil, err
	}
	list, size := snap.DeltaManifestList, snap.DeltaManifestListSize
	switch {
	case changelog && (snap.CommitKind == "OVERWRITE" || snap.ChangelogManifestList == nil):
		return nil, nil
	case changelog:
		list, size = *snap.ChangelogManifestList, snap.ChangelogManifestListSize
	case snap.CommitKind != "APPEND":
		return nil, nil
	}
	metas, err := readManifestList(ctx, pl.t, list, size)
	if err != nil {
		return nil, err
	}
	entries, err := pl.readMatching(ctx, metas)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.Kind != spec.FileAdd {
			return nil, fmt.Errorf("%s snapshot %d: an incremental read expects only added files, found the removal of %s", pl.t.FullName(), id, e.File.FileName)
		}
	}
	return entries, nil
}

// addToSplits adds the entries that the filter may match to the Delta split
// of their partition and bucket.
func (pl *planner) addToSplits(ctx context.Context, entries []spec.ManifestEntry, groups map[string]*Split) error {
	var cands []candidate
	for i, e := range entries {
		values, ok, err := pl.partitionMatches(e.Partition)
		if err != nil {
			return err
		}
		if !ok {
			stats.FilesPruned.Add(1)
			continue
		}
		cands = append(cands, candidate{&entries[i], values})
	}
	keep, err := pl.keepFiles(ctx, cands)
	if err != nil {
		return err
	}
	for i, c := range cands {
		if !keep[i] {
			continue
		}
		e := c.e
		key := fmt.Sprintf("%x/%d", e.Partition, e.Bucket)
		s, found := groups[key]
		if !found {
			s = &Split{
				Table: pl.t, Partition: e.Partition, PartitionValues: c.values, Bucket: e.Bucket,
				TotalBuckets: e.TotalBuckets, Dir: pl.bucketDir(c.values, e.Bucket), Delta: true,
			}
			groups[key] = s
		}
		s.Files = append(s.Files, e.File)
	}
	return nil
}

// sortedSplits orders splits by partition bytes, then bucket.
func sortedSplits(groups map[string]*Split) []Split {
	splits := make([]Split, 0, len(groups))
	for _, s := range groups {
		splits = append(splits, *s)
	}
	sort.Slice(splits, func(i, j int) bool {
		if c := bytes.Compare(splits[i].Partition, splits[j].Partition); c != 0 {
			return c < 0
		}
		return splits[i].Bucket < splits[j].Bucket
	})
	return splits
}

// Diff plans Java's diff read between two snapshots
// (SnapshotReaderImpl.readIncrementalDiff): per partition and bucket, the
// live files of each snapshot without the files both hold. Primary-key
// splits are read by comparing the merged rows of both sides; append
// splits read the end's files only, as Java ignores the start's.
func Diff(ctx context.Context, t *table.Table, start, end *spec.Snapshot, sch *spec.TableSchema, opts Options) (*Plan, error) {
	if err := CheckSupported(t, sch); err != nil {
		return nil, err
	}
	before, err := planSnapshot(ctx, t, start, sch, opts, nil, &Pruning{})
	if err != nil {
		return nil, err
	}
	after, err := planSnapshot(ctx, t, end, sch, opts, nil, &Pruning{})
	if err != nil {
		return nil, err
	}
	byBucket := func(s Split) string { return fmt.Sprintf("%x/%d", s.Partition, s.Bucket) }
	groups := map[string]*Split{}
	for _, s := range after {
		s.Diff = true
		groups[byBucket(s)] = &s
	}
	for _, b := range before {
		a, ok := groups[byBucket(b)]
		if !ok {
			a = &Split{Table: b.Table, Partition: b.Partition, PartitionValues: b.PartitionValues, Bucket: b.Bucket,
				TotalBuckets: b.TotalBuckets, Dir: b.Dir, Diff: true}
			groups[byBucket(b)] = a
		}
		a.Files, b.Files = withoutCommonFiles(a.Files, b.Files)
		if len(b.Files) > 0 {
			a.DiffBefore = &b
		}
	}
	for k, s := range groups {
		if len(s.Files) == 0 && s.DiffBefore == nil {
			delete(groups, k)
		}
	}
	p := &Plan{Table: t, Snapshot: end, Schema: sch, Splits: sortedSplits(groups)}
	return p, checkFiles(p.Splits)
}

// withoutCommonFiles drops the files both lists hold (by name: a data
// file's name is unique within its bucket).
func withoutCommonFiles(a, b []spec.DataFileMeta) ([]spec.DataFileMeta, []spec.DataFileMeta) {
	inA := map[string]bool{}
	for _, f := range a {
		inA[f.FileName] = true
	}
	inB := map[string]bool{}
	var onlyB []spec.DataFileMeta
	for _, f := range b {
		inB[f.FileName] = true
		if !inA[f.FileName] {
			onlyB = append(onlyB, f)
		}
	}
	var onlyA []spec.DataFileMeta
	for _, f := range a {
		if !inB[f.FileName] {
			onlyA = append(onlyA, f)
		}
	}
	return onlyA, onlyB
}
