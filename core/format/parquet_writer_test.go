package format

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
	"github.com/shopspring/decimal"
)

func field(id int, name string, t types.DataType) types.DataField {
	return types.DataField{ID: id, Name: name, Type: t}
}

// readBytes reads a whole file from memory with our reader.
func readBytes(t *testing.T, data []byte, fields []types.DataField, batch int) [][]any {
	t.Helper()
	r, err := OpenParquet(bytes.NewReader(data), int64(len(data)), fields, ReadOptions{BatchSize: batch})
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
		rows = append(rows, b.Rows...)
	}
}

func allTypesFields() []types.DataField {
	notNull := func(t types.DataType) types.DataType { return t.WithNullable(false) }
	ltz := func(p int) types.DataType {
		return types.DataType{Kind: types.TimestampLTZ, Precision: p, Nullable: true}
	}
	return []types.DataField{
		field(0, "b", types.New(types.Boolean)),
		field(1, "i8", types.New(types.TinyInt)),
		field(2, "i16", types.New(types.SmallInt)),
		field(3, "i32", notNull(types.New(types.Int))),
		field(4, "i64", types.New(types.BigInt)),
		field(5, "f32", types.New(types.Float)),
		field(6, "f64", types.New(types.Double)),
		field(7, "s", types.NewString()),
		field(8, "c", types.DataType{Kind: types.Char, Length: 3, Nullable: true}),
		field(9, "bin", types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true}),
		field(10, "d9", types.NewDecimal(9, 2)),
		field(11, "d18", types.NewDecimal(18, 4)),
		field(12, "d38", types.NewDecimal(38, 10)),
		field(13, "date", types.New(types.Date)),
		field(14, "time", types.DataType{Kind: types.Time, Nullable: true}),
		field(15, "ts0", types.NewTimestamp(0)),
		field(16, "ts3", types.NewTimestamp(3)),
		field(17, "ts6", types.NewTimestamp(6)),
		field(18, "ts9", types.NewTimestamp(9)),
		field(19, "ltz3", ltz(3)),
		field(20, "ltz6", ltz(6)),
		field(21, "ltz9", ltz(9)),
		field(22, "arr", types.DataType{Kind: types.Array, Nullable: true, Element: ptr(types.New(types.Int))}),
		field(23, "m", types.DataType{Kind: types.Map, Nullable: true, Key: ptr(types.NewString()), Value: ptr(types.New(types.BigInt))}),
		field(24, "r", types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
			field(25, "x", types.New(types.Int)),
			field(26, "y", types.DataType{Kind: types.Array, Nullable: true, Element: ptr(types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
				field(27, "z", types.NewString()),
			}})}),
		}}),
		field(28, "aa", types.DataType{Kind: types.Array, Nullable: true, Element: ptr(types.DataType{Kind: types.Array, Nullable: true, Element: ptr(types.New(types.Double))})}),
		field(29, "v", types.DataType{Kind: types.Variant, Nullable: true}),
	}
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func allTypesRows() [][]any {
	t1 := time.Date(2024, 2, 29, 13, 14, 15, 0, time.UTC)
	pre := time.Date(1969, 12, 31, 23, 59, 59, 999_999_999, time.UTC)
	full := func(i int32) []any {
		return []any{
			true, int8(-128), int16(32767), i, int64(-1 << 62), float32(1.5), -2.25, "héllo wörld", "ab ", []byte{0, 1, 255},
			dec("-1234567.89"), dec("12345678901234.5678"), dec("-1234567890123456789012345678.0123456789"),
			int32(-719162), int32(86399999),
			t1, t1.Add(123 * time.Millisecond), t1.Add(123456 * time.Microsecond), pre,
			t1.Add(7 * time.Millisecond), pre.Truncate(time.Microsecond), t1.Add(1),
			[]any{int32(1), nil, int32(3)},
			types.MapValue{Keys: []any{"k1", "k2"}, Values: []any{int64(1), nil}},
			[]any{int32(7), []any{[]any{"z1"}, nil, []any{nil}}},
			[]any{[]any{1.0, nil}, nil, []any{}},
			types.VariantValue{Value: []byte{1, 2}, Metadata: []byte{3}},
		}
	}
	nulls := make([]any, len(allTypesFields()))
	nulls[3] = int32(0)
	empties := full(2)
	empties[22] = []any{}
	empties[23] = types.MapValue{Keys: []any{}, Values: []any{}}
	empties[24] = []any{nil, nil}
	empties[25] = []any{}
	return [][]any{full(1), nulls, empties, full(3)}
}

// Every type, with nulls at every nesting level, reads back identically.
func TestWriterRoundTripAllTypes(t *testing.T) {
	fields := allTypesFields()
	rows := allTypesRows()
	for _, opts := range []WriterOptions{{}, {DisableDictionary: true, Compression: "snappy"}, {Compression: "gzip"}, {Compression: "none"}} {
		data := writeFile(t, fields, rows, opts)
		checkRows(t, readBytes(t, data, fields, 0), rows)
	}
}

// A primary-key file: _KEY_ columns, _SEQUENCE_NUMBER, _VALUE_KIND, then
// the table fields, read back through the key-value layout of a fixture.
func TestWriterRoundTripKeyValueLayout(t *testing.T) {
	dir := tableDir(t, "pk_table_with_dv_cardinality")
	fields := keyValueFields(t, dir, 0)
	row := func(name string, seq int64, kind int8, f2 int32, f3 any) []any {
		return []any{name, f2, seq, kind, name, int32(10), f2, f3}
	}
	rows := [][]any{row("Alice", 0, 0, 1, 12.5), row("Bob", 1, 2, 1, nil), row("Tony", 2, 3, 0, 14.1)}
	data := writeFile(t, fields, rows, WriterOptions{})
	checkRows(t, readBytes(t, data, fields, 2), rows)
}

// Many rows spread over several row groups and pages still read back.
func TestWriterRowGroupsAndPages(t *testing.T) {
	fields := []types.DataField{field(0, "id", types.New(types.BigInt).WithNullable(false)), field(1, "s", types.NewString())}
	var rows [][]any
	for i := range 20000 {
		var s any
		if i%7 != 0 {
			s = string(rune('a'+i%26)) + "-value"
		}
		rows = append(rows, []any{int64(i), s})
	}
	data := writeFile(t, fields, rows, WriterOptions{RowGroupSize: 64 << 10, PageSize: 4 << 10})
	if n := len(footer(t, data).RowGroups); n < 2 {
		t.Fatalf("want several row groups, got %d", n)
	}
	checkRows(t, readBytes(t, data, fields, 1000), rows)
}

// Pages end at parquet-mr's 20,000 rows even when their encoded values are
// small (dictionary indices), and a growing dictionary falls back to plain
// near its 1 MiB page size: a reader holds one page and its dictionary.
func TestWriterLimitsPageRowsAndDictionary(t *testing.T) {
	fields := []types.DataField{field(0, "id", types.New(types.BigInt).WithNullable(false)), field(1, "s", types.NewString())}
	const n = 200_000
	rows := make([][]any, n)
	for i := range rows {
		rows[i] = []any{int64(i), fmt.Sprintf("%0100d", i)} // distinct 100-byte strings
	}
	data := writeFile(t, fields, rows, WriterOptions{})
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for ci, cc := range f.RowGroups()[0].ColumnChunks() {
		pages := cc.Pages()
		for {
			p, err := pages.ReadPage()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.NumRows() > pageRowLimit+writeChunkRows {
				t.Errorf("column %d: a page of %d rows, want at most ~%d", ci, p.NumRows(), pageRowLimit)
			}
			if d := p.Dictionary(); d != nil && d.Size() > 2*defaultDictionaryPageSize {
				t.Errorf("column %d: a dictionary of %d bytes, want about %d at most", ci, d.Size(), defaultDictionaryPageSize)
			}
			parquet.Release(p)
		}
		_ = pages.Close()
	}
	checkRows(t, readBytes(t, data, fields, 1000), rows)
}

func TestWriterRejectsBadValues(t *testing.T) {
	fields := []types.DataField{field(0, "i", types.New(types.Int).WithNullable(false)), field(1, "d", types.NewDecimal(3, 1))}
	for _, row := range [][]any{{nil, nil}, {int64(1), nil}, {int32(1), dec("123.4")}, {int32(1)}} {
		w, err := NewParquetWriter(io.Discard, fields, WriterOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write([][]any{row}); err == nil {
			t.Errorf("row %v: want an error", row)
		}
	}
	if _, err := NewParquetWriter(io.Discard, fields, WriterOptions{Compression: "brotli9"}); err == nil {
		t.Error("unknown compression: want an error")
	}
}

// Footer statistics that Java may prune with: DECIMAL(38) bounds use the
// signed order, and INT96 columns carry no min/max (as parquet-mr writes).
func TestWriterFooterBounds(t *testing.T) {
	fields := []types.DataField{field(0, "d", types.NewDecimal(38, 0)), field(1, "ts", types.NewTimestamp(9))}
	rows := [][]any{{dec("5"), time.Unix(1, 0).UTC()}, {dec("-7"), nil}, {nil, time.Unix(2, 0).UTC()}}
	md := footer(t, writeFile(t, fields, rows, WriterOptions{}))
	st := md.RowGroups[0].Columns[0].MetaData.Statistics
	if got, want := st.MinValue, twosComplement(bigInt(-7), 16); !bytes.Equal(got, want) {
		t.Errorf("decimal min %x, want %x", got, want)
	}
	if got, want := st.MaxValue, twosComplement(bigInt(5), 16); !bytes.Equal(got, want) {
		t.Errorf("decimal max %x, want %x", got, want)
	}
	ts := md.RowGroups[0].Columns[1].MetaData.Statistics
	if ts.MinValue != nil || ts.MaxValue != nil || ts.NullCount != 1 {
		t.Errorf("INT96 statistics %+v, want only a null count of 1", ts)
	}
}

func bigInt(x int64) *big.Int { return big.NewInt(x) }

// Dictionaries above and below maxCachedDictEntries read back the same
// values, entries used many times included: an INT column of 150,000
// distinct values (converted at each use) and STRING columns of 100,000
// and of 3 (converted once, then shared; used several times per window).
func TestLargeDictionariesReadBack(t *testing.T) {
	fields := []types.DataField{field(0, "i", types.New(types.Int)), field(1, "s", types.NewString()), field(2, "few", types.NewString())}
	const n = 300_000
	rows := make([][]any, n)
	for r := range rows {
		k := (r * 7919) % 150_000
		rows[r] = []any{int32(k), "s" + strconv.Itoa(k%100_000), []string{"x", "yy", "zzz"}[r%3]}
		if r%11 == 5 {
			rows[r][r%2] = nil
		}
	}
	data := writeFile(t, fields, rows, WriterOptions{})
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for ci, want := range []func(int) bool{func(k int) bool { return k > maxCachedDictEntries }, func(k int) bool { return k <= maxCachedDictEntries }} {
		pages := f.RowGroups()[0].ColumnChunks()[ci].Pages()
		p, err := pages.ReadPage()
		if err != nil {
			t.Fatal(err)
		}
		if d := p.Dictionary(); d == nil || !want(d.Len()) {
			t.Fatalf("column %d: not the dictionary the test needs", ci)
		}
		parquet.Release(p)
		_ = pages.Close()
	}
	checkRows(t, readBytes(t, data, fields, 1000), rows)
}
