package read_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// rowsAndVectors reads the vectorizable columns of a plan by rows and by
// vectors and renders both as sorted lines.
func rowsAndVectors(t *testing.T, plan *scan.Plan, workers int) (rows, vecs []string) {
	t.Helper()
	ctx := context.Background()
	var proj []int
	var typs []types.DataType
	for i, f := range plan.Schema.Fields {
		if format.VectorKindOf(f.Type) != format.VectorNone {
			proj = append(proj, i)
			typs = append(typs, f.Type)
		}
	}
	if len(proj) == 0 {
		return nil, nil
	}
	r, err := read.New(plan, read.Options{Projection: proj, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	if r.VectorKinds() == nil {
		t.Fatal("no vector kinds")
	}
	line := func(vals []any) string {
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = fmt.Sprintf("%T:%v", v, v)
		}
		return strings.Join(parts, ",")
	}
	it := r.Rows(ctx)
	for {
		row, err := it.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, line(row))
	}
	it.Close()
	var mu sync.Mutex
	consumers := make([]read.VectorConsumer, workers)
	for w := range consumers {
		consumers[w] = func(b *format.VectorBatch) error {
			mu.Lock()
			defer mu.Unlock()
			for i := range b.Len {
				vals := make([]any, len(b.Cols))
				for j := range b.Cols {
					vals[j] = b.Cols[j].Value(i, typs[j])
				}
				vecs = append(vecs, line(vals))
			}
			return nil
		}
	}
	if err := r.ReadVectors(ctx, consumers); err != nil {
		t.Fatal(err)
	}
	slices.Sort(rows)
	slices.Sort(vecs)
	return rows, vecs
}

func planDir(t *testing.T, dir, db, name string) *scan.Plan {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := table.Open(ctx, fsys, db, name, "")
	if err != nil {
		t.Fatal(err)
	}
	snap, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

// Catches: a vector read that loses, repeats or changes rows against the
// row read of the same plan: files cut into ranges for several workers,
// NULLs, partitions, primary-key files read raw (retractions dropped) and
// merged (updates, deletes), Java-written tables with deletion vectors and
// schema evolution.
func TestVectorsEqualRows(t *testing.T) {
	defer read.SetSplitRows(1000)()
	cols := []gentable.Column{
		{Name: "id", Type: types.New(types.BigInt)},
		{Name: "i", Type: types.New(types.Int)},
		{Name: "d", Type: types.New(types.Double)},
		{Name: "s", Type: types.NewString()},
		{Name: "b", Type: types.New(types.Boolean)},
		{Name: "f", Type: types.New(types.Float)},
		{Name: "tm", Type: types.New(types.Time)},
		{Name: "ts", Type: types.NewTimestamp(3)},
		{Name: "tl", Type: types.DataType{Kind: types.TimestampLTZ, Precision: 6, Nullable: true}},
	}
	for name, o := range map[string]gentable.Options{
		"append":      {Rows: 20_000, RowsPerFile: 7_000, NullEvery: 5},
		"partitioned": {Rows: 9_000, Partitions: 3, Snapshots: 2, NullEvery: 4},
		"pk-merge":    {Rows: 8_000, PrimaryKey: true, Buckets: 2, Level0: true, Snapshots: 3, UpdateEvery: 3, DeleteEvery: 7, NullEvery: 6},
		"pk-raw":      {Rows: 12_000, PrimaryKey: true, Buckets: 2, NullEvery: 3},
	} {
		o.Columns = cols
		g, err := gentable.Write(t.TempDir(), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 3} {
			rows, vecs := rowsAndVectors(t, planDir(t, g.Dir, g.Options.Database, g.Options.Table), workers)
			if len(rows) == 0 || !slices.Equal(rows, vecs) {
				t.Errorf("%s, %d workers: %d rows by vectors, %d by rows; first difference %v", name, workers, len(vecs), len(rows), firstDiff(rows, vecs))
			}
		}
	}
	dbs, _ := filepath.Glob("../../testdata/java-written/*.db")
	for _, db := range dbs {
		name := strings.TrimSuffix(filepath.Base(db), ".db")
		if _, err := os.Stat(filepath.Join(db, name, "snapshot")); err != nil {
			continue
		}
		rows, vecs := rowsAndVectors(t, planDir(t, "../../testdata/java-written", name, name), 2)
		if !slices.Equal(rows, vecs) {
			t.Errorf("%s: %d rows by vectors, %d by rows; first difference %v", name, len(vecs), len(rows), firstDiff(rows, vecs))
		}
	}
}

func firstDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] + " / " + b[i]
		}
	}
	return "(lengths)"
}

// Catches: a consumer's error not stopping the read, or not returned.
func TestReadVectorsConsumerError(t *testing.T) {
	defer read.SetSplitRows(1000)()
	g, err := gentable.Write(t.TempDir(), gentable.Options{Rows: 20_000, RowsPerFile: 5_000})
	if err != nil {
		t.Fatal(err)
	}
	r, err := read.New(planDir(t, g.Dir, g.Options.Database, g.Options.Table), read.Options{Projection: []int{0, 1}})
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	var mu sync.Mutex
	calls := 0
	consumer := func(*format.VectorBatch) error {
		mu.Lock()
		defer mu.Unlock()
		calls++
		return stop
	}
	if err := r.ReadVectors(context.Background(), []read.VectorConsumer{consumer, consumer}); !errors.Is(err, stop) {
		t.Fatalf("error %v, want the consumer's", err)
	}
	if calls > 2 {
		t.Errorf("%d batches consumed after the consumers failed", calls)
	}
}
