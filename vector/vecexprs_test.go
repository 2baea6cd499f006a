package vector_test

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// exprColumns are TPC-H's kinds of columns (DECIMALs, a DATE, a CHAR flag)
// with strings, doubles and timestamps, for the kernels of the
// expressions BI tools generate.
var exprColumns = append(typedColumns[:len(typedColumns):len(typedColumns)],
	gentable.Column{Name: "s", Type: types.NewString()},
	gentable.Column{Name: "d", Type: types.New(types.Double)},
	gentable.Column{Name: "ts", Type: types.NewTimestamp(6)},
	gentable.Column{Name: "tl", Type: types.DataType{Kind: types.TimestampLTZ, Precision: 3, Nullable: true}},
)

// stringQueries: comparisons, IN lists and LIKE of strings with
// constants, NULLs in lists, NOT of each, case and _ in patterns.
var stringQueries = []string{
	"SELECT flag, COUNT(*), SUM(i) FROM bench.t WHERE s LIKE 's1%' GROUP BY flag",
	"SELECT COUNT(*), SUM(price) FROM bench.t WHERE s LIKE '%7' OR s LIKE '%12%' OR s LIKE 's_3%'",
	"SELECT COUNT(*) FROM bench.t WHERE s LIKE 'S1%' OR s NOT LIKE '%1%' OR s LIKE 's' OR s LIKE '%'",
	"SELECT flag, COUNT(*) FROM bench.t WHERE s LIKE 's!_%' ESCAPE '!' OR s LIKE 's2_4' GROUP BY flag",
	"SELECT flag, COUNT(*), SUM(qty) FROM bench.t WHERE flag IN ('A', 'C') AND s NOT IN ('s1', 's22', 's333') GROUP BY flag",
	"SELECT COUNT(*) FROM bench.t WHERE s IN ('s1', NULL, 's17') OR NOT (s IN ('s5', NULL))",
	"SELECT flag, COUNT(*) FROM bench.t WHERE s = 's100' OR s < 's11' OR 's99990' <= s OR flag = 'B' GROUP BY flag",
	"SELECT COUNT(*), SUM(i) FROM bench.t WHERE flag > 'A' AND s >= 's5' AND NOT (s = 's50')",
}

// Catches: the string kernels answering otherwise than go-mysql-server's
// own comparisons and matcher, on every table kind.
func TestAggregateScanStringVectorsMatchEngine(t *testing.T) {
	matchEngine(t, tableShapes, exprColumns, stringQueries, true)
}

// Catches: string filters leaving the vector kernels for the row path.
func TestAggregateScanExprVectorPlan(t *testing.T) {
	dir := t.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: 10, Columns: exprColumns}); err != nil {
		t.Fatal(err)
	}
	e, _ := newEngine(t, dir)
	for _, q := range stringQueries {
		requireVectorPlan(t, e, q)
	}
}
