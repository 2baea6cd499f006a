package manifest

import (
	"fmt"
	"io"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// avroIndexEntry is an index-manifest row.
type avroIndexEntry struct {
	Version      int32            `avro:"_VERSION"`
	Kind         int32            `avro:"_KIND"`
	Partition    []byte           `avro:"_PARTITION"`
	Bucket       int32            `avro:"_BUCKET"`
	IndexType    string           `avro:"_INDEX_TYPE"`
	FileName     string           `avro:"_FILE_NAME"`
	FileSize     int64            `avro:"_FILE_SIZE"`
	RowCount     int64            `avro:"_ROW_COUNT"`
	DVRanges     *[]*avroDVRange  `avro:"_DELETIONS_VECTORS_RANGES"`
	ExternalPath *string          `avro:"_EXTERNAL_PATH"`
	GlobalIndex  *avroGlobalIndex `avro:"_GLOBAL_INDEX"`
}

// avroDVRange is a _DELETIONS_VECTORS_RANGES element; Java names the first
// three fields after its Tuple-like row (f0..f2).
type avroDVRange struct {
	DataFileName string `avro:"f0"`
	Offset       int32  `avro:"f1"`
	Length       int32  `avro:"f2"`
	Cardinality  *int64 `avro:"_CARDINALITY"`
}

// avroGlobalIndex is the _GLOBAL_INDEX record.
type avroGlobalIndex struct {
	RowRangeStart int64    `avro:"_ROW_RANGE_START"`
	RowRangeEnd   int64    `avro:"_ROW_RANGE_END"`
	IndexFieldID  int32    `avro:"_INDEX_FIELD_ID"`
	ExtraFieldIDs *[]int32 `avro:"_EXTRA_FIELD_IDS"`
	IndexMeta     *[]byte  `avro:"_INDEX_META"`
}

// ReadIndexManifest decodes an index-manifest file.
func ReadIndexManifest(r io.Reader) ([]spec.IndexManifestEntry, error) {
	var out []spec.IndexManifestEntry
	err := eachRow(r, "index manifest", IndexManifestFields, indexManifestVersion,
		func(e *avroIndexEntry) int32 { return e.Version },
		func(e *avroIndexEntry) error {
			entry, err := e.toEntry()
			if err != nil {
				return err
			}
			out = append(out, entry)
			return nil
		})
	return out, err
}

func (e *avroIndexEntry) toEntry() (spec.IndexManifestEntry, error) {
	if e.Kind != int32(spec.FileAdd) && e.Kind != int32(spec.FileDelete) {
		return spec.IndexManifestEntry{}, fmt.Errorf("manifest: index entry has unknown _KIND %d", e.Kind)
	}
	out := spec.IndexManifestEntry{
		Kind:         spec.FileKind(e.Kind),
		Partition:    clip(e.Partition),
		Bucket:       e.Bucket,
		IndexType:    e.IndexType,
		FileName:     e.FileName,
		FileSize:     e.FileSize,
		RowCount:     e.RowCount,
		ExternalPath: e.ExternalPath,
	}
	if e.DVRanges != nil {
		out.DVRanges = make([]spec.DeletionVectorRange, len(*e.DVRanges))
		for i, r := range *e.DVRanges {
			if r == nil {
				return spec.IndexManifestEntry{}, fmt.Errorf("manifest: index file %s has a null deletion vector range", e.FileName)
			}
			out.DVRanges[i] = spec.DeletionVectorRange(*r)
		}
	}
	if g := e.GlobalIndex; g != nil {
		out.GlobalIndex = &spec.GlobalIndexMeta{
			RowRangeStart: g.RowRangeStart,
			RowRangeEnd:   g.RowRangeEnd,
			IndexFieldID:  g.IndexFieldID,
			ExtraFieldIDs: optSlice(g.ExtraFieldIDs),
			IndexMeta:     optSlice(g.IndexMeta),
		}
	}
	return out, nil
}

// WriteIndexManifest writes entries as an index-manifest file with Paimon
// 1.4.2's schema.
func WriteIndexManifest(w io.Writer, entries []spec.IndexManifestEntry, opts ...WriteOption) error {
	return writeRows(w, indexManifestSchema, IndexManifestFields, len(entries), func(i int) avroIndexEntry {
		return fromIndexEntry(&entries[i])
	}, opts)
}

func fromIndexEntry(e *spec.IndexManifestEntry) avroIndexEntry {
	a := avroIndexEntry{
		Version:      indexManifestVersion,
		Kind:         int32(e.Kind),
		Partition:    rowOrEmpty(e.Partition),
		Bucket:       e.Bucket,
		IndexType:    e.IndexType,
		FileName:     e.FileName,
		FileSize:     e.FileSize,
		RowCount:     e.RowCount,
		ExternalPath: e.ExternalPath,
	}
	if e.DVRanges != nil {
		ranges := make([]*avroDVRange, len(e.DVRanges))
		for i := range e.DVRanges {
			r := avroDVRange(e.DVRanges[i])
			ranges[i] = &r
		}
		a.DVRanges = &ranges
	}
	if g := e.GlobalIndex; g != nil {
		a.GlobalIndex = &avroGlobalIndex{
			RowRangeStart: g.RowRangeStart,
			RowRangeEnd:   g.RowRangeEnd,
			IndexFieldID:  g.IndexFieldID,
			ExtraFieldIDs: toOptSlice(g.ExtraFieldIDs),
			IndexMeta:     toOptSlice(g.IndexMeta),
		}
	}
	return a
}
