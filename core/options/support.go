package options

import (
	"fmt"
	"sort"
	"strings"
)

// This file says, for every key of Java Paimon 1.4's CoreOptions (and the
// few other keys our write honours), what paimon-sql does with it, so that
// no option is accepted and silently ignored where ignoring it changes what
// a reader sees. TestSupportCoversJavaCoreOptions checks the table against
// the keys extracted from CoreOptions.java (testdata/java-options/coreoptions-1.4.2.txt).

// Support is what paimon-sql does with an option.
type Support int

const (
	// Implemented: paimon-sql honours the option as Java does.
	Implemented Support = iota + 1
	// Ignored: paimon-sql does not read the option, and the reason says why
	// that is harmless: the rows read and the files written are the same.
	Ignored
	// Refused: a statement on a table whose option holds a value paimon-sql
	// does not honour fails (on the scopes of the entry), naming the option.
	Refused
)

// Scope is where a refused option stops statements.
type Scope int

const (
	// OnWrite refuses INSERT, UPDATE, DELETE, TRUNCATE and compaction.
	OnWrite Scope = 1 << iota
	// OnRead refuses SELECT and every other read of the table's rows.
	OnRead
	onBoth = OnWrite | OnRead
)

// Entry is one option's row of the support table.
type Entry struct {
	Support Support
	Scope   Scope  // Refused only
	Reason  string // why it is ignored or refused, and what to do
	// honoured reports whether a refused option's value is one paimon-sql
	// honours (usually Java's default); nil means no value is.
	honoured func(value string) bool
}

func isFalse(v string) bool { return strings.EqualFold(strings.TrimSpace(v), "false") }
func isEmpty(v string) bool { return strings.TrimSpace(v) == "" }
func is(values ...string) func(string) bool {
	return func(v string) bool {
		for _, w := range values {
			if strings.EqualFold(strings.TrimSpace(v), w) {
				return true
			}
		}
		return false
	}
}

type group struct {
	entry Entry
	keys  []string
}

func implemented(keys ...string) group {
	return group{Entry{Support: Implemented}, keys}
}

func ignored(reason string, keys ...string) group {
	return group{Entry{Support: Ignored, Reason: reason}, keys}
}

func refused(scope Scope, honoured func(string) bool, reason string, keys ...string) group {
	return group{Entry{Support: Refused, Scope: scope, Reason: reason, honoured: honoured}, keys}
}

const (
	whyStreaming = "a setting of Flink or Spark streaming jobs, lookup joins or consumers: paimon-sql has no streaming reads, and batch reads and the files written do not depend on it"
	whyTuning    = "tuning of Java's memory, threads, buffers, caches or splits: the rows read and the file format do not depend on it"
	whyCompact   = "decides when and how Java compacts; paimon-sql compacts only on CALL sys.compact, and compaction does not change the rows read"
	whyMaint     = "maintenance Java's writers run around a commit for a metastore or a streaming job (mark-done, metastore sync, partition value checks): paimon-sql's commits skip it and the data stays correct"
	whyEngine    = "kept for Flink's or Spark's catalogs (materialized tables, format tables, Hive sync); paimon-sql reads Paimon tables only and does not use it"
	whyParam     = "read only by the callbacks of the option it belongs to, which is itself refused"
	whyLayout    = "decides the order or clustering of rows inside files Java writes; the rows read are the same"
	whyIndex     = "global indexes only speed up Java's reads; they are built by Java's procedures and paimon-sql reads without them"
	whyVariant   = "variant shredding of VARIANT columns; paimon-sql has no VARIANT type, so such tables are refused by their column type already"
	whyPrefix    = "names the user of Java's commits; paimon-sql commits under its own user"
)

var supportGroups = []group{
	implemented(
		"add-column-before-partition", "aggregation.remove-record-on-delete",
		"alter-column-null-to-not-null.disabled", "auto-create", "branch", "bucket", "bucket-key", "bucket-function.type",
		"changelog-file.compression", "changelog-file.format", "changelog-file.prefix",
		"changelog-file.stats-mode", "changelog-producer", "changelog-producer.row-deduplicate",
		"changelog-producer.row-deduplicate-ignore-fields", "changelog.num-retained.max",
		"changelog.num-retained.min", "changelog.time-retained", "commit.discard-duplicate-files",
		"commit.max-retries", "commit.max-retry-wait", "commit.min-retry-wait", "commit.timeout",
		"compaction.delete-ratio-threshold", "compaction.force-rewrite-all-files",
		"compaction.max-size-amplification-percent", "compaction.min.file-num", "compaction.size-ratio",
		"consumer.changelog-only", "consumer.expiration-time", "data-file.external-paths",
		"data-file.external-paths.specific-fs", "data-file.external-paths.strategy",
		"data-file.external-paths.weights", "data-file.path-directory", "data-file.prefix",
		"deduplicate.ignore-delete", "delete-file.thread-num", "deletion-vector.index-file.target-size",
		"deletion-vectors.bitmap64", "deletion-vectors.enabled", "deletion-vectors.modifiable",
		"disable-explicit-type-casting", "dynamic-bucket.assigner-parallelism",
		"dynamic-bucket.initial-buckets", "dynamic-bucket.max-buckets", "dynamic-bucket.target-row-num",
		"dynamic-partition-overwrite", "file-operation.thread-num", "file.compression",
		"file.compression.zstd-level", "first-row.ignore-delete", "ignore-delete",
		"ignore-update-before", "index-file-in-data-file-dir", "manifest.compression",
		"manifest.full-compaction-threshold-size", "manifest.merge-min-count", "manifest.target-file-size",
		"merge-engine", "data-evolution.enabled", "metadata.stats-dense-store", "metadata.stats-keep-first-n-columns",
		"metadata.stats-mode", "metadata.stats-mode.per.level", "num-levels",
		"num-sorted-run.compaction-trigger", "overwrite-upgrade", "partial-update.ignore-delete",
		"partial-update.remove-record-on-delete", "partial-update.remove-record-on-sequence-group",
		"partition", "partition.default-name", "partition.legacy-name", "path", "pk-clustering-override",
		"primary-key", "record-level.expire-time", "record-level.time-field", "row-tracking.enabled", "rowkind.field",
		"scan.fallback-branch", "sequence.field", "sequence.field.sort-order",
		"snapshot.clean-empty-directories", "snapshot.expire.clean-empty-directories",
		"snapshot.expire.limit", "snapshot.ignore-empty-commit", "snapshot.num-retained.max",
		"snapshot.num-retained.min", "snapshot.time-retained", "source.split.open-file-cost",
		"table-read.sequence-number.enabled", "target-file-size", "type",
		"fields.default-aggregate-function",
		"file.format", "manifest.format", "file.format.per.level", "file.compression.per.level",
	),
	ignored(whyStreaming,
		"changelog-producer.lookup-wait", "consumer-id", "consumer.ignore-progress",
		"consumer.mode", "continuous.discovery-interval", "log.scan", "log.scan.timestamp-millis",
		"lookup-wait", "lookup.cache-file-retention", "lookup.cache-max-disk-size",
		"lookup.cache-max-memory-size", "lookup.cache-spill-compression", "lookup.cache.bloom.filter.enabled",
		"lookup.cache.bloom.filter.fpp", "lookup.cache.high-priority-pool-ratio", "lookup.hash-load-factor",
		"lookup.merge-buffer-size", "lookup.merge-records-threshold", "lookup.remote-file.enabled",
		"lookup.remote-file.level-threshold", "scan.bounded.watermark",
		"snapshot.watermark-idle-timeout",
		"stream-scan-mode", "streaming-read-append-overwrite", "streaming.read.snapshot.delay",
		"visibility-callback.check-interval", "visibility-callback.enabled", "visibility-callback.timeout",
		"streaming-read-overwrite", "commit.force-compact", "commit.force-create-snapshot", "delete.force-produce-changelog",
		"cross-partition-upsert.bootstrap-parallelism", "postpone.batch-write-fixed-bucket",
		"postpone.batch-write-fixed-bucket.max-parallelism", "postpone.default-bucket-num",
	),
	ignored(whyTuning,
		"async-file-write", "cache-page-size", "file-reader-async-threshold", "file.block-size",
		"local-merge-buffer-size", "local-sort.max-num-file-handles", "page-size", "read.batch-size",
		"scan.manifest.parallelism", "scan.max-splits-per-task", "scan.plan-sort-partition",
		"sort-engine", "sort-spill-buffer-size", "sort-spill-threshold", "source.split.target-size",
		"spill-compression", "spill-compression.zstd-level", "write-buffer-for-append",
		"write-buffer-spill.max-disk-size", "write-buffer-spillable", "write-max-writers-to-spill",
		"write.batch-memory", "write.batch-size", "orc.write.batch-size", "parquet.enable.dictionary",
		"file.suffix.include.compression", "manifest.delete-file-drop-stats",
	),
	ignored(whyCompact,
		"compaction.file-num-limit", "compaction.force-up-level-0", "compaction.incremental-size-threshold",
		"compaction.offpeak-ratio", "compaction.offpeak.end.hour", "compaction.offpeak.start.hour",
		"compaction.optimization-interval", "compaction.total-size-threshold", "lookup-compact",
		"lookup-compact.max-interval", "num-sorted-run.stop-trigger",
		"sort-compaction.local-sample.magnification", "sort-compaction.range-strategy",
		"zorder.var-length-contribution", "cross-partition-upsert.index-ttl", "full-compaction.delta-commits",
		"force-lookup",
	),
	ignored(whyMaint,
		"metastore.partitioned-table", "metastore.tag-to-partition",
		"metastore.tag-to-partition.preview", "partition.end-input-to-done",
		"partition.idle-time-to-report-statistic", "partition.mark-done-action",
		"partition.mark-done-action.custom.class", "partition.mark-done-action.http.params",
		"partition.mark-done-action.http.url", "partition.sink-strategy", "partition.timestamp-format.strict",
		"incremental-to-auto-tag",
	),
	// The maintenance after every commit (core/maintenance).
	implemented(
		"write-only", "write.compaction-skip", "snapshot.expire.execution-mode",
		"end-input.check-partition-expire", "partition.expiration-batch-size",
		"partition.expiration-check-interval", "partition.expiration-max-num", "partition.expiration-strategy",
		"partition.expiration-time", "partition.timestamp-formatter", "partition.timestamp-pattern",
		"tag.automatic-completion", "tag.automatic-creation", "tag.batch.customized-name",
		"tag.creation-delay", "tag.creation-period", "tag.creation-period-duration",
		"tag.default-time-retained", "tag.num-retained-max", "tag.period-formatter", "tag.time-expire-enabled",
		"sink.process-time-zone", "sink.watermark-time-zone",
	),
	refused(OnWrite, isFalse,
		"Java writes a success file for every tag it creates, which paimon-sql does not: remove the option or write with Java",
		"tag.create-success-file"),
	ignored(whyEngine,
		"format-table.commit-hive-sync-url", "format-table.file.compression", "format-table.implementation",
		"format-table.partition-path-only-value", "materialized-table.definition-query",
		"materialized-table.interval-freshness", "materialized-table.interval-freshness.time-unit",
		"materialized-table.logical-refresh-mode", "materialized-table.refresh-handler-bytes",
		"materialized-table.refresh-handler-description", "materialized-table.refresh-mode",
		"materialized-table.refresh-status", "query-auth.enabled",
	),
	ignored(whyLayout,
		"bucket-append-ordered", "clustering.columns", "clustering.history-partition.idle-to-full-sort",
		"clustering.history-partition.limit", "clustering.incremental", "clustering.incremental.mode",
		"clustering.incremental.optimize-write", "clustering.strategy", "sink.clustering.by-columns",
		"sink.clustering.strategy",
	),
	ignored(whyIndex,
		"global-index.build.max-parallelism", "global-index.build.max-shard",
		"global-index.column-update-action", "global-index.enabled", "global-index.external-path",
		"global-index.row-count-per-shard", "global-index.thread-num",
	),
	ignored(whyVariant,
		"parquet.variant.shreddingSchema", "variant.inferShreddingSchema",
		"variant.shredding.maxInferBufferRow", "variant.shredding.maxSchemaDepth",
		"variant.shredding.maxSchemaWidth", "variant.shredding.minFieldCardinalityRatio",
		"variant.shreddingSchema",
	),
	ignored(whyPrefix, "commit.user-prefix"),
	implemented(FileIndexReadEnabled.Key, FileIndexInManifestThreshold.Key),
	// The bound of a primary-key writer's buffered records, estimated
	// from the Go values (core/write recordBytes).
	implemented(WriteBufferSize.Key),
	refused(OnWrite, isEmpty,
		"Java turns an INSERT into this table into a MERGE INTO by the upsert key, which paimon-sql does not: write with Java",
		"upsert-key"),
	ignored(whyParam, "commit.callback.#.param", "tag.callback.#.param"),
	refused(OnWrite, isEmpty,
		"Java calls these classes after every commit; paimon-sql cannot run Java code: remove the option (ALTER TABLE ... RESET) or write with Java",
		"commit.callbacks"),
	refused(OnWrite, isEmpty,
		"Java calls these classes after creating a tag; paimon-sql cannot run Java code: remove the option or create tags with Java",
		"tag.callbacks"),
	refused(OnWrite, isEmpty,
		"Java's strict-mode check of the snapshots committed since this one is not implemented: remove the option or write with Java",
		"commit.strict-mode.last-safe-snapshot"),
	refused(OnWrite, is("disabled"),
		"Java writes Iceberg metadata after every commit and paimon-sql does not: write with Java, or set it to 'disabled'",
		"metadata.iceberg.storage"),
	refused(onBoth, isEmpty,
		"blob columns are stored in .blob files that paimon-sql neither reads nor writes: use Java",
		"blob-field", "blob-descriptor-field", "blob-external-storage-field", "blob-external-storage-path",
		"blob.stored-descriptor-fields", "vector-field"),
	refused(onBoth, isFalse,
		"chain tables merge a snapshot branch and a delta branch on read, which paimon-sql does not: use Java",
		"chain-table.enabled"),
	refused(OnRead, isEmpty,
		"chain tables merge a snapshot branch and a delta branch on read, which paimon-sql does not: use Java",
		"chain-table.chain-partition-keys", "scan.fallback-delta-branch", "scan.fallback-snapshot-branch"),
	refused(OnRead, isEmpty,
		"Java reads the primary branch and falls back to this one, which paimon-sql does not: remove the option or read with Java",
		"scan.primary-branch"),
	refused(onBoth, isFalse,
		"files written in thin mode have no key columns, which paimon-sql neither reads nor writes: use Java",
		"data-file.thin-mode"),
	refused(onBoth, isFalse,
		"Java keeps the sequence number as a value column in such files, which paimon-sql does not: use Java",
		"key-value.sequence_number.enabled"),
	refused(OnRead, isEmpty,
		"this time-travel or incremental read option as a table option is not applied by paimon-sql: remove it (ALTER TABLE ... RESET) and use FOR SYSTEM_TIME AS OF or the $audit_log table",
		"scan.snapshot-id", "scan.tag-name", "scan.timestamp", "scan.timestamp-millis", "scan.version", "scan.watermark",
		"scan.creation-time-millis", "scan.file-creation-time-millis", "incremental-between",
		"incremental-between-scan-mode", "incremental-between-tag-to-snapshot", "incremental-between-timestamp"),
	refused(OnRead, is("default", "latest-full", "full", "latest"),
		"this scan mode as a table option is not applied by paimon-sql: remove it and use FOR SYSTEM_TIME AS OF",
		"scan.mode"),
	refused(OnRead, is("none"),
		"Java's internal compaction scan mode is not applied by paimon-sql: remove it",
		"batch-scan-mode"),
	refused(OnRead, isFalse,
		"Java skips missing or corrupt files when set; paimon-sql fails on them: remove the option",
		"scan.ignore-lost-files", "scan.ignore-corrupt-files"),
	refused(onBoth, isFalse,
		"blob options apply to blob columns, which paimon-sql neither reads nor writes: use Java",
		"blob-as-descriptor", "blob.split-by-file-size"),
	ignored("applies only to blob and vector columns, which are refused by their own options",
		"blob.target-file-size", "vector.file.format", "vector.target-file-size"),
}

// support is supportGroups by key.
var support = func() map[string]Entry {
	m := make(map[string]Entry)
	for _, g := range supportGroups {
		for _, k := range g.keys {
			if _, dup := m[k]; dup {
				panic("options: key listed twice in the support table: " + k)
			}
			m[k] = g.entry
		}
	}
	return m
}()

// CheckWrite fails when opts hold an option paimon-sql refuses on write.
func CheckWrite(opts Options) error { return check(opts, OnWrite, "written") }

// CheckRead fails when opts hold an option paimon-sql refuses on read.
func CheckRead(opts Options) error { return check(opts, OnRead, "read") }

// check returns the error for the first refused option of scope in opts, in
// key order so the message is the same whatever the map order.
func check(opts Options, scope Scope, verb string) error {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		e, ok := support[k]
		if !ok || e.Support != Refused || e.Scope&scope == 0 {
			continue
		}
		if e.honoured != nil && e.honoured(opts[k]) {
			continue
		}
		return fmt.Errorf("a table with option '%s' = '%s' cannot be %s by paimon-sql: %s", k, opts[k], verb, e.Reason)
	}
	return nil
}

// hintKeys are the read options an OPTIONS hint applies: time travel, scan
// mode and batch incremental reads.
var hintKeys = []string{ScanSnapshotID.Key, ScanTagName.Key, ScanTimestampMillis.Key, ScanTimestamp.Key, ScanMode.Key, ScanWatermark.Key,
	IncrementalBetween.Key, IncrementalBetweenTimestamp.Key, IncrementalBetweenScanMode.Key, IncrementalBetweenTagToSnapshot.Key}

// CheckHintKey tells whether an OPTIONS hint on a read may set key: the
// time-travel and scan-mode keys are applied, keys whose support entry is
// Ignored change nothing a read returns and are accepted, and every other
// key is refused rather than silently not applied.
func CheckHintKey(key string) error {
	if contains(hintKeys, key) {
		return nil
	}
	if err := CheckKey(key); err != nil {
		return err
	}
	if e, ok := support[key]; ok && e.Support == Ignored {
		return nil
	}
	return fmt.Errorf("option '%s' in an OPTIONS hint is not applied by paimon-sql: a hint takes %s, and options that do not change the rows read",
		key, strings.Join(hintKeys[:5], ", "))
}
