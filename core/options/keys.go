package options

import "time"

// The options paimon-sql reads, each declared once with Java 1.4.2's key,
// type, default (CoreOptions) and fallback keys. Read them through their
// declaration (Bucket.Get(o)) or through the named getters of getters.go,
// never through a key literal: the default and the parser then come from
// here.

// Layout of a table: buckets, formats, partitions, paths.
var (
	Bucket    = intOption("bucket").def(-1)
	BucketKey = stringOption("bucket-key")
	// MetastorePartitionedTable and MetastoreTagToPartition map a table's
	// partitions or tags into the Hive Metastore's partitions.
	MetastorePartitionedTable = boolOption("metastore.partitioned-table").def(false)
	MetastoreTagToPartition   = stringOption("metastore.tag-to-partition")
	BucketFunctionType        = enumOption("bucket-function.type", "default", "mod", "hive").def("default")
	FileFormat                = enumOption("file.format", fileFormats...).def("parquet")
	// The per-level maps ('0:avro,5:parquet') apply to primary-key tables.
	FileFormatPerLevel       = stringOption("file.format.per.level")
	FileCompressionPerLevel  = stringOption("file.compression.per.level")
	ManifestFormat           = enumOption("manifest.format", fileFormats...).def("avro")
	FileCompression          = stringOption("file.compression").def("zstd")
	FileCompressionZstdLevel = intOption("file.compression.zstd-level").def(1)
	PrimaryKey               = stringOption("primary-key")
	// Path is where the table is; Java derives it and never stores it.
	Path                   = stringOption("path")
	Partition              = stringOption("partition")
	PartitionDefaultName   = stringOption("partition.default-name").def(DefaultPartitionName)
	PartitionLegacyName    = boolOption("partition.legacy-name").def(true)
	Branch                 = stringOption("branch").def("main")
	ScanFallbackBranch     = stringOption("scan.fallback-branch")
	ScanPrimaryBranch      = stringOption("scan.primary-branch")
	DataFilePathDirectory  = stringOption("data-file.path-directory")
	DataFilePrefix         = stringOption("data-file.prefix").def("data-")
	IndexFileInDataFileDir = boolOption("index-file-in-data-file-dir").def(false)
	TargetFileSize         = memoryOption("target-file-size") // default: see Options.TargetFileSize
	// WriteBufferSize bounds what a primary-key table's writer keeps in
	// memory before it flushes a sorted run (Java's default, 256 mb).
	WriteBufferSize         = memoryOption("write-buffer-size").def(256 << 20)
	SourceSplitOpenFileCost = memoryOption("source.split.open-file-cost").def(4 << 20)
	// ParquetBlockSize is Parquet's row group size, which Java hands the
	// Parquet writer with the other 'parquet.' options (default: the
	// writer's, at most the target file size).
	ParquetBlockSize         = memoryOption("parquet.block.size").atLeast(1)
	RowkindField             = stringOption("rowkind.field")
	RowTrackingEnabled       = boolOption("row-tracking.enabled").def(false)
	DataEvolutionEnabled     = boolOption("data-evolution.enabled").def(false)
	BucketAppendOrdered      = boolOption("bucket-append-ordered").def(true)
	PKClusteringOverride     = boolOption("pk-clustering-override").def(false)
	ClusteringColumns        = stringOption("clustering.columns")
	ClusteringIncremental    = boolOption("clustering.incremental").def(false)
	UpsertKey                = stringOption("upsert-key")
	VectorField              = stringOption("vector-field")
	BlobDescriptorField      = stringOption("blob-descriptor-field")
	BlobExternalStorageField = stringOption("blob-external-storage-field")
	BlobExternalStoragePath  = stringOption("blob-external-storage-path")
	GlobalIndexExternalPath  = stringOption("global-index.external-path")
	AutoCreate               = boolOption("auto-create").def(false)
	// Locations other engines use, outside the table.
	PartitionMarkDoneActionHTTPURL = stringOption("partition.mark-done-action.http.url")
	MetadataIcebergURI             = stringOption("metadata.iceberg.uri")
	FormatTableCommitHiveSyncURL   = stringOption("format-table.commit-hive-sync-url")
	ForceLookup                    = boolOption("force-lookup").def(false)
)

// File indexes ('file-index.<type>.columns' and the per-column settings
// are decoded by Options.FileIndexes).
var (
	FileIndexReadEnabled = boolOption("file-index.read.enabled").def(true)
	// FileIndexInManifestThreshold is the size up to which a data file's
	// indexes are kept in its manifest entry rather than a '.index' file.
	FileIndexInManifestThreshold = memoryOption("file-index.in-manifest-threshold").def(500)
)

// External data paths.
var (
	DataFileExternalPaths           = stringOption("data-file.external-paths")
	DataFileExternalPathsSpecificFS = stringOption("data-file.external-paths.specific-fs")
	DataFileExternalPathsStrategy   = enumOption("data-file.external-paths.strategy",
		ExternalPathsNone, ExternalPathsSpecificFS, ExternalPathsRoundRobin, ExternalPathsEntropyInject,
		ExternalPathsWeightRobin).def(ExternalPathsNone)
	DataFileExternalPathsWeights = stringOption("data-file.external-paths.weights")
)

// Dynamic buckets.
var (
	DynamicBucketAssignerParallelism = intOption("dynamic-bucket.assigner-parallelism").atLeast(1)
	DynamicBucketInitialBuckets      = intOption("dynamic-bucket.initial-buckets").atLeast(1)
	DynamicBucketMaxBuckets          = intOption("dynamic-bucket.max-buckets").def(-1).between(1, maxInt32, -1)
	DynamicBucketTargetRowNum        = longOption("dynamic-bucket.target-row-num").def(2_000_000).atLeast(1)
)

// Merging of primary-key tables.
var (
	MergeEngine = enumOption("merge-engine",
		MergeEngineDeduplicate, MergeEnginePartialUpd, MergeEngineAggregation, MergeEngineFirstRow).
		def(MergeEngineDeduplicate)
	SequenceField          = stringOption("sequence.field")
	SequenceFieldSortOrder = enumOption("sequence.field.sort-order", SortAscending, SortDescending).def(SortAscending)
	// IgnoreDelete falls back to the engine-specific keys of older Paimon
	// versions, in Java's order.
	IgnoreDelete = boolOption("ignore-delete").def(false).
			fallback("first-row.ignore-delete", "deduplicate.ignore-delete", "partial-update.ignore-delete")
	IgnoreUpdateBefore                       = boolOption("ignore-update-before").def(false)
	PartialUpdateRemoveRecordOnDelete        = boolOption("partial-update.remove-record-on-delete").def(false)
	PartialUpdateRemoveRecordOnSequenceGroup = stringOption("partial-update.remove-record-on-sequence-group")
	AggregationRemoveRecordOnDelete          = boolOption("aggregation.remove-record-on-delete").def(false)
	FieldsDefaultAggregateFunction           = stringOption("fields.default-aggregate-function")
	RecordLevelExpireTime                    = durationOption("record-level.expire-time")
	RecordLevelTimeField                     = stringOption("record-level.time-field")
	TableReadSequenceNumberEnabled           = boolOption("table-read.sequence-number.enabled").def(false)
)

// Deletion vectors.
var (
	DeletionVectorsEnabled            = boolOption("deletion-vectors.enabled").def(false)
	DeletionVectorsModifiable         = boolOption("deletion-vectors.modifiable").def(false)
	DeletionVectorsBitmap64           = boolOption("deletion-vectors.bitmap64").def(false)
	DeletionVectorIndexFileTargetSize = memoryOption("deletion-vector.index-file.target-size").def(2 << 20)
)

// Changelog files.
var (
	ChangelogProducer = enumOption("changelog-producer",
		ChangelogProducerNone, ChangelogProducerInput, ChangelogProducerFullCompaction, ChangelogProducerLookup).def(ChangelogProducerNone)
	ChangelogFilePrefix      = stringOption("changelog-file.prefix").def("changelog-")
	ChangelogFileFormat      = stringOption("changelog-file.format")
	ChangelogFileCompression = stringOption("changelog-file.compression")
	ChangelogFileStatsMode   = stringOption("changelog-file.stats-mode")
	// ChangelogRowDeduplicate and ChangelogRowDeduplicateIgnoreFields: the
	// lookup and full-compaction producers leave out -U/+U pairs whose
	// values are equal (but for the ignored fields).
	ChangelogRowDeduplicate             = boolOption("changelog-producer.row-deduplicate").def(false)
	ChangelogRowDeduplicateIgnoreFields = stringOption("changelog-producer.row-deduplicate-ignore-fields")
)

// Statistics in data file metadata.
var (
	MetadataStatsMode              = stringOption("metadata.stats-mode").def("truncate(16)")
	MetadataStatsModePerLevel      = stringOption("metadata.stats-mode.per.level")
	MetadataStatsDenseStore        = boolOption("metadata.stats-dense-store").def(true)
	MetadataStatsKeepFirstNColumns = intOption("metadata.stats-keep-first-n-columns").def(-1)
)

// Compaction.
var (
	NumSortedRunCompactionTrigger         = intOption("num-sorted-run.compaction-trigger").def(5).atLeast(1)
	NumSortedRunStopTrigger               = intOption("num-sorted-run.stop-trigger").atLeast(1)
	NumLevels                             = intOption("num-levels").between(2, maxInt32)
	CompactionMinFileNum                  = intOption("compaction.min.file-num").def(5).atLeast(1)
	CompactionSizeRatio                   = intOption("compaction.size-ratio").def(1).atLeast(0)
	CompactionMaxSizeAmplificationPercent = intOption("compaction.max-size-amplification-percent").def(200).atLeast(0)
	CompactionDeleteRatioThreshold        = floatOption("compaction.delete-ratio-threshold").def(0.2)
	CompactionForceRewriteAllFiles        = boolOption("compaction.force-rewrite-all-files").def(false)
	FullCompactionDeltaCommits            = intOption("full-compaction.delta-commits").atLeast(1)
	CompactionForceUpLevel0               = boolOption("compaction.force-up-level-0").def(false)
	LookupCompact                         = enumOption("lookup-compact", LookupCompactRadical, LookupCompactGentle).def(LookupCompactRadical)
	// LookupCompactMaxInterval defaults to twice the compaction trigger
	// (Options.WriteCompaction).
	LookupCompactMaxInterval = intOption("lookup-compact.max-interval").atLeast(1)
	WriteOnly                = boolOption("write-only").def(false).fallback("write.compaction-skip")
)

// Commits and manifests.
var (
	CommitTimeout                       = durationOption("commit.timeout")
	CommitMaxRetries                    = intOption("commit.max-retries").def(10).atLeast(0)
	CommitMinRetryWait                  = durationOption("commit.min-retry-wait").def(10 * time.Millisecond)
	CommitMaxRetryWait                  = durationOption("commit.max-retry-wait").def(10 * time.Second)
	CommitDiscardDuplicateFiles         = boolOption("commit.discard-duplicate-files").def(false)
	ManifestTargetFileSize              = memoryOption("manifest.target-file-size").def(8 << 20)
	ManifestMergeMinCount               = intOption("manifest.merge-min-count").def(30).atLeast(1)
	ManifestFullCompactionThresholdSize = memoryOption("manifest.full-compaction-threshold-size").def(16 << 20)
	ManifestCompression                 = stringOption("manifest.compression").def("zstd")
	// AvroCodec, set on a table, overrides manifest.compression.
	AvroCodec = stringOption("avro.codec")
	// SnapshotIgnoreEmptyCommit has no default in Java: batch writes treat
	// it as true, streaming writes as false.
	SnapshotIgnoreEmptyCommit = boolOption("snapshot.ignore-empty-commit")
	DynamicPartitionOverwrite = boolOption("dynamic-partition-overwrite").def(true)
	OverwriteUpgrade          = boolOption("overwrite-upgrade").def(true)
)

// Expiration of snapshots, changelogs, tags and partitions.
var (
	SnapshotNumRetainedMin        = intOption("snapshot.num-retained.min").def(10).atLeast(1)
	SnapshotNumRetainedMax        = intOption("snapshot.num-retained.max").def(maxInt32).atLeast(1)
	SnapshotTimeRetained          = durationOption("snapshot.time-retained").def(time.Hour)
	SnapshotExpireLimit           = intOption("snapshot.expire.limit").def(50).atLeast(1)
	SnapshotExpireExecutionMode   = enumOption("snapshot.expire.execution-mode", ExpireSync, ExpireAsync).def(ExpireSync)
	SnapshotCleanEmptyDirectories = boolOption("snapshot.clean-empty-directories").def(false).
					fallback("snapshot.expire.clean-empty-directories")
	// The changelog settings default to the snapshot ones (Options.Changelog*).
	ChangelogNumRetainedMin = intOption("changelog.num-retained.min").atLeast(1)
	ChangelogNumRetainedMax = intOption("changelog.num-retained.max").atLeast(1)
	ChangelogTimeRetained   = durationOption("changelog.time-retained")
	ConsumerChangelogOnly   = boolOption("consumer.changelog-only").def(false)
	FileOperationThreadNum  = intOption("file-operation.thread-num").atLeast(1).fallback("delete-file.thread-num")
	StreamingReadOverwrite  = boolOption("streaming-read-overwrite").def(false)
	ConsumerExpirationTime  = durationOption("consumer.expiration-time")
	PartitionExpirationTime = durationOption("partition.expiration-time")
	TagNumRetainedMax       = intOption("tag.num-retained-max").atLeast(1)
	TagAutomaticCreation    = enumOption("tag.automatic-creation",
		TagModeNone, TagModeProcessTime, TagModeWatermark, TagModeBatch).def(TagModeNone)
	TagCreationPeriod  = enumOption("tag.creation-period", TagPeriodDaily, TagPeriodHourly, TagPeriodTwoHours).def(TagPeriodDaily)
	TagPeriodFormatter = enumOption("tag.period-formatter",
		TagFormatWithDashes, TagFormatWithoutDashes, TagFormatWithoutDashesAndSpaces).def(TagFormatWithDashes)
	PartitionExpirationMaxNum    = intOption("partition.expiration-max-num").def(100).atLeast(1)
	PartitionExpirationBatchSize = intOption("partition.expiration-batch-size").atLeast(1)
	PartitionSinkStrategy        = enumOption("partition.sink-strategy", "none", "hash").def("none")
	// PartitionExpirationStrategy is a string in Java: values-time,
	// update-time or a custom strategy's identifier.
	PartitionExpirationStrategy      = stringOption("partition.expiration-strategy").def("values-time")
	PartitionExpirationCheckInterval = durationOption("partition.expiration-check-interval").def(time.Hour)
	PartitionTimestampFormatter      = stringOption("partition.timestamp-formatter")
	PartitionTimestampPattern        = stringOption("partition.timestamp-pattern")
	EndInputCheckPartitionExpire     = boolOption("end-input.check-partition-expire").def(false)
	TagCreationPeriodDuration        = durationOption("tag.creation-period-duration")
	TagCreationDelay                 = durationOption("tag.creation-delay").def(0)
	TagDefaultTimeRetained           = durationOption("tag.default-time-retained")
	TagAutomaticCompletion           = boolOption("tag.automatic-completion").def(false)
	TagTimeExpireEnabled             = boolOption("tag.time-expire-enabled").def(true)
	TagBatchCustomizedName           = stringOption("tag.batch.customized-name")
	SinkProcessTimeZone              = stringOption("sink.process-time-zone")
	SinkWatermarkTimeZone            = stringOption("sink.watermark-time-zone").def("UTC")
)

// Schema changes.
var (
	AddColumnBeforePartition         = boolOption("add-column-before-partition").def(false)
	DisableExplicitTypeCasting       = boolOption("disable-explicit-type-casting").def(false)
	AlterColumnNullToNotNullDisabled = boolOption("alter-column-null-to-not-null.disabled").def(true)
)

// Reads: time travel, scan modes and batch incremental reads, which an
// OPTIONS hint may set.
var (
	ScanSnapshotID              = longOption("scan.snapshot-id")
	ScanTagName                 = stringOption("scan.tag-name")
	ScanWatermark               = longOption("scan.watermark")
	ScanTimestampMillis         = longOption("scan.timestamp-millis")
	ScanTimestamp               = stringOption("scan.timestamp")
	ScanMode                    = enumOption("scan.mode", scanModes...).def(ScanModeDefault)
	IncrementalBetween          = stringOption("incremental-between")
	IncrementalBetweenTimestamp = stringOption("incremental-between-timestamp")
	IncrementalBetweenScanMode  = enumOption("incremental-between-scan-mode",
		IncrementalScanAuto, IncrementalScanDelta, IncrementalScanChangelog, IncrementalScanDiff).def(IncrementalScanAuto)
	IncrementalBetweenTagToSnapshot = boolOption("incremental-between-tag-to-snapshot").def(false)
)

// DefaultPartitionName is partition.default-name's default.
const DefaultPartitionName = "__DEFAULT_PARTITION__"

// The values of the enum options code compares against, each enum a type
// of its own (Java's enums in CoreOptions), so that a value of one cannot
// be compared with another's.

// ExternalPathStrategy is a 'data-file.external-paths.strategy' value.
type ExternalPathStrategy string

// The data-file.external-paths.strategy values.
const (
	ExternalPathsNone          ExternalPathStrategy = "none"
	ExternalPathsSpecificFS    ExternalPathStrategy = "specific-fs"
	ExternalPathsRoundRobin    ExternalPathStrategy = "round-robin"
	ExternalPathsEntropyInject ExternalPathStrategy = "entropy-inject"
	ExternalPathsWeightRobin   ExternalPathStrategy = "weight-robin"
)

// IncrementalScanMode is an 'incremental-between-scan-mode' value.
type IncrementalScanMode string

// The incremental-between-scan-mode values.
const (
	IncrementalScanAuto      IncrementalScanMode = "auto"
	IncrementalScanDelta     IncrementalScanMode = "delta"
	IncrementalScanChangelog IncrementalScanMode = "changelog"
	IncrementalScanDiff      IncrementalScanMode = "diff"
)

// ExpireExecutionMode is a 'snapshot.expire.execution-mode' value.
type ExpireExecutionMode string

// The snapshot.expire.execution-mode values.
const (
	ExpireSync  ExpireExecutionMode = "sync"
	ExpireAsync ExpireExecutionMode = "async"
)

// TagCreationMode is a 'tag.automatic-creation' value
// (CoreOptions.TagCreationMode).
type TagCreationMode string

// The tag.automatic-creation values.
const (
	TagModeNone        TagCreationMode = "none"
	TagModeProcessTime TagCreationMode = "process-time"
	TagModeWatermark   TagCreationMode = "watermark"
	TagModeBatch       TagCreationMode = "batch"
)

// TagPeriod is a 'tag.creation-period' value.
type TagPeriod string

// The tag.creation-period values.
const (
	TagPeriodDaily    TagPeriod = "daily"
	TagPeriodHourly   TagPeriod = "hourly"
	TagPeriodTwoHours TagPeriod = "two-hours"
)

// TagPeriodFormat is a 'tag.period-formatter' value.
type TagPeriodFormat string

// The tag.period-formatter values.
const (
	TagFormatWithDashes             TagPeriodFormat = "with_dashes"
	TagFormatWithoutDashes          TagPeriodFormat = "without_dashes"
	TagFormatWithoutDashesAndSpaces TagPeriodFormat = "without_dashes_and_spaces"
)

// SortOrder is a 'sequence.field.sort-order' value.
type SortOrder string

// The sequence.field.sort-order values.
const (
	SortAscending  SortOrder = "ascending"
	SortDescending SortOrder = "descending"
)

// LookupCompactMode is a 'lookup-compact' value.
type LookupCompactMode string

// The lookup-compact values.
const (
	LookupCompactRadical LookupCompactMode = "radical"
	LookupCompactGentle  LookupCompactMode = "gentle"
)

// MergeEngineKind is a 'merge-engine' value (CoreOptions.MergeEngine).
// What an engine implies for reads, writes and compaction is answered by
// mergefunc.Engine, not by comparing these values.
type MergeEngineKind string

// The merge engines.
const (
	MergeEngineDeduplicate MergeEngineKind = "deduplicate"
	MergeEnginePartialUpd  MergeEngineKind = "partial-update"
	MergeEngineAggregation MergeEngineKind = "aggregation"
	MergeEngineFirstRow    MergeEngineKind = "first-row"
)

// ChangelogProducerKind is a 'changelog-producer' value
// (CoreOptions.ChangelogProducer).
type ChangelogProducerKind string

// The changelog producers.
const (
	ChangelogProducerNone  ChangelogProducerKind = "none"
	ChangelogProducerInput ChangelogProducerKind = "input"
	// The changelog producers whose changelog Java writes while compacting.
	ChangelogProducerLookup         ChangelogProducerKind = "lookup"
	ChangelogProducerFullCompaction ChangelogProducerKind = "full-compaction"
)

// fileFormats are the format identifiers Java 1.4.2 ships (paimon-format and
// paimon-lance); Java looks a format up lower-cased.
var fileFormats = []string{"orc", "parquet", "avro", "csv", "json", "text", "blob", "lance"}

// StartupMode is a 'scan.mode' value (CoreOptions.StartupMode).
type StartupMode string

// The scan.mode values.
const (
	ScanModeDefault               StartupMode = "default"
	ScanModeLatestFull            StartupMode = "latest-full"
	ScanModeFull                  StartupMode = "full"
	ScanModeLatest                StartupMode = "latest"
	ScanModeCompactedFull         StartupMode = "compacted-full"
	ScanModeFromTimestamp         StartupMode = "from-timestamp"
	ScanModeFromCreationTimestamp StartupMode = "from-creation-timestamp"
	ScanModeFromFileCreationTime  StartupMode = "from-file-creation-time"
	ScanModeFromSnapshot          StartupMode = "from-snapshot"
	ScanModeFromSnapshotFull      StartupMode = "from-snapshot-full"
	ScanModeIncremental           StartupMode = "incremental"
)

var scanModes = []StartupMode{ScanModeDefault, ScanModeLatestFull, ScanModeFull, ScanModeLatest, ScanModeCompactedFull,
	ScanModeFromTimestamp, ScanModeFromCreationTimestamp, ScanModeFromFileCreationTime, ScanModeFromSnapshot,
	ScanModeFromSnapshotFull, ScanModeIncremental}

// immutable are CoreOptions.IMMUTABLE_OPTIONS: ALTER TABLE may not change them.
var immutable = []string{
	BucketKey.Key, BucketFunctionType.Key, DataFilePathDirectory.Key, MergeEngine.Key,
	AggregationRemoveRecordOnDelete.Key, PartialUpdateRemoveRecordOnDelete.Key,
	PartialUpdateRemoveRecordOnSequenceGroup.Key, RowkindField.Key, PrimaryKey.Key, Partition.Key,
	ForceLookup.Key, RowTrackingEnabled.Key, DataEvolutionEnabled.Key, IndexFileInDataFileDir.Key,
	BlobDescriptorField.Key, BlobExternalStoragePath.Key, BlobExternalStorageField.Key,
	PKClusteringOverride.Key,
}

// IsImmutable tells whether key is one of CoreOptions.IMMUTABLE_OPTIONS.
func IsImmutable(key string) bool {
	for _, k := range immutable {
		if k == key {
			return true
		}
	}
	return false
}

// ORC's own writer keys: Java hands the orc.* options to ORC's writer;
// these are the ones paimon-sql's ORC writer follows.
var (
	OrcStripeSize             = longOption("orc.stripe.size")
	OrcCompressSize           = intOption("orc.compress.size")
	OrcDictionaryKeyThreshold = floatOption("orc.dictionary.key.threshold")
)
