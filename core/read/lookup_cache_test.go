package read_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// Key lookups on primary-key tables whose files span several pages read
// those pages through the page cache and test the key before converting
// values; they return the rows the generator says are live, with their
// latest values: level-0 files merged with updates and deletes, files
// taken raw from the top level, keys of BIGINT, INT and STRING, NULLs, a
// BOOLEAN column (not cached) beside cached ones. Each lookup runs with a
// cold cache, a warm one, and the cache off.
func TestKeyLookupsThroughPageCache(t *testing.T) {
	t.Cleanup(func() { format.SetPageCacheBytes(format.DefaultPageCacheBytes) })
	const rows = 90_000
	cols := func(key types.DataType) []gentable.Column {
		return []gentable.Column{
			{Name: "id", Type: key},
			{Name: "v", Type: types.New(types.Int)},
			{Name: "b", Type: types.New(types.Boolean)},
			{Name: "d", Type: types.New(types.Double)},
			{Name: "s", Type: types.NewString()},
		}
	}
	for _, tc := range []struct {
		name string
		o    gentable.Options
	}{
		{"merged level-0 files, BIGINT key", gentable.Options{Columns: cols(types.New(types.BigInt).WithNullable(false)),
			Level0: true, Snapshots: 2, UpdateEvery: 7, DeleteEvery: 11, NullEvery: 5}},
		{"top-level files, INT key", gentable.Options{Columns: cols(types.New(types.Int).WithNullable(false)),
			RowsPerFile: 45_000, NullEvery: 3}},
		{"merged, STRING key, 2 buckets", gentable.Options{Columns: cols(types.NewString().WithNullable(false)),
			Level0: true, Snapshots: 2, Buckets: 2, UpdateEvery: 5, DeleteEvery: 13}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.Rows, o.PrimaryKey = rows, true
			g, err := gentable.Write(t.TempDir(), o)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			fsys, err := fs.Open(ctx, g.Dir)
			if err != nil {
				t.Fatal(err)
			}
			defer fsys.Close()
			tbl, err := table.Open(ctx, fsys, g.Options.Database, g.Options.Table, "")
			if err != nil {
				t.Fatal(err)
			}
			key := func(r int64) any { return g.Value(r, 0, 0) }
			for _, keys := range [][]int64{
				{5}, {7}, {11}, {14}, {89_999}, {0},
				{1, 2, 3, 44_999, 45_000, 45_001, 60_000, 77, 143, 20_001},
				{rows + 5},
			} {
				var lits []any
				for _, r := range keys {
					lits = append(lits, key(r))
				}
				filter := predicate.Leaf{Field: "id", Op: predicate.In, Literals: lits}
				want := map[string][]any{}
				for _, r := range keys {
					if r >= rows {
						continue
					}
					if row, live := g.Row(r); live {
						want[fmt.Sprint(row[0])] = row
					}
				}
				hitsBefore := stats.PageCacheHits.Load()
				for _, limit := range []int64{format.DefaultPageCacheBytes, format.DefaultPageCacheBytes, 0} {
					format.SetPageCacheBytes(limit)
					got := lookup(t, tbl, filter)
					if len(got) != len(want) {
						t.Fatalf("keys %v, cache %d: %d rows, want %d: %v", keys, limit, len(got), len(want), got)
					}
					for k, w := range want {
						if !reflect.DeepEqual(got[k], w) {
							t.Fatalf("key %s, cache %d: got %v want %v", k, limit, got[k], w)
						}
					}
				}
				if hits := stats.PageCacheHits.Load(); hits == hitsBefore && len(want) > 0 {
					t.Fatalf("keys %v: no page read from the cache (%d hits)", keys, hits)
				}
			}
		})
	}
}

// lookup reads the rows filter selects, by their key.
func lookup(t *testing.T, tbl *table.Table, filter predicate.Predicate) map[string][]any {
	t.Helper()
	ctx := context.Background()
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{Filter: filter})
	if err != nil {
		t.Fatal(err)
	}
	r, err := read.New(plan, read.Options{Filter: filter})
	if err != nil {
		t.Fatal(err)
	}
	it := r.Rows(ctx)
	defer it.Close()
	got := map[string][]any{}
	for {
		row, err := it.Next()
		if errors.Is(err, io.EOF) {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
		if filter.Test(func(string) (any, bool) { return row[0], true }) {
			got[fmt.Sprint(row[0])] = row
		}
	}
}
