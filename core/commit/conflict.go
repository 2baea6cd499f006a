package commit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// ConflictError is a commit that contradicts the latest snapshot: a file it
// deletes is gone, a file it adds is there already, buckets or LSM key
// ranges clash. As in Java, such a commit is given up, not retried; nothing
// of it stays on disk.
type ConflictError struct {
	Snapshot       int64  // the latest snapshot checked against
	BaseCommitUser string // who wrote it
	Reason         string
	// Index is set when the conflict is an index file the commit replaces
	// or removes that is no longer live: another commit changed the index
	// (deletion vectors, hash index) of that bucket first.
	Index *IndexConflict
}

// IndexConflict names the index file of a ConflictError.
type IndexConflict struct {
	// Partition is the partition as "key=value,...", empty for an
	// unpartitioned table.
	Partition string
	Bucket    int32
	IndexType string // "DELETION_VECTORS", "HASH" or a global index type
	FileName  string
}

// Describe says what changed concurrently, e.g. "concurrent change to the
// deletion vectors of bucket 0 of partition dt=1".
func (ic *IndexConflict) Describe() string {
	what := ic.IndexType + " index"
	switch ic.IndexType {
	case scan.IndexDeletionVectors:
		what = "deletion vectors"
	case scan.IndexHash:
		what = "hash index"
	}
	s := fmt.Sprintf("concurrent change to the %s of bucket %d", what, ic.Bucket)
	if ic.Partition != "" {
		s += " of partition " + ic.Partition
	}
	return s
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("commit conflicts with snapshot %d (by %s): %s; give up committing", e.Snapshot, e.BaseCommitUser, e.Reason)
}

// conflictChecker holds what Java's ConflictDetection needs of the table.
type conflictChecker struct {
	keyTypes      []types.DataType // trimmed primary key; nil for append tables
	bucketUnaware bool
	dv            bool // deletion-vectors.enabled
	pkClustering  bool // pk-clustering-override: files are not sorted by key
}

// check is ConflictDetection.checkConflicts: base holds the live entries of
// the changed partitions in latest, delta the commit's file changes.
func (c *conflictChecker) check(latest *spec.Snapshot, base, delta []spec.ManifestEntry, deltaIndex, latestIndex []spec.IndexManifestEntry, kind string) error {
	conflict := func(format string, args ...any) error {
		return &ConflictError{Snapshot: latest.ID, BaseCommitUser: latest.CommitUser, Reason: fmt.Sprintf(format, args...)}
	}
	all := append(append(make([]spec.ManifestEntry, 0, len(base)+len(delta)), base...), delta...)
	if kind != spec.KindOverwrite {
		// Only an overwrite may change a partition's bucket count.
		buckets := map[string]int32{}
		for _, e := range all {
			if e.TotalBuckets <= 0 {
				continue
			}
			if old, ok := buckets[string(e.Partition)]; !ok {
				buckets[string(e.Partition)] = e.TotalBuckets
			} else if old != e.TotalBuckets {
				return conflict("total buckets of partition %x changed from %d to %d without overwrite", e.Partition, old, e.TotalBuckets)
			}
		}
	}
	if _, err := manifest.MergeEntries(delta); err != nil {
		return conflict("%v", err)
	}
	merged, err := manifest.MergeEntries(all)
	if err != nil {
		return conflict("%v", err)
	}
	for _, e := range merged {
		if e.Kind == spec.FileDelete {
			return conflict("trying to delete file %s which is not previously added (deleted by another commit?)", e.Identifier())
		}
	}
	if c.dv && c.bucketUnaware {
		if err := checkUnawareDVs(merged, deltaIndex, latestIndex); err != nil {
			return conflict("%v", err)
		}
	}
	if c.keyTypes != nil && !c.pkClustering {
		if err := c.checkKeyRanges(merged); err != nil {
			return conflict("%v", err)
		}
	}
	return nil
}

// checkIndexChanges guards index files that commits replace (what Java's
// ConflictDetection does for deletion vectors, pairing each data file with
// its vector): every DELETE among the commit's index changes must name a
// live index file of latest by file name, partition, bucket and type; and
// an ADD of a file kept one per bucket (deletion vectors of bucketed
// tables, hash indexes) must not replace a live file of that bucket the
// commit does not delete. Otherwise another commit replaced, removed or
// created that bucket's file in between, and committing would silently
// drop its changes (lost deletes of a deletion vector, say). latestIndex
// are the live index entries of latest (nil for none).
func checkIndexChanges(latest *spec.Snapshot, deltaIndex, latestIndex []spec.IndexManifestEntry, bucketUnaware bool, partKeys []string, partTypes []types.DataType) error {
	conflict := func(e spec.IndexManifestEntry, format string, args ...any) error {
		ic := &IndexConflict{Partition: describePartition(e.Partition, partKeys, partTypes), Bucket: e.Bucket, IndexType: e.IndexType, FileName: e.FileName}
		where := fmt.Sprintf("%s, bucket %d", e.IndexType, e.Bucket)
		if ic.Partition != "" {
			where = fmt.Sprintf("%s, partition %s, bucket %d", e.IndexType, ic.Partition, e.Bucket)
		}
		ce := &ConflictError{Reason: fmt.Sprintf(format, append([]any{e.FileName, where}, args...)...), Index: ic}
		if latest != nil {
			ce.Snapshot, ce.BaseCommitUser = latest.ID, latest.CommitUser
		}
		return ce
	}
	type fileKey struct {
		key      indexID
		fileName string
	}
	live := make(map[fileKey]bool, len(latestIndex))
	liveAt := map[indexID]string{} // files kept one per bucket, by bucket
	for _, l := range latestIndex {
		if l.Kind != spec.FileAdd {
			continue
		}
		k := indexID{partition: string(l.Partition), bucket: l.Bucket, indexType: l.IndexType}
		live[fileKey{k, l.FileName}] = true
		if !byFileName(l, bucketUnaware) {
			liveAt[k] = l.FileName
		}
	}
	deleted := map[indexID]bool{}
	for _, e := range deltaIndex {
		if e.Kind != spec.FileDelete {
			continue
		}
		k := indexID{partition: string(e.Partition), bucket: e.Bucket, indexType: e.IndexType}
		if !live[fileKey{k, e.FileName}] {
			return conflict(e, "trying to delete index file %s (%s) which is not live (replaced or removed by another commit?)")
		}
		deleted[k] = true
	}
	for _, e := range deltaIndex {
		if e.Kind != spec.FileAdd || byFileName(e, bucketUnaware) {
			continue
		}
		k := indexID{partition: string(e.Partition), bucket: e.Bucket, indexType: e.IndexType}
		if other, ok := liveAt[k]; ok && !deleted[k] && other != e.FileName {
			return conflict(e, "trying to add index file %s (%s) while index file %s of the bucket is live and not replaced (added by another commit?)", other)
		}
	}
	return nil
}

// describePartition renders a serialized partition as "k=v,...", empty for
// an unpartitioned table; hex when it cannot be decoded.
func describePartition(part []byte, keys []string, partTypes []types.DataType) string {
	if len(keys) == 0 {
		return ""
	}
	values, err := binrow.Decode(part, partTypes)
	if err != nil || len(values) != len(keys) {
		return fmt.Sprintf("%x", part)
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		v := values[i]
		if b, ok := v.([]byte); ok {
			v = string(b)
		}
		if v == nil {
			parts[i] = k + "=null"
		} else {
			parts[i] = fmt.Sprintf("%s=%v", k, v)
		}
	}
	return strings.Join(parts, ",")
}

// checkKeyRanges requires the files of each level >= 1 of a bucket to cover
// disjoint key ranges, which readers rely on (LSM sorted runs).
func (c *conflictChecker) checkKeyRanges(merged []spec.ManifestEntry) error {
	type levelKey struct {
		partition string
		bucket    int32
		level     int32
	}
	levels := map[levelKey][]spec.ManifestEntry{}
	for _, e := range merged {
		if e.File.Level >= 1 {
			k := levelKey{string(e.Partition), e.Bucket, e.File.Level}
			levels[k] = append(levels[k], e)
		}
	}
	for _, files := range levels {
		sorted, err := sortByMinKey(files, c.keyTypes)
		if err != nil {
			return err
		}
		if i := firstOverlap(sorted, c.keyTypes); i >= 0 {
			a, b := sorted[i].entry, sorted[i+1].entry
			return fmt.Errorf("LSM conflict: key ranges of %s and %s overlap on level %d", a.Identifier(), b.Identifier(), a.File.Level)
		}
	}
	return nil
}

// keyedEntry is a file with its decoded key range.
type keyedEntry struct {
	entry    spec.ManifestEntry
	min, max []any
}

// sortByMinKey decodes the key ranges of files and sorts them by min key.
func sortByMinKey(files []spec.ManifestEntry, keyTypes []types.DataType) ([]keyedEntry, error) {
	out := make([]keyedEntry, len(files))
	for i, e := range files {
		lo, err := binrow.Decode(e.File.MinKey, keyTypes)
		if err != nil {
			return nil, fmt.Errorf("file %s: min key: %w", e.File.FileName, err)
		}
		hi, err := binrow.Decode(e.File.MaxKey, keyTypes)
		if err != nil {
			return nil, fmt.Errorf("file %s: max key: %w", e.File.FileName, err)
		}
		out[i] = keyedEntry{e, lo, hi}
	}
	sort.SliceStable(out, func(i, j int) bool { return binrow.Compare(out[i].min, out[j].min, keyTypes) < 0 })
	return out, nil
}

// firstOverlap returns the first i whose range reaches into the next one's
// in files sorted by min key, or -1 when the ranges are disjoint.
func firstOverlap(sorted []keyedEntry, keyTypes []types.DataType) int {
	for i := 0; i+1 < len(sorted); i++ {
		if binrow.Compare(sorted[i].max, sorted[i+1].min, keyTypes) >= 0 {
			return i
		}
	}
	return -1
}

// checkUnawareDVs protects deletion vectors of bucket-unaware tables, where
// one index file holds the vectors of many data files: a vector may only be
// added for a live data file, and only when that file has no other live
// vector that this commit keeps. Java reaches the same verdicts by pairing
// each file entry with its vector file (ConflictDetection.buildBase/
// DeltaEntriesWithDV).
func checkUnawareDVs(merged []spec.ManifestEntry, deltaIndex, latestIndex []spec.IndexManifestEntry) error {
	liveFiles := map[string]bool{}
	for _, e := range merged {
		liveFiles[e.File.FileName] = true
	}
	deletedIndex := map[string]bool{}
	for _, e := range deltaIndex {
		if e.Kind == spec.FileDelete && e.IndexType == scan.IndexDeletionVectors {
			deletedIndex[e.FileName] = true
		}
	}
	hasDV := map[string]string{}
	for _, e := range latestIndex {
		if e.IndexType != scan.IndexDeletionVectors || deletedIndex[e.FileName] {
			continue
		}
		for _, r := range e.DVRanges {
			hasDV[r.DataFileName] = e.FileName
		}
	}
	for _, e := range deltaIndex {
		if e.Kind != spec.FileAdd || e.IndexType != scan.IndexDeletionVectors {
			continue
		}
		for _, r := range e.DVRanges {
			if !liveFiles[r.DataFileName] {
				return fmt.Errorf("trying to create a deletion vector on file %s which is not previously added", r.DataFileName)
			}
			if other, ok := hasDV[r.DataFileName]; ok {
				return fmt.Errorf("data file %s already has a deletion vector in %s", r.DataFileName, other)
			}
			hasDV[r.DataFileName] = e.FileName
		}
	}
	return nil
}

// changedPartitions is Java's: the partitions of the file changes and of
// deletion-vector index changes.
func changedPartitions(delta []spec.ManifestEntry, index []spec.IndexManifestEntry) map[string]bool {
	parts := map[string]bool{}
	for _, e := range delta {
		parts[string(e.Partition)] = true
	}
	for _, e := range index {
		if e.IndexType == scan.IndexDeletionVectors {
			parts[string(e.Partition)] = true
		}
	}
	return parts
}
