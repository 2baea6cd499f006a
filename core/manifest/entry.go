package manifest

import (
	"fmt"
	"io"
	"time"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// avroEntry is a manifest row.
type avroEntry struct {
	Version      int32         `avro:"_VERSION"`
	Kind         int32         `avro:"_KIND"`
	Partition    []byte        `avro:"_PARTITION"`
	Bucket       int32         `avro:"_BUCKET"`
	TotalBuckets int32         `avro:"_TOTAL_BUCKETS"`
	File         *avroDataFile `avro:"_FILE"`
}

// avroDataFile is the _FILE record (DataFileMeta).
type avroDataFile struct {
	FileName          string     `avro:"_FILE_NAME"`
	FileSize          int64      `avro:"_FILE_SIZE"`
	RowCount          int64      `avro:"_ROW_COUNT"`
	MinKey            []byte     `avro:"_MIN_KEY"`
	MaxKey            []byte     `avro:"_MAX_KEY"`
	KeyStats          *avroStats `avro:"_KEY_STATS"`
	ValueStats        *avroStats `avro:"_VALUE_STATS"`
	MinSequenceNumber int64      `avro:"_MIN_SEQUENCE_NUMBER"`
	MaxSequenceNumber int64      `avro:"_MAX_SEQUENCE_NUMBER"`
	SchemaID          int64      `avro:"_SCHEMA_ID"`
	Level             int32      `avro:"_LEVEL"`
	ExtraFiles        []string   `avro:"_EXTRA_FILES"`
	CreationTime      *int64     `avro:"_CREATION_TIME"`
	DeleteRowCount    *int64     `avro:"_DELETE_ROW_COUNT"`
	EmbeddedFileIndex *[]byte    `avro:"_EMBEDDED_FILE_INDEX"`
	FileSource        *int32     `avro:"_FILE_SOURCE"`
	ValueStatsCols    *[]string  `avro:"_VALUE_STATS_COLS"`
	ExternalPath      *string    `avro:"_EXTERNAL_PATH"`
	FirstRowID        *int64     `avro:"_FIRST_ROW_ID"`
	WriteCols         *[]string  `avro:"_WRITE_COLS"`
}

// ReadManifest decodes a whole manifest file. Use EachManifestEntry to bound
// memory on large manifests.
func ReadManifest(r io.Reader) ([]spec.ManifestEntry, error) {
	var out []spec.ManifestEntry
	err := EachManifestEntry(r, func(e spec.ManifestEntry) error {
		out = append(out, e)
		return nil
	})
	return out, err
}

// EachManifestEntry decodes a manifest file and calls fn for each entry in
// file order, holding one Avro block at a time. An error from fn stops the
// read and is returned as is.
func EachManifestEntry(r io.Reader, fn func(spec.ManifestEntry) error) error {
	return eachRow(r, "manifest", ManifestFields, manifestVersion,
		func(e *avroEntry) int32 { return e.Version },
		func(e *avroEntry) error {
			entry, err := e.toEntry()
			if err != nil {
				return err
			}
			return fn(entry)
		})
}

func (e *avroEntry) toEntry() (spec.ManifestEntry, error) {
	if e.Kind != int32(spec.FileAdd) && e.Kind != int32(spec.FileDelete) {
		return spec.ManifestEntry{}, fmt.Errorf("manifest: entry has unknown _KIND %d", e.Kind)
	}
	// Paimon 0.9 declared _FILE nullable; Java never wrote a null one.
	if e.File == nil {
		return spec.ManifestEntry{}, fmt.Errorf("manifest: entry has a null _FILE")
	}
	f := e.File
	d := spec.DataFileMeta{
		FileName:          f.FileName,
		FileSize:          f.FileSize,
		RowCount:          f.RowCount,
		MinKey:            clip(f.MinKey),
		MaxKey:            clip(f.MaxKey),
		KeyStats:          f.KeyStats.toStats(),
		ValueStats:        f.ValueStats.toStats(),
		MinSequenceNumber: f.MinSequenceNumber,
		MaxSequenceNumber: f.MaxSequenceNumber,
		SchemaID:          f.SchemaID,
		Level:             f.Level,
		ExtraFiles:        optSlice(&f.ExtraFiles),
		DeleteRowCount:    f.DeleteRowCount,
		EmbeddedIndex:     optSlice(f.EmbeddedFileIndex),
		ValueStatsCols:    optSlice(f.ValueStatsCols),
		ExternalPath:      f.ExternalPath,
		FirstRowID:        f.FirstRowID,
		WriteCols:         optSlice(f.WriteCols),
	}
	if f.CreationTime != nil {
		t := time.UnixMilli(*f.CreationTime).UTC()
		d.CreationTime = &t
	}
	if f.FileSource != nil {
		s := spec.FileSource(*f.FileSource)
		d.FileSource = &s
	}
	return spec.ManifestEntry{
		Kind:         spec.FileKind(e.Kind),
		Partition:    clip(e.Partition),
		Bucket:       e.Bucket,
		TotalBuckets: e.TotalBuckets,
		File:         d,
	}, nil
}

// WriteManifest writes entries as a manifest file with Paimon 1.4.2's schema.
// Nil BinaryRow fields (partition, keys, stats rows) are written as the empty
// row, as Java does for unpartitioned and append tables.
func WriteManifest(w io.Writer, entries []spec.ManifestEntry, opts ...WriteOption) error {
	return writeRows(w, manifestSchema, ManifestFields, len(entries), func(i int) avroEntry {
		return fromEntry(&entries[i])
	}, opts)
}

func fromEntry(e *spec.ManifestEntry) avroEntry {
	f := &e.File
	extra := f.ExtraFiles
	if extra == nil {
		extra = []string{}
	}
	a := avroDataFile{
		FileName:          f.FileName,
		FileSize:          f.FileSize,
		RowCount:          f.RowCount,
		MinKey:            rowOrEmpty(f.MinKey),
		MaxKey:            rowOrEmpty(f.MaxKey),
		KeyStats:          fromStats(f.KeyStats),
		ValueStats:        fromStats(f.ValueStats),
		MinSequenceNumber: f.MinSequenceNumber,
		MaxSequenceNumber: f.MaxSequenceNumber,
		SchemaID:          f.SchemaID,
		Level:             f.Level,
		ExtraFiles:        extra,
		DeleteRowCount:    f.DeleteRowCount,
		EmbeddedFileIndex: toOptSlice(f.EmbeddedIndex),
		ValueStatsCols:    toOptSlice(f.ValueStatsCols),
		ExternalPath:      f.ExternalPath,
		FirstRowID:        f.FirstRowID,
		WriteCols:         toOptSlice(f.WriteCols),
	}
	if f.CreationTime != nil {
		ms := f.CreationTime.UnixMilli()
		a.CreationTime = &ms
	}
	if f.FileSource != nil {
		s := int32(*f.FileSource)
		a.FileSource = &s
	}
	return avroEntry{
		Version:      manifestVersion,
		Kind:         int32(e.Kind),
		Partition:    rowOrEmpty(e.Partition),
		Bucket:       e.Bucket,
		TotalBuckets: e.TotalBuckets,
		File:         &a,
	}
}
