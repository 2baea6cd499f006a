package compact_test

import (
	"context"
	"maps"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/compact"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// Minor compaction with lookup for the merge engines whose merged record
// depends on the older version: the level-0 file is rewritten to level 4
// with each key merged with its max-level row, which is marked deleted;
// the max-level files stay. The rows read then are those of a merge-on-read
// of the same table without deletion vectors.
func TestCompactMinorLookupMergeEngines(t *testing.T) {
	for _, tc := range []struct {
		name        string
		opts        map[string]string
		deleteEvery int64
	}{
		// sum makes the result depend on the deeper row being merged.
		{"aggregation", map[string]string{"merge-engine": "aggregation", "fields.v.aggregate-function": "sum"}, 0},
		{"partial-update", map[string]string{"merge-engine": "partial-update"}, 0},
		// s and v change only where the new v is not lower.
		{"partial-update-sequence-group", map[string]string{"merge-engine": "partial-update", "fields.v.sequence-group": "s"}, 0},
		// The older row wins where its v is higher.
		{"sequence-field", map[string]string{"sequence.field": "v"}, 11},
	} {
		t.Run(tc.name, func(t *testing.T) { testMinorLookupMerge(t, tc.opts, tc.deleteEvery) })
	}
}

func testMinorLookupMerge(t *testing.T, opts map[string]string, deleteEvery int64) {
	const rows, updateEvery = 10_000, 7
	gen := gentable.Options{Rows: rows, RowsPerFile: 2_500, PrimaryKey: true, Buckets: 1,
		UpdateEvery: updateEvery, DeleteEvery: deleteEvery, NullEvery: 5, TableOptions: opts}
	plain, err := gentable.Write(t.TempDir(), gen)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := readAll(t, open(t, plain.Dir, plain))
	gen.TableOptions = maps.Clone(opts)
	gen.TableOptions["deletion-vectors.enabled"] = "true"
	g, err := gentable.Write(t.TempDir(), gen)
	if err != nil {
		t.Fatal(err)
	}
	tbl := open(t, g.Dir, g)
	if _, levels := readAll(t, tbl); levels[0] != 1 || levels[5] != 4 {
		t.Fatalf("generated table: levels %v", levels)
	}
	checkMinorThenFull(t, tbl, want, 1, 0, func(id int64) bool {
		return id%updateEvery == 0 || (deleteEvery > 0 && id%deleteEvery == 0)
	}, rows)
}

// Minor compaction of a first-row table: every updated key exists on the
// max level, so its new records are dropped and the rewritten level-0 file
// leaves nothing; the max-level rows stay first and nothing is marked.
// (With deletion vectors Java refuses to create a first-row table, unless
// pk-clustering-override clusters it otherwise.)
func TestCompactMinorLookupFirstRow(t *testing.T) {
	const rows, updateEvery = 10_000, 7
	opts := map[string]string{"merge-engine": "first-row"}
	gen := gentable.Options{Rows: rows, RowsPerFile: 2_500, PrimaryKey: true, Buckets: 1, UpdateEvery: updateEvery}
	// Without the update commit: the rows first-row must keep.
	base := gen
	base.UpdateEvery = 0
	base.TableOptions = opts
	orig, err := gentable.Write(t.TempDir(), base)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := readAll(t, open(t, orig.Dir, orig))
	gen.TableOptions = opts
	g, err := gentable.Write(t.TempDir(), gen)
	if err != nil {
		t.Fatal(err)
	}
	tbl := open(t, g.Dir, g)
	if _, levels := readAll(t, tbl); levels[0] != 1 || levels[5] != 4 {
		t.Fatalf("generated table: levels %v", levels)
	}
	ctx := context.Background()
	deepFiles := liveFiles(t, tbl, 5)
	res, err := compact.Compact(ctx, tbl, compact.Options{Strategy: compact.StrategyMinor,
		Dynamic: map[string]string{"num-sorted-run.compaction-trigger": "2"}})
	if err != nil || res.Snapshot == nil || res.Rewritten != 1 || res.Upgraded != 0 {
		t.Fatalf("minor compaction: %v %v", res, err)
	}
	got, levels := readAll(t, tbl)
	if !equal(got, want) || len(got) != rows {
		t.Fatalf("rows after minor compaction: %d, want %d", len(got), len(want))
	}
	if len(levels) != 1 || levels[5] != 4 {
		t.Fatalf("levels after minor compaction: %v", levels)
	}
	after := liveFiles(t, tbl, 5)
	for name := range deepFiles {
		if !after[name] {
			t.Errorf("max-level file %s was rewritten", name)
		}
	}
	checkMarks(t, tbl, 5, func(int64) bool { return false }, rows)
}
