// Package options reads Paimon table options (CoreOptions): keys, Java's
// defaults and Java's parsing of durations, memory sizes and booleans.
package options

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Keys used by paimon-sql, with Java's names.
const (
	Bucket                  = "bucket"
	BucketKey               = "bucket-key"
	FileFormat              = "file.format"
	ManifestFormat          = "manifest.format"
	MergeEngine             = "merge-engine"
	DeletionVectorsEnabled  = "deletion-vectors.enabled"
	SequenceField           = "sequence.field"
	PartitionDefaultName    = "partition.default-name"
	PartitionLegacyName     = "partition.legacy-name"
	DataFilePathDirectory   = "data-file.path-directory"
	IndexFileInDataFileDir  = "index-file-in-data-file-dir"
	ChangelogProducer       = "changelog-producer"
	NumSortedRunTrigger     = "num-sorted-run.compaction-trigger"
	NumLevels               = "num-levels"
	Branch                  = "branch"
	SnapshotNumRetainedMin  = "snapshot.num-retained.min"
	SnapshotNumRetainedMax  = "snapshot.num-retained.max"
	SnapshotTimeRetained    = "snapshot.time-retained"
	SnapshotExpireLimit     = "snapshot.expire.limit"
	FileOperationThreadNum  = "file-operation.thread-num"
	ScanFallbackBranch      = "scan.fallback-branch"
	DefaultPartitionName    = "__DEFAULT_PARTITION__"
	DefaultMergeEngine      = "deduplicate"
	MergeEngineFirstRow     = "first-row"
	MergeEnginePartialUpd   = "partial-update"
	MergeEngineAggregation  = "aggregation"
	defaultNumSortedRunTrig = 5
)

// Keys of the maintenance Java's writers run after every commit
// (TableCommitImpl.maintain), read by core/maintenance.
const (
	WriteOnly                    = "write-only"
	WriteOnlyFallback            = "write.compaction-skip"
	SnapshotExpireExecutionMode  = "snapshot.expire.execution-mode"
	ChangelogNumRetainedMin      = "changelog.num-retained.min"
	ChangelogNumRetainedMax      = "changelog.num-retained.max"
	ChangelogTimeRetained        = "changelog.time-retained"
	ConsumerExpirationTime       = "consumer.expiration-time"
	PartitionExpirationTime      = "partition.expiration-time"
	PartitionExpirationInterval  = "partition.expiration-check-interval"
	PartitionExpirationStrategy  = "partition.expiration-strategy"
	PartitionExpirationMaxNum    = "partition.expiration-max-num"
	PartitionExpirationBatchSize = "partition.expiration-batch-size"
	PartitionTimestampFormatter  = "partition.timestamp-formatter"
	PartitionTimestampPattern    = "partition.timestamp-pattern"
	EndInputCheckPartitionExpire = "end-input.check-partition-expire"
	TagAutomaticCreation         = "tag.automatic-creation"
	TagCreationPeriod            = "tag.creation-period"
	TagCreationPeriodDuration    = "tag.creation-period-duration"
	TagCreationDelay             = "tag.creation-delay"
	TagPeriodFormatter           = "tag.period-formatter"
	TagNumRetainedMax            = "tag.num-retained-max"
	TagDefaultTimeRetained       = "tag.default-time-retained"
	TagAutomaticCompletion       = "tag.automatic-completion"
	TagTimeExpireEnabled         = "tag.time-expire-enabled"
	TagBatchCustomizedName       = "tag.batch.customized-name"
	SinkProcessTimeZone          = "sink.process-time-zone"
	SinkWatermarkTimeZone        = "sink.watermark-time-zone"
)

// Options is a table's option map with typed accessors.
type Options map[string]string

// Get returns the value of key or def when unset.
func (o Options) Get(key, def string) string {
	if v, ok := o[key]; ok {
		return v
	}
	return def
}

// Bool parses a boolean option as Java does (true/false, case-insensitive).
func (o Options) Bool(key string, def bool) (bool, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("option '%s' = '%s' is not a boolean (use true or false)", key, v)
}

// Int parses an integer option.
func (o Options) Int(key string, def int) (int, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("option '%s' = '%s' is not an integer", key, v)
	}
	return n, nil
}

// Duration parses a duration option in Java's TimeUtils syntax ("1 h", "30min", "500").
func (o Options) Duration(key string, def time.Duration) (time.Duration, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	d, err := ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("option '%s': %w", key, err)
	}
	return d, nil
}

// BucketCount is the 'bucket' option: N > 0 fixed, -1 dynamic or unaware, -2 postpone.
func (o Options) BucketCount() (int, error) { return o.Int(Bucket, -1) }

// MergeEngine is the 'merge-engine' option.
func (o Options) MergeEngine() string { return o.Get(MergeEngine, DefaultMergeEngine) }

// DeletionVectors tells whether 'deletion-vectors.enabled' is true.
func (o Options) DeletionVectors() bool {
	b, _ := o.Bool(DeletionVectorsEnabled, false)
	return b
}

// BatchScanSkipLevel0 tells whether batch reads ignore level-0 files
// (deletion-vector and first-row tables, CoreOptions.batchScanSkipLevel0).
func (o Options) BatchScanSkipLevel0() bool {
	return o.DeletionVectors() || o.MergeEngine() == MergeEngineFirstRow
}

// NumLevels is 'num-levels', defaulting to the compaction trigger + 1.
func (o Options) NumLevels() int {
	if n, err := o.Int(NumLevels, 0); err == nil && n > 0 {
		return n
	}
	t, err := o.Int(NumSortedRunTrigger, defaultNumSortedRunTrig)
	if err != nil {
		t = defaultNumSortedRunTrig
	}
	return t + 1
}

// PartitionDefault is the directory value for null or blank partition values.
func (o Options) PartitionDefault() string { return o.Get(PartitionDefaultName, DefaultPartitionName) }

// SequenceFields lists the 'sequence.field' columns.
func (o Options) SequenceFields() []string { return SplitList(o[SequenceField]) }

// SplitList splits a comma-separated option value, trimming blanks.
func SplitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var durationUnits = []struct {
	labels []string
	unit   time.Duration
}{
	{[]string{"d", "day", "days"}, 24 * time.Hour},
	{[]string{"h", "hour", "hours"}, time.Hour},
	{[]string{"min", "m", "minute", "minutes"}, time.Minute},
	{[]string{"s", "sec", "secs", "second", "seconds"}, time.Second},
	{[]string{"ms", "milli", "millis", "millisecond", "milliseconds"}, time.Millisecond},
	{[]string{"us", "micro", "micros", "microsecond", "microseconds"}, time.Microsecond},
	{[]string{"ns", "nano", "nanos", "nanosecond", "nanoseconds"}, time.Nanosecond},
}

// ParseDuration parses Java's TimeUtils.parseDuration syntax: a non-negative
// integer followed by an optional unit (default milliseconds).
func ParseDuration(s string) (time.Duration, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("'%s' is not a duration: expected a number followed by a unit such as ms, s, min, h or d (e.g. '1 h')", s)
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("'%s' is not a duration: the number is too large", s)
	}
	label := strings.TrimSpace(t[i:])
	if label == "" {
		return time.Duration(n) * time.Millisecond, nil
	}
	for _, u := range durationUnits {
		for _, l := range u.labels {
			if l == label {
				if n > int64((1<<63-1)/u.unit) {
					return 0, fmt.Errorf("'%s' is not a duration: it is too large", s)
				}
				return time.Duration(n) * u.unit, nil
			}
		}
	}
	return 0, fmt.Errorf("'%s' is not a duration: unknown unit '%s' (use ms, s, min, h or d)", s, label)
}

// ParseKeyValues reads 'k1=v1,k2=v2' (Java's parseCommaSeparatedKeyValues):
// keys and values are trimmed; a value may itself contain '='.
func ParseKeyValues(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("'%s' is not key=value", strings.TrimSpace(kv))
		}
		out[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return out, nil
}
