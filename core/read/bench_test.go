package read_test

import (
	"context"
	"errors"
	"io"
	"runtime"
	"strconv"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// benchRows is the size of the benchmark tables (keys, for primary-key
// tables).
const benchRows = 2_000_000

// generate writes a table (id BIGINT, v INT, s STRING) once per benchmark:
// the benchmark function runs once with b.Loop.
func generate(b *testing.B, o gentable.Options) *gentable.Table {
	b.Helper()
	o.Rows = benchRows
	if o.RowsPerFile == 0 {
		o.RowsPerFile = 250_000 // 8 files: work for every core
	}
	tbl, err := gentable.Write(b.TempDir(), o)
	if err != nil {
		b.Fatal(err)
	}
	return tbl
}

// planLatest plans a full read of the latest snapshot of a generated table.
func planLatest(tb testing.TB, tbl *gentable.Table) *scan.Plan {
	tb.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, tbl.Dir)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := table.Open(ctx, fsys, tbl.Options.Database, tbl.Options.Table, "")
	if err != nil {
		tb.Fatal(err)
	}
	snap, err := t.Snapshots.Latest(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	plan, err := scan.New(ctx, t, snap, sch, scan.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return plan
}

// scanAll plans the latest snapshot and reads every row; it returns the
// number of rows read.
func scanAll(b *testing.B, tbl *gentable.Table, o read.Options) int64 {
	ctx := context.Background()
	r, err := read.New(planLatest(b, tbl), o)
	if err != nil {
		b.Fatal(err)
	}
	it := r.Rows(ctx)
	defer it.Close()
	var n int64
	for {
		_, err := it.Next()
		if errors.Is(err, io.EOF) {
			return n
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
}

// benchScan runs sub-benchmarks with one worker and with every core.
func benchScan(b *testing.B, tbl *gentable.Table, projection []int) {
	workers := []int{1}
	if p := runtime.GOMAXPROCS(0); p > 1 {
		workers = append(workers, p)
	}
	for _, w := range workers {
		b.Run("workers="+strconv.Itoa(w), func(b *testing.B) {
			b.ReportAllocs()
			var rows int64
			for b.Loop() {
				n := scanAll(b, tbl, read.Options{Projection: projection, Workers: w})
				if n != tbl.LiveRows() {
					b.Fatalf("read %d rows, want %d", n, tbl.LiveRows())
				}
				rows += n
			}
			b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkScanAppend reads every column of a 2M-row append table.
func BenchmarkScanAppend(b *testing.B) {
	benchScan(b, generate(b, gentable.Options{}), nil)
}

// BenchmarkScanOneFile reads a 2M-row append table written as one file:
// its parts are shared by the workers.
func BenchmarkScanOneFile(b *testing.B) {
	benchScan(b, generate(b, gentable.Options{RowsPerFile: benchRows}), nil)
}

// BenchmarkScanProjection reads one column (v INT) of the three.
func BenchmarkScanProjection(b *testing.B) {
	benchScan(b, generate(b, gentable.Options{}), []int{1})
}

// BenchmarkScanPrimaryKeyRaw reads a primary-key table whose files are all
// on level 5 with disjoint keys: file by file, no merging.
func BenchmarkScanPrimaryKeyRaw(b *testing.B) {
	benchScan(b, generate(b, gentable.Options{PrimaryKey: true, Buckets: 2}), nil)
}

// BenchmarkScanPrimaryKeyMerge reads a primary-key table whose buckets hold
// two interleaved level-0 runs plus a run updating every 10th key: every
// bucket is merged (one worker per bucket).
func BenchmarkScanPrimaryKeyMerge(b *testing.B) {
	benchScan(b, generate(b, gentable.Options{PrimaryKey: true, Buckets: 2, Level0: true, Snapshots: 2, UpdateEvery: 10}), nil)
}
