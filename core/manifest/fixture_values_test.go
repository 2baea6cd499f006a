package manifest

import (
	"bytes"
	"encoding/hex"
	"slices"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pk_table_with_dv_cardinality (README: PK f0,f1,f2, partition f1, bucket key
// f2, 2 buckets, deletion vectors, f3 without stats). Snapshot 4 compacts
// with deletion vectors: Tony and Lily are deleted from bucket 1's file and
// the old Alice row from bucket 0's.
func TestDVCardinalityTable(t *testing.T) {
	const table = "pk_table_with_dv_cardinality"
	fixtureTables(t)
	part10 := mustHex(t, "00000001"+"0000000000000000"+"0a00000000000000")
	var s4 snapshot
	for _, s := range snapshots(t, table) {
		if s.ID == 4 {
			s4 = s
		}
	}
	live := liveFiles(t, table, s4)
	type file struct {
		name          string
		bucket, level int32
		rows          int64
	}
	var got []file
	for _, e := range live {
		if !bytes.Equal(e.Partition, part10) || e.TotalBuckets != 2 {
			t.Errorf("%s: partition %x, total buckets %d", e.File.FileName, e.Partition, e.TotalBuckets)
		}
		got = append(got, file{e.File.FileName, e.Bucket, e.File.Level, e.File.RowCount})
	}
	want := []file{
		{"data-3061fa63-6ed0-422c-9169-5c3e4b25485e-0.parquet", 0, 5, 2},
		{"data-ed5d7184-cf42-4f4a-bf83-1e3080d9012d-0.parquet", 1, 5, 7},
		{"data-3061fa63-6ed0-422c-9169-5c3e4b25485e-1.parquet", 0, 4, 1},
	}
	if !slices.Equal(got, want) {
		t.Errorf("live files after snapshot 4:\n got %v\nwant %v", got, want)
	}

	f := live[0].File
	if !slices.Equal(f.ValueStatsCols, []string{"f0", "f1", "f2"}) {
		t.Errorf("_VALUE_STATS_COLS = %q", f.ValueStatsCols)
	}
	if !bytes.Equal(f.MinKey, mustHex(t, "00000002"+"0000000000000000"+"416c696365000085"+"0100000000000000")) {
		t.Errorf("_MIN_KEY = %x, want (Alice, 1)", f.MinKey)
	}
	if f.FileSource == nil || *f.FileSource != spec.SourceAppend || f.DeleteRowCount == nil || *f.DeleteRowCount != 0 {
		t.Errorf("file source %v, delete rows %v", f.FileSource, f.DeleteRowCount)
	}
	if f.CreationTime == nil || !f.CreationTime.Equal(time.Date(2025, 8, 25, 18, 9, 32, 528e6, time.UTC)) {
		t.Errorf("creation time %v", f.CreationTime)
	}
	if f.ExternalPath != nil || f.FirstRowID != nil || f.WriteCols != nil || f.EmbeddedIndex != nil {
		t.Errorf("fields absent in this writer version are set: %+v", f)
	}
	if len(f.KeyStats.NullCounts) != 2 || *f.KeyStats.NullCounts[0] != 0 {
		t.Errorf("key null counts %v", f.KeyStats.NullCounts)
	}

	index := readIndex(t, table, *s4.IndexManifest)
	cards := map[string]spec.DeletionVectorRange{}
	for _, e := range index {
		if e.Kind != spec.FileAdd || e.IndexType != "DELETION_VECTORS" || !bytes.Equal(e.Partition, part10) || e.GlobalIndex != nil {
			t.Errorf("index entry %+v", e)
		}
		for _, r := range e.DVRanges {
			cards[r.DataFileName] = r
		}
	}
	check := func(name string, offset, length int32, card int64) {
		r, ok := cards[name]
		if !ok || r.Offset != offset || r.Length != length || r.Cardinality == nil || *r.Cardinality != card {
			t.Errorf("DV range of %s = %+v, want offset %d length %d cardinality %d", name, r, offset, length, card)
		}
	}
	check("data-3061fa63-6ed0-422c-9169-5c3e4b25485e-0.parquet", 1, 22, 1)
	check("data-ed5d7184-cf42-4f4a-bf83-1e3080d9012d-0.parquet", 1, 24, 2)
}

// pk_09 was written by Paimon 0.9: the top-level schema and the nested
// records are union-wrapped, the manifest list has no bucket/level ranges
// and deletion vector ranges have no cardinality.
func TestPaimon09Table(t *testing.T) {
	const table = "pk_09"
	fixtureTables(t)
	var latest snapshot
	for _, s := range snapshots(t, table) {
		if s.ID > latest.ID {
			latest = s
		}
	}
	for _, m := range readList(t, table, latest.BaseManifestList) {
		if m.MinBucket != nil || m.MaxLevel != nil || m.MinRowID != nil {
			t.Errorf("%s: 1.1+ fields set: %+v", m.FileName, m)
		}
		if len(m.PartitionStats.MinValues) == 0 || len(m.PartitionStats.NullCounts) != 1 {
			t.Errorf("%s: partition stats %+v", m.FileName, m.PartitionStats)
		}
	}
	live := liveFiles(t, table, latest)
	if len(live) == 0 {
		t.Fatal("no live files")
	}
	for _, e := range live {
		if e.File.ValueStatsCols != nil || e.File.ExternalPath != nil {
			t.Errorf("%s: fields newer than 0.9 set", e.File.FileName)
		}
		if e.File.KeyStats.MinValues == nil || e.File.FileSource == nil {
			t.Errorf("%s: missing key stats or file source", e.File.FileName)
		}
	}
	index := readIndex(t, table, *latest.IndexManifest)
	ranges := 0
	for _, e := range index {
		// 0.9 keeps an index file holding no deletion vector at all.
		if e.RowCount == 0 && len(e.DVRanges) != 0 {
			t.Errorf("%s: %d ranges, row count 0", e.FileName, len(e.DVRanges))
		}
		for _, r := range e.DVRanges {
			ranges++
			if r.Cardinality != nil {
				t.Errorf("0.9 range has cardinality %d", *r.Cardinality)
			}
		}
	}
	if ranges == 0 {
		t.Error("no deletion vector ranges")
	}
}

// append_with_global_index (Paimon 1.4, row tracking): global index entries
// for fields 0, 1, 2 over row range [0, 7], first row id on the data file.
func TestGlobalIndexTable(t *testing.T) {
	const table = "append_with_global_index"
	fixtureTables(t)
	var latest snapshot
	for _, s := range snapshots(t, table) {
		if s.ID > latest.ID {
			latest = s
		}
	}
	live := liveFiles(t, table, latest)
	if len(live) != 1 || live[0].File.FirstRowID == nil || *live[0].File.FirstRowID != 0 || live[0].File.RowCount != 8 {
		t.Fatalf("live files %+v", live)
	}
	if live[0].File.WriteCols != nil {
		t.Errorf("write cols %q", live[0].File.WriteCols)
	}
	for _, m := range readList(t, table, latest.BaseManifestList) {
		if m.MinRowID == nil || *m.MinRowID != 0 || m.MaxRowID == nil || *m.MaxRowID != 7 {
			t.Errorf("%s: row id range %v..%v, want 0..7", m.FileName, m.MinRowID, m.MaxRowID)
		}
	}
	var fields []int32
	for _, e := range readIndex(t, table, *latest.IndexManifest) {
		g := e.GlobalIndex
		if g == nil || g.RowRangeStart != 0 || g.RowRangeEnd != 7 || e.RowCount != 8 || e.DVRanges != nil {
			t.Fatalf("entry %+v", e)
		}
		fields = append(fields, g.IndexFieldID)
	}
	slices.Sort(fields)
	if !slices.Equal(fields, []int32{0, 1, 2}) {
		t.Errorf("indexed fields %v", fields)
	}
}

// pk_with_bitmap_dv keeps its file index next to the data file (threshold
// 1 byte), so it is listed in _EXTRA_FILES rather than embedded.
func TestExtraFilesTable(t *testing.T) {
	const table = "pk_with_bitmap_dv"
	fixtureTables(t)
	var latest snapshot
	for _, s := range snapshots(t, table) {
		if s.ID > latest.ID {
			latest = s
		}
	}
	n := 0
	for _, e := range liveFiles(t, table, latest) {
		if slices.Equal(e.File.ExtraFiles, []string{e.File.FileName + ".index"}) {
			n++
		}
		if e.File.EmbeddedIndex != nil {
			t.Errorf("%s: embedded index present", e.File.FileName)
		}
	}
	if n == 0 {
		t.Error("no live file lists its .index extra file")
	}
}

// Non-dense stats and tables where every column has stats write a null
// _VALUE_STATS_COLS; it must stay distinguishable from an empty list.
func TestValueStatsColsNull(t *testing.T) {
	fixtureTables(t)
	e := readEntries(t, "append_table_alter_table_with_cast", "manifest-0efc975b-8d6a-4d6b-9874-ffdd93745e34-0")
	if e[0].File.ValueStatsCols != nil {
		t.Errorf("_VALUE_STATS_COLS = %#v, want nil", e[0].File.ValueStatsCols)
	}
	c := readEntries(t, "append_complex_build_in_fieldid", "manifest-6994b218-fa2d-4ac6-8188-c7cedb645014-0")
	if !slices.Equal(c[0].File.ValueStatsCols, []string{"f4", "f5", "f6"}) {
		t.Errorf("_VALUE_STATS_COLS = %q", c[0].File.ValueStatsCols)
	}
	if c[0].File.ExtraFiles == nil || len(c[0].File.ExtraFiles) != 0 {
		t.Errorf("_EXTRA_FILES = %#v, want empty", c[0].File.ExtraFiles)
	}
}
