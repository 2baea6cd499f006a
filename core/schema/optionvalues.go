package schema

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// optionType is how Java's CoreOptions parses an option's string value.
type optionType int

const (
	optInt      optionType = iota // Integer.parseInt
	optLong                       // Long.parseLong
	optBool                       // true/false, case-insensitive
	optFloat                      // Double.parseDouble / Float.parseFloat
	optDuration                   // TimeUtils.parseDuration
	optMemory                     // MemorySize.parse
)

// typedOptions lists the CoreOptions (Java 1.4.2) whose values are not plain
// strings. Java parses them lazily, so a bad value surfaces at some later
// read or write; checking at CREATE/ALTER time gives the user the error
// while it is still theirs to fix. Keys not listed are free-form, like any
// key Java does not know.
var typedOptions = map[optionType][]string{
	optInt: {
		"bucket", "changelog.num-retained.max", "changelog.num-retained.min",
		"clustering.history-partition.limit", "commit.max-retries",
		"compaction.file-num-limit", "compaction.max-size-amplification-percent",
		"compaction.min.file-num", "compaction.offpeak-ratio", "compaction.offpeak.end.hour",
		"compaction.offpeak.start.hour", "compaction.size-ratio",
		"cross-partition-upsert.bootstrap-parallelism", "dynamic-bucket.assigner-parallelism",
		"dynamic-bucket.initial-buckets", "dynamic-bucket.max-buckets",
		"file-operation.thread-num", "file.compression.zstd-level",
		"full-compaction.delta-commits", "global-index.build.max-parallelism",
		"global-index.build.max-shard", "global-index.thread-num",
		"local-sort.max-num-file-handles", "lookup-compact.max-interval",
		"lookup.merge-records-threshold", "lookup.remote-file.level-threshold",
		"manifest.merge-min-count", "metadata.stats-keep-first-n-columns", "num-levels",
		"num-sorted-run.compaction-trigger", "num-sorted-run.stop-trigger",
		"parquet.enable.dictionary", "partition.expiration-batch-size",
		"partition.expiration-max-num", "postpone.batch-write-fixed-bucket.max-parallelism",
		"postpone.default-bucket-num", "read.batch-size", "scan.manifest.parallelism",
		"scan.max-splits-per-task", "snapshot.expire.limit", "snapshot.num-retained.max",
		"snapshot.num-retained.min", "sort-compaction.local-sample.magnification",
		"sort-spill-threshold", "spill-compression.zstd-level", "tag.num-retained-max",
		"variant.shredding.maxInferBufferRow", "variant.shredding.maxSchemaDepth",
		"variant.shredding.maxSchemaWidth", "write-max-writers-to-spill", "write.batch-size",
		"zorder.var-length-contribution",
	},
	optLong: {
		"commit.strict-mode.last-safe-snapshot", "dynamic-bucket.target-row-num",
		"global-index.row-count-per-shard", "scan.bounded.watermark",
		"scan.creation-time-millis", "scan.file-creation-time-millis", "scan.snapshot-id",
		"scan.timestamp-millis", "scan.watermark",
	},
	optBool: {
		"add-column-before-partition", "aggregation.remove-record-on-delete",
		"alter-column-null-to-not-null.disabled", "async-file-write", "auto-create",
		"blob-as-descriptor", "blob.split-by-file-size", "bucket-append-ordered",
		"chain-table.enabled", "changelog-producer.row-deduplicate", "clustering.incremental",
		"clustering.incremental.optimize-write", "commit.discard-duplicate-files",
		"commit.force-compact", "commit.force-create-snapshot",
		"compaction.force-rewrite-all-files", "compaction.force-up-level-0",
		"consumer.changelog-only", "consumer.ignore-progress", "data-evolution.enabled",
		"data-file.thin-mode", "delete.force-produce-changelog", "deletion-vectors.bitmap64",
		"deletion-vectors.enabled", "deletion-vectors.modifiable",
		"disable-explicit-type-casting", "dynamic-partition-overwrite",
		"end-input.check-partition-expire", "file-index.read.enabled",
		"file.suffix.include.compression", "force-lookup",
		"format-table.partition-path-only-value", "global-index.enabled", "ignore-delete",
		"ignore-update-before", "incremental-between-tag-to-snapshot",
		"index-file-in-data-file-dir", "key-value.sequence_number.enabled", "lookup-wait",
		"lookup.cache.bloom.filter.enabled", "lookup.remote-file.enabled",
		"manifest.delete-file-drop-stats", "metadata.stats-dense-store",
		"metastore.partitioned-table", "overwrite-upgrade",
		"partial-update.remove-record-on-delete", "partition.end-input-to-done",
		"partition.legacy-name", "partition.timestamp-format.strict", "pk-clustering-override",
		"postpone.batch-write-fixed-bucket", "query-auth.enabled", "row-tracking.enabled",
		"scan.ignore-corrupt-files", "scan.ignore-lost-files", "scan.plan-sort-partition",
		"snapshot.clean-empty-directories", "snapshot.ignore-empty-commit",
		"streaming-read-append-overwrite", "streaming-read-overwrite",
		"table-read.sequence-number.enabled", "tag.automatic-completion",
		"tag.create-success-file", "tag.time-expire-enabled", "variant.inferShreddingSchema",
		"visibility-callback.enabled", "write-buffer-for-append", "write-buffer-spillable",
		"write-only",
	},
	optFloat: {
		"compaction.delete-ratio-threshold", "lookup.cache.bloom.filter.fpp",
		"lookup.cache.high-priority-pool-ratio", "lookup.hash-load-factor",
		"variant.shredding.minFieldCardinalityRatio",
	},
	optDuration: {
		"changelog.time-retained", "clustering.history-partition.idle-to-full-sort",
		"commit.max-retry-wait", "commit.min-retry-wait", "commit.timeout",
		"compaction.optimization-interval", "consumer.expiration-time",
		"continuous.discovery-interval", "cross-partition-upsert.index-ttl",
		"lookup.cache-file-retention", "partition.expiration-check-interval",
		"partition.expiration-time", "partition.idle-time-to-report-statistic",
		"record-level.expire-time", "snapshot.time-retained",
		"snapshot.watermark-idle-timeout", "streaming.read.snapshot.delay",
		"tag.creation-delay", "tag.creation-period-duration", "tag.default-time-retained",
		"visibility-callback.check-interval", "visibility-callback.timeout",
	},
	optMemory: {
		"blob.target-file-size", "cache-page-size", "compaction.incremental-size-threshold",
		"compaction.total-size-threshold", "deletion-vector.index-file.target-size",
		"file-index.in-manifest-threshold", "file-reader-async-threshold", "file.block-size",
		"local-merge-buffer-size", "lookup.cache-max-disk-size",
		"lookup.cache-max-memory-size", "lookup.merge-buffer-size",
		"manifest.full-compaction-threshold-size", "manifest.target-file-size", "page-size",
		"sort-spill-buffer-size", "source.split.open-file-cost", "source.split.target-size",
		"target-file-size", "vector.target-file-size", "write-buffer-size",
		"write-buffer-spill.max-disk-size", "write.batch-memory",
	},
}

// enumOptions lists the enum-valued CoreOptions with the values Java
// accepts (compared case-insensitively, as OptionsUtils.convertToEnum does).
var enumOptions = map[string][]string{
	"type":                              {"table", "format-table", "materialized-table", "object-table", "lance-table", "iceberg-table"},
	"bucket-function.type":              {"default", "mod", "hive"},
	"data-file.external-paths.strategy": {"none", "specific-fs", "round-robin", "entropy-inject", "weight-robin"},
	"snapshot.expire.execution-mode":    {"sync", "async"},
	"merge-engine":                      {"deduplicate", "partial-update", "aggregation", "first-row"},
	"sort-engine":                       {"min-heap", "loser-tree"},
	"changelog-producer":                {"none", "input", "full-compaction", "lookup"},
	"sequence.field.sort-order":         {"ascending", "descending"},
	"scan.mode": {"default", "latest-full", "full", "latest", "compacted-full", "from-timestamp",
		"from-creation-timestamp", "from-file-creation-time", "from-snapshot", "from-snapshot-full", "incremental"},
	"stream-scan-mode":                   {"none", "compact-bucket-table", "file-monitor"},
	"batch-scan-mode":                    {"none", "compact"},
	"consumer.mode":                      {"exactly-once", "at-least-once"},
	"incremental-between-scan-mode":      {"auto", "delta", "changelog", "diff"},
	"partition.sink-strategy":            {"none", "hash"},
	"metastore.tag-to-partition.preview": {"none", "process-time", "watermark", "batch"},
	"tag.automatic-creation":             {"none", "process-time", "watermark", "batch"},
	"tag.creation-period":                {"daily", "hourly", "two-hours"},
	"tag.period-formatter":               {"with_dashes", "without_dashes", "without_dashes_and_spaces"},
	"sort-compaction.range-strategy":     {"size", "quantity"},
	"lookup-compact":                     {"radical", "gentle"},
	"clustering.incremental.mode":        {"global-sort", "local-sort"},
	"global-index.column-update-action":  {"throw_error", "drop_partition_index"},
	"format-table.implementation":        {"paimon", "engine"},
	// File formats are looked up by factory identifier, lower-cased first.
	options.FileFormat:     fileFormats,
	options.ManifestFormat: fileFormats,
}

// fileFormats are the format identifiers Java 1.4.2 ships (paimon-format and
// paimon-lance).
var fileFormats = []string{"orc", "parquet", "avro", "csv", "json", "text", "blob", "lance"}

// countRange bounds an integer option. Java checks a few of these when it
// validates a schema (Levels, sortSpillThreshold, SchemaValidation) and
// fails later, or loops, on the others; a count below its minimum crashes
// compaction (num-sorted-run.compaction-trigger = 0 slices out of range in
// UniversalCompaction, Java's as ours). special lists values outside the
// range that mean "off" or "unbounded".
type countRange struct {
	min, max int64
	special  []int64
}

const maxInt32 = 1<<31 - 1

var (
	atLeast0 = countRange{min: 0, max: maxInt32}
	atLeast1 = countRange{min: 1, max: maxInt32}
)

// optionRanges are the bounds of the integer options paimon-sql reads and
// of the counts and sizes Java's writers and compaction read.
var optionRanges = map[string]countRange{
	"num-sorted-run.compaction-trigger":            atLeast1,
	"num-sorted-run.stop-trigger":                  atLeast1,
	"num-levels":                                   {min: 2, max: maxInt32},
	"sort-spill-threshold":                         {min: 2, max: maxInt32},
	"snapshot.num-retained.min":                    atLeast1,
	"snapshot.num-retained.max":                    atLeast1,
	"changelog.num-retained.min":                   atLeast1,
	"changelog.num-retained.max":                   atLeast1,
	"snapshot.expire.limit":                        atLeast1,
	"tag.num-retained-max":                         atLeast1,
	"partition.expiration-max-num":                 atLeast1,
	"partition.expiration-batch-size":              atLeast1,
	"commit.max-retries":                           atLeast0,
	"compaction.min.file-num":                      atLeast1,
	"compaction.file-num-limit":                    atLeast1,
	"compaction.max-size-amplification-percent":    atLeast0,
	"compaction.size-ratio":                        atLeast0,
	"compaction.offpeak-ratio":                     atLeast0,
	"compaction.offpeak.start.hour":                {min: 0, max: 23, special: []int64{-1}},
	"compaction.offpeak.end.hour":                  {min: 0, max: 23, special: []int64{-1}},
	"full-compaction.delta-commits":                atLeast1,
	"lookup-compact.max-interval":                  atLeast1,
	"manifest.merge-min-count":                     atLeast1,
	"file-operation.thread-num":                    atLeast1,
	"scan.manifest.parallelism":                    atLeast1,
	"read.batch-size":                              atLeast1,
	"write.batch-size":                             atLeast1,
	"dynamic-bucket.initial-buckets":               atLeast1,
	"dynamic-bucket.max-buckets":                   {min: 1, max: maxInt32, special: []int64{-1}},
	"dynamic-bucket.assigner-parallelism":          atLeast1,
	"dynamic-bucket.target-row-num":                {min: 1, max: 1<<63 - 1},
	"cross-partition-upsert.bootstrap-parallelism": atLeast1,
	"local-sort.max-num-file-handles":              {min: 2, max: maxInt32},
	"write-max-writers-to-spill":                   atLeast1,
}

// check tells why n is out of range, or nil.
func (r countRange) check(key string, n int64) error {
	if n >= r.min && n <= r.max || slices.Contains(r.special, n) {
		return nil
	}
	want := fmt.Sprintf("at least %d", r.min)
	if r.max < maxInt32 {
		want = fmt.Sprintf("from %d to %d", r.min, r.max)
	}
	for _, v := range r.special {
		want += fmt.Sprintf(", or %d", v)
	}
	return fmt.Errorf("option '%s' = %d is out of range: use %s", key, n, want)
}

var optionTypes = func() map[string]optionType {
	m := map[string]optionType{}
	for t, keys := range typedOptions {
		for _, k := range keys {
			m[k] = t
		}
	}
	return m
}()

// ValidateOptionValues checks every option whose value Java parses, and the
// range of counts, in key order so that the first error is deterministic.
// Options given for one procedure call go through it as table options do.
func ValidateOptionValues(opts map[string]string) error {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := validateOptionValue(k, opts[k]); err != nil {
			return err
		}
	}
	return nil
}

func validateOptionValue(key, value string) error {
	if accepted, ok := enumOptions[key]; ok {
		for _, a := range accepted {
			if strings.EqualFold(a, value) {
				return nil
			}
		}
		return fmt.Errorf("option '%s' = '%s' is not valid: use one of %s", key, value, strings.Join(accepted, ", "))
	}
	t, ok := optionTypes[key]
	if !ok {
		return nil
	}
	var err error
	switch t {
	case optInt, optLong:
		err = validateInteger(key, value, t)
	case optBool:
		if !strings.EqualFold(value, "true") && !strings.EqualFold(value, "false") {
			err = fmt.Errorf("option '%s' = '%s' is not a boolean: use true or false", key, value)
		}
	case optFloat:
		if _, e := strconv.ParseFloat(strings.TrimSpace(value), 64); e != nil {
			err = fmt.Errorf("option '%s' = '%s' is not a number", key, value)
		}
	case optDuration:
		if _, e := options.ParseDuration(value); e != nil {
			err = fmt.Errorf("option '%s': %w", key, e)
		}
	case optMemory:
		if _, e := ParseMemorySize(value); e != nil {
			err = fmt.Errorf("option '%s': %w", key, e)
		}
	}
	return err
}

// CheckCounts checks the ranges of the integer options alone: for options
// stored before the ranges were checked (or by another writer), read where
// a value out of range would crash or loop.
func CheckCounts(opts map[string]string) error {
	keys := make([]string, 0, len(optionRanges))
	for k := range optionRanges {
		if _, ok := opts[k]; ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := validateInteger(k, strings.TrimSpace(opts[k]), optionTypes[k]); err != nil {
			return err
		}
	}
	return nil
}

// validateInteger parses an Integer (32-bit) or Long option as Java does
// and checks its range.
func validateInteger(key, value string, t optionType) error {
	bits, what := 32, "an integer"
	if t == optLong {
		bits, what = 64, "a 64-bit integer"
	}
	n, err := strconv.ParseInt(value, 10, bits)
	if err != nil {
		return fmt.Errorf("option '%s' = '%s' is not %s", key, value, what)
	}
	if r, ok := optionRanges[key]; ok {
		return r.check(key, n)
	}
	return nil
}

var memoryUnits = []struct {
	labels []string
	bytes  int64
}{
	{[]string{"b", "bytes"}, 1},
	{[]string{"k", "kb", "kibibytes"}, 1 << 10},
	{[]string{"m", "mb", "mebibytes"}, 1 << 20},
	{[]string{"g", "gb", "gibibytes"}, 1 << 30},
	{[]string{"t", "tb", "tebibytes"}, 1 << 40},
}

// ParseMemorySize parses Java's MemorySize syntax: a non-negative integer and
// an optional unit (b, k/kb, m/mb, g/gb, t/tb; binary multiples; default
// bytes), e.g. "64 mb".
func ParseMemorySize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("'%s' is not a memory size: expected a number and a unit such as b, kb, mb or gb (e.g. '128 mb')", s)
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("'%s' is not a memory size: the number is too large", s)
	}
	label := strings.ToLower(strings.TrimSpace(t[i:]))
	if label == "" {
		return n, nil
	}
	for _, u := range memoryUnits {
		for _, l := range u.labels {
			if l == label {
				if n > (1<<63-1)/u.bytes {
					return 0, fmt.Errorf("'%s' is not a memory size: it is too large", s)
				}
				return n * u.bytes, nil
			}
		}
	}
	return 0, fmt.Errorf("'%s' is not a memory size: unknown unit '%s' (use b, kb, mb, gb or tb)", s, label)
}
