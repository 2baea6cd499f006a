package commit

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/bucket"
	_ "github.com/paimon-sql/paimon-sql/core/format/all" // manifest formats
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/options"
)

// Option keys of the commit path, with Java's names (CoreOptions).
const (
	optCommitTimeout        = "commit.timeout"
	optCommitMaxRetries     = "commit.max-retries"
	optCommitMinRetryWait   = "commit.min-retry-wait"
	optCommitMaxRetryWait   = "commit.max-retry-wait"
	optTargetFileSize       = "manifest.target-file-size"
	optMergeMinCount        = "manifest.merge-min-count"
	optFullCompactionSize   = "manifest.full-compaction-threshold-size"
	optManifestCompression  = "manifest.compression"
	optAvroCodec            = "avro.codec"
	optZstdLevel            = "file.compression.zstd-level"
	optIgnoreEmptyCommit    = "snapshot.ignore-empty-commit"
	optDynamicOverwrite     = "dynamic-partition-overwrite"
	optOverwriteUpgrade     = "overwrite-upgrade"
	optDiscardDuplicates    = "commit.discard-duplicate-files"
	optPKClusteringOverride = "pk-clustering-override"
	optRowTracking          = "row-tracking.enabled"
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
		timeout:            r.duration(optCommitTimeout, 0),
		maxRetries:         r.int(optCommitMaxRetries, 10),
		minRetryWait:       r.duration(optCommitMinRetryWait, 10*time.Millisecond),
		maxRetryWait:       r.duration(optCommitMaxRetryWait, 10*time.Second),
		targetFileSize:     r.memory(optTargetFileSize, 8<<20),
		mergeMinCount:      r.int(optMergeMinCount, 30),
		fullCompactionSize: r.memory(optFullCompactionSize, 16<<20),
		ignoreEmptyCommit:  r.bool(optIgnoreEmptyCommit, true),
		dynamicOverwrite:   r.bool(optDynamicOverwrite, true),
		overwriteUpgrade:   r.bool(optOverwriteUpgrade, true),
		discardDuplicates:  r.bool(optDiscardDuplicates, false),
		pkClustering:       r.bool(optPKClusteringOverride, false),
		rowTracking:        r.bool(optRowTracking, false),
		deletionVectors:    r.bool(options.DeletionVectorsEnabled, false),
		bucket:             r.int(options.Bucket, bucket.Dynamic),
		numLevels:          o.NumLevels(),
	}
	if r.err != nil {
		return commitOptions{}, r.err
	}
	var err error
	if c.writeOpts, err = manifestWriteOptions(o); err != nil {
		return commitOptions{}, err
	}
	if c.fullCompactionSize <= 0 {
		return commitOptions{}, fmt.Errorf("option '%s' must be positive", optFullCompactionSize)
	}
	if err := manifest.CheckFormat(o[options.ManifestFormat]); err != nil {
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

func (r *optionReader) int(key string, def int) int {
	v, err := r.o.Int(key, def)
	r.keep(err)
	return v
}

func (r *optionReader) bool(key string, def bool) bool {
	v, err := r.o.Bool(key, def)
	r.keep(err)
	return v
}

func (r *optionReader) duration(key string, def time.Duration) time.Duration {
	v, err := r.o.Duration(key, def)
	r.keep(err)
	return v
}

func (r *optionReader) memory(key string, def int64) int64 {
	v, ok := r.o[key]
	if !ok {
		return def
	}
	n, err := parseMemorySize(v)
	if err != nil {
		r.keep(fmt.Errorf("option '%s': %w", key, err))
	}
	return n
}

// manifestWriteOptions maps manifest.compression (or a table-level
// avro.codec, which Java lets override it) to an Avro codec. Java's "zstd"
// is Avro's "zstandard".
func manifestWriteOptions(o options.Options) ([]manifest.WriteOption, error) {
	level, err := o.Int(optZstdLevel, 1)
	if err != nil {
		return nil, err
	}
	name := strings.ToLower(o.Get(optManifestCompression, "zstd"))
	if v, ok := o[optAvroCodec]; ok {
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
	return []manifest.WriteOption{manifest.WithCodec(codec), manifest.WithZstdLevel(level), manifest.WithFormat(o[options.ManifestFormat])}, nil
}

// memoryUnits are Java MemorySize's unit labels.
var memoryUnits = []struct {
	labels []string
	shift  uint
}{
	{[]string{"b", "bytes"}, 0},
	{[]string{"k", "kb", "kibibytes"}, 10},
	{[]string{"m", "mb", "mebibytes"}, 20},
	{[]string{"g", "gb", "gibibytes"}, 30},
	{[]string{"t", "tb", "tebibytes"}, 40},
}

// parseMemorySize parses Java's MemorySize syntax: a non-negative integer
// and an optional unit, bytes by default ("8 mb", "64kb", "1024").
func parseMemorySize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("'%s' is not a memory size: expected a number followed by an optional unit such as kb, mb or gb", s)
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("'%s' is not a memory size: the number is too large", s)
	}
	label := strings.TrimSpace(t[i:])
	for _, u := range memoryUnits {
		for _, l := range u.labels {
			if l == label || (label == "" && l == "b") {
				if n > (1<<63-1)>>u.shift {
					return 0, fmt.Errorf("'%s' is not a memory size: it is too large", s)
				}
				return n << u.shift, nil
			}
		}
	}
	return 0, fmt.Errorf("'%s' is not a memory size: unknown unit '%s' (use b, kb, mb, gb or tb)", s, label)
}
