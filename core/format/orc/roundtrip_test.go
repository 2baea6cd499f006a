package orc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func ptr(t types.DataType) *types.DataType { return &t }

func atomic(k types.Kind) types.DataType { return types.DataType{Kind: k, Nullable: true} }

// allTypes covers every Paimon type Java's ORC format writes, nested ones
// included.
func allTypes() []types.DataField {
	rowType := types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
		{ID: 20, Name: "x", Type: atomic(types.Int)},
		{ID: 21, Name: "s", Type: types.DataType{Kind: types.VarChar, Nullable: true, Length: types.MaxLength}},
	}}
	return []types.DataField{
		{ID: 0, Name: "b", Type: atomic(types.Boolean)},
		{ID: 1, Name: "ti", Type: atomic(types.TinyInt)},
		{ID: 2, Name: "si", Type: atomic(types.SmallInt)},
		{ID: 3, Name: "i", Type: atomic(types.Int)},
		{ID: 4, Name: "bi", Type: atomic(types.BigInt)},
		{ID: 5, Name: "f", Type: atomic(types.Float)},
		{ID: 6, Name: "d", Type: atomic(types.Double)},
		{ID: 7, Name: "s", Type: types.DataType{Kind: types.VarChar, Nullable: true, Length: types.MaxLength}},
		{ID: 8, Name: "vc", Type: types.DataType{Kind: types.VarChar, Nullable: true, Length: 20}},
		{ID: 9, Name: "c", Type: types.DataType{Kind: types.Char, Nullable: true, Length: 5}},
		{ID: 10, Name: "bin", Type: types.DataType{Kind: types.VarBinary, Nullable: true, Length: types.MaxLength}},
		{ID: 11, Name: "dec", Type: types.DataType{Kind: types.Decimal, Nullable: true, Precision: 10, Scale: 2}},
		{ID: 12, Name: "bigdec", Type: types.DataType{Kind: types.Decimal, Nullable: true, Precision: 38, Scale: 6}},
		{ID: 13, Name: "dt", Type: atomic(types.Date)},
		{ID: 14, Name: "tm", Type: types.DataType{Kind: types.Time, Nullable: true}},
		{ID: 15, Name: "ts3", Type: types.DataType{Kind: types.Timestamp, Nullable: true, Precision: 3}},
		{ID: 16, Name: "ts9", Type: types.DataType{Kind: types.Timestamp, Nullable: true, Precision: 9}},
		{ID: 17, Name: "ltz", Type: types.DataType{Kind: types.TimestampLTZ, Nullable: true, Precision: 6}},
		{ID: 18, Name: "arr", Type: types.DataType{Kind: types.Array, Nullable: true, Element: ptr(atomic(types.Int))}},
		{ID: 19, Name: "m", Type: types.DataType{Kind: types.Map, Nullable: true,
			Key: ptr(types.DataType{Kind: types.VarChar, Length: types.MaxLength}), Value: ptr(atomic(types.Double))}},
		{ID: 22, Name: "r", Type: rowType},
		{ID: 23, Name: "arr_rows", Type: types.DataType{Kind: types.Array, Nullable: true, Element: ptr(rowType)}},
	}
}

// rowOf is row i of the test data; every 7th field value cycles through
// NULL, and values exercise runs, extremes, dictionary and direct strings.
func rowOf(i int) []any {
	ts := time.Date(1969+i%60, time.Month(1+i%12), 1+i%28, i%24, i%60, i%60, 0, time.UTC)
	bigUnscaled, _ := new(big.Int).SetString(fmt.Sprintf("%d123456789012345678901234567", i%9), 10)
	if i%2 == 1 {
		bigUnscaled.Neg(bigUnscaled)
	}
	row := []any{
		i%3 == 0,
		int8(i % 256),
		int16(i*7 - 3000),
		int32(i * 1000003),
		int64(i) * math.MaxInt64 / 5000,
		float32(i) / 3,
		float64(i) * -1.5e100,
		fmt.Sprintf("str-%d", i%50),
		fmt.Sprintf("v%d", i),
		fmt.Sprintf("c%d", i%3),
		[]byte(fmt.Sprintf("bin\x00%d", i)),
		decimal.New(int64(i*37-1000), -2),
		decimal.NewFromBigInt(bigUnscaled, -6),
		int32(i - 10000),
		int32(i * 1000 % 86400000),
		ts.Add(time.Duration(i%1000) * time.Millisecond),
		ts.Add(time.Duration(i*7919%1_000_000_000) * time.Nanosecond),
		ts.Add(time.Duration(i%1000) * time.Microsecond),
		[]any{int32(i), nil, int32(-i)}[:i%4%3],
		types.MapValue{Keys: []any{"a", fmt.Sprint(i)}, Values: []any{float64(i), nil}},
		[]any{int32(i), fmt.Sprint("row", i)},
		[]any{[]any{int32(i), nil}, nil},
	}
	if i == 0 {
		row[18] = []any{}
		row[21] = []any{}
	}
	row[i%len(row)] = nil
	if i%11 == 0 {
		row[20] = []any{nil, nil}
	}
	return row
}

func roundTrip(t *testing.T, fields []types.DataField, rows [][]any, opts WriterOptions, ropts ReadOptions) [][]any {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, fields, opts)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(rows); i += 100 {
		if err := w.Write(rows[i:min(i+100, len(rows))]); err != nil {
			t.Fatal(err)
		}
	}
	size, n, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if size != int64(buf.Len()) || n != int64(len(rows)) {
		t.Fatalf("Close says %d bytes, %d rows; wrote %d bytes, %d rows", size, n, buf.Len(), len(rows))
	}
	r, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()), fields, ropts)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got [][]any
	next := int64(0)
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if ropts.SkipStripe == nil && b.FirstPosition != next {
			t.Fatalf("batch at %d, want %d", b.FirstPosition, next)
		}
		next = b.FirstPosition + int64(len(b.Rows))
		got = append(got, b.Rows...)
	}
	return got
}

// normalize makes decoded values comparable with written ones: CHAR
// padding is trimmed on reading, decimals compare by value.
func equalValue(a, b any) bool {
	switch x := a.(type) {
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		return ok && x.Equal(y)
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y) && y.Location() == time.UTC
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalValue(x[i], y[i]) {
				return false
			}
		}
		return true
	case types.MapValue:
		y, ok := b.(types.MapValue)
		return ok && equalValue(x.Keys, y.Keys) && equalValue(x.Values, y.Values)
	case float32:
		y, ok := b.(float32)
		return ok && (x == y || x != x && y != y)
	}
	return reflect.DeepEqual(a, b)
}

func TestRoundTripAllTypesEveryCompression(t *testing.T) {
	fields := allTypes()
	rows := make([][]any, 3000)
	for i := range rows {
		rows[i] = rowOf(i)
	}
	for _, c := range []string{"none", "zlib", "snappy", "lz4", "zstd"} {
		for _, dict := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/dictionary=%v", c, dict), func(t *testing.T) {
				// Small stripes and chunks: many stripes, many chunks.
				got := roundTrip(t, fields, rows, WriterOptions{Compression: c, StripeSize: 100 << 10, BlockSize: 4 << 10, NoDictionary: !dict}, ReadOptions{BatchSize: 333})
				if len(got) != len(rows) {
					t.Fatalf("%d rows read, %d written", len(got), len(rows))
				}
				for i := range rows {
					for j := range fields {
						if !equalValue(rows[i][j], got[i][j]) {
							t.Fatalf("row %d field %s: got %#v, want %#v", i, fields[j].Name, got[i][j], rows[i][j])
						}
					}
				}
			})
		}
	}
}

func TestProjectionMissingFieldsAndNames(t *testing.T) {
	fields := allTypes()
	rows := [][]any{rowOf(1), rowOf(2)}
	// Read with another schema: field ids decide, names do not; a field
	// the file lacks reads as NULL; a nested field the file lacks too.
	readFields := []types.DataField{
		{ID: 3, Name: "renamed", Type: atomic(types.Int)},
		{ID: 99, Name: "new", Type: atomic(types.Int)},
		{ID: 22, Name: "r", Type: types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
			{ID: 21, Name: "s", Type: types.DataType{Kind: types.VarChar, Nullable: true, Length: types.MaxLength}},
			{ID: 30, Name: "added", Type: atomic(types.Int)},
		}}},
	}
	var buf bytes.Buffer
	w, err := NewWriter(&buf, fields, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()), readFields, ReadOptions{Projection: []int{2, 0, 1}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := [][]any{{[]any{"row1", nil}, int32(1000003), nil}, {[]any{"row2", nil}, int32(2000006), nil}}
	if !equalValue(toAny(b.Rows), toAny(want)) {
		t.Fatalf("got %v, want %v", b.Rows, want)
	}
	// A type the column cannot be read as is refused.
	bad := []types.DataField{{ID: 3, Name: "i", Type: types.NewString()}}
	if _, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()), bad, ReadOptions{}); err == nil || !strings.Contains(err.Error(), "cannot be read as") {
		t.Fatalf("reading INT as STRING: %v", err)
	}
}

func toAny(rows [][]any) []any {
	out := make([]any, len(rows))
	for i, r := range rows {
		out[i] = r
	}
	return out
}

func TestStripeStatisticsSkip(t *testing.T) {
	fields := []types.DataField{
		{ID: 0, Name: "id", Type: atomic(types.BigInt)},
		{ID: 1, Name: "name", Type: types.NewString()},
		{ID: 2, Name: "ts", Type: types.DataType{Kind: types.Timestamp, Nullable: true, Precision: 9}},
	}
	rows := make([][]any, 20000)
	base := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range rows {
		rows[i] = []any{int64(i), fmt.Sprintf("n%05d", i), base.Add(time.Duration(i) * time.Nanosecond)}
		if i == 5 {
			rows[i][1] = nil
		}
	}
	var seen []map[int]ColumnStats
	got := roundTrip(t, fields, rows, WriterOptions{StripeSize: 64 << 10}, ReadOptions{SkipStripe: func(st map[int]ColumnStats) bool {
		seen = append(seen, st)
		return st[0].Max.(int64) < 15000
	}})
	if len(seen) < 3 {
		t.Fatalf("only %d stripes", len(seen))
	}
	var rowsSeen int64
	for k, st := range seen {
		lo, hi := st[0].Min.(int64), st[0].Max.(int64)
		if lo != rowsSeen || hi != rowsSeen+st[0].RowCount-1 {
			t.Fatalf("stripe %d: id bounds [%d, %d] for rows from %d", k, lo, hi, rowsSeen)
		}
		if st[1].Min.(string) != fmt.Sprintf("n%05d", lo) && !(lo <= 5 && 5 <= hi) {
			t.Fatalf("stripe %d: name min %v", k, st[1].Min)
		}
		wantNulls := int64(0)
		if lo <= 5 && 5 <= hi {
			wantNulls = 1
		}
		if st[1].NullCount != wantNulls {
			t.Fatalf("stripe %d: %d nulls, want %d", k, st[1].NullCount, wantNulls)
		}
		if !st[2].Min.(time.Time).Equal(base.Add(time.Duration(lo))) || !st[2].Max.(time.Time).Equal(base.Add(time.Duration(hi))) {
			t.Fatalf("stripe %d: ts bounds %v %v", k, st[2].Min, st[2].Max)
		}
		rowsSeen += st[0].RowCount
	}
	if len(got) == 0 || len(got) >= len(rows) || got[len(got)-1][0].(int64) != 19999 {
		t.Fatalf("read %d rows after skipping", len(got))
	}
	for _, r := range got {
		if r[0].(int64) < 15000-int64(len(got)) {
			t.Fatalf("row %v of a skipped stripe", r[0])
		}
	}
}
