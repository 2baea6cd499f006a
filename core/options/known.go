package options

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// This file lists the option keys a Paimon table accepts, as Java Paimon
// 1.4.2 defines them, so that CREATE TABLE ... WITH and ALTER TABLE ... SET
// can refuse a misspelt key instead of storing it where nothing reads it.
//
// A key is accepted when it is
//   - one of the exact keys below (every ConfigOption key and fallback key of
//     the Java option classes whose options live in a table's options), or
//   - of a family Java builds from parts: 'fields.<columns>.<setting>',
//     'file-index.<type>.columns', 'file-index.<type>.<column>.<setting>',
//     'commit.callback.<class>.param', 'tag.callback.<class>.param', or a
//     sub-key of a map-typed option ('file.format.per.level.<level>'), or
//   - under a prefix that Paimon or an engine hands on unread
//     (freeFormPrefixes).
//
// The exact lists were extracted from the release-1.4.2 sources with every
// key("...") plus the withFallbackKeys(...)/withDeprecatedKeys(...) names.

// coreOptionKeys: every key(...) and withFallbackKeys(...) name of CoreOptions (paimon-api); the
// two "#" templates commit.callback.#.param and tag.callback.#.param are
// matched as patterns by CheckKey.
var coreOptionKeys = []string{
	"add-column-before-partition",
	"aggregation.remove-record-on-delete",
	"alter-column-null-to-not-null.disabled",
	"async-file-write",
	"auto-create",
	"batch-scan-mode",
	"blob-as-descriptor",
	"blob-descriptor-field",
	"blob-external-storage-field",
	"blob-external-storage-path",
	"blob-field",
	"blob.split-by-file-size",
	"blob.stored-descriptor-fields",
	"blob.target-file-size",
	"branch",
	"bucket",
	"bucket-append-ordered",
	"bucket-function.type",
	"bucket-key",
	"cache-page-size",
	"chain-table.chain-partition-keys",
	"chain-table.enabled",
	"changelog-file.compression",
	"changelog-file.format",
	"changelog-file.prefix",
	"changelog-file.stats-mode",
	"changelog-producer",
	"changelog-producer.lookup-wait",
	"changelog-producer.row-deduplicate",
	"changelog-producer.row-deduplicate-ignore-fields",
	"changelog.num-retained.max",
	"changelog.num-retained.min",
	"changelog.time-retained",
	"clustering.columns",
	"clustering.history-partition.idle-to-full-sort",
	"clustering.history-partition.limit",
	"clustering.incremental",
	"clustering.incremental.mode",
	"clustering.incremental.optimize-write",
	"clustering.strategy",
	"commit.callbacks",
	"commit.discard-duplicate-files",
	"commit.force-compact",
	"commit.force-create-snapshot",
	"commit.max-retries",
	"commit.max-retry-wait",
	"commit.min-retry-wait",
	"commit.strict-mode.last-safe-snapshot",
	"commit.timeout",
	"commit.user-prefix",
	"compaction.delete-ratio-threshold",
	"compaction.file-num-limit",
	"compaction.force-rewrite-all-files",
	"compaction.force-up-level-0",
	"compaction.incremental-size-threshold",
	"compaction.max-size-amplification-percent",
	"compaction.min.file-num",
	"compaction.offpeak-ratio",
	"compaction.offpeak.end.hour",
	"compaction.offpeak.start.hour",
	"compaction.optimization-interval",
	"compaction.size-ratio",
	"compaction.total-size-threshold",
	"consumer-id",
	"consumer.changelog-only",
	"consumer.expiration-time",
	"consumer.ignore-progress",
	"consumer.mode",
	"continuous.discovery-interval",
	"cross-partition-upsert.bootstrap-parallelism",
	"cross-partition-upsert.index-ttl",
	"data-evolution.enabled",
	"data-file.external-paths",
	"data-file.external-paths.specific-fs",
	"data-file.external-paths.strategy",
	"data-file.external-paths.weights",
	"data-file.path-directory",
	"data-file.prefix",
	"data-file.thin-mode",
	"deduplicate.ignore-delete",
	"delete-file.thread-num",
	"delete.force-produce-changelog",
	"deletion-vector.index-file.target-size",
	"deletion-vectors.bitmap64",
	"deletion-vectors.enabled",
	"deletion-vectors.modifiable",
	"disable-explicit-type-casting",
	"dynamic-bucket.assigner-parallelism",
	"dynamic-bucket.initial-buckets",
	"dynamic-bucket.max-buckets",
	"dynamic-bucket.target-row-num",
	"dynamic-partition-overwrite",
	"end-input.check-partition-expire",
	"fields.default-aggregate-function",
	"file-index.in-manifest-threshold",
	"file-index.read.enabled",
	"file-operation.thread-num",
	"file-reader-async-threshold",
	"file.block-size",
	"file.compression",
	"file.compression.per.level",
	"file.compression.zstd-level",
	"file.format",
	"file.format.per.level",
	"file.suffix.include.compression",
	"first-row.ignore-delete",
	"force-lookup",
	"format-table.commit-hive-sync-url",
	"format-table.file.compression",
	"format-table.implementation",
	"format-table.partition-path-only-value",
	"full-compaction.delta-commits",
	"global-index.build.max-parallelism",
	"global-index.build.max-shard",
	"global-index.column-update-action",
	"global-index.enabled",
	"global-index.external-path",
	"global-index.row-count-per-shard",
	"global-index.thread-num",
	"ignore-delete",
	"ignore-update-before",
	"incremental-between",
	"incremental-between-scan-mode",
	"incremental-between-tag-to-snapshot",
	"incremental-between-timestamp",
	"incremental-to-auto-tag",
	"index-file-in-data-file-dir",
	"key-value.sequence_number.enabled",
	"local-merge-buffer-size",
	"local-sort.max-num-file-handles",
	"log.scan",
	"log.scan.timestamp-millis",
	"lookup-compact",
	"lookup-compact.max-interval",
	"lookup-wait",
	"lookup.cache-file-retention",
	"lookup.cache-max-disk-size",
	"lookup.cache-max-memory-size",
	"lookup.cache-spill-compression",
	"lookup.cache.bloom.filter.enabled",
	"lookup.cache.bloom.filter.fpp",
	"lookup.cache.high-priority-pool-ratio",
	"lookup.hash-load-factor",
	"lookup.merge-buffer-size",
	"lookup.merge-records-threshold",
	"lookup.remote-file.enabled",
	"lookup.remote-file.level-threshold",
	"manifest.compression",
	"manifest.delete-file-drop-stats",
	"manifest.format",
	"manifest.full-compaction-threshold-size",
	"manifest.merge-min-count",
	"manifest.target-file-size",
	"materialized-table.definition-query",
	"materialized-table.interval-freshness",
	"materialized-table.interval-freshness.time-unit",
	"materialized-table.logical-refresh-mode",
	"materialized-table.refresh-handler-bytes",
	"materialized-table.refresh-handler-description",
	"materialized-table.refresh-mode",
	"materialized-table.refresh-status",
	"merge-engine",
	"metadata.stats-dense-store",
	"metadata.stats-keep-first-n-columns",
	"metadata.stats-mode",
	"metadata.stats-mode.per.level",
	"metastore.partitioned-table",
	"metastore.tag-to-partition",
	"metastore.tag-to-partition.preview",
	"num-levels",
	"num-sorted-run.compaction-trigger",
	"num-sorted-run.stop-trigger",
	"orc.write.batch-size",
	"overwrite-upgrade",
	"page-size",
	"parquet.enable.dictionary",
	"parquet.variant.shreddingSchema",
	"partial-update.ignore-delete",
	"partial-update.remove-record-on-delete",
	"partial-update.remove-record-on-sequence-group",
	"partition",
	"partition.default-name",
	"partition.end-input-to-done",
	"partition.expiration-batch-size",
	"partition.expiration-check-interval",
	"partition.expiration-max-num",
	"partition.expiration-strategy",
	"partition.expiration-time",
	"partition.idle-time-to-report-statistic",
	"partition.legacy-name",
	"partition.mark-done-action",
	"partition.mark-done-action.custom.class",
	"partition.mark-done-action.http.params",
	"partition.mark-done-action.http.url",
	"partition.sink-strategy",
	"partition.timestamp-format.strict",
	"partition.timestamp-formatter",
	"partition.timestamp-pattern",
	"path",
	"pk-clustering-override",
	"postpone.batch-write-fixed-bucket",
	"postpone.batch-write-fixed-bucket.max-parallelism",
	"postpone.default-bucket-num",
	"primary-key",
	"query-auth.enabled",
	"read.batch-size",
	"record-level.expire-time",
	"record-level.time-field",
	"row-tracking.enabled",
	"rowkind.field",
	"scan.bounded.watermark",
	"scan.creation-time-millis",
	"scan.fallback-branch",
	"scan.fallback-delta-branch",
	"scan.fallback-snapshot-branch",
	"scan.file-creation-time-millis",
	"scan.ignore-corrupt-files",
	"scan.ignore-lost-files",
	"scan.manifest.parallelism",
	"scan.max-splits-per-task",
	"scan.mode",
	"scan.plan-sort-partition",
	"scan.primary-branch",
	"scan.snapshot-id",
	"scan.tag-name",
	"scan.timestamp",
	"scan.timestamp-millis",
	"scan.version",
	"scan.watermark",
	"sequence.field",
	"sequence.field.sort-order",
	"sink.clustering.by-columns",
	"sink.clustering.strategy",
	"sink.process-time-zone",
	"sink.watermark-time-zone",
	"snapshot.clean-empty-directories",
	"snapshot.expire.clean-empty-directories",
	"snapshot.expire.execution-mode",
	"snapshot.expire.limit",
	"snapshot.ignore-empty-commit",
	"snapshot.num-retained.max",
	"snapshot.num-retained.min",
	"snapshot.time-retained",
	"snapshot.watermark-idle-timeout",
	"sort-compaction.local-sample.magnification",
	"sort-compaction.range-strategy",
	"sort-engine",
	"sort-spill-buffer-size",
	"sort-spill-threshold",
	"source.split.open-file-cost",
	"source.split.target-size",
	"spill-compression",
	"spill-compression.zstd-level",
	"stream-scan-mode",
	"streaming-read-append-overwrite",
	"streaming-read-overwrite",
	"streaming.read.snapshot.delay",
	"table-read.sequence-number.enabled",
	"tag.automatic-completion",
	"tag.automatic-creation",
	"tag.batch.customized-name",
	"tag.callbacks",
	"tag.create-success-file",
	"tag.creation-delay",
	"tag.creation-period",
	"tag.creation-period-duration",
	"tag.default-time-retained",
	"tag.num-retained-max",
	"tag.period-formatter",
	"tag.time-expire-enabled",
	"target-file-size",
	"type",
	"upsert-key",
	"variant.inferShreddingSchema",
	"variant.shredding.maxInferBufferRow",
	"variant.shredding.maxSchemaDepth",
	"variant.shredding.maxSchemaWidth",
	"variant.shredding.minFieldCardinalityRatio",
	"variant.shreddingSchema",
	"vector-field",
	"vector.file.format",
	"vector.target-file-size",
	"visibility-callback.check-interval",
	"visibility-callback.enabled",
	"visibility-callback.timeout",
	"write-buffer-for-append",
	"write-buffer-size",
	"write-buffer-spill.max-disk-size",
	"write-buffer-spillable",
	"write-max-writers-to-spill",
	"write-only",
	"write.batch-memory",
	"write.batch-size",
	"write.compaction-skip",
	"zorder.var-length-contribution",
}

// flinkConnectorKeys: FlinkConnectorOptions (paimon-flink-common), with fallback keys.
var flinkConnectorKeys = []string{
	"changelog-producer.compaction-interval",
	"changelog.precommit-compact",
	"changelog.precommit-compact.buffer-size",
	"changelog.precommit-compact.thread-num",
	"commit.custom-listeners",
	"end-input.watermark",
	"filesystem.job-level-settings.enabled",
	"log.scan.remove-normalize",
	"lookup.async",
	"lookup.async-thread-number",
	"lookup.bootstrap-parallelism",
	"lookup.cache",
	"lookup.dynamic-partition",
	"lookup.dynamic-partition.refresh-interval",
	"lookup.dynamic-partition.refresh.async",
	"lookup.refresh.async",
	"lookup.refresh.async.pending-snapshot-count",
	"lookup.refresh.full-load-threshold",
	"lookup.refresh.time-periods-blacklist",
	"partition.idle-time-to-done",
	"partition.mark-done-action.mode",
	"partition.mark-done.recover-from-state",
	"partition.time-interval",
	"precommit-compact",
	"read.shuffle-bucket-with-partition",
	"scan.bounded",
	"scan.dedicated-split-generation",
	"scan.infer-parallelism",
	"scan.infer-parallelism.max",
	"scan.max-snapshot.count",
	"scan.parallelism",
	"scan.partitions",
	"scan.remove-normalize",
	"scan.split-enumerator.batch-size",
	"scan.split-enumerator.mode",
	"scan.watermark.alignment.group",
	"scan.watermark.alignment.max-drift",
	"scan.watermark.alignment.update-interval",
	"scan.watermark.emit.strategy",
	"scan.watermark.idle-timeout",
	"sink.clustering.sample-factor",
	"sink.clustering.sort-in-cluster",
	"sink.committer-cpu",
	"sink.committer-memory",
	"sink.committer-operator-chaining",
	"sink.cross-partition.managed-memory",
	"sink.managed.writer-buffer-memory",
	"sink.operator-uid.suffix",
	"sink.parallelism",
	"sink.savepoint.auto-tag",
	"sink.use-managed-memory-allocator",
	"sink.writer-coordinator.cache-memory",
	"sink.writer-coordinator.enabled",
	"sink.writer-coordinator.page-size",
	"sink.writer-cpu",
	"sink.writer-memory",
	"sink.writer-refresh-detectors",
	"source.checkpoint-align.enabled",
	"source.checkpoint-align.timeout",
	"source.operator-uid.suffix",
	"streaming-read.shuffle-bucket-with-partition",
	"unaware-bucket.compaction.parallelism",
}

// rocksDBKeys: RocksDBOptions (paimon-core, lookup).
var rocksDBKeys = []string{
	"lookup.cache-rows",
	"lookup.continuous.discovery-interval",
	"rocksdb.block.blocksize",
	"rocksdb.block.cache-size",
	"rocksdb.block.metadata-blocksize",
	"rocksdb.bloom-filter.bits-per-key",
	"rocksdb.bloom-filter.block-based-mode",
	"rocksdb.compaction.level.max-size-level-base",
	"rocksdb.compaction.level.target-file-size-base",
	"rocksdb.compaction.level.use-dynamic-size",
	"rocksdb.compaction.style",
	"rocksdb.compression.type",
	"rocksdb.files.open",
	"rocksdb.log.dir",
	"rocksdb.log.file-num",
	"rocksdb.log.level",
	"rocksdb.log.max-file-size",
	"rocksdb.thread.num",
	"rocksdb.use-bloom-filter",
	"rocksdb.writebuffer.count",
	"rocksdb.writebuffer.number-to-merge",
	"rocksdb.writebuffer.size",
}

// icebergKeys: IcebergOptions (paimon-core, Iceberg-compatible metadata).
var icebergKeys = []string{
	"metadata.iceberg.compaction.max.file-num",
	"metadata.iceberg.compaction.min.file-num",
	"metadata.iceberg.database",
	"metadata.iceberg.delete-after-commit.enabled",
	"metadata.iceberg.format-version",
	"metadata.iceberg.glue.skip-archive",
	"metadata.iceberg.hadoop-conf-dir",
	"metadata.iceberg.hive-client-class",
	"metadata.iceberg.hive-conf-dir",
	"metadata.iceberg.hive-skip-update-stats",
	"metadata.iceberg.manifest-compression",
	"metadata.iceberg.manifest-legacy-version",
	"metadata.iceberg.previous-versions-max",
	"metadata.iceberg.storage",
	"metadata.iceberg.storage-location",
	"metadata.iceberg.table",
	"metadata.iceberg.uri",
}

// sparkConnectorKeys: SparkConnectorOptions (paimon-spark-common).
var sparkConnectorKeys = []string{
	"read.allow.fullScan",
	"read.changelog",
	"read.stream.maxBytesPerTrigger",
	"read.stream.maxFilesPerTrigger",
	"read.stream.maxRowsPerTrigger",
	"read.stream.maxTriggerDelayMs",
	"read.stream.minRowsPerTrigger",
	"requiredSparkConfsCheck.enabled",
	"source.split.target-size-with-column-pruning",
	"write.merge-schema",
	"write.merge-schema.explicit-cast",
	"write.use-v2-write",
}

// formatKeys: per-format ConfigOptions of paimon-format: CsvOptions, JsonOptions,
// TextOptions (with the Spark-style fallback keys of format tables),
// OrcOptions and AvroFileFormat.
var formatKeys = []string{
	"avro.codec",
	"avro.row-name-mapping",
	"csv.escape-character",
	"csv.field-delimiter",
	"csv.include-header",
	"csv.line-delimiter",
	"csv.mode",
	"csv.null-literal",
	"csv.quote-character",
	"escape",
	"field-delimiter",
	"header",
	"json.ignore-parse-errors",
	"json.line-delimiter",
	"json.map-null-key-literal",
	"json.map-null-key-mode",
	"lineSep",
	"mode",
	"nullvalue",
	"orc.column.encoding.direct",
	"orc.dictionary.key.threshold",
	"orc.timestamp-ltz.legacy.type",
	"quote",
	"seq",
	"text.line-delimiter",
}

// globalIndexKeys: BTreeIndexOptions (paimon-common) and LuminaVectorIndexOptions
// (paimon-lumina).
var globalIndexKeys = []string{
	"btree-index.block-size",
	"btree-index.build.max-parallelism",
	"btree-index.cache-size",
	"btree-index.compression",
	"btree-index.compression-level",
	"btree-index.high-priority-pool-ratio",
	"btree-index.records-per-range",
	"lumina.diskann.build.ef_construction",
	"lumina.diskann.build.neighbor_count",
	"lumina.diskann.build.thread_count",
	"lumina.diskann.search.beam_width",
	"lumina.diskann.search.list_size",
	"lumina.distance.metric",
	"lumina.encoding.pq.m",
	"lumina.encoding.type",
	"lumina.index.dimension",
	"lumina.index.type",
	"lumina.pretrain.sample_ratio",
	"lumina.search.parallel_number",
}

// cdcKeys: CdcRecordStoreWriteOperator (paimon-flink-cdc), read from table options.
var cdcKeys = []string{
	"cdc.log-corrupt-record",
	"cdc.retry-sleep-time",
	"cdc.schema-change-retry-interval",
	"cdc.schema-change-retry-max-num",
	"cdc.skip-corrupt-record",
}

// engineKeys are single keys engines keep in a table's options that no
// ConfigOption declares: 'owner' is Catalog.OWNER_PROP, which Spark's V2
// catalog adds to every table it creates and SchemaManager tolerates.
var engineKeys = []string{
	"owner",
}

// fileIndexSettings maps each file index type of paimon-common (the
// FileIndexerFactory identifiers) to the per-column settings its index
// reads from 'file-index.<type>.<column>.<setting>'.
var fileIndexSettings = map[string][]string{
	"bitmap":       {"index-block-size", "version"},
	"bloom-filter": {"fpp", "items"},
	"bsi":          {},
	"range-bitmap": {"chunk-size"},
}

// mapOptionKeys are the map-typed options; Java's Options also reads a map
// option from '<key>.<map key>' entries.
var mapOptionKeys = []string{
	"avro.row-name-mapping",
	"file.compression.per.level",
	"file.format.per.level",
	"metadata.stats-mode.per.level",
}

// callbackParamKeys are the CoreOptions templates 'commit.callback.#.param'
// and 'tag.callback.#.param', '#' standing for a callback class name.
var callbackParamKeys = [][2]string{
	{"commit.callback.", ".param"},
	{"tag.callback.", ".param"},
}

// freeFormPrefixes are the prefixes under which any key is accepted, each
// because Java hands the keys on without a list of its own:
//   - 'orc.' and 'parquet.': FileFormat.getIdentifierPrefixOptions passes
//     them to the ORC writer properties and the Parquet Hadoop configuration
//     (matched case-insensitively, as Java lower-cases the key). 'avro.' is
//     not free-form: AvroFileFormat reads only avro.codec and
//     avro.row-name-mapping; CSV, JSON, text and lance read no prefix.
//   - 'blob-descriptor.': BlobDescriptorUtils builds the catalog context of
//     the external blob storage from them.
//   - 'metadata.iceberg.rest.': IcebergOptions.icebergRestConfig hands them
//     to the Iceberg REST catalog.
//   - 'hive.': HiveCatalog copies them to the Hive Metastore table
//     parameters (HiveMigrator stores 'hive.comment').
//   - 'schema.': Flink's catalog keeps computed and metadata columns and
//     watermarks there (FlinkCatalogPropertiesUtil).
//   - 'fluss.': Fluss keeps its table properties there on the lake tables
//     it creates (PaimonConversions.FLUSS_CONF_PREFIX).
var freeFormPrefixes = []string{
	"blob-descriptor.",
	"fluss.",
	"hive.",
	"metadata.iceberg.rest.",
	"orc.",
	"parquet.",
	"schema.",
}

// caseInsensitivePrefixes are the free-form prefixes Java matches after
// lower-casing the key.
var caseInsensitivePrefixes = map[string]bool{"orc.": true, "parquet.": true}

const (
	fileIndexKeyPrefix = "file-index."
	fileIndexColumns   = "columns"
)

// knownKeys is the set of exact keys.
var knownKeys = func() map[string]bool {
	m := make(map[string]bool)
	for _, list := range [][]string{coreOptionKeys, flinkConnectorKeys, rocksDBKeys, icebergKeys,
		sparkConnectorKeys, formatKeys, globalIndexKeys, cdcKeys, engineKeys} {
		for _, k := range list {
			m[k] = true
		}
	}
	return m
}()

// sortedKnownKeys is knownKeys in order, so suggestions are deterministic.
var sortedKnownKeys = func() []string {
	keys := make([]string, 0, len(knownKeys))
	for k := range knownKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}()

// CheckKey tells whether key may be set as a Paimon table option. It returns
// nil for a known key, for a key of a known family and for a key under a
// free-form prefix; otherwise an error naming the closest known key when one
// is near.
func CheckKey(key string) error {
	if strings.TrimSpace(key) == "" {
		return fmt.Errorf("option key cannot be empty")
	}
	if knownKeys[key] || isFamilyKey(key) {
		return nil
	}
	msg := fmt.Sprintf("option '%s' is not a Paimon table option", key)
	if s := suggestKey(key); s != "" {
		msg += fmt.Sprintf(" (did you mean '%s'?)", s)
	}
	return fmt.Errorf("%s; free-form options need a known prefix (%s)", msg, prefixList())
}

// CheckKeys runs CheckKey on every key of opts in sorted order, so the
// error names the same key whatever the map order, and returns the first
// error.
func CheckKeys(opts Options) error {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := CheckKey(k); err != nil {
			return err
		}
	}
	return nil
}

// isFamilyKey reports whether key belongs to a family of keys built from
// parts or lies under a free-form prefix.
func isFamilyKey(key string) bool {
	if isFieldsKey(key) || isFileIndexKey(key) {
		return true
	}
	for _, cb := range callbackParamKeys {
		if len(key) > len(cb[0])+len(cb[1]) && strings.HasPrefix(key, cb[0]) && strings.HasSuffix(key, cb[1]) {
			return true
		}
	}
	for _, m := range mapOptionKeys {
		if len(key) > len(m)+1 && strings.HasPrefix(key, m+".") {
			return true
		}
	}
	for _, p := range freeFormPrefixes {
		k := key
		if caseInsensitivePrefixes[p] {
			k = strings.ToLower(key)
		}
		if len(k) > len(p) && strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// isFieldsKey accepts 'fields.<columns>.<setting>', <columns> being one
// column or a comma-separated list (sequence groups). The exact key
// 'fields.default-aggregate-function' is in coreOptionKeys.
func isFieldsKey(key string) bool {
	columns, setting, ok := splitFieldsKey(key)
	return ok && columns != "" && slices.Contains(fieldSettings, FieldSetting(setting))
}

func splitFieldsKey(key string) (columns, setting string, ok bool) {
	rest, ok := strings.CutPrefix(key, FieldsPrefix)
	if !ok {
		return "", "", false
	}
	i := strings.LastIndexByte(rest, '.')
	if i < 0 {
		return "", "", false
	}
	return rest[:i], rest[i+1:], true
}

// isFileIndexKey accepts what FileIndexOptions decodes:
// 'file-index.<type>.columns' and 'file-index.<type>.<column>.<setting>'
// (Java ignores other shapes, so they are refused here). The exact keys
// 'file-index.read.enabled' and 'file-index.in-manifest-threshold' are in
// coreOptionKeys.
func isFileIndexKey(key string) bool {
	rest, ok := strings.CutPrefix(key, fileIndexKeyPrefix)
	if !ok {
		return false
	}
	parts := strings.Split(rest, ".")
	settings, known := fileIndexSettings[parts[0]]
	if !known {
		return false
	}
	switch len(parts) {
	case 2:
		return parts[1] == fileIndexColumns
	case 3:
		return parts[1] != "" && contains(settings, parts[2])
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func prefixList() string {
	quoted := make([]string, len(freeFormPrefixes))
	for i, p := range freeFormPrefixes {
		quoted[i] = "'" + p + "'"
	}
	return strings.Join(quoted, ", ")
}

// suggestKey returns the accepted key closest to key by edit distance
// (ignoring case, a transposition counting as one edit), or "" when none is
// within reach: 2 edits for keys shorter than 8 characters, 3 otherwise.
func suggestKey(key string) string {
	limit := 2
	if len(key) >= 8 {
		limit = 3
	}
	lower := strings.ToLower(key)
	best, bestDist := "", limit+1
	try := func(candidate string) {
		if d := editDistance(lower, strings.ToLower(candidate)); d < bestDist || (d == bestDist && candidate < best) {
			best, bestDist = candidate, d
		}
	}
	for _, k := range sortedKnownKeys {
		try(k)
	}
	for _, c := range familyCandidates(key) {
		try(c)
	}
	if bestDist > limit {
		return ""
	}
	return best
}

// familyCandidates are accepted keys near key built from its own parts: the
// same columns with each field setting, each file index type and setting,
// and the tail of key under each free-form prefix (a misspelt 'parqet.').
func familyCandidates(key string) []string {
	var out []string
	if columns, _, ok := splitFieldsKey(key); ok && columns != "" {
		for _, s := range fieldSettings {
			out = append(out, FieldKey(columns, s))
		}
	}
	if rest, ok := strings.CutPrefix(key, fileIndexKeyPrefix); ok {
		parts := strings.Split(rest, ".")
		for typ, settings := range fileIndexSettings {
			out = append(out, fileIndexKeyPrefix+typ+"."+fileIndexColumns)
			if len(parts) == 3 && parts[1] != "" {
				for _, s := range settings {
					out = append(out, fileIndexKeyPrefix+typ+"."+parts[1]+"."+s)
				}
			}
		}
	}
	for _, p := range freeFormPrefixes {
		n := strings.Count(p, ".")
		parts := strings.SplitN(key, ".", n+1)
		if len(parts) != n+1 || parts[n] == "" {
			continue
		}
		// Only a near miss of the prefix itself: 'parqet.' for 'parquet.',
		// not 'my.' for 'orc.'.
		head := strings.ToLower(strings.Join(parts[:n], ".") + ".")
		limit := 1
		if len(p) >= 7 {
			limit = 2
		}
		if editDistance(head, p) <= limit {
			out = append(out, p+parts[n])
		}
	}
	return out
}

// editDistance is the optimal string alignment distance of a and b:
// insertions, deletions, substitutions and transpositions of adjacent
// characters each cost one.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// IsEngineJobOption tells a key of Flink's or Spark's connector options
// (sink.parallelism, ...): settings of the engine job that runs a write or
// a compaction, which change nothing it writes. A paimon-sql compaction
// accepts them, as Java's compact procedure does, and has no job to apply
// them to.
func IsEngineJobOption(key string) bool {
	return slices.Contains(flinkConnectorKeys, key) || slices.Contains(sparkConnectorKeys, key)
}
