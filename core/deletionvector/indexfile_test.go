package deletionvector

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hamba/avro/v2/ocf"
)

const fixtures = "../../testdata/java-written"

func tableDir(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(fixtures, name+".db", name)
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("fixture %s (committed in testdata/java-written): %v", name, err)
	}
	return dir
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func vectorOf(t *testing.T, positions ...int64) *DeletionVector {
	t.Helper()
	dv := New()
	for _, p := range positions {
		if err := dv.Delete(p); err != nil {
			t.Fatal(err)
		}
	}
	return dv
}

func positions(dv *DeletionVector) []int64 { return slices.Collect(dv.All()) }

// indexEntry is the part of an index manifest row this test needs.
type indexEntry struct {
	file   string
	ranges []Range
	card   []int64
}

// readIndexManifest decodes an Avro index manifest generically (the manifest
// package is not a dependency of this one).
func readIndexManifest(t *testing.T, path string) []indexEntry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec, err := ocf.NewDecoder(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []indexEntry
	for dec.HasNext() {
		var row map[string]any
		if err := dec.Decode(&row); err != nil {
			t.Fatal(err)
		}
		if row["_INDEX_TYPE"] != "DELETION_VECTORS" {
			continue
		}
		e := indexEntry{file: row["_FILE_NAME"].(string)}
		for _, r := range unionValue(row["_DELETIONS_VECTORS_RANGES"]).([]any) {
			m := unionValue(r).(map[string]any)
			e.ranges = append(e.ranges, Range{Offset: int64(m["f1"].(int)), Length: int64(m["f2"].(int))})
			e.card = append(e.card, unionValue(m["_CARDINALITY"]).(int64))
		}
		out = append(out, e)
	}
	if err := dec.Error(); err != nil {
		t.Fatal(err)
	}
	return out
}

// unionValue unwraps hamba/avro's generic form of a ["null", T] union: a
// one-entry map from the branch's type name (a record's full name) to T.
func unionValue(v any) any {
	if m, ok := v.(map[string]any); ok && len(m) == 1 {
		for k, x := range m {
			if k == "array" || k == "long" || strings.Contains(k, ".") {
				return x
			}
		}
	}
	return v
}

// The ranges of the real index manifest find the vectors docs/design/format.md lists:
// rows {0} in the first file, {4, 5} in the second, with the cardinalities
// the manifest records.
func TestReadFixtureRanges(t *testing.T) {
	dir := tableDir(t, "pk_table_with_dv_cardinality")
	manifests, _ := filepath.Glob(filepath.Join(dir, "manifest", "index-manifest-*"))
	if len(manifests) != 1 {
		t.Fatalf("index manifests: %v", manifests)
	}
	entries := readIndexManifest(t, manifests[0])
	want := map[string][]int64{
		"index-62372b7b-d1cf-4dde-a162-c9d9d35006b4-0": {0},
		"index-62372b7b-d1cf-4dde-a162-c9d9d35006b4-1": {4, 5},
	}
	if len(entries) != len(want) {
		t.Fatalf("entries: %+v", entries)
	}
	for _, e := range entries {
		data := readFile(t, filepath.Join(dir, "index", e.file))
		if len(e.ranges) != 1 || e.ranges[0].Offset != 1 || e.ranges[0].Length != int64(len(data)-9) {
			t.Fatalf("%s: ranges %+v for %d bytes", e.file, e.ranges, len(data))
		}
		dv, err := Read(bytes.NewReader(data), e.ranges[0])
		if err != nil {
			t.Fatal(err)
		}
		if got := positions(dv); !slices.Equal(got, want[e.file]) || dv.Cardinality() != e.card[0] {
			t.Errorf("%s: positions %v (cardinality %d), want %v (%d)", e.file, got, dv.Cardinality(), want[e.file], e.card[0])
		}
		if !dv.IsDeleted(want[e.file][0]) || dv.IsDeleted(3) || dv.IsDeleted(-1) || dv.Is64() {
			t.Errorf("%s: IsDeleted/Is64 wrong", e.file)
		}
		if _, err := Read(bytes.NewReader(data), Range{Offset: 1, Length: e.ranges[0].Length + 1}); err == nil {
			t.Errorf("%s: a wrong range length was accepted", e.file)
		}
	}
}

// Writing the same bitmaps gives Java's exact bytes and ranges.
func TestWriteMatchesJava(t *testing.T) {
	dir := tableDir(t, "pk_table_with_dv_cardinality")
	pk09 := tableDir(t, "pk_09")
	cases := []struct {
		file   string
		dvs    []*DeletionVector
		ranges []Range
	}{
		{filepath.Join(dir, "index", "index-62372b7b-d1cf-4dde-a162-c9d9d35006b4-0"),
			[]*DeletionVector{vectorOf(t, 0)}, []Range{{1, 22}}},
		{filepath.Join(dir, "index", "index-62372b7b-d1cf-4dde-a162-c9d9d35006b4-1"),
			[]*DeletionVector{vectorOf(t, 4, 5)}, []Range{{1, 24}}},
		{filepath.Join(pk09, "index", "index-ff7801ad-df90-49b2-9619-586eab9c68e3-0"),
			[]*DeletionVector{vectorOf(t, 0), vectorOf(t, 0)}, []Range{{1, 22}, {31, 22}}},
		{filepath.Join(pk09, "index", "index-ff7801ad-df90-49b2-9619-586eab9c68e3-2"), nil, []Range{}},
	}
	for _, c := range cases {
		want := readFile(t, c.file)
		var buf bytes.Buffer
		ranges, size, err := Write(&buf, c.dvs)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) || size != int64(len(want)) {
			t.Errorf("%s:\n got % x\nwant % x", filepath.Base(c.file), buf.Bytes(), want)
		}
		if !slices.Equal(ranges, c.ranges) {
			t.Errorf("%s: ranges %v, want %v", filepath.Base(c.file), ranges, c.ranges)
		}
	}
}

// Every DV index file of the fixtures (under index/ or in bucket dirs)
// decodes, and writing its vectors back reproduces it byte for byte.
func TestAllFixtureIndexFilesRoundTrip(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixtures, "*.db", "*", "index", "index-*"))
	inData, _ := filepath.Glob(filepath.Join(fixtures, "*.db", "*", "*", "*", "index-*"))
	files = append(files, inData...)
	if len(files) == 0 {
		t.Fatalf("no index files in %s (committed in testdata/java-written)", fixtures)
	}
	for _, f := range files {
		data := readFile(t, f)
		dvs, ranges, err := ReadAll(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var buf bytes.Buffer
		again, _, err := Write(&buf, dvs)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), data) || !slices.Equal(again, ranges) {
			t.Errorf("%s: rewrite differs", f)
		}
	}
}

func TestReadErrors(t *testing.T) {
	var buf bytes.Buffer
	if _, _, err := Write(&buf, []*DeletionVector{vectorOf(t, 1, 2, 3)}); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	corrupt := func(at int) []byte { b := bytes.Clone(good); b[at] ^= 0xff; return b }
	for name, c := range map[string]struct {
		data []byte
		msg  string
	}{
		"magic":   {corrupt(5), "bad magic number"},
		"crc":     {corrupt(len(good) - 1), "CRC"},
		"bitmap":  {corrupt(12), "CRC"}, // the CRC catches bitmap damage
		"length":  {corrupt(1), "length"},
		"version": {corrupt(0), "version"},
	} {
		_, _, err := ReadAll(bytes.NewReader(c.data), int64(len(c.data)))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want one mentioning %q", name, err, c.msg)
		}
	}
	// The CRC word may be missing at the end of a file.
	dv, err := Read(bytes.NewReader(good[:len(good)-4]), Range{Offset: 1})
	if err != nil || !slices.Equal(positions(dv), []int64{1, 2, 3}) {
		t.Errorf("without CRC: %v %v", dv, err)
	}
}

// The 64-bit form: LE magic, count + (key, roaring32) pairs, BE length and
// CRC, and a range length that covers the whole record.
func TestBitmap64(t *testing.T) {
	dv := New64()
	for _, p := range []int64{7, 1 << 33, 1<<33 + 1} {
		if err := dv.Delete(p); err != nil {
			t.Fatal(err)
		}
	}
	small := vectorOf(t, 9)
	var buf bytes.Buffer
	ranges, size, err := Write(&buf, []*DeletionVector{dv, small})
	if err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	recLen := int64(binary.BigEndian.Uint32(b[1:])) + 8
	if ranges[0] != (Range{1, recLen}) || ranges[1].Offset != 1+recLen || size != int64(len(b)) {
		t.Fatalf("ranges %v size %d", ranges, size)
	}
	if int32(binary.LittleEndian.Uint32(b[5:])) != Magic64 || binary.LittleEndian.Uint64(b[9:]) != 2 {
		t.Fatalf("64-bit header % x", b[:20])
	}
	got, err := Read(bytes.NewReader(b), ranges[0])
	if err != nil {
		t.Fatal(err)
	}
	if !got.Is64() || got.Cardinality() != 3 || !got.IsDeleted(1<<33+1) || got.IsDeleted(8) {
		t.Fatalf("decoded %v", positions(got))
	}
	all, _, err := ReadAll(bytes.NewReader(b), size)
	if err != nil || len(all) != 2 || !slices.Equal(positions(all[1]), []int64{9}) {
		t.Fatalf("ReadAll: %v", err)
	}
	if err := New().Delete(1 << 31); err == nil {
		t.Error("the 32-bit form accepted a position beyond MaxInt32")
	}
}
