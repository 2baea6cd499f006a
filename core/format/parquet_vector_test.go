package format

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
	"github.com/shopspring/decimal"
)

// vectorRows reads a file through NextVectors and boxes the vectors back
// into rows (with their positions) for comparison with Next.
func vectorRows(t *testing.T, data []byte, fields []types.DataField, opts ReadOptions) ([][]any, []int64) {
	t.Helper()
	r := openBytes(t, data, fields, opts)
	defer r.Close()
	if !r.Vectorizable() {
		t.Fatal("not vectorizable")
	}
	var rows [][]any
	var pos []int64
	var b VectorBatch // reused: values must be boxed before the next batch
	for {
		err := r.NextVectors(context.Background(), &b)
		if errors.Is(err, io.EOF) {
			return rows, pos
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := range b.Len {
			row := make([]any, len(b.Cols))
			for j := range b.Cols {
				f := j
				if opts.Projection != nil {
					f = opts.Projection[j]
				}
				row[j] = b.Cols[j].Value(i, fields[f].Type)
			}
			rows = append(rows, row)
			pos = append(pos, b.FirstPosition+int64(i))
		}
	}
}

// Catches: vectors that disagree with the rows Next makes of the same
// file: plain and dictionary pages (and a dictionary's fallback to plain),
// NULLs spread among values, pages and row groups cut inside batches,
// columns missing from the file, and ranges of rows read by several
// readers of one file.
func TestVectorsEqualRows(t *testing.T) {
	const n = 30_000
	fields := []types.DataField{
		field(0, "i8", types.New(types.TinyInt)),
		field(1, "i32", types.New(types.Int)),
		field(2, "i64", types.New(types.BigInt)),
		field(3, "f64", types.New(types.Double)),
		field(4, "s", types.NewString()),
		field(5, "c", types.DataType{Kind: types.Char, Length: 4, Nullable: true}),
		field(6, "u", types.NewString()), // distinct: its dictionary falls back to plain pages
		field(7, "d9", types.NewDecimal(9, 2)),
		field(8, "d18", types.NewDecimal(18, 4)),
		field(9, "b", types.New(types.Boolean)),
		field(10, "f32", types.New(types.Float)),
		field(11, "time", types.New(types.Time)),
		field(12, "ts3", types.NewTimestamp(3)),
		field(13, "ts6", types.NewTimestamp(6)),
		field(14, "ltz0", types.DataType{Kind: types.TimestampLTZ, Precision: 0, Nullable: true}),
	}
	rows := make([][]any, n)
	for i := range rows {
		rows[i] = []any{int8(i % 100), int32(i * 3), int64(i) << 20, float64(i) / 8, fmt.Sprintf("s%d", i%300), fmt.Sprintf("%04d", i%9000), fmt.Sprintf("%060d", i),
			decimal.New(int64(i%5000)*7-1000, -2), decimal.New(int64(i)*1_000_003-7, -4),
			i%3 == 0, float32(i%1000) / 7, int32(i * 2_777 % 86_400_000),
			time.UnixMilli(int64(i)*86_400_123 - 5e11).UTC(), time.UnixMicro(int64(i)*86_400_000_123 - 5e14).UTC(), time.Unix(int64(i%400)*3600*24*7, 0).UTC()}
		for j := range rows[i] {
			if (i+j)%11 == 0 {
				rows[i][j] = nil
			}
		}
	}
	missing := append(fields[:len(fields):len(fields)], field(19, "gone", types.New(types.BigInt))) // at 15
	files := map[string][]byte{
		"dictionary": writeFile(t, fields, rows, WriterOptions{PageSize: 4 << 10, RowGroupSize: 64 << 10}),
		"plain":      writeFile(t, fields, rows, WriterOptions{DisableDictionary: true, PageSize: 4 << 10}),
		"fallback":   writeFile(t, fields, rows, WriterOptions{PageSize: 64 << 10}),
	}
	if dict, plain := pageKinds(t, files["fallback"], 6); dict == 0 || plain == 0 {
		t.Fatalf("column u has %d dictionary and %d plain pages, want both", dict, plain)
	}
	for name, data := range files {
		for _, opts := range []ReadOptions{
			{BatchSize: 1000},
			{BatchSize: 4096, Projection: []int{4, 2, 15, 6, 8, 9, 12}},
			{BatchSize: 777, FirstRow: 12_345, EndRow: 23_456},
			{BatchSize: 5000, FirstRow: 29_000, EndRow: 40_000},
		} {
			want := readBytesWith(t, data, missing, opts)
			got, pos := vectorRows(t, data, missing, opts)
			if len(got) != len(want) {
				t.Fatalf("%s %+v: %d rows, want %d", name, opts, len(got), len(want))
			}
			for i := range got {
				wantPos := opts.FirstRow + int64(i)
				if pos[i] != wantPos || !equalValues(got[i], want[i]) {
					t.Fatalf("%s %+v: row %d at %d: got %#v want %#v (at %d)", name, opts, i, pos[i], got[i], want[i], wantPos)
				}
			}
		}
	}
}

// pageKinds counts the dictionary-encoded and plain data pages of a column.
func pageKinds(t *testing.T, data []byte, col int) (dict, plain int) {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range f.RowGroups() {
		pages := g.ColumnChunks()[col].Pages()
		for {
			p, err := pages.ReadPage()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Dictionary() != nil {
				dict++
			} else {
				plain++
			}
		}
		pages.Close()
	}
	return dict, plain
}

func readBytesWith(t *testing.T, data []byte, fields []types.DataField, opts ReadOptions) [][]any {
	t.Helper()
	r := openBytes(t, data, fields, opts)
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

// Catches: a read that is not vectorizable (nested, or a type without a
// vector kind) taken for one.
func TestVectorizable(t *testing.T) {
	fields := allTypesFields()
	data := writeFile(t, fields, allTypesRows(), WriterOptions{})
	for _, c := range []struct {
		proj []int
		want bool
	}{
		{[]int{1, 2, 3, 4, 6, 7, 8, 10, 11}, true},
		{[]int{0, 5, 13, 14, 15, 16, 17, 19, 20}, true}, // BOOLEAN, FLOAT, DATE, TIME, TIMESTAMPs of up to 6 digits
		{[]int{9}, false}, {[]int{12}, false}, {[]int{18}, false}, {[]int{21}, false}, {[]int{22}, false}, {[]int{24}, false},
	} {
		r := openBytes(t, data, fields, ReadOptions{Projection: c.proj})
		if got := r.Vectorizable(); got != c.want {
			t.Errorf("projection %v: vectorizable %v, want %v", c.proj, got, c.want)
		}
		r.Close()
	}
}
