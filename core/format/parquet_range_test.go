package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strconv"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// readRange reads the rows at file positions first .. end-1 and checks
// each batch's FirstPosition.
func readRange(t *testing.T, data []byte, fields []types.DataField, opts ReadOptions) [][]any {
	t.Helper()
	r, err := OpenParquet(bytes.NewReader(data), int64(len(data)), fields, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var rows [][]any
	next := opts.FirstRow
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return rows
		}
		if err != nil {
			t.Fatal(err)
		}
		if opts.SkipRowGroup == nil && b.FirstPosition != next {
			t.Fatalf("rows %d .. %d: a batch at %d, want %d", opts.FirstRow, opts.EndRow, b.FirstPosition, next)
		}
		next = b.FirstPosition + int64(len(b.Rows))
		rows = append(rows, b.Rows...)
	}
}

// Reading a file in parts (ReadOptions.FirstRow, EndRow) gives its rows,
// across row groups and pages, within a page or at its edges, also when
// page statistics skip pages.
func TestParquetRowRanges(t *testing.T) {
	fields := []types.DataField{field(0, "id", types.New(types.BigInt).WithNullable(false)), field(1, "s", types.NewString()), field(2, "b", types.New(types.Boolean))}
	const n = 30000
	var rows [][]any
	for i := range n {
		var s, b any
		if i%7 != 0 {
			s = "v" + strconv.Itoa(i%900)
		}
		if i%5 != 0 {
			b = i%3 == 0
		}
		rows = append(rows, []any{int64(i), s, b})
	}
	data := writeFile(t, fields, rows, WriterOptions{RowGroupSize: 64 << 10, PageSize: 4 << 10})
	if g := len(footer(t, data).RowGroups); g < 3 {
		t.Fatalf("want several row groups, got %d", g)
	}
	// The parts start at their page with the offset index.
	if f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data))); err != nil || len(f.OffsetIndexes()) == 0 {
		t.Fatalf("want a file with an offset index (%v)", err)
	}
	parts := [][2]int64{{0, n}, {0, 1}, {1, 2}, {5, 13}, {4095, 4097}, {12345, 23456}, {n - 1, n}, {0, n / 3}, {n / 3, 2 * n / 3}, {2 * n / 3, n}, {n, n}, {100, n + 50}}
	for _, p := range parts {
		got := readRange(t, data, fields, ReadOptions{FirstRow: p[0], EndRow: p[1], BatchSize: 1000})
		checkRows(t, got, rows[p[0]:min(p[1], n)])
	}
	// Three parts read together give every row once.
	var all [][]any
	for _, p := range parts[7:10] {
		all = append(all, readRange(t, data, fields, ReadOptions{FirstRow: p[0], EndRow: p[1]})...)
	}
	checkRows(t, all, rows)
	// With page skipping: ids 10000 .. 19999 may match, rows 15000 .. 24999 asked.
	skip := func(stats map[int]ColumnStats) bool {
		c, ok := stats[0]
		return ok && c.Min != nil && (c.Max.(int64) < 10000 || c.Min.(int64) > 19999)
	}
	got := readRange(t, data, fields, ReadOptions{FirstRow: 15000, EndRow: 25000, SkipRowGroup: skip})
	if len(got) == 0 || got[0][0].(int64) < 15000 || got[len(got)-1][0].(int64) > 24999 {
		t.Fatalf("page skipping within a range: %d rows", len(got))
	}
	for i, r := range got {
		if want := got[0][0].(int64) + int64(i); r[0].(int64) != want {
			t.Fatalf("row %d: id %v, want %d", i, r[0], want)
		}
	}
	if last := got[len(got)-1][0].(int64); got[0][0].(int64) > 15000 || last < 19999 {
		t.Fatalf("page skipping within a range: ids %v .. %d, want 15000 .. 19999 at least", got[0][0], last)
	}
	if _, err := OpenParquet(bytes.NewReader(data), int64(len(data)), fields, ReadOptions{FirstRow: 10, EndRow: 5}); err == nil {
		t.Error("rows 10 to 5: no error")
	}
}
