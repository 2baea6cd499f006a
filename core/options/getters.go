package options

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Named getters for the options whose value needs more than parsing, and
// for the few every layer reads. The rest are read through their
// declaration: SnapshotExpireLimit.Get(o).

// Bucket is 'bucket': N > 0 fixed, -1 dynamic or unaware, -2 postpone.
func (o Options) Bucket() (int, error) { return Bucket.Get(o) }

// BucketMode is how rows are assigned to buckets (Java's BucketMode).
type BucketMode int

const (
	// BucketFixed: 'bucket' = N > 0, rows hashed on the bucket key.
	BucketFixed BucketMode = iota + 1
	// BucketDynamic: primary-key table with 'bucket' = -1 whose key holds
	// every partition column; an index maps keys to buckets.
	BucketDynamic
	// BucketKeyDynamic: like BucketDynamic, but a key may move between
	// partitions (cross-partition upsert).
	BucketKeyDynamic
	// BucketUnaware: append table with 'bucket' = -1: one bucket, 0.
	BucketUnaware
	// BucketPostpone: 'bucket' = -2, buckets assigned by compaction.
	BucketPostpone
)

// PostponeBucket is the 'bucket' value of postpone-bucket tables, and the
// bucket their files are written to before compaction.
const PostponeBucket = -2

// BucketMode derives Java's BucketMode from 'bucket' and the table's keys.
func (o Options) BucketMode(primaryKeys, partitionKeys []string) (BucketMode, error) {
	n, err := o.Bucket()
	if err != nil {
		return 0, err
	}
	switch {
	case n == PostponeBucket:
		return BucketPostpone, nil
	case n != -1:
		return BucketFixed, nil
	case len(primaryKeys) == 0:
		return BucketUnaware, nil
	}
	for _, p := range partitionKeys {
		if !contains(primaryKeys, p) {
			return BucketKeyDynamic, nil
		}
	}
	return BucketDynamic, nil
}

// FileFormat is 'file.format', lower-cased as Java looks formats up.
func (o Options) FileFormat() (string, error) { return FileFormat.Get(o) }

// ChangelogProducer is 'changelog-producer'.
func (o Options) ChangelogProducer() (ChangelogProducerKind, error) { return ChangelogProducer.Get(o) }

// DeletionVectorsEnabled tells whether 'deletion-vectors.enabled' is true;
// a value that is not a boolean counts as false (Validate refuses it).
func (o Options) DeletionVectorsEnabled() bool {
	b, _ := DeletionVectorsEnabled.Get(o)
	return b
}

// NumLevels is 'num-levels', defaulting to the compaction trigger + 1; a
// value that does not parse counts as unset (CheckCounts refuses it).
func (o Options) NumLevels() int {
	if n, err := NumLevels.Get(o); err == nil && n > 0 {
		return n
	}
	t, err := NumSortedRunCompactionTrigger.Get(o)
	if err != nil {
		t = NumSortedRunCompactionTrigger.Default
	}
	return t + 1
}

// PartitionDefaultName is the directory value of null or blank partition
// values.
func (o Options) PartitionDefaultName() string {
	v, _ := PartitionDefaultName.Get(o)
	return v
}

// SequenceFields lists the 'sequence.field' columns.
func (o Options) SequenceFields() []string { return SplitList(o[SequenceField.Key]) }

// TargetFileSize is CoreOptions.targetFileSize: 'target-file-size', else
// 128 MB for primary-key tables and 256 MB for append tables.
func (o Options) TargetFileSize(primaryKey bool) (int64, error) {
	def := int64(256 << 20)
	if primaryKey {
		def = 128 << 20
	}
	return TargetFileSize.Or(o, def)
}

// SnapshotNumRetainedMin is 'snapshot.num-retained.min'.
func (o Options) SnapshotNumRetainedMin() (int, error) { return SnapshotNumRetainedMin.Get(o) }

// SnapshotNumRetainedMax is 'snapshot.num-retained.max'.
func (o Options) SnapshotNumRetainedMax() (int, error) { return SnapshotNumRetainedMax.Get(o) }

// SnapshotTimeRetained is 'snapshot.time-retained'.
func (o Options) SnapshotTimeRetained() (time.Duration, error) { return SnapshotTimeRetained.Get(o) }

// ChangelogNumRetainedMin is 'changelog.num-retained.min', else the
// snapshot setting (CoreOptions.changelogNumRetainMin).
func (o Options) ChangelogNumRetainedMin() (int, error) {
	s, err := o.SnapshotNumRetainedMin()
	if err != nil {
		return 0, err
	}
	return ChangelogNumRetainedMin.Or(o, s)
}

// ChangelogNumRetainedMax is 'changelog.num-retained.max', else the
// snapshot setting.
func (o Options) ChangelogNumRetainedMax() (int, error) {
	s, err := o.SnapshotNumRetainedMax()
	if err != nil {
		return 0, err
	}
	return ChangelogNumRetainedMax.Or(o, s)
}

// ChangelogTimeRetained is 'changelog.time-retained', else the snapshot
// setting.
func (o Options) ChangelogTimeRetained() (time.Duration, error) {
	s, err := o.SnapshotTimeRetained()
	if err != nil {
		return 0, err
	}
	return ChangelogTimeRetained.Or(o, s)
}

// CompactionFileSize is CoreOptions.compactionFileSize: files smaller than
// 70% of the target file size take part in compaction; a rewritten file
// may come out somewhat below the target, and must not be picked again.
func (o Options) CompactionFileSize(primaryKey bool) (int64, error) {
	t, err := o.TargetFileSize(primaryKey)
	return t / 10 * 7, err
}

// LevelMap reads a per-level map option (file.format.per.level,
// file.compression.per.level, metadata.stats-mode.per.level) in Paimon's
// form "0:none,1:full"; empty when unset.
func (o Options) LevelMap(d *Option[string]) (map[int]string, error) {
	out := map[int]string{}
	s := o[d.Key]
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, ":")
		level, err := strconv.Atoi(strings.TrimSpace(k))
		if !ok || err != nil {
			return nil, fmt.Errorf("%s: bad entry %q", d.Key, part)
		}
		out[level] = strings.TrimSpace(v)
	}
	return out, nil
}
