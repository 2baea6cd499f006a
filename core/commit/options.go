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
	r := optionReader{o: o}
	c := commitOptions{
		timeout:            get(&r, options.CommitTimeout),
		maxRetries:         get(&r, options.CommitMaxRetries),
		minRetryWait:       get(&r, options.CommitMinRetryWait),
		maxRetryWait:       get(&r, options.CommitMaxRetryWait),
		targetFileSize:     get(&r, options.ManifestTargetFileSize),
		mergeMinCount:      get(&r, options.ManifestMergeMinCount),
		fullCompactionSize: get(&r, options.ManifestFullCompactionThresholdSize),
		dynamicOverwrite:   get(&r, options.DynamicPartitionOverwrite),
		overwriteUpgrade:   get(&r, options.OverwriteUpgrade),
		discardDuplicates:  get(&r, options.CommitDiscardDuplicateFiles),
		pkClustering:       get(&r, options.PKClusteringOverride),
		rowTracking:        get(&r, options.RowTrackingEnabled),
		deletionVectors:    get(&r, options.DeletionVectorsEnabled),
		bucket:             get(&r, options.Bucket),
		numLevels:          o.NumLevels(),
	}
	// Java leaves it unset; batch commits, which are all paimon-sql's,
	// skip empty commits.
	ignoreEmpty, err := options.SnapshotIgnoreEmptyCommit.Or(o, true)
	r.keep(err)
	c.ignoreEmptyCommit = ignoreEmpty
	if r.err != nil {
		return commitOptions{}, r.err
	}
	if c.writeOpts, err = manifestWriteOptions(o); err != nil {
		return commitOptions{}, err
	}
	if c.fullCompactionSize <= 0 {
		return commitOptions{}, fmt.Errorf("option '%s' must be positive", options.ManifestFullCompactionThresholdSize.Key)
	}
	if err := manifest.CheckFormat(o[options.ManifestFormat.Key]); err != nil {
		return commitOptions{}, err
	}
	return c, nil
}

// optionReader parses options one after the other and keeps the first
// error, so that a list of options reads as a list.
type optionReader struct {
	o   options.Options
	err error
}

func (r *optionReader) keep(err error) {
	if r.err == nil {
		r.err = err
	}
}

// get is d's value in r's options, or its default.
func get[T any](r *optionReader, d *options.Option[T]) T {
	v, err := d.Get(r.o)
	r.keep(err)
	return v
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
	if v, ok := o[options.AvroCodec.Key]; ok {
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
	return []manifest.WriteOption{manifest.WithCodec(codec), manifest.WithZstdLevel(level), manifest.WithFormat(o[options.ManifestFormat.Key])}, nil
}
