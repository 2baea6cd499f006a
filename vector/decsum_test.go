package vector_test

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// decimalSumColumns: decimals read as vectors (DECIMAL(15,2), (15,0)) and
// one that is not (DECIMAL(38,10), boxed row by row).
var decimalSumColumns = []gentable.Column{
	{Name: "id", Type: types.New(types.BigInt)},
	{Name: "m", Type: types.DataType{Kind: types.Decimal, Precision: 15, Scale: 2, Nullable: true}},
	{Name: "q", Type: types.DataType{Kind: types.Decimal, Precision: 15, Scale: 0, Nullable: true}},
	{Name: "w", Type: types.DataType{Kind: types.Decimal, Precision: 38, Scale: 10, Nullable: true}},
	{Name: "i", Type: types.New(types.Int)},
	{Name: "k", Type: types.New(types.BigInt)},
}

// Catches: SUM and AVG of integers and decimals kept per group as unscaled
// integers answering otherwise than go-mysql-server's aggregation with
// exact decimal sums: a sum past 2^63 in the unscaled value (positive and
// negative; the int64 of every group widened to 128 bits), past 2^127 (in
// decimal), values of another scale than the column's, NULLs, groups of
// NULLs only, no rows at all, partial sums of several workers merged.
func TestAggregateScanDecimalSumsMatchEngine(t *testing.T) {
	const big = "9000000000000000.00" // unscaled 9e17: ten of them pass 2^63
	t.Run("rows", func(t *testing.T) {
		matchEngine(t, tableShapes, decimalSumColumns, []string{
			"SELECT i % 7, COUNT(*), SUM(m), AVG(m), SUM(q), AVG(q), SUM(w), AVG(w), SUM(k), AVG(k) FROM bench.t GROUP BY 1",
			"SELECT COUNT(*), SUM(m), AVG(m), SUM(w), AVG(w), SUM(i), AVG(i) FROM bench.t",
			"SELECT i % 5, SUM(CASE WHEN m > 0 THEN " + big + " ELSE -1.25 END), AVG(CASE WHEN m > 0 THEN " + big + " ELSE m END) FROM bench.t GROUP BY 1",
			"SELECT i % 3, SUM(CASE WHEN m < 0 THEN -" + big + " ELSE m END), SUM(CASE WHEN m > 0 THEN " + big + " ELSE -" + big + " END) FROM bench.t GROUP BY 1",
			"SELECT SUM(CASE WHEN m > 0 THEN " + big + " ELSE 0 END), AVG(CASE WHEN m > 0 THEN " + big + " ELSE 0 END) FROM bench.t",
			// Products of 35 to 40 digits: past 2^127 (1.7e38) in a sum.
			"SELECT i % 4, SUM(m * 100000000000000000000), SUM(CASE WHEN m > 0 THEN m ELSE -m END * 10000000000000000000000000), AVG(q * 100000000000000000000000) FROM bench.t GROUP BY 1",
			"SELECT SUM(w * 1000000000000), SUM(q * 10000000000000000000000000) FROM bench.t",
			// Another scale than the column's: m + 0.001, q * 1.5.
			"SELECT i % 6, SUM(m + 0.001), AVG(q * 1.5), SUM(m * q), SUM(w + m) FROM bench.t GROUP BY 1",
			// Groups of NULLs only, and no rows.
			"SELECT i % 4, COUNT(*), SUM(m), AVG(m), SUM(w) FROM bench.t WHERE m IS NULL GROUP BY 1",
			"SELECT SUM(m), AVG(m), SUM(q), SUM(w), AVG(w) FROM bench.t WHERE id < 0",
			"SELECT i % 100, SUM(m) AS s FROM bench.t GROUP BY 1 HAVING SUM(m) > 100000 ORDER BY s DESC LIMIT 5",
			// The key itself in the select list, of INT and BIGINT columns
			// with NULLs (kept by the group map, not per group).
			"SELECT i, COUNT(*), SUM(m), i FROM bench.t GROUP BY i",
			"SELECT k, SUM(q), AVG(m) FROM bench.t GROUP BY k",
			// Columns of each group's first row (one row a group here), kept
			// as the integers of their vectors: decimals, integers, NULLs.
			"SELECT id % 100000, m, q, w, i, k, SUM(q) FROM bench.t GROUP BY 1",
			"SELECT id, m, i, SUM(m) FROM bench.t GROUP BY id HAVING SUM(m) > 100000",
			"SELECT id, SUM(m) FROM bench.t GROUP BY id HAVING SUM(m) > 1000000",
			// HAVING's comparisons of sums with constants, which the scan
			// tests on its groups first: every operator, either side,
			// constants of more places than the sum, NULL sums, wide sums,
			// with other conjuncts and in an OR (not tested first).
			"SELECT i % 50, SUM(m) FROM bench.t GROUP BY 1 HAVING SUM(m) >= 1000000.005 AND COUNT(*) > 2",
			"SELECT i % 50, SUM(m) AS s FROM bench.t GROUP BY 1 HAVING s < -100000.5 OR s = 0",
			"SELECT i % 50, SUM(q) FROM bench.t GROUP BY 1 HAVING 0 <= SUM(q) AND SUM(m) <= 500000.25",
			"SELECT k % 1000, SUM(i) FROM bench.t GROUP BY 1 HAVING SUM(i) = 0 OR SUM(i) > 3000000",
			"SELECT id % 3000, SUM(q) AS s FROM bench.t GROUP BY 1 HAVING SUM(q) > 300 ORDER BY s LIMIT 7",
			"SELECT i % 5, SUM(CASE WHEN m > 0 THEN " + big + " ELSE -1.25 END) AS s FROM bench.t GROUP BY 1 HAVING s > 5",
			"SELECT i % 5, SUM(w) FROM bench.t GROUP BY 1 HAVING SUM(w) > 1.5 AND AVG(m) > -100000",
		}, true)
	})
	t.Run("maybe-empty", func(t *testing.T) {
		matchEngine(t, tableShapes, decimalSumColumns, []string{
			"SELECT i % 9, SUM(m), AVG(q) FROM bench.t WHERE id < 0 GROUP BY 1",
			"SELECT i % 5, SUM(m) FROM bench.t WHERE m IS NULL GROUP BY 1 HAVING SUM(m) < 10",
			"SELECT id % 2000, SUM(m) FROM bench.t GROUP BY 1 HAVING SUM(m) = 0.00",
			// Sums equal to the constant (ids 0 to 9: groups of 3 and 2 rows).
			"SELECT id % 4, SUM(1), COUNT(*) FROM bench.t WHERE id < 10 GROUP BY 1 HAVING SUM(1) = 3",
			"SELECT id % 4, SUM(1.50) FROM bench.t WHERE id < 10 GROUP BY 1 HAVING SUM(1.50) >= 4.5",
			"SELECT id % 4, SUM(1.50) FROM bench.t WHERE id < 10 GROUP BY 1 HAVING SUM(1.50) <= 3",
			"SELECT id % 4, SUM(1.50) FROM bench.t WHERE id < 10 GROUP BY 1 HAVING SUM(1.50) < 4.5 AND SUM(1.50) > 3",
		}, false)
	})
}
