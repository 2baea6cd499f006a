package catalog

import (
	"slices"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql/analyzer"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// Catches: partial results of the aggregate scan's workers merged wrongly
// (groups split or lost across workers, counts and sums of one worker
// only), against go-mysql-server's aggregation of the same rows: a table
// of several files, read by several workers, with NULLs.
func TestAggregateScanWorkers(t *testing.T) {
	dir := t.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: 40_000, RowsPerFile: 5_000, NullEvery: 7, Columns: []gentable.Column{
		{Name: "k", Type: types.New(types.BigInt)},
		{Name: "i", Type: types.New(types.Int)},
		{Name: "s", Type: types.NewString()},
	}}); err != nil {
		t.Fatal(err)
	}
	scan, p := newEngine(t, dir)
	ab := analyzer.NewBuilder(p)
	for _, r := range p.PushdownRules() {
		if r.Id != VectorizedAggregatesRuleID {
			ab = ab.AddPostAnalyzeRule(r.Id, r.Apply)
		}
	}
	gms := sqle.New(ab.Build(), &sqle.Config{})
	for _, q := range []string{
		"SELECT k % 7, COUNT(*), COUNT(i), SUM(i), AVG(i), MIN(s), MAX(s), COUNT(DISTINCT s) FROM bench.t GROUP BY 1",
		"SELECT s, COUNT(*), SUM(k), MAX(i) FROM bench.t WHERE i < 500000 GROUP BY s",
		"SELECT COUNT(*), SUM(k), AVG(k), MIN(i), MAX(i), COUNT(DISTINCT i) FROM bench.t WHERE k % 3 = 1",
		"SELECT i IS NULL, COUNT(*), SUM(LENGTH(s)) FROM bench.t GROUP BY 1",
	} {
		got, err := query(t, scan, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		want, err := query(t, gms, q)
		if err != nil {
			t.Fatalf("%s (go-mysql-server): %v", q, err)
		}
		if !slices.Equal(got, want) || len(got) == 0 {
			t.Errorf("%s:\n got %d rows %.300v\nwant %d rows %.300v", q, len(got), got, len(want), want)
		}
	}
}
