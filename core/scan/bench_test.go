package scan_test

import (
	"context"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// BenchmarkPlan plans the latest snapshot of an append table of 100,000
// files committed in 200 commits of 500 files (core/commit merges their
// manifests as it does for any table). Only the metadata is written:
// planning never opens data files.
func BenchmarkPlan(b *testing.B) {
	const files, manifests = 100_000, 200
	tbl, err := gentable.Write(b.TempDir(), gentable.Options{
		Rows: files * 10, RowsPerFile: 10, Snapshots: manifests, MetadataOnly: true,
	})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	fsys, err := fs.Open(ctx, tbl.Dir)
	if err != nil {
		b.Fatal(err)
	}
	t, err := table.Open(ctx, fsys, tbl.Options.Database, tbl.Options.Table, "")
	if err != nil {
		b.Fatal(err)
	}
	snap, err := t.Snapshots.Latest(ctx)
	if err != nil {
		b.Fatal(err)
	}
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name   string
		filter predicate.Predicate
		want   int
	}{
		{"all", nil, files},
		// Value statistics of every file are decoded; 10 files survive.
		{"id-range", predicate.And{
			predicate.Leaf{Field: "id", Op: predicate.GtEq, Literals: []any{int64(500_000)}},
			predicate.Leaf{Field: "id", Op: predicate.Lt, Literals: []any{int64(500_100)}},
		}, 10},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p, err := scan.New(ctx, t, snap, sch, scan.Options{Filter: c.filter})
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for _, s := range p.Splits {
					n += len(s.Files)
				}
				if n != c.want {
					b.Fatalf("planned %d files, want %d", n, c.want)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*files), "ns/file")
		})
	}
}
