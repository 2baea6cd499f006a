package read_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// One big file is read in parts by several workers: every row comes once,
// in file order within a part, for an append table and the raw read of a
// primary-key file, with NULLs and with a filter skipping pages inside the
// parts; with one worker the rows come in file order.
func TestBigFileReadInParts(t *testing.T) {
	const rows = 1 << 19 // two parts of a file
	for _, o := range []gentable.Options{
		{Rows: rows, NullEvery: 5},
		{Rows: rows, PrimaryKey: true},
	} {
		o.RowsPerFile = rows
		tbl, err := gentable.Write(t.TempDir(), o)
		if err != nil {
			t.Fatal(err)
		}
		if tbl.Files != 1 {
			t.Fatalf("%d files, want one", tbl.Files)
		}
		for _, workers := range []int{1, 2} {
			name := fmt.Sprintf("pk=%v workers=%d", o.PrimaryKey, workers)
			r, err := read.New(planLatest(t, tbl), read.Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if n := read.Tasks(r); n != workers {
				t.Fatalf("%s: the file is read in %d parts, want %d", name, n, workers)
			}
			seen := readIDs(t, tbl, read.Options{Workers: workers})
			if int64(len(seen)) != rows {
				t.Fatalf("%s: %d rows, want %d", name, len(seen), rows)
			}
			for r, id := range seen {
				if workers == 1 && id != int64(r) {
					t.Fatalf("%s: row %d is id %d, want file order", name, r, id)
				}
			}
			// ids 100,000 .. 499,999 by the pages' statistics and the filter.
			filter := predicate.And{
				predicate.Leaf{Field: "id", Op: predicate.GtEq, Literals: []any{int64(100_000)}},
				predicate.Leaf{Field: "id", Op: predicate.Lt, Literals: []any{int64(500_000)}},
			}
			kept := readIDs(t, tbl, read.Options{Workers: workers, Filter: filter})
			have := map[int64]bool{}
			for _, id := range kept {
				if have[id] {
					t.Fatalf("%s with a filter: id %d twice", name, id)
				}
				have[id] = true
			}
			for id := int64(100_000); id < 500_000; id++ {
				if !have[id] {
					t.Fatalf("%s with a filter: id %d missing", name, id)
				}
			}
		}
	}
}

// readIDs reads every row, checks its values against the generator's, and
// returns the ids in the order read; ids within a part ascend.
func readIDs(t *testing.T, tbl *gentable.Table, o read.Options) []int64 {
	t.Helper()
	r, err := read.New(planLatest(t, tbl), o)
	if err != nil {
		t.Fatal(err)
	}
	it := r.Rows(context.Background())
	defer it.Close()
	var ids []int64
	for {
		row, err := it.Next()
		if errors.Is(err, io.EOF) {
			return ids
		}
		if err != nil {
			t.Fatal(err)
		}
		id := row[0].(int64)
		want, _ := tbl.Row(id)
		if fmt.Sprint(row) != fmt.Sprint(want) {
			t.Fatalf("id %d: %v, want %v", id, row, want)
		}
		ids = append(ids, id)
	}
}
