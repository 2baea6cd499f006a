package vector_test

import (
	"testing"

	sqle "github.com/dolthub/go-mysql-server"

	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// columnQueries compare two columns of a row (TPC-H's l_commitdate <
// l_receiptdate): integers of two widths, a DATE with a TIMESTAMP (its
// midnight), each comparison operator, flipped, with NULLs on either side,
// under NOT and OR.
var columnQueries = []string{
	"SELECT flag, COUNT(*), SUM(price) FROM bench.t WHERE dt < ts GROUP BY flag",
	"SELECT COUNT(*), SUM(i) FROM bench.t WHERE ts <= dt OR ts = dt",
	"SELECT COUNT(*) FROM bench.t WHERE dt >= ts AND NOT (ts > dt)",
	"SELECT flag, COUNT(*) FROM bench.t WHERE id > i OR i = id GROUP BY flag",
	"SELECT COUNT(*), SUM(qty) FROM bench.t WHERE NOT (i <= id) OR i >= id * 2",
	"SELECT COUNT(*) FROM bench.t WHERE i = i AND dt = dt",
}

// Catches: comparisons of two columns answering otherwise than
// go-mysql-server (a DATE against a TIMESTAMP's fraction of a day, NULL
// on one side), on every table kind, or left to the row path.
func TestColumnComparisonVectorsMatchEngine(t *testing.T) {
	matchEngine(t, tableShapes, exprColumns, columnQueries, true)
	dir := t.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: 10, Columns: exprColumns}); err != nil {
		t.Fatal(err)
	}
	var e *sqle.Engine
	e, _ = newEngine(t, dir)
	for _, q := range columnQueries {
		requireVectorPlan(t, e, q)
	}
}
