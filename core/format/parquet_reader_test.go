package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
)

func openBytes(t *testing.T, data []byte, fields []types.DataField, opts ReadOptions) *ParquetReader {
	t.Helper()
	r, err := OpenParquet(bytes.NewReader(data), int64(len(data)), fields, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Many row groups and pages, batches smaller than pages and row groups, nulls
// from the definition levels, positions across row groups.
func TestReadFlatAcrossRowGroups(t *testing.T) {
	const n, group = 25_000, 7_000
	data := writeFlat(t, n, group, 4<<10)
	r := openBytes(t, data, flatFields, ReadOptions{Projection: []int{2, 0, 1}, BatchSize: 1000})
	defer r.Close()
	pos := int64(0)
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if b.FirstPosition != pos {
			t.Fatalf("batch at %d, want %d", b.FirstPosition, pos)
		}
		if end := b.FirstPosition + int64(len(b.Rows)); (b.FirstPosition / group) != ((end - 1) / group) {
			t.Fatalf("batch [%d,%d) spans row groups", b.FirstPosition, end)
		}
		for i, row := range b.Rows {
			v := flatValue(int(pos) + i)
			if !equalValues(row, []any{v[2], v[0], v[1]}) {
				t.Fatalf("row %d: got %#v want %#v", int(pos)+i, row, v)
			}
		}
		pos += int64(len(b.Rows))
	}
	if pos != n {
		t.Fatalf("read %d rows, want %d", pos, n)
	}
}

// Skipped row groups are never decoded but still count for positions; the
// predicate sees Paimon-typed min/max/null counts keyed by field index.
func TestSkipRowGroups(t *testing.T) {
	const n, group = 20_000, 5_000
	data := writeFlat(t, n, group, 64<<10)
	var seen []map[int]ColumnStats
	r := openBytes(t, data, flatFields, ReadOptions{
		Projection: []int{1},
		SkipRowGroup: func(st map[int]ColumnStats) bool {
			if len(st) == 1 {
				return false // a page of one column: tested in TestSkipPages
			}
			seen = append(seen, st)
			a := st[0]
			return a.Max == nil || a.Max.(int32) < 12_000 // keep groups that may hold a >= 12000
		},
	})
	defer r.Close()
	var positions []int64
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range b.Rows {
			p := b.FirstPosition + int64(i)
			positions = append(positions, p)
			if !equalValues(row[0], flatValue(int(p))[1]) {
				t.Fatalf("row %d: %#v", p, row)
			}
		}
	}
	if len(positions) != 2*group || positions[0] != 2*group || positions[len(positions)-1] != n-1 {
		t.Fatalf("read positions %d..%d (%d rows)", positions[0], positions[len(positions)-1], len(positions))
	}
	if len(seen) != 4 {
		t.Fatalf("predicate called %d times", len(seen))
	}
	// Group 1 holds rows 5000..9999; multiples of 7 are NULL.
	a, c := seen[1][0], seen[1][2]
	if a.Min != int32(5000) || a.Max != int32(9999) || a.NullCount != 714 || a.RowCount != group {
		t.Errorf("stats of a: %+v", a)
	}
	if c.Min != "s0" || c.Max != "s999" {
		t.Errorf("stats of c: %+v", c)
	}
}

// Nested values with NULL or empty at every level, standard 3-level lists,
// a legacy 2-level list and a bare repeated column, written level by level.
func TestReadNestedNulls(t *testing.T) {
	schema := parquet.NewSchema("paimon_schema", parquet.Group{
		"k": parquet.Optional(parquet.Group{"element": parquet.Repeated(parquet.Int(32))}),
		"l": parquet.Optional(parquet.List(parquet.Optional(parquet.Int(32)))),
		"m": parquet.Optional(parquet.Map(parquet.String(), parquet.Optional(parquet.Int(32)))),
		"n": parquet.Repeated(parquet.String()),
		"r": parquet.Optional(parquet.Group{
			"x": parquet.Optional(parquet.Int(32)),
			"y": parquet.Optional(parquet.List(parquet.Required(parquet.Int(64)))),
		}),
	})
	// Leaf columns: 0 k.element, 1 l.element, 2 m.key, 3 m.value, 4 n, 5 r.x, 6 r.y.element.
	null := func(rep, def, col int) parquet.Value { return parquet.NullValue().Level(rep, def, col) }
	i32 := func(v int32, rep, def, col int) parquet.Value { return parquet.Int32Value(v).Level(rep, def, col) }
	str := func(s string, rep, def, col int) parquet.Value {
		return parquet.ByteArrayValue([]byte(s)).Level(rep, def, col)
	}
	rows := []parquet.Row{
		{null(0, 0, 0), null(0, 0, 1), null(0, 0, 2), null(0, 0, 3), null(0, 0, 4), null(0, 0, 5), null(0, 0, 6)},
		{null(0, 1, 0), null(0, 1, 1), null(0, 1, 2), null(0, 1, 3), str("x", 0, 1, 4), null(0, 1, 5), null(0, 1, 6)},
		{i32(4, 0, 2, 0), i32(5, 1, 2, 0),
			i32(1, 0, 3, 1), null(1, 2, 1), i32(3, 1, 3, 1),
			str("a", 0, 2, 2), str("b", 1, 2, 2), i32(1, 0, 3, 3), null(1, 2, 3),
			str("y", 0, 1, 4), str("z", 1, 1, 4),
			i32(5, 0, 2, 5), null(0, 2, 6)},
		{i32(6, 0, 2, 0), null(0, 2, 1), str("c", 0, 2, 2), i32(7, 0, 3, 3), null(0, 0, 4), null(0, 1, 5),
			parquet.Int64Value(10).Level(0, 3, 6), parquet.Int64Value(20).Level(1, 3, 6)},
	}
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	if _, err := w.WriteRows(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	intArray := types.DataType{Kind: types.Array, Nullable: true, Element: ptr(types.New(types.Int))}
	fields := []types.DataField{
		{ID: 1, Name: "k", Type: intArray},
		{ID: 2, Name: "l", Type: intArray},
		{ID: 3, Name: "m", Type: types.DataType{Kind: types.Map, Nullable: true,
			Key: ptr(types.NewString().WithNullable(false)), Value: ptr(types.New(types.Int))}},
		{ID: 4, Name: "n", Type: types.DataType{Kind: types.Array, Element: ptr(types.NewString().WithNullable(false))}},
		{ID: 5, Name: "r", Type: types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
			{ID: 6, Name: "x", Type: types.New(types.Int)},
			{ID: 7, Name: "y", Type: types.DataType{Kind: types.Array, Nullable: true,
				Element: ptr(types.New(types.BigInt).WithNullable(false))}},
			{ID: 8, Name: "z", Type: types.New(types.Int)},
		}}},
	}
	r := openBytes(t, buf.Bytes(), fields, ReadOptions{})
	defer r.Close()
	b, err := r.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m := func(k []any, v []any) types.MapValue { return types.MapValue{Keys: k, Values: v} }
	checkRows(t, b.Rows, [][]any{
		{nil, nil, nil, []any{}, nil},
		{[]any{}, []any{}, m([]any{}, []any{}), []any{"x"}, []any{nil, nil, nil}},
		{[]any{int32(4), int32(5)}, []any{int32(1), nil, int32(3)}, m([]any{"a", "b"}, []any{int32(1), nil}),
			[]any{"y", "z"}, []any{int32(5), []any{}, nil}},
		{[]any{int32(6)}, []any{nil}, m([]any{"c"}, []any{int32(7)}), []any{}, []any{nil, []any{int64(10), int64(20)}, nil}},
	})
}

func ptr[T any](v T) *T { return &v }
