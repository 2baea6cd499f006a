package compact_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/compact"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/gentable"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

func open(tb testing.TB, dir string, g *gentable.Table) *table.Table {
	tb.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { fsys.Close() })
	t, err := table.Open(ctx, fsys, g.Options.Database, g.Options.Table, "")
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// readAll reads the latest snapshot and returns its rows as sorted text
// and the live files' levels.
func readAll(tb testing.TB, t *table.Table) ([]string, map[int32]int) {
	tb.Helper()
	ctx := context.Background()
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
	levels := map[int32]int{}
	all, err := scan.New(ctx, t, snap, sch, scan.Options{KeepLevel0: true})
	if err != nil {
		tb.Fatal(err)
	}
	for _, s := range all.Splits {
		for _, f := range s.Files {
			levels[f.Level]++
		}
	}
	r, err := read.New(plan, read.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	it := r.Rows(ctx)
	defer it.Close()
	var rows []string
	for {
		row, err := it.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		rows = append(rows, fmt.Sprint(row))
	}
	sort.Strings(rows)
	return rows, levels
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A primary-key table with overlapping level-0 runs, updates and deletes
// reads the same after minor and full compaction; full leaves one level.
func TestCompactGeneratedPrimaryKeyTable(t *testing.T) {
	g, err := gentable.Write(t.TempDir(), gentable.Options{Rows: 20_000, PrimaryKey: true, Buckets: 2, Partitions: 2,
		Level0: true, Snapshots: 4, UpdateEvery: 7, DeleteEvery: 11})
	if err != nil {
		t.Fatal(err)
	}
	tbl := open(t, g.Dir, g)
	want, levels := readAll(t, tbl)
	if int64(len(want)) != g.LiveRows() || levels[0] == 0 {
		t.Fatalf("generated table: %d rows (want %d), levels %v", len(want), g.LiveRows(), levels)
	}
	ctx := context.Background()
	res, err := compact.Compact(ctx, tbl, compact.Options{Partitions: []map[string]string{{"pt": "0"}}})
	if err != nil || res.Snapshot == nil || res.Buckets != 2 {
		t.Fatalf("full compaction of one partition: %v %v", res, err)
	}
	// Five runs per bucket are at the default trigger (5).
	res, err = compact.Compact(ctx, tbl, compact.Options{Strategy: compact.StrategyMinor})
	if err != nil || res.Snapshot == nil {
		t.Fatalf("minor compaction: %v %v", res, err)
	}
	got, _ := readAll(t, tbl)
	if !equal(got, want) {
		t.Fatalf("rows changed by minor compaction (%s)", res)
	}
	// The minor run took partition 1's five runs to the max level (size
	// amplification), so full has nothing left to do.
	res, err = compact.Compact(ctx, tbl, compact.Options{Strategy: "full"})
	if err != nil || res.Snapshot != nil {
		t.Fatalf("full compaction: %v %v", res, err)
	}
	got, levels = readAll(t, tbl)
	if !equal(got, want) {
		t.Fatal("rows changed by full compaction")
	}
	if len(levels) != 1 || levels[5] == 0 {
		t.Fatalf("levels after full compaction: %v", levels)
	}
	if res, err := compact.Compact(ctx, tbl, compact.Options{}); err != nil || res.Snapshot != nil {
		t.Fatalf("second full compaction: %v %v", res, err)
	}
	if _, err := compact.Compact(ctx, tbl, compact.Options{Partitions: []map[string]string{{"pt": "9"}}}); err == nil {
		t.Fatal("a missing partition was accepted")
	}
}

// An append table keeps its rows through compaction.
func TestCompactGeneratedAppendTable(t *testing.T) {
	g, err := gentable.Write(t.TempDir(), gentable.Options{Rows: 30_000, RowsPerFile: 3_000, Buckets: 1, Snapshots: 10})
	if err != nil {
		t.Fatal(err)
	}
	tbl := open(t, g.Dir, g)
	want, _ := readAll(t, tbl)
	res, err := compact.Compact(context.Background(), tbl, compact.Options{})
	if err != nil || res.Rewritten != 10 || res.Written != 1 {
		t.Fatalf("full append compaction: %v %v", res, err)
	}
	got, _ := readAll(t, tbl)
	if !equal(got, want) {
		t.Fatal("rows changed")
	}
}

// BenchmarkCompactPrimaryKeyBucket: full compaction of one bucket holding
// 1M keys in 5 overlapping level-0 files (keys interleaved: every file
// spans the whole key range, so all five are merged).
func BenchmarkCompactPrimaryKeyBucket(b *testing.B) {
	const rows = 1_000_000
	g, err := gentable.Write(b.TempDir(), gentable.Options{Rows: rows, PrimaryKey: true, Buckets: 1, Level0: true, Snapshots: 5})
	if err != nil {
		b.Fatal(err)
	}
	var written int64
	for b.Loop() {
		b.StopTimer()
		dir := b.TempDir()
		testfixture.CopyTree(b, g.Dir, dir)
		tbl := open(b, dir, g)
		b.StartTimer()
		res, err := compact.Compact(context.Background(), tbl, compact.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if res.Rows != rows || res.Rewritten != 5 {
			b.Fatalf("compacted %s", res)
		}
		written += res.Rows
	}
	b.ReportMetric(float64(written)/b.Elapsed().Seconds(), "rows/s")
}
