package manifest

import (
	"io"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// avroFileMeta is a manifest-list row.
type avroFileMeta struct {
	Version         int32      `avro:"_VERSION"`
	FileName        string     `avro:"_FILE_NAME"`
	FileSize        int64      `avro:"_FILE_SIZE"`
	NumAddedFiles   int64      `avro:"_NUM_ADDED_FILES"`
	NumDeletedFiles int64      `avro:"_NUM_DELETED_FILES"`
	PartitionStats  *avroStats `avro:"_PARTITION_STATS"`
	SchemaID        int64      `avro:"_SCHEMA_ID"`
	MinBucket       *int32     `avro:"_MIN_BUCKET"`
	MaxBucket       *int32     `avro:"_MAX_BUCKET"`
	MinLevel        *int32     `avro:"_MIN_LEVEL"`
	MaxLevel        *int32     `avro:"_MAX_LEVEL"`
	MinRowID        *int64     `avro:"_MIN_ROW_ID"`
	MaxRowID        *int64     `avro:"_MAX_ROW_ID"`
}

// ReadManifestList decodes a manifest-list file. An empty list (no rows) is
// valid.
func ReadManifestList(r io.Reader) ([]spec.ManifestFileMeta, error) {
	var out []spec.ManifestFileMeta
	err := eachRow(r, "manifest list", ManifestListFields, manifestListVersion,
		func(m *avroFileMeta) int32 { return m.Version },
		func(m *avroFileMeta) error {
			out = append(out, spec.ManifestFileMeta{
				FileName:        m.FileName,
				FileSize:        m.FileSize,
				NumAddedFiles:   m.NumAddedFiles,
				NumDeletedFiles: m.NumDeletedFiles,
				PartitionStats:  m.PartitionStats.toStats(),
				SchemaID:        m.SchemaID,
				MinBucket:       m.MinBucket,
				MaxBucket:       m.MaxBucket,
				MinLevel:        m.MinLevel,
				MaxLevel:        m.MaxLevel,
				MinRowID:        m.MinRowID,
				MaxRowID:        m.MaxRowID,
			})
			return nil
		})
	return out, err
}

// WriteManifestList writes metas as a manifest-list file with Paimon 1.4.2's
// schema.
func WriteManifestList(w io.Writer, metas []spec.ManifestFileMeta, opts ...WriteOption) error {
	return writeRows(w, manifestListSchema, ManifestListFields, len(metas), func(i int) avroFileMeta {
		m := &metas[i]
		return avroFileMeta{
			Version:         manifestListVersion,
			FileName:        m.FileName,
			FileSize:        m.FileSize,
			NumAddedFiles:   m.NumAddedFiles,
			NumDeletedFiles: m.NumDeletedFiles,
			PartitionStats:  fromStats(m.PartitionStats),
			SchemaID:        m.SchemaID,
			MinBucket:       m.MinBucket,
			MaxBucket:       m.MaxBucket,
			MinLevel:        m.MinLevel,
			MaxLevel:        m.MaxLevel,
			MinRowID:        m.MinRowID,
			MaxRowID:        m.MaxRowID,
		}
	}, opts)
}
