package manifest

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Manifest lists, manifests and index manifests written as Parquet read
// back equal, and their Parquet schema carries Java's field names and ids.
func TestParquetManifestRoundTrip(t *testing.T) {
	buf := manifestRoundTrip(t, "parquet", "PAR1")
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	schema := f.Metadata().Schema
	if schema[1].Name != "_VERSION" || schema[1].FieldID != -1 || schema[2].Name != "_FILE_NAME" || schema[2].FieldID != 0 {
		t.Fatalf("manifest list schema starts %+v %+v", schema[1], schema[2])
	}
}

// The same as ORC (format = orc, Paimon 0.9's default): the
// reader matches columns by their paimon.id, so reading them back equal
// shows Java's field ids are there.
func TestORCManifestRoundTrip(t *testing.T) {
	manifestRoundTrip(t, "orc", "ORC")
}

// manifestRoundTrip writes every kind of manifest in format (whose files
// start with magic), reads each back and returns the manifest list file.
func manifestRoundTrip(t *testing.T, format, magic string) *bytes.Buffer {
	created := time.Date(2026, 8, 1, 12, 30, 45, 123e6, time.UTC)
	stats := spec.SimpleStats{MinValues: []byte{1, 2}, MaxValues: []byte{3}, NullCounts: []*int64{ptr(int64(2)), nil}}
	empty := []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	entries := []spec.ManifestEntry{{
		Kind: spec.FileDelete, Partition: []byte{9, 9}, Bucket: 3, TotalBuckets: 4,
		File: spec.DataFileMeta{
			FileName: "data-1.avro", FileSize: 1234, RowCount: 56, MinKey: []byte{1}, MaxKey: []byte{2},
			KeyStats: stats, ValueStats: stats, MinSequenceNumber: 7, MaxSequenceNumber: 62, SchemaID: 2, Level: 5,
			ExtraFiles: []string{"x.index"}, CreationTime: &created, DeleteRowCount: ptr(int64(3)),
			EmbeddedIndex: []byte{1, 2, 3}, FileSource: ptr(spec.SourceCompact), ValueStatsCols: []string{"a", "b"},
			ExternalPath: ptr("s3://b/x"), FirstRowID: ptr(int64(100)), WriteCols: []string{},
		},
	}, {
		Kind: spec.FileAdd, Partition: empty, TotalBuckets: -1,
		File: spec.DataFileMeta{
			FileName: "data-2.parquet", FileSize: 1, RowCount: 1, MinKey: empty, MaxKey: empty,
			KeyStats:   spec.SimpleStats{MinValues: empty, MaxValues: empty, NullCounts: []*int64{}},
			ValueStats: spec.SimpleStats{MinValues: empty, MaxValues: empty, NullCounts: []*int64{}},
			ExtraFiles: []string{},
		},
	}}
	for _, compression := range []Codec{CodecZstd, CodecSnappy, CodecNull} {
		var buf bytes.Buffer
		if err := WriteManifest(&buf, entries, WithFormat(format), WithCodec(compression)); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(buf.Bytes(), []byte(magic)) {
			t.Fatalf("%s: not a %s file", compression, format)
		}
		got, err := ReadManifest(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, entries) {
			t.Fatalf("%s: manifest round trip:\n got %+v\nwant %+v", compression, got, entries)
		}
		// Readers that are not io.ReaderAt are read into memory first.
		got, err = ReadManifest(struct{ *bytes.Buffer }{bytes.NewBuffer(buf.Bytes())})
		if err != nil || !reflect.DeepEqual(got, entries) {
			t.Fatalf("%s: manifest from a plain reader: %v", compression, err)
		}
	}

	metas := []spec.ManifestFileMeta{{
		FileName: "manifest-1", FileSize: 10, NumAddedFiles: 2, NumDeletedFiles: 1, PartitionStats: stats,
		SchemaID: 3, MinBucket: ptr(int32(0)), MaxBucket: ptr(int32(3)), MinLevel: ptr(int32(0)), MaxLevel: ptr(int32(5)),
		MinRowID: ptr(int64(1)), MaxRowID: ptr(int64(9)),
	}, {FileName: "manifest-2", PartitionStats: spec.SimpleStats{MinValues: empty, MaxValues: empty, NullCounts: []*int64{}}}}
	var buf bytes.Buffer
	if err := WriteManifestList(&buf, metas, WithFormat(format)); err != nil {
		t.Fatal(err)
	}
	gotMetas, err := ReadManifestList(bytes.NewReader(buf.Bytes()))
	if err != nil || !reflect.DeepEqual(gotMetas, metas) {
		t.Fatalf("manifest list round trip: %v\n got %+v\nwant %+v", err, gotMetas, metas)
	}
	list := bytes.NewBuffer(bytes.Clone(buf.Bytes()))

	index := []spec.IndexManifestEntry{{
		Kind: spec.FileAdd, Partition: empty, Bucket: 1, IndexType: "DELETION_VECTORS", FileName: "index-1",
		FileSize: 5, RowCount: 2, DVRanges: []spec.DeletionVectorRange{{DataFileName: "data-1.avro", Offset: 1, Length: 4, Cardinality: ptr(int64(2))}},
		GlobalIndex: &spec.GlobalIndexMeta{RowRangeStart: 1, RowRangeEnd: 2, IndexFieldID: 3, ExtraFieldIDs: []int32{4}, IndexMeta: []byte{5}},
	}, {Kind: spec.FileDelete, Partition: empty, IndexType: "HASH", FileName: "index-2"}}
	buf.Reset()
	if err := WriteIndexManifest(&buf, index, WithFormat(format)); err != nil {
		t.Fatal(err)
	}
	gotIndex, err := ReadIndexManifest(bytes.NewReader(buf.Bytes()))
	if err != nil || !reflect.DeepEqual(gotIndex, index) {
		t.Fatalf("index manifest round trip: %v\n got %+v\nwant %+v", err, gotIndex, index)
	}
	return list
}
