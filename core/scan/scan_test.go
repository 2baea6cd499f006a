package scan

import (
	"context"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// openFixture opens a Java-written fixture table in place (read-only).
func openFixture(t *testing.T, name string) *table.Table {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, "../../testdata/java-written")
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := table.Open(ctx, fsys, name, name, "")
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

func planLatest(t *testing.T, tbl *table.Table, opts Options) *Plan {
	t.Helper()
	ctx := context.Background()
	snap, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(ctx, tbl, snap, sch, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func rows(p *Plan) (n int64) {
	for _, s := range p.Splits {
		for _, f := range s.Files {
			n += f.RowCount
		}
	}
	return n
}

// Partition pruning keeps exactly the splits of the asked partition.
func TestPartitionPruning(t *testing.T) {
	tbl := openFixture(t, "pk_dv_index_not_in_data_no_external")
	all := planLatest(t, tbl, Options{})
	only20 := planLatest(t, tbl, Options{Filter: predicate.Leaf{Field: "f1", Op: predicate.Eq, Literals: []any{int32(20)}}})
	if len(only20.Splits) == 0 || len(only20.Splits) >= len(all.Splits) {
		t.Fatalf("f1=20 kept %d of %d splits", len(only20.Splits), len(all.Splits))
	}
	for _, s := range only20.Splits {
		if s.PartitionValues[0] != int32(20) {
			t.Errorf("split of partition %v kept for f1=20", s.PartitionValues)
		}
	}
	none := planLatest(t, tbl, Options{Filter: predicate.Leaf{Field: "f1", Op: predicate.Eq, Literals: []any{int32(30)}}})
	if len(none.Splits) != 0 {
		t.Fatalf("f1=30 kept %d splits", len(none.Splits))
	}
}

// Value statistics prune files of append tables, never keys they hold.
func TestFileStatsPruning(t *testing.T) {
	tbl := openFixture(t, "append_table_alter_table_with_cast")
	all := planLatest(t, tbl, Options{})
	// f6 was added by schema 1: files of schema 0 hold only NULLs in it.
	p := planLatest(t, tbl, Options{Filter: predicate.Leaf{Field: "f6", Op: predicate.Gt, Literals: []any{int32(0)}}})
	if rows(p) >= rows(all) || rows(p) == 0 {
		t.Fatalf("f6 > 0 kept %d of %d rows", rows(p), rows(all))
	}
	isNull := planLatest(t, tbl, Options{Filter: predicate.Leaf{Field: "f6", Op: predicate.IsNull}})
	if rows(isNull) < 5 {
		t.Fatalf("f6 IS NULL pruned files of schema 0: %d rows left", rows(isNull))
	}
}

// Primary-key tables prune only by key columns: a file holding an old
// version of a row must not be dropped for a value filter.
func TestPrimaryKeyTablesIgnoreValueStats(t *testing.T) {
	tbl := openFixture(t, "pk_table_with_mor")
	all := planLatest(t, tbl, Options{})
	p := planLatest(t, tbl, Options{Filter: predicate.Leaf{Field: "v0", Op: predicate.Gt, Literals: []any{int32(1000)}}})
	if rows(p) != rows(all) {
		t.Fatalf("value filter pruned a primary-key table: %d of %d rows", rows(p), rows(all))
	}
}

// Deletion-vector tables skip level-0 files and attach the vectors.
func TestDeletionVectorsAttached(t *testing.T) {
	tbl := openFixture(t, "pk_table_with_dv_cardinality")
	p := planLatest(t, tbl, Options{})
	dvs := 0
	for _, s := range p.Splits {
		for _, f := range s.Files {
			if f.Level == 0 {
				t.Errorf("level-0 file %s planned for a deletion-vector table", f.FileName)
			}
		}
		dvs += len(s.DeletionFiles)
	}
	if dvs != 2 {
		t.Fatalf("%d deletion vectors attached, want 2", dvs)
	}
	n, exact := p.RowCount()
	if !exact || n != 7 {
		t.Fatalf("RowCount = %d, %v; the README leaves 7 rows", n, exact)
	}
}

// The ORC-manifest table (Paimon 0.9) plans its files like the others.
func TestORCManifestTablePlans(t *testing.T) {
	tbl := openFixture(t, "append_09")
	ctx := context.Background()
	sch, _ := tbl.LatestSchema(ctx)
	snap, _ := tbl.Snapshots.Latest(ctx)
	p, err := New(ctx, tbl, snap, sch, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n, exact := p.RowCount()
	if !exact || snap.TotalRecordCount == nil || n != *snap.TotalRecordCount {
		t.Fatalf("RowCount = %d, %v; the snapshot says %v", n, exact, snap.TotalRecordCount)
	}
}
