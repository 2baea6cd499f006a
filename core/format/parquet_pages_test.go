package format

import (
	"context"
	"errors"
	"io"
	"slices"
	"testing"
)

// A predicate on one column reads only the pages the column index says may
// hold a match, in each column, with the rows' positions in the file; the
// other columns' pages are entered part way through.
func TestSkipPages(t *testing.T) {
	const n = 20_000
	data := writeFlat(t, n, n, 2<<10) // one row group of many small pages
	wanted := func(v int32) bool { return v == 3 || (v >= 12_000 && v <= 12_010) }
	for _, batch := range []int{0, 3} {
		r := openBytes(t, data, flatFields, ReadOptions{
			BatchSize: batch,
			SkipRowGroup: func(st map[int]ColumnStats) bool {
				a, ok := st[0]
				if !ok || a.Min == nil {
					return false
				}
				lo, hi := a.Min.(int32), a.Max.(int32)
				return !((lo <= 3 && hi >= 3) || (lo <= 12_010 && hi >= 12_000))
			},
		})
		var read, matched int
		last := int64(-1)
		for {
			b, err := r.Next(context.Background())
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if batch > 0 {
				r.Suspend() // and resume inside a range of pages
			}
			for i, row := range b.Rows {
				p := b.FirstPosition + int64(i)
				if p <= last {
					t.Fatalf("position %d after %d", p, last)
				}
				last = p
				read++
				if !equalValues(row, flatValue(int(p))) {
					t.Fatalf("row %d: got %#v want %#v", p, row, flatValue(int(p)))
				}
				if v, ok := row[0].(int32); ok && wanted(v) {
					matched++
				}
			}
		}
		r.Close()
		if want := 1 + 11 - 1; matched != want { // 12,005 is a multiple of 7: NULL
			t.Fatalf("batch %d: %d matching rows, want %d", batch, matched, want)
		}
		if read > n/10 {
			t.Fatalf("batch %d: read %d of %d rows: pages were not skipped", batch, read, n)
		}
		t.Logf("batch %d: read %d of %d rows", batch, read, n)
	}
}

// KeepRow drops rows after reading only the columns it tests; the rows it
// keeps have every column, at their positions; batches of dropped rows only
// are not returned.
func TestKeepRow(t *testing.T) {
	const n = 20_000
	data := writeFlat(t, n, 5_000, 2<<10)
	keep := func(row []any) bool {
		v, ok := row[0].(int32)
		return ok && v%1000 < 3
	}
	r := openBytes(t, data, flatFields, ReadOptions{BatchSize: 700, KeepRow: keep, KeepColumns: []int{0}})
	defer r.Close()
	var kept, total int
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range b.Rows {
			p := int(b.FirstPosition) + i
			total++
			w := flatValue(p)
			wantKept := w[0] != nil && keep(w)
			if (row != nil) != wantKept {
				t.Fatalf("row %d: %#v, kept %v", p, row, wantKept)
			}
			if row != nil {
				kept++
				if !equalValues(row, w) {
					t.Fatalf("row %d: got %#v want %#v", p, row, w)
				}
			}
		}
	}
	want := 0
	for p := range n {
		if w := flatValue(p); w[0] != nil && keep(w) {
			want++
		}
	}
	// Batches whose every row is refused are not returned.
	if kept != want || want < 50 || total >= n {
		t.Fatalf("%d rows returned, %d kept, want %d kept", total, kept, want)
	}
}

// StatsColumns limits the statistics SkipRowGroup is given to those fields.
func TestStatsColumns(t *testing.T) {
	const n = 20_000
	data := writeFlat(t, n, n, 2<<10)
	count := func(cols []int) int {
		r := openBytes(t, data, flatFields, ReadOptions{
			StatsColumns: cols,
			SkipRowGroup: func(st map[int]ColumnStats) bool {
				for f := range st {
					if !slices.Contains(cols, f) {
						t.Fatalf("statistics of field %d, asked for %v", f, cols)
					}
				}
				a, ok := st[0]
				return ok && a.Min != nil && (a.Max.(int32) < 3 || a.Min.(int32) > 3)
			},
		})
		defer r.Close()
		read := 0
		for {
			b, err := r.Next(context.Background())
			if errors.Is(err, io.EOF) {
				return read
			}
			if err != nil {
				t.Fatal(err)
			}
			read += len(b.Rows)
		}
	}
	if got := count([]int{0}); got == 0 || got > n/10 {
		t.Errorf("statistics of a: %d rows read", got)
	}
	if got := count([]int{1, 2}); got != n {
		t.Errorf("statistics of b and c only: %d rows read, want all %d", got, n)
	}
}
