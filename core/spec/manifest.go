package spec

// The rows of manifest lists, manifests and index manifests (Java's
// ManifestFileMeta, ManifestEntry, DataFileMeta, SimpleStats,
// IndexManifestEntry). Readers of every Java version from 0.9 to 2.x map
// to these; their Avro, Parquet and ORC forms are core/manifest's.
// BinaryRow values (partitions, keys, statistics) stay serialized bytes;
// core/binrow decodes them.

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// FileKind tells whether an entry adds or deletes a file.
type FileKind int8

// The file kinds, as stored in _KIND.
const (
	FileAdd    FileKind = 0
	FileDelete FileKind = 1
)

func (k FileKind) String() string {
	switch k {
	case FileAdd:
		return "ADD"
	case FileDelete:
		return "DELETE"
	}
	return "FileKind(" + strconv.Itoa(int(k)) + ")"
}

// FileSource tells who wrote a data file.
type FileSource int8

// The file sources, as stored in _FILE_SOURCE.
const (
	SourceAppend  FileSource = 0
	SourceCompact FileSource = 1
)

// SimpleStats holds min/max rows and null counts over a set of columns.
type SimpleStats struct {
	// MinValues and MaxValues are serialized BinaryRows (arity prefix + row),
	// one field per covered column; a NULL field means unknown.
	MinValues []byte
	MaxValues []byte
	// NullCounts has one entry per covered column; nil entries are unknown.
	NullCounts []*int64
}

// ManifestFileMeta is one row of a manifest list: a manifest file and a
// summary of its entries.
type ManifestFileMeta struct {
	FileName        string
	FileSize        int64
	NumAddedFiles   int64
	NumDeletedFiles int64
	// PartitionStats covers the _PARTITION rows of all entries.
	PartitionStats SimpleStats
	SchemaID       int64
	// Bucket and level ranges of the entries (Paimon 1.1+, nil before).
	MinBucket, MaxBucket *int32
	MinLevel, MaxLevel   *int32
	// Row id range (Paimon 1.4+, nil unless every entry has a first row id).
	MinRowID, MaxRowID *int64
}

// ManifestEntry is one row of a manifest: a data file added or deleted.
type ManifestEntry struct {
	Kind FileKind
	// Partition is the serialized BinaryRow of the partition values.
	Partition []byte
	Bucket    int32
	// TotalBuckets is the bucket count the file was written with (-1
	// dynamic/unaware, -2 postpone).
	TotalBuckets int32
	File         DataFileMeta
}

// DataFileMeta describes one data file.
type DataFileMeta struct {
	FileName string
	FileSize int64
	RowCount int64
	// MinKey and MaxKey are serialized BinaryRows of the first and last
	// primary key (empty rows for append tables).
	MinKey, MaxKey    []byte
	KeyStats          SimpleStats
	ValueStats        SimpleStats
	MinSequenceNumber int64
	MaxSequenceNumber int64
	SchemaID          int64
	Level             int32
	// ExtraFiles names companion files, e.g. "<file>.index"; never nil.
	ExtraFiles []string
	// CreationTime is the writer's local wall-clock time stored as if UTC.
	CreationTime *time.Time
	// DeleteRowCount counts -U/-D rows; nil means unknown.
	DeleteRowCount *int64
	// EmbeddedIndex is the file index kept in the manifest; nil when absent.
	EmbeddedIndex []byte
	FileSource    *FileSource
	// ValueStatsCols lists the columns ValueStats covers; nil means all
	// value columns of the schema, non-nil empty means none.
	ValueStatsCols []string
	// ExternalPath is the full path of a file outside the table directory.
	ExternalPath *string
	// FirstRowID is set in row-tracking tables (Paimon 1.3+).
	FirstRowID *int64
	// WriteCols lists the columns present in the file (data-evolution
	// tables); nil means all.
	WriteCols []string
}

// IndexManifestEntry is one row of an index manifest: an index file (deletion
// vectors, dynamic-bucket hash index, global index).
type IndexManifestEntry struct {
	Kind FileKind
	// Partition is the serialized BinaryRow of the owner partition.
	Partition []byte
	Bucket    int32
	// IndexType is "DELETION_VECTORS", "HASH" or a global index type.
	IndexType string
	FileName  string
	FileSize  int64
	RowCount  int64
	// DVRanges locates each data file's deletion vector inside the index
	// file; nil for other index types.
	DVRanges     []DeletionVectorRange
	ExternalPath *string
	GlobalIndex  *GlobalIndexMeta
}

// DeletionVectorRange is where one data file's deletion vector lives in a
// deletion-vector index file.
type DeletionVectorRange struct {
	DataFileName string
	Offset       int32
	Length       int32
	// Cardinality is the number of deleted rows; nil in Paimon 0.9 files.
	Cardinality *int64
}

// GlobalIndexMeta describes a global index file (Paimon 1.4+).
type GlobalIndexMeta struct {
	RowRangeStart int64
	RowRangeEnd   int64
	IndexFieldID  int32
	// ExtraFieldIDs is nil when absent.
	ExtraFieldIDs []int32
	// IndexMeta is nil when absent.
	IndexMeta []byte
}

// Identifier says which data file an entry refers to (Java's
// FileEntry.Identifier). An ADD and a later DELETE with equal identifiers
// cancel out. It is comparable, so it can key a map.
type Identifier struct {
	Partition string // serialized BinaryRow bytes
	Bucket    int32
	Level     int32
	FileName  string
	// ExtraFiles is the extra file names, each length-prefixed so that
	// different lists never collide.
	ExtraFiles       string
	EmbeddedIndex    string
	HasEmbeddedIndex bool
	ExternalPath     string
	HasExternalPath  bool
}

// Identifier returns the entry's file identifier.
func (e *ManifestEntry) Identifier() Identifier {
	id := Identifier{
		Partition:        string(e.Partition),
		Bucket:           e.Bucket,
		Level:            e.File.Level,
		FileName:         e.File.FileName,
		EmbeddedIndex:    string(e.File.EmbeddedIndex),
		HasEmbeddedIndex: e.File.EmbeddedIndex != nil,
	}
	var extra strings.Builder
	for _, f := range e.File.ExtraFiles {
		extra.WriteString(strconv.Itoa(len(f)))
		extra.WriteByte(':')
		extra.WriteString(f)
	}
	id.ExtraFiles = extra.String()
	if e.File.ExternalPath != nil {
		id.ExternalPath, id.HasExternalPath = *e.File.ExternalPath, true
	}
	return id
}

func (id Identifier) String() string {
	return fmt.Sprintf("{partition=%x, bucket=%d, level=%d, file=%s}", id.Partition, id.Bucket, id.Level, id.FileName)
}
