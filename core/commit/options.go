package commit

import (
	"fmt"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/options"
)

// commitOptions are the parsed options a Committer follows, with Java
// 1.4.2's defaults.
type commitOptions struct {
	timeout            time.Duration // 0: none (Java: Long.MAX_VALUE)
	maxRetries         int
	minRetryWait       time.Duration
	maxRetryWait       time.Duration
	targetFileSize     int64
	mergeMinCount      int
	fullCompactionSize int64
	writeOpts          []manifest.WriteOption
	ignoreEmptyCommit  bool
	dynamicOverwrite   bool
	overwriteUpgrade   bool
	discardDuplicates  bool
	pkClustering       bool
	rowTracking        bool
	deletionVectors    bool
	bucket             int
	numLevels          int
}

func parseCommitOptions(o options.Options) (commitOptions, error) {
	r := o.Reader()
	c := commitOptions{
		timeout:            options.CommitTimeout.Read(r),
		maxRetries:         options.CommitMaxRetries.Read(r),
		minRetryWait:       options.CommitMinRetryWait.Read(r),
		maxRetryWait:       options.CommitMaxRetryWait.Read(r),
		targetFileSize:     options.ManifestTargetFileSize.Read(r),
		mergeMinCount:      options.ManifestMergeMinCount.Read(r),
		fullCompactionSize: options.ManifestFullCompactionThresholdSize.Read(r),
		dynamicOverwrite:   options.DynamicPartitionOverwrite.Read(r),
		overwriteUpgrade:   options.OverwriteUpgrade.Read(r),
		discardDuplicates:  options.CommitDiscardDuplicateFiles.Read(r),
		pkClustering:       options.PKClusteringOverride.Read(r),
		rowTracking:        options.RowTrackingEnabled.Read(r),
		deletionVectors:    options.DeletionVectorsEnabled.Read(r),
		bucket:             options.Bucket.Read(r),
		numLevels:          o.NumLevels(),
	}
	// Java leaves it unset; batch commits, which are all paimon-sql's,
	// skip empty commits.
	c.ignoreEmptyCommit = options.SnapshotIgnoreEmptyCommit.ReadOr(r, true)
	if err := r.Err(); err != nil {
		return commitOptions{}, err
	}
	var err error
	if c.writeOpts, err = manifestWriteOptions(o); err != nil {
		return commitOptions{}, err
	}
	if c.fullCompactionSize <= 0 {
		return commitOptions{}, fmt.Errorf("option '%s' must be positive", options.ManifestFullCompactionThresholdSize.Key)
	}
	if err := manifest.CheckFormat(options.ManifestFormat.Text(o)); err != nil {
		return commitOptions{}, err
	}
	return c, nil
}

// manifestWriteOptions maps manifest.compression (or a table-level
// avro.codec, which Java lets override it) to an Avro codec. Java's "zstd"
// is Avro's "zstandard".
func manifestWriteOptions(o options.Options) ([]manifest.WriteOption, error) {
	level, err := options.FileCompressionZstdLevel.Get(o)
	if err != nil {
		return nil, err
	}
	name, _ := options.ManifestCompression.Get(o)
	name = strings.ToLower(name)
	if v, ok := options.AvroCodec.Stored(o); ok {
		name = strings.ToLower(v)
	}
	var codec manifest.Codec
	switch name {
	case "zstd", "zstandard":
		codec = manifest.CodecZstd
	case "deflate":
		codec = manifest.CodecDeflate
	case "snappy":
		codec = manifest.CodecSnappy
	case "null":
		codec = manifest.CodecNull
	default:
		return nil, fmt.Errorf("manifest compression '%s' is not supported (use zstd, deflate, snappy or null)", name)
	}
	return []manifest.WriteOption{manifest.WithCodec(codec), manifest.WithZstdLevel(level), manifest.WithFormat(options.ManifestFormat.Text(o))}, nil
}
