package manifest

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hamba/avro/v2"
	"github.com/hamba/avro/v2/ocf"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

func sampleStats(n int) spec.SimpleStats {
	counts := make([]*int64, n)
	for i := range counts {
		if i%2 == 0 {
			counts[i] = ptr(int64(i))
		}
	}
	return spec.SimpleStats{
		MinValues:  []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0},
		MaxValues:  []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0},
		NullCounts: counts,
	}
}

func sampleEntries() []spec.ManifestEntry {
	created := time.Date(2026, 8, 1, 12, 30, 45, 123e6, time.UTC)
	full := spec.ManifestEntry{
		Kind:         spec.FileDelete,
		Partition:    []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0},
		Bucket:       3,
		TotalBuckets: 4,
		File: spec.DataFileMeta{
			FileName: "data-1.parquet", FileSize: 1234, RowCount: 56,
			MinKey: []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, MaxKey: []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
			KeyStats: sampleStats(1), ValueStats: sampleStats(3),
			MinSequenceNumber: 7, MaxSequenceNumber: 62, SchemaID: 2, Level: 5,
			ExtraFiles:     []string{"data-1.parquet.index"},
			CreationTime:   &created,
			DeleteRowCount: ptr(int64(3)),
			EmbeddedIndex:  []byte{1, 2, 3},
			FileSource:     ptr(spec.SourceCompact),
			ValueStatsCols: []string{"a", "b", "c"},
			ExternalPath:   ptr("s3://bucket/x/data-1.parquet"),
			FirstRowID:     ptr(int64(100)),
			WriteCols:      []string{},
		},
	}
	minimal := spec.ManifestEntry{
		Kind: spec.FileAdd, Partition: binrow.Empty(), Bucket: 0, TotalBuckets: -1,
		File: spec.DataFileMeta{
			FileName: "data-2.parquet", FileSize: 1, RowCount: 1,
			MinKey: binrow.Empty(), MaxKey: binrow.Empty(),
			KeyStats:   spec.SimpleStats{MinValues: binrow.Empty(), MaxValues: binrow.Empty(), NullCounts: []*int64{}},
			ValueStats: spec.SimpleStats{MinValues: binrow.Empty(), MaxValues: binrow.Empty(), NullCounts: []*int64{}},
			ExtraFiles: []string{}, ValueStatsCols: []string{},
		},
	}
	return []spec.ManifestEntry{full, minimal}
}

func sampleMetas() []spec.ManifestFileMeta {
	return []spec.ManifestFileMeta{
		{FileName: "manifest-a-0", FileSize: 2048, NumAddedFiles: 3, NumDeletedFiles: 1, PartitionStats: sampleStats(1), SchemaID: 4,
			MinBucket: ptr(int32(0)), MaxBucket: ptr(int32(3)), MinLevel: ptr(int32(0)), MaxLevel: ptr(int32(5)),
			MinRowID: ptr(int64(0)), MaxRowID: ptr(int64(99))},
		{FileName: "manifest-a-1", FileSize: 1, PartitionStats: spec.SimpleStats{MinValues: binrow.Empty(), MaxValues: binrow.Empty(), NullCounts: []*int64{}}},
	}
}

func sampleIndex() []spec.IndexManifestEntry {
	return []spec.IndexManifestEntry{
		{Kind: spec.FileAdd, Partition: binrow.Empty(), Bucket: 1, IndexType: "DELETION_VECTORS", FileName: "index-x-0", FileSize: 33, RowCount: 2,
			DVRanges:     []spec.DeletionVectorRange{{DataFileName: "data-a.parquet", Offset: 1, Length: 22, Cardinality: ptr(int64(1))}, {DataFileName: "data-b.parquet", Offset: 31, Length: 24}},
			ExternalPath: ptr("oss://b/index-x-0")},
		{Kind: spec.FileAdd, Partition: binrow.Empty(), IndexType: "HASH", FileName: "index-x-1", FileSize: 8, RowCount: 2},
		{Kind: spec.FileDelete, Partition: binrow.Empty(), IndexType: "bitmap", FileName: "bitmap-global-index-1.index", FileSize: 100, RowCount: 8,
			GlobalIndex: &spec.GlobalIndexMeta{RowRangeStart: 0, RowRangeEnd: 7, IndexFieldID: 2, ExtraFieldIDs: []int32{3, 4}, IndexMeta: []byte{9}}},
		{Kind: spec.FileAdd, Partition: binrow.Empty(), IndexType: "bitmap", FileName: "bitmap-global-index-2.index",
			GlobalIndex: &spec.GlobalIndexMeta{RowRangeEnd: 1}},
	}
}

var allCodecs = []Codec{CodecZstd, CodecDeflate, CodecSnappy, CodecNull}

func TestWriteReadRoundTrip(t *testing.T) {
	for _, codec := range allCodecs {
		t.Run(string(codec), func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteManifest(&buf, sampleEntries(), WithCodec(codec)); err != nil {
				t.Fatal(err)
			}
			got, err := ReadManifest(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, sampleEntries()) {
				t.Errorf("manifest round trip:\n got %+v\nwant %+v", got, sampleEntries())
			}

			buf.Reset()
			if err := WriteManifestList(&buf, sampleMetas(), WithCodec(codec)); err != nil {
				t.Fatal(err)
			}
			metas, err := ReadManifestList(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(metas, sampleMetas()) {
				t.Errorf("manifest list round trip:\n got %+v\nwant %+v", metas, sampleMetas())
			}

			buf.Reset()
			if err := WriteIndexManifest(&buf, sampleIndex(), WithCodec(codec)); err != nil {
				t.Fatal(err)
			}
			index, err := ReadIndexManifest(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(index, sampleIndex()) {
				t.Errorf("index manifest round trip:\n got %+v\nwant %+v", index, sampleIndex())
			}
		})
	}
}

// Nil BinaryRows and null-count lists are written the way Java writes empty
// ones, so Java can parse them.
func TestWriteFillsEmptyRows(t *testing.T) {
	var buf bytes.Buffer
	in := []spec.ManifestEntry{{Kind: spec.FileAdd, File: spec.DataFileMeta{FileName: "f", RowCount: 1}}}
	if err := WriteManifest(&buf, in); err != nil {
		t.Fatal(err)
	}
	got, err := ReadManifest(&buf)
	if err != nil {
		t.Fatal(err)
	}
	f := got[0].File
	for _, row := range [][]byte{got[0].Partition, f.MinKey, f.MaxKey, f.KeyStats.MinValues, f.ValueStats.MaxValues} {
		if !bytes.Equal(row, binrow.Empty()) {
			t.Errorf("row %x, want the empty row", row)
		}
	}
	if f.ExtraFiles == nil || f.KeyStats.NullCounts == nil || f.ValueStatsCols != nil {
		t.Errorf("extra %#v, null counts %#v, stats cols %#v", f.ExtraFiles, f.KeyStats.NullCounts, f.ValueStatsCols)
	}
}

// Reading Java's files and writing them again keeps every field.
func TestRewriteJavaManifests(t *testing.T) {
	fixtureTables(t)
	for _, c := range []struct{ table, list, manifest, index string }{
		{"pk_table_with_dv_cardinality", "manifest-list-df9c6b50-0492-4bc4-adcf-9fed3a331b28-6", "manifest-526c8332-abbe-44b1-a4b4-8a63e5b53452-1", "index-manifest-8ed1d9a0-f19d-498f-bfdc-41fc3f8ab506-0"},
		{"append_with_global_index", "manifest-list-af5f0492-04d4-4beb-9b06-621c097679ca-0", "manifest-09d9414d-94c0-43d6-9fd0-0fc352ed5948-0", "index-manifest-09c6f62e-f80a-4f47-8e36-1fe1eb8735c6-0"},
		{"pk_09", "manifest-list-c63559b0-8ebb-4bf9-8e0c-91062d5e7391-14", "manifest-8cf79434-32e4-4029-bf8e-befe856d268f-7", "index-manifest-03e2700b-8409-499b-8c27-a09ccee9348c-0"},
	} {
		var buf bytes.Buffer
		metas := readList(t, c.table, c.list)
		if err := WriteManifestList(&buf, metas); err != nil {
			t.Fatal(err)
		}
		if again, err := ReadManifestList(&buf); err != nil || !reflect.DeepEqual(again, metas) {
			t.Errorf("%s: list rewrite differs (%v)", c.table, err)
		}
		buf.Reset()
		entries := readEntries(t, c.table, c.manifest)
		if err := WriteManifest(&buf, entries); err != nil {
			t.Fatal(err)
		}
		if again, err := ReadManifest(&buf); err != nil || !reflect.DeepEqual(again, entries) {
			t.Errorf("%s: manifest rewrite differs (%v)", c.table, err)
		}
		buf.Reset()
		index := readIndex(t, c.table, c.index)
		if err := WriteIndexManifest(&buf, index); err != nil {
			t.Fatal(err)
		}
		if again, err := ReadIndexManifest(&buf); err != nil || !reflect.DeepEqual(again, index) {
			t.Errorf("%s: index rewrite differs (%v)", c.table, err)
		}
	}
}

func headerSchema(t *testing.T, r io.Reader) (schema, codec string) {
	t.Helper()
	dec, err := ocf.NewDecoder(r, ocf.WithDecoderSchemaCache(&avro.SchemaCache{}))
	if err != nil {
		t.Fatal(err)
	}
	return string(dec.Metadata()["avro.schema"]), string(dec.Metadata()["avro.codec"])
}

// Our header schemas are byte for byte those of Java 1.4-written files.
func TestSchemasMatchJava14(t *testing.T) {
	fixtureTables(t)
	dir := filepath.Join(tableDir("append_with_global_index"), "manifest")
	for file, ours := range map[string]string{
		"manifest-list-af5f0492-04d4-4beb-9b06-621c097679ca-0":  manifestListSchema,
		"manifest-09d9414d-94c0-43d6-9fd0-0fc352ed5948-0":       manifestSchema,
		"index-manifest-09c6f62e-f80a-4f47-8e36-1fe1eb8735c6-0": indexManifestSchema,
	} {
		java, codec := headerSchema(t, openFile(t, filepath.Join(dir, file)))
		if java != ours {
			t.Errorf("%s schema:\njava %s\nours %s", file, java, ours)
		}
		if codec != string(CodecZstd) {
			t.Errorf("%s codec %q", file, codec)
		}
	}
	var buf bytes.Buffer
	if err := WriteManifest(&buf, sampleEntries()); err != nil {
		t.Fatal(err)
	}
	if schema, codec := headerSchema(t, &buf); schema != manifestSchema || codec != "zstandard" {
		t.Errorf("written header: codec %q schema %s", codec, schema)
	}
}

// Java readers resolve by field name with their own (older) schema. Decode
// our files with the schema of Java-written files of each version, as Avro
// schema resolution does, and check the fields those versions know.
func TestJavaSchemasReadOurFiles(t *testing.T) {
	fixtureTables(t)
	type source struct{ table, file string }
	cases := []struct {
		kind    string
		write   func(io.Writer) error
		readers []source
		check   func(t *testing.T, row map[string]any)
	}{
		{"manifest list", func(w io.Writer) error { return WriteManifestList(w, sampleMetas(), WithCodec(CodecNull)) },
			[]source{
				{"append_with_global_index", "manifest-list-af5f0492-04d4-4beb-9b06-621c097679ca-0"},     // 1.4
				{"pk_table_with_dv_cardinality", "manifest-list-df9c6b50-0492-4bc4-adcf-9fed3a331b28-6"}, // 1.1-1.3
			},
			func(t *testing.T, row map[string]any) {
				if row["_VERSION"] != 2 || !strings.HasPrefix(row["_FILE_NAME"].(string), "manifest-a-") {
					t.Errorf("row %v", row)
				}
			}},
		{"manifest", func(w io.Writer) error { return WriteManifest(w, sampleEntries(), WithCodec(CodecNull)) },
			[]source{
				{"append_with_global_index", "manifest-09d9414d-94c0-43d6-9fd0-0fc352ed5948-0"},           // 1.4
				{"append_table_with_append_pt_branch", "manifest-3d92c487-71ba-454b-83d6-b66069488c19-0"}, // 1.3 snapshot build
				{"pk_table_with_dv_cardinality", "manifest-526c8332-abbe-44b1-a4b4-8a63e5b53452-0"},       // 1.0-1.2
			},
			func(t *testing.T, row map[string]any) {
				file := row["_FILE"].(map[string]any)
				if row["_VERSION"] != 2 || !strings.HasPrefix(file["_FILE_NAME"].(string), "data-") || file["_LEVEL"] == nil {
					t.Errorf("row %v", row)
				}
			}},
		{"index manifest", func(w io.Writer) error { return WriteIndexManifest(w, sampleIndex(), WithCodec(CodecNull)) },
			[]source{
				{"append_with_global_index", "index-manifest-09c6f62e-f80a-4f47-8e36-1fe1eb8735c6-0"},        // 1.4
				{"pk_dv_index_in_data_no_external", "index-manifest-c714d536-ec51-4563-bf3c-b1fa9968fa47-0"}, // 1.3
				{"pk_table_with_dv_cardinality", "index-manifest-8ed1d9a0-f19d-498f-bfdc-41fc3f8ab506-0"},    // 1.0-1.2
			},
			func(t *testing.T, row map[string]any) {
				if row["_VERSION"] != 1 || !strings.HasPrefix(row["_FILE_NAME"].(string), "index-") && !strings.HasPrefix(row["_FILE_NAME"].(string), "bitmap-") {
					t.Errorf("row %v", row)
				}
			}},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		if err := c.write(&buf); err != nil {
			t.Fatal(err)
		}
		for _, src := range c.readers {
			javaSchema, _ := headerSchema(t, openFile(t, filepath.Join(tableDir(src.table), "manifest", src.file)))
			rows := decodeWithReaderSchema(t, buf.Bytes(), javaSchema)
			if len(rows) == 0 {
				t.Errorf("%s with %s schema: no rows", c.kind, src.table)
			}
			for _, row := range rows {
				c.check(t, row)
			}
		}
	}
}

// decodeWithReaderSchema reads an uncompressed container written by us and
// decodes its rows with reader schema resolved against the file's schema.
func decodeWithReaderSchema(t *testing.T, file []byte, readerSchema string) []map[string]any {
	t.Helper()
	cache := &avro.SchemaCache{}
	r := avro.NewReader(bytes.NewReader(file), 1024)
	var h ocf.Header
	r.ReadVal(ocf.HeaderSchema, &h)
	writer, err := avro.ParseBytesWithCache(h.Meta["avro.schema"], "", cache)
	if err != nil {
		t.Fatal(err)
	}
	reader, err := avro.ParseWithCache(readerSchema, "", &avro.SchemaCache{})
	if err != nil {
		t.Fatal(err)
	}
	resolved, err := avro.NewSchemaCompatibility().Resolve(reader, writer)
	if err != nil {
		t.Fatalf("Java schema cannot read ours: %v", err)
	}
	var rows []map[string]any
	for {
		count := r.ReadLong()
		if errors.Is(r.Error, io.EOF) {
			return rows
		}
		data := make([]byte, r.ReadLong())
		r.Read(data)
		var sync [16]byte
		r.Read(sync[:])
		if r.Error != nil || sync != h.Sync {
			t.Fatalf("bad block: %v", r.Error)
		}
		dec := avro.NewDecoderForSchema(resolved, bytes.NewReader(data))
		for range count {
			var row map[string]any
			if err := dec.Decode(&row); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, row)
		}
	}
}

func TestEmptyManifestList(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteManifestList(&buf, nil); err != nil {
		t.Fatal(err)
	}
	got, err := ReadManifestList(&buf)
	if err != nil || len(got) != 0 {
		t.Errorf("got %v, %v", got, err)
	}
}

// Our container writer and reader are our own: hamba/avro's decoder reads
// what we write with every codec, and we read what its encoder writes.
func TestContainersReadByHamba(t *testing.T) {
	// Enough entries for several blocks.
	var entries []spec.ManifestEntry
	for len(entries) < 2000 {
		entries = append(entries, sampleEntries()...)
	}
	for _, codec := range []Codec{CodecZstd, CodecDeflate, CodecSnappy, CodecNull} {
		var buf bytes.Buffer
		if err := WriteManifest(&buf, entries, WithCodec(codec)); err != nil {
			t.Fatal(err)
		}
		dec, err := ocf.NewDecoder(bytes.NewReader(buf.Bytes()), ocf.WithDecoderSchemaCache(&avro.SchemaCache{}))
		if err != nil {
			t.Fatalf("%s: %v", codec, err)
		}
		n := 0
		for dec.HasNext() {
			var row map[string]any
			if err := dec.Decode(&row); err != nil {
				t.Fatalf("%s: row %d: %v", codec, n, err)
			}
			n++
		}
		if dec.Error() != nil || n != len(entries) || string(dec.Metadata()["avro.codec"]) != string(codec) {
			t.Fatalf("%s: hamba read %d rows of %d, codec %q: %v", codec, n, len(entries), dec.Metadata()["avro.codec"], dec.Error())
		}
		got, err := ReadManifest(bytes.NewReader(buf.Bytes()))
		if err != nil || len(got) != len(entries) {
			t.Fatalf("%s: read back %d entries: %v", codec, len(got), err)
		}
	}
	// A file hamba wrote, in several blocks.
	var buf bytes.Buffer
	enc, err := ocf.NewEncoder(`{"type":"record","name":"r","fields":[{"name":"a","type":"long"}]}`, &buf, ocf.WithCodec(ocf.ZStandard), ocf.WithBlockLength(7))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		if err := enc.Encode(map[string]any{"a": int64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	var sum int64
	err = eachAvroRow(bytes.NewReader(buf.Bytes()), "test", func(r *struct {
		A int64 `avro:"a"`
	}) error {
		sum += r.A
		return nil
	})
	if err != nil || sum != 49*50/2 {
		t.Fatalf("read hamba's file: sum %d, %v", sum, err)
	}
}
