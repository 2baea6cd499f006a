package vector_test

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// Catches: a WHERE of AND-ed parts evaluated part by part over compacted
// batches (vecselect.go) answering otherwise than go-mysql-server's own
// aggregation: a row kept where one part is NULL and a later one TRUE, a
// NULL part's row dropped before the later parts are evaluated on it, keys
// and arguments read from the wrong rows after two or three compactions
// (strings from dictionaries and plain pages, decimals, dates), a part
// that overflows (the row path) on rows an earlier part refused or not.
func TestConjunctionVectorsMatchEngine(t *testing.T) {
	cols := []gentable.Column{
		{Name: "id", Type: types.New(types.BigInt)},
		{Name: "k", Type: types.New(types.BigInt)},
		{Name: "i", Type: types.New(types.Int)},
		{Name: "t", Type: types.New(types.TinyInt)},
		{Name: "d", Type: types.New(types.Double)},
		{Name: "s", Type: types.NewString()},
		{Name: "m", Type: types.NewDecimal(4, 2)},
		{Name: "dt", Type: types.New(types.Date)},
		{Name: "flag", Type: types.DataType{Kind: types.Char, Length: 1, Nullable: true}},
	}
	queries := []string{
		"SELECT s, COUNT(*), SUM(k), MIN(d), MAX(t), SUM(m) FROM bench.t WHERE i < 400000 AND t > 10 AND d < 5000 AND k % 3 <> 1 GROUP BY s",
		"SELECT flag, COUNT(*), SUM(m * 2), AVG(m), MIN(dt) FROM bench.t WHERE dt >= DATE '1994-01-01' AND dt < DATE '1999-01-01' AND m BETWEEN 0.05 AND 40 AND i < 700000 GROUP BY flag",
		"SELECT COUNT(*), SUM(i), COUNT(s) FROM bench.t WHERE i > 100 AND (s IS NULL OR t IS NULL) AND NOT (d > 10)",
		"SELECT t, COUNT(*) FROM bench.t WHERE t IS NULL AND i IS NULL AND s IS NULL GROUP BY t",
		"SELECT LENGTH(s), COUNT(*), MAX(s) FROM bench.t WHERE i < 100000 AND s > 'm' AND t <> 3 GROUP BY 1",
		"SELECT i % 7, COUNT(*), SUM(k) FROM bench.t WHERE t + 1 > 0 AND m < 45 AND d * 2 < 10000 AND i < 900000 GROUP BY 1",
		"SELECT COUNT(*), SUM(k) FROM bench.t WHERE i < 50000 AND k * 1000000000000 > 0",
		"SELECT COUNT(*), SUM(k) FROM bench.t WHERE k * 1000000000000 > 0 AND i < 50000",
		"SELECT COUNT(*), SUM(i) FROM bench.t WHERE i < 0 AND t > 0 AND s = 'x'",
		"SELECT COUNT(*), SUM(i) FROM bench.t WHERE (i > 10 OR i IS NULL) AND t < 100 AND s IS NOT NULL AND flag IS NOT NULL",
		// Ranges of DATE and DECIMAL values (intRange), at and between
		// the column's integers, inclusive and not, flipped, empty.
		"SELECT COUNT(*), SUM(m) FROM bench.t WHERE m > 0.005 AND m <= 10.0049 AND dt <> DATE '1995-01-01'",
		"SELECT COUNT(*), SUM(m) FROM bench.t WHERE m >= 1.5 AND 30 > m AND m < 29.995 AND dt <= DATE '1999-06-30' AND dt > '1990-01-01'",
		"SELECT flag, COUNT(*), SUM(m) FROM bench.t WHERE m BETWEEN 0.014999 AND 20.015 AND dt BETWEEN DATE '1991-01-01' AND DATE '2001-12-31' GROUP BY flag",
		"SELECT COUNT(*) FROM bench.t WHERE m = 0.5 AND dt >= DATE '1970-01-01'",
		"SELECT COUNT(*) FROM bench.t WHERE m = 0.015 AND dt < DATE '2100-01-01'",
		"SELECT COUNT(*) FROM bench.t WHERE m BETWEEN 20 AND 10 AND i > 0",
		"SELECT COUNT(*), SUM(i) FROM bench.t WHERE dt < DATE '2100-01-01' AND m > -100 AND m < 100",
	}
	shapes := map[string]gentable.Options{
		"append-no-nulls": {Rows: 30_000, RowsPerFile: 11_000},
		"pk-raw-no-nulls": {Rows: 15_000, PrimaryKey: true, Buckets: 2},
	}
	for name, o := range tableShapes {
		shapes[name] = o
	}
	matchEngine(t, shapes, cols, queries, false)
}
