package compact_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/compact"
	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// Minor compaction of a deletion-vector table: the level-0 updates and
// deletes go to level 4 — rewritten when the file holds retractions,
// upgraded as it is otherwise — the four max-level files stay, and the
// rows they hold for the changed keys are marked in one deletion vector
// index file of the bucket.
func TestCompactMinorDeletionVectorLookup(t *testing.T) {
	t.Run("rewrite", func(t *testing.T) { testMinorLookup(t, 11) })
	t.Run("upgrade", func(t *testing.T) { testMinorLookup(t, 0) })
}

func testMinorLookup(t *testing.T, deleteEvery int64) {
	const rows, updateEvery = 10_000, 7
	gen := gentable.Options{Rows: rows, RowsPerFile: 2_500, PrimaryKey: true, Buckets: 1,
		UpdateEvery: updateEvery, DeleteEvery: deleteEvery}
	// The same table without deletion vectors: merge-on-read shows the
	// level-0 changes, which is what the compacted table must show.
	plain, err := gentable.Write(t.TempDir(), gen)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := readAll(t, open(t, plain.Dir, plain))
	gen.TableOptions = map[string]string{"deletion-vectors.enabled": "true"}
	g, err := gentable.Write(t.TempDir(), gen)
	if err != nil {
		t.Fatal(err)
	}
	tbl := open(t, g.Dir, g)
	before, levels := readAll(t, tbl)
	if len(before) != rows || levels[0] != 1 || levels[5] != 4 {
		t.Fatalf("generated table: %d rows, levels %v", len(before), levels)
	}
	rewritten, upgraded := 1, 0
	if deleteEvery == 0 {
		rewritten, upgraded = 0, 1
	}
	// Exactly the changed keys' old rows are marked.
	checkMinorThenFull(t, tbl, want, rewritten, upgraded, func(id int64) bool {
		return id%updateEvery == 0 || (deleteEvery > 0 && id%deleteEvery == 0)
	}, rows)
}

// checkMinorThenFull runs a minor compaction of tbl (generated with four
// max-level files and one level-0 file) and checks that it rewrote or
// upgraded the level-0 file as told, kept the max-level files, reads as
// want and marked exactly the changed rows; then a full compaction
// rewrites everything into one level.
func checkMinorThenFull(t *testing.T, tbl *table.Table, want []string, rewritten, upgraded int, changed func(id int64) bool, rows int64) {
	t.Helper()
	ctx := context.Background()
	deepFiles := liveFiles(t, tbl, 5)
	res, err := compact.Compact(ctx, tbl, compact.Options{Strategy: compact.StrategyMinor,
		Dynamic: map[string]string{"num-sorted-run.compaction-trigger": "2"}})
	if err != nil || res.Snapshot == nil || res.Rewritten != rewritten || res.Upgraded != upgraded {
		t.Fatalf("minor compaction: %v %v", res, err)
	}
	got, levels := readAll(t, tbl)
	if !equal(got, want) {
		t.Fatalf("rows after minor compaction: %d, want %d", len(got), len(want))
	}
	if len(levels) != 2 || levels[4] == 0 || levels[5] != 4 {
		t.Fatalf("levels after minor compaction: %v", levels)
	}
	after := liveFiles(t, tbl, 5)
	for name := range deepFiles {
		if !after[name] {
			t.Errorf("max-level file %s was rewritten", name)
		}
	}
	checkMarks(t, tbl, 5, changed, rows)

	// A full compaction then rewrites everything and drops the vectors.
	res, err = compact.Compact(ctx, tbl, compact.Options{})
	if err != nil || res.Snapshot == nil {
		t.Fatalf("full compaction: %v %v", res, err)
	}
	got, levels = readAll(t, tbl)
	if !equal(got, want) || len(levels) != 1 {
		t.Fatalf("after full compaction: %d rows, levels %v", len(got), levels)
	}
}

// checkMarks checks that the deletion vectors of tbl's latest snapshot are
// on level only, mark exactly the rows whose id (first column) changed,
// agree with their recorded cardinality, and are held in one index file;
// with no changed id among ids 0..rows-1, that there are none.
func checkMarks(t *testing.T, tbl *table.Table, level int32, changed func(id int64) bool, rows int64) {
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
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{KeepLevel0: true})
	if err != nil {
		t.Fatal(err)
	}
	var marked, wantMarked int64
	for r := int64(0); r < rows; r++ {
		if changed(r) {
			wantMarked++
		}
	}
	indexFiles := map[string]bool{}
	for _, sp := range plan.Splits {
		raw := sp
		raw.DeletionFiles = nil
		for _, f := range sp.Files {
			df, ok := sp.DeletionFiles[f.FileName]
			if !ok {
				continue
			}
			if f.Level != level {
				t.Errorf("vector for %s on level %d", f.FileName, f.Level)
			}
			indexFiles[df.Path] = true
			data, err := fs.ReadFileAt(ctx, tbl.FS, df.Path)
			if err != nil {
				t.Fatal(err)
			}
			dv, err := deletionvector.Read(bytes.NewReader(data), deletionvector.Range{Offset: int64(df.Offset), Length: int64(df.Length)})
			if err != nil {
				t.Fatal(err)
			}
			if df.Cardinality == nil || *df.Cardinality != dv.Cardinality() {
				t.Errorf("%s: cardinality %v, vector holds %d", f.FileName, df.Cardinality, dv.Cardinality())
			}
			var pos int64 = -1
			err = read.FileRows(ctx, &raw, sch, f, func(row []any) error {
				pos++
				id := row[2].(int64) // after _SEQUENCE_NUMBER, _VALUE_KIND
				if dv.IsDeleted(pos) != changed(id) {
					t.Errorf("%s: row %d (id %d) marked %v", f.FileName, pos, id, dv.IsDeleted(pos))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			marked += dv.Cardinality()
		}
	}
	wantFiles := 1
	if wantMarked == 0 {
		wantFiles = 0
	}
	if marked != wantMarked || len(indexFiles) != wantFiles {
		t.Errorf("%d positions marked in %d index files, want %d in %d", marked, len(indexFiles), wantMarked, wantFiles)
	}
}

// liveFiles names the live data files of the latest snapshot on level.
func liveFiles(tb testing.TB, tbl *table.Table, level int32) map[string]bool {
	tb.Helper()
	ctx := context.Background()
	snap, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{KeepLevel0: true})
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]bool{}
	for _, sp := range plan.Splits {
		for _, f := range sp.Files {
			if f.Level == level {
				out[f.FileName] = true
			}
		}
	}
	return out
}
