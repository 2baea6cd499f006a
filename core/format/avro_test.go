package format

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hamba/avro/v2/ocf"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// avroTypesFields are the types Java writes to Avro files: everything of
// allTypesFields but TIMESTAMP(9) and VARIANT, plus maps with non-string
// keys (arrays of key/value records), multisets and NOT NULL nesting.
func avroTypesFields() []types.DataField {
	var out []types.DataField
	for _, f := range allTypesFields() {
		switch f.Name {
		case "ts9", "ltz9", "v":
			continue
		}
		out = append(out, f)
	}
	intType := types.New(types.Int)
	return append(out,
		field(40, "im", types.DataType{Kind: types.Map, Nullable: true, Key: ptr(intType.WithNullable(false)), Value: ptr(types.NewString())}),
		field(41, "ms", types.DataType{Kind: types.Multiset, Nullable: true, Element: ptr(types.NewString().WithNullable(false))}),
		field(42, "mi", types.DataType{Kind: types.Multiset, Nullable: true, Element: ptr(types.NewDecimal(5, 1).WithNullable(false))}),
		field(43, "rr", types.DataType{Kind: types.Row, Fields: []types.DataField{
			field(44, "a", types.New(types.BigInt).WithNullable(false)),
			field(45, "m", types.DataType{Kind: types.Map, Nullable: true, Key: ptr(types.DataType{Kind: types.Row, Fields: []types.DataField{field(46, "k", intType)}}), Value: ptr(intType)}),
		}}),
	)
}

func avroTypesRows() [][]any {
	drop := map[int]bool{}
	for i, f := range allTypesFields() {
		switch f.Name {
		case "ts9", "ltz9", "v":
			drop[i] = true
		}
	}
	var out [][]any
	for n, row := range allTypesRows() {
		var r []any
		for i, v := range row {
			if !drop[i] {
				r = append(r, v)
			}
		}
		if n == 1 { // the row of nulls
			r = append(r, nil, nil, nil, []any{int64(0), nil})
		} else {
			r = append(r,
				types.MapValue{Keys: []any{int32(1), int32(-2)}, Values: []any{"one", nil}},
				types.MapValue{Keys: []any{"x", "y"}, Values: []any{int32(2), nil}},
				types.MapValue{Keys: []any{dec("1.5")}, Values: []any{int32(3)}},
				[]any{int64(n), types.MapValue{Keys: []any{[]any{int32(1)}, []any{nil}}, Values: []any{int32(5), nil}}},
			)
		}
		out = append(out, r)
	}
	return out
}

func writeAvro(t testing.TB, fields []types.DataField, rows [][]any, opts WriterOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewAvroWriter(&buf, fields, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	res, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if res.Size != int64(buf.Len()) || res.RowCount != int64(len(rows)) {
		t.Fatalf("result %+v, wrote %d bytes and %d rows", res, buf.Len(), len(rows))
	}
	return buf.Bytes()
}

func readAvro(t testing.TB, data []byte, fields []types.DataField, opts ReadOptions) [][]any {
	t.Helper()
	r, err := OpenAvro(bytes.NewReader(data), int64(len(data)), fields, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var rows [][]any
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return rows
		}
		if err != nil {
			t.Fatal(err)
		}
		if b.FirstPosition != int64(len(rows)) {
			t.Fatalf("batch at position %d after %d rows", b.FirstPosition, len(rows))
		}
		rows = append(rows, b.Rows...)
	}
}

// Every type Java writes to Avro, with nulls at every nesting level, reads
// back identically with every codec, and the header names the codec Java
// would use.
func TestAvroRoundTripAllTypes(t *testing.T) {
	fields := avroTypesFields()
	rows := avroTypesRows()
	for compression, codec := range map[string]string{"": "zstandard", "zstd": "zstandard", "snappy": "snappy", "deflate": "deflate", "null": "null"} {
		t.Run(compression, func(t *testing.T) {
			data := writeAvro(t, fields, rows, WriterOptions{Compression: compression})
			checkRows(t, readAvro(t, data, fields, ReadOptions{}), rows)
			dec, err := ocf.NewDecoder(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if got := string(dec.Metadata()["avro.codec"]); got != codec {
				t.Errorf("codec %q, want %q", got, codec)
			}
			// An independent reader (hamba's generic decoding) agrees with
			// the encoding.
			n := 0
			for dec.HasNext() {
				var row map[string]any
				if err := dec.Decode(&row); err != nil {
					t.Fatalf("hamba decodes row %d: %v", n, err)
				}
				if n == 0 && row["s"] != "héllo wörld" {
					t.Errorf("hamba reads s = %#v", row["s"])
				}
				n++
			}
			if dec.Error() != nil || n != len(rows) {
				t.Fatalf("hamba read %d rows: %v", n, dec.Error())
			}
			// A projection reads some columns in another order and skips the rest.
			proj := []int{len(fields) - 1, 7, 0}
			got := readAvro(t, data, fields, ReadOptions{Projection: proj, BatchSize: 3})
			var want [][]any
			for _, r := range rows {
				want = append(want, []any{r[proj[0]], r[proj[1]], r[proj[2]]})
			}
			checkRows(t, got, want)
		})
	}
}

// The schema text is Java's: nullable unions with default null, Java's
// record names and logical types, arrays of key/value records for maps
// with non-string keys.
func TestAvroSchemaText(t *testing.T) {
	intType := types.New(types.Int)
	got, err := avroSchemaOf([]types.DataField{
		field(0, "id", intType.WithNullable(false)),
		field(1, "ts", types.NewTimestamp(3)),
		field(2, "d", types.NewDecimal(10, 2).WithNullable(false)),
		field(3, "r", types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{field(4, "x", intType)}}),
		field(5, "m", types.DataType{Kind: types.Map, Key: ptr(intType.WithNullable(false)), Value: ptr(intType)}),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"record","name":"record","namespace":"org.apache.paimon.avro.generated","fields":[` +
		`{"name":"id","type":"int"},` +
		`{"name":"ts","type":["null",{"type":"long","logicalType":"timestamp-millis"}],"default":null},` +
		`{"name":"d","type":{"type":"bytes","logicalType":"decimal","precision":10,"scale":2}},` +
		`{"name":"r","type":["null",{"type":"record","name":"record_r","fields":[{"name":"x","type":["null","int"],"default":null}]}],"default":null},` +
		`{"name":"m","type":{"type":"array","items":{"type":"record","name":"record_m","fields":[{"name":"key","type":"int"},{"name":"value","type":["null","int"],"default":null}]},"logicalType":"map"}}]}`
	if got != want {
		t.Fatalf("schema\n got %s\nwant %s", got, want)
	}
	for _, bad := range []types.DataType{types.NewTimestamp(9), {Kind: types.Time, Precision: 6}, {Kind: types.Variant}} {
		if _, err := NewAvroWriter(io.Discard, []types.DataField{field(0, "x", bad)}, WriterOptions{}); err == nil {
			t.Errorf("%s: written to Avro, Java refuses it", bad.SQL())
		}
	}
	for _, c := range []string{"none", "lz4", "gzip"} {
		if err := (avroFormat{}).CheckCompression(c); err == nil || !strings.Contains(err.Error(), "null") {
			t.Errorf("compression %s: %v", c, err)
		}
	}
	// avro.codec overrides file.compression, as in Java's AvroFileFormat.
	if c, err := avroCodec(WriterOptions{Compression: "zstd", TableOptions: map[string]string{"avro.codec": "snappy"}}); err != nil || c != ocf.Snappy {
		t.Errorf("avro.codec=snappy: codec %q, %v", c, err)
	}
}

// Decimals are Java's minimal two's complement bytes.
func TestAvroDecimalBytes(t *testing.T) {
	for _, c := range []struct {
		v    int64
		want []byte
	}{{0, []byte{0}}, {127, []byte{127}}, {128, []byte{0, 128}}, {-1, []byte{255}}, {-128, []byte{128}}, {-129, []byte{255, 127}}} {
		if got := minimalTwosComplement(bigInt(c.v)); !bytes.Equal(got, c.want) {
			t.Errorf("%d: %v, want %v", c.v, got, c.want)
		}
		if got := decimalFromTwos(c.want, 0); got.IntPart() != c.v {
			t.Errorf("%v: read %s, want %d", c.want, got, c.v)
		}
	}
}

// Many rows span blocks; batches run across them, positions stay
// consecutive, and a suspended reader resumes where it stopped.
func TestAvroBlocksAndSuspend(t *testing.T) {
	fields := []types.DataField{field(0, "id", types.New(types.BigInt)), field(1, "s", types.NewString())}
	var rows [][]any
	for i := range 20000 {
		rows = append(rows, []any{int64(i), fmt.Sprintf("row-%d-%s", i, strings.Repeat("x", i%50))})
	}
	data := writeAvro(t, fields, rows, WriterOptions{})
	r, err := OpenAvro(bytes.NewReader(data), int64(len(data)), fields, ReadOptions{BatchSize: 777})
	if err != nil {
		t.Fatal(err)
	}
	var got [][]any
	seenBlocks := map[int64]bool{}
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		seenBlocks[r.blockOff] = true
		got = append(got, b.Rows...)
		r.Suspend()
		if r.left > 0 && r.block.buf != nil {
			t.Fatal("Suspend kept the block")
		}
	}
	if len(seenBlocks) < 3 {
		t.Fatalf("only %d blocks for %d bytes", len(seenBlocks), len(data))
	}
	checkRows(t, got, rows)
}

// Damaged files fail with an error, never a panic or wrong rows.
func TestAvroDamaged(t *testing.T) {
	fields := avroTypesFields()
	data := writeAvro(t, fields, avroTypesRows(), WriterOptions{Compression: "null"})
	for cut := 0; cut < len(data); cut += 7 {
		r, err := OpenAvro(bytes.NewReader(data[:cut]), int64(cut), fields, ReadOptions{})
		if err != nil {
			continue
		}
		n := 0
		for {
			b, err := r.Next(context.Background())
			if err != nil {
				if errors.Is(err, io.EOF) && n == 4 {
					t.Fatalf("a file cut at %d of %d bytes read whole", cut, len(data))
				}
				break
			}
			n += len(b.Rows)
		}
	}
	flipped := bytes.Clone(data)
	flipped[len(flipped)-3] ^= 0xff // inside the sync marker
	r, err := OpenAvro(bytes.NewReader(flipped), int64(len(flipped)), fields, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(context.Background()); err == nil || !strings.Contains(err.Error(), "sync marker") {
		t.Fatalf("damaged sync marker: %v", err)
	}
}

// Statistics are Java's SimpleStatsCollector's: null counts for every
// column, nested ones too, bounds for comparable types including strings
// of any length and booleans, none for binary and nested columns, NaN as
// the largest float.
func TestAvroWriteStats(t *testing.T) {
	fields := []types.DataField{
		field(0, "b", types.New(types.Boolean)),
		field(1, "f", types.New(types.Double)),
		field(2, "s", types.NewString()),
		field(3, "bin", types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true}),
		field(4, "arr", types.DataType{Kind: types.Array, Nullable: true, Element: ptr(types.New(types.Int))}),
		field(5, "ts", types.NewTimestamp(6)),
	}
	long := strings.Repeat("z", 5000)
	t0 := time.Date(2020, 1, 1, 0, 0, 0, 1000, time.UTC)
	rows := [][]any{
		{true, 1.5, "a", []byte{1}, []any{int32(1)}, t0},
		{false, math.NaN(), long, nil, nil, nil},
		{nil, -2.0, nil, []byte{2}, []any{}, t0.Add(time.Hour)},
	}
	modes, err := StatsModes(map[string]string{"metadata.stats-mode": "full"}, []string{"b", "f", "s", "bin", "arr", "ts"}, -1)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, err := NewAvroWriter(&buf, fields, WriterOptions{StatsModes: modes})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	c := w.Stats()
	want := []struct {
		min, max any
		nulls    int64
	}{
		{false, true, 1}, {-2.0, math.NaN(), 0}, {"a", long, 1}, {nil, nil, 1}, {nil, nil, 1}, {t0, t0.Add(time.Hour), 1},
	}
	for j, w := range want {
		r := c.result(j)
		if r.none || r.nullCount == nil || *r.nullCount != w.nulls {
			t.Errorf("column %s: null count %v, want %d", fields[j].Name, r.nullCount, w.nulls)
		}
		if fmt.Sprint(r.min) != fmt.Sprint(w.min) || fmt.Sprint(r.max) != fmt.Sprint(w.max) {
			t.Errorf("column %s: bounds %v..%v, want %v..%v", fields[j].Name, r.min, r.max, w.min, w.max)
		}
	}
}

// A reader holds one block (Java cuts them at about 64 KB) and the batch it
// hands out, whatever the file's size; suspended, it holds almost nothing.
func TestAvroReadHoldsOneBlock(t *testing.T) {
	fields := []types.DataField{field(0, "id", types.New(types.BigInt)), field(1, "s", types.NewString())}
	var rows [][]any
	for i := range 300_000 {
		rows = append(rows, []any{int64(i), fmt.Sprintf("row-%d-%s", i, strings.Repeat("x", i%40))})
	}
	data := writeAvro(t, fields, rows, WriterOptions{Compression: "null"})
	rows = nil //nolint:ineffassign // the rows are garbage before the heap is measured
	heap := func() int64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	before := heap()
	r, err := OpenAvro(bytes.NewReader(data), int64(len(data)), fields, ReadOptions{BatchSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	for range 50 { // into the file, past its first blocks
		if _, err := r.Next(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	reading := heap() - before
	r.Suspend()
	suspended := heap() - before
	t.Logf("file %d KB; reader holds %d KB, suspended %d KB", len(data)>>10, reading>>10, suspended>>10)
	if reading > 512<<10 || suspended > 64<<10 {
		t.Errorf("reader of a %d KB file holds %d KB (suspended %d KB)", len(data)>>10, reading>>10, suspended>>10)
	}
	runtime.KeepAlive(r)
}
