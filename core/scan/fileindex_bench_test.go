package scan_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// BenchmarkFileIndexEquality plans "s = <one value>" over an append table
// of 20 files of 5,000 random 16-hex-digit strings each, whose min/max
// statistics all overlap: without an index every file is planned; with a
// bloom filter on s, only the file holding the value (plus false
// positives). "files" is the files planned, "index-KB" the index bytes of
// one file (kept beside it: above the 500-byte in-manifest threshold).
func BenchmarkFileIndexEquality(b *testing.B) {
	const files, rowsPerFile = 20, 5000
	value := func(i int) string {
		x := uint64(i)*0x9E3779B97F4A7C15 + 1
		x ^= x >> 31
		x *= 0xBF58476D1CE4E5B9
		return fmt.Sprintf("%016x", x^(x>>29))
	}
	for _, c := range []struct {
		name string
		opts map[string]string
	}{
		{"no-index", nil},
		{"bloom-sized", map[string]string{"file-index.bloom-filter.columns": "s", "file-index.bloom-filter.s.items": "5000",
			"file-index.bloom-filter.s.fpp": "0.01"}},
		// Java's defaults: 1,000,000 items, fpp 0.1 (a 600 KB filter per file).
		{"bloom-java-defaults", map[string]string{"file-index.bloom-filter.columns": "s"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			dir := b.TempDir()
			fsys, err := fs.Open(ctx, dir)
			if err != nil {
				b.Fatal(err)
			}
			defer fsys.Close()
			ns := schema.NewSchema{Fields: []types.DataField{{Name: "id", Type: types.New(types.BigInt)}, {Name: "s", Type: types.NewString()}}, Options: c.opts}
			if _, err := schema.NewManager(fsys, "db.db/t").Create(ctx, ns); err != nil {
				b.Fatal(err)
			}
			t, err := table.Open(ctx, fsys, "db", "t", "")
			if err != nil {
				b.Fatal(err)
			}
			for f := 0; f < files; f++ {
				sch, _ := t.LatestSchema(ctx)
				base, _ := t.Snapshots.Latest(ctx)
				w, err := write.NewTableWriter(t, sch, base)
				if err != nil {
					b.Fatal(err)
				}
				for r := 0; r < rowsPerFile; r++ {
					i := f*rowsPerFile + r
					if err := w.Write(ctx, mergefunc.Insert, []any{int64(i), value(i)}); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Flush(ctx); err != nil {
					b.Fatal(err)
				}
				cm, err := commit.New(t, "bench", sch.Options)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := cm.Commit(ctx, commit.Request{Identifier: commit.BatchIdentifier, SchemaID: sch.ID,
					Append: commit.Changes{Files: w.Entries()}}); err != nil {
					b.Fatal(err)
				}
			}
			sch, _ := t.LatestSchema(ctx)
			snap, _ := t.Snapshots.Latest(ctx)
			filter := predicate.Leaf{Field: "s", Op: predicate.Eq, Literals: []any{value(7*rowsPerFile + 123)}}
			planned, indexBytes := 0, 0
			b.ResetTimer()
			for b.Loop() {
				p, err := scan.New(ctx, t, snap, sch, scan.Options{Filter: filter})
				if err != nil {
					b.Fatal(err)
				}
				planned = 0
				for _, s := range p.Splits {
					planned += len(s.Files)
					for _, f := range s.Files {
						for _, x := range f.ExtraFiles {
							if data, err := fsys.ReadFile(ctx, s.Dir+"/"+x); err == nil {
								indexBytes = len(data)
							}
						}
					}
				}
			}
			if c.opts == nil && planned != files || c.opts != nil && planned < 1 {
				b.Fatalf("%d files planned", planned)
			}
			b.ReportMetric(float64(planned), "files")
			b.ReportMetric(float64(indexBytes)/1024, "index-KB")
		})
	}
}
