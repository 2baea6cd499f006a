package vector_test

import (
	"slices"
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

// choiceQueries: CASE (TPC-H Q08's, Q12's and Q14's), COALESCE and
// IFNULL, of integers, decimals of several scales, doubles and strings,
// as aggregate arguments and grouping keys, with NULLs, without ELSE, and
// an int64 overflow of a branch.
var choiceQueries = []string{
	"SELECT flag, SUM(CASE WHEN s = 's1' OR s LIKE 's2%' THEN 1 ELSE 0 END), SUM(CASE WHEN s <> 's1' AND s NOT LIKE 's2%' THEN 1 ELSE 0 END) FROM bench.t GROUP BY flag",
	"SELECT 100.00 * SUM(CASE WHEN s LIKE 's1%' THEN price * (1 - rate) ELSE 0 END) / SUM(price * (1 - rate)) FROM bench.t WHERE dt >= DATE '1995-09-01'",
	"SELECT flag, SUM(CASE WHEN flag = 'A' THEN price ELSE 0 END), SUM(CASE flag WHEN 'B' THEN qty WHEN 'C' THEN rate END), AVG(CASE WHEN i > 1000 THEN price END) FROM bench.t GROUP BY flag",
	"SELECT CASE WHEN i < 100000 THEN 'low' WHEN i < 500000 THEN 'mid' ELSE 'high' END AS band, COUNT(*), SUM(i) FROM bench.t GROUP BY band",
	"SELECT COUNT(*), SUM(COALESCE(rate, 0)), SUM(COALESCE(qty, i, 0)), SUM(IFNULL(i, 7)), ROUND(SUM(COALESCE(d, i)), 2), COUNT(COALESCE(s, flag)), SUM(IFNULL(price, 0.005)) FROM bench.t",
	// go-mysql-server types COALESCE(price, rate) DECIMAL(4,2), the last
	// decimal's type, and errs on prices that do not fit it.
	"SELECT COUNT(*), SUM(COALESCE(price, rate)) FROM bench.t",
	"SELECT COALESCE(flag, 'none'), COUNT(*), SUM(IFNULL(qty, -1)), ROUND(SUM(CASE WHEN d > 5000 THEN d WHEN i > 10 THEN i END), 2) FROM bench.t GROUP BY 1",
	"SELECT CASE WHEN i < 2000 THEN i WHEN i < 4000 THEN 0 - i END AS k, COUNT(*) FROM bench.t WHERE i < 5000 GROUP BY k",
	"SELECT COUNT(*), SUM(CASE WHEN price > 0 THEN price * price * price * price END), SUM(CASE WHEN rate > 0 THEN qty * qty END) FROM bench.t",
}

// Catches: CASE, COALESCE and IFNULL kernels choosing another branch,
// value, type or scale than go-mysql-server's Eval, on every table kind.
func TestAggregateScanChoiceVectorsMatchEngine(t *testing.T) {
	matchEngine(t, tableShapes, exprColumns, choiceQueries, false)
}

// timeQueries: parts of DATEs and TIMESTAMPs (TPC-H Q07's, Q08's and
// Q09's EXTRACT(YEAR ...)), TIMESTAMP comparisons with dates, datetimes
// and strings, DATE and TIMESTAMP grouping keys, and TIMESTAMP_LTZ
// columns, which no kernel takes.
var timeQueries = []string{
	"SELECT EXTRACT(YEAR FROM dt) AS y, COUNT(*), SUM(price), MIN(ts), MAX(dt) FROM bench.t GROUP BY y",
	"SELECT YEAR(ts), MONTH(dt), COUNT(*), SUM(qty) FROM bench.t WHERE ts >= TIMESTAMP '1990-01-01 00:00:00' AND ts < '2000-06-01 12:30:00.5' GROUP BY 1, 2",
	"SELECT QUARTER(ts), DAY(dt), EXTRACT(MONTH FROM ts), EXTRACT(DAY FROM dt), EXTRACT(QUARTER FROM dt), COUNT(*) FROM bench.t GROUP BY 1, 2, 3, 4, 5",
	"SELECT dt, COUNT(*), SUM(price) FROM bench.t WHERE dt < DATE '1975-01-01' GROUP BY dt",
	"SELECT ts, flag, COUNT(*) FROM bench.t WHERE ts BETWEEN '1980-01-01' AND TIMESTAMP '1980-12-31 23:59:59' GROUP BY ts, flag",
	"SELECT COUNT(*), SUM(i) FROM bench.t WHERE ts > DATE '2010-01-01' OR ts = TIMESTAMP '1999-09-09 09:09:09.123456' OR dt >= TIMESTAMP '2020-02-02 02:02:02'",
	"SELECT YEAR(tl), COUNT(*), MIN(tl), MAX(tl) FROM bench.t WHERE tl > '2000-01-01' GROUP BY 1",
	"SELECT tl, COUNT(*) FROM bench.t WHERE id < 100 GROUP BY tl",
}

// Catches: date parts, TIMESTAMP comparisons and DATE or TIMESTAMP keys
// answering otherwise than go-mysql-server (days before 1970, the
// constant's fraction of a microsecond, a key encoded unlike the row
// path's, so that one group splits in two), on every table kind.
func TestAggregateScanTimeVectorsMatchEngine(t *testing.T) {
	matchEngine(t, tableShapes, exprColumns, timeQueries, true)
}

// divisionQueries: division of doubles (and integers by doubles), by
// zero (NULL, with go-mysql-server's warning: the row path), and
// division of integers and decimals (decimalDivisionQueries).
var divisionQueries = []string{
	"SELECT flag, ROUND(SUM(d / 3), 6), ROUND(SUM(i / d), 6) FROM bench.t WHERE d / 2 > 100 GROUP BY flag",
	"SELECT COUNT(*), COUNT(d / (d - d)), ROUND(SUM(d / i), 6), SUM(price / 3), SUM(i / 7) FROM bench.t WHERE i % 5 = 0",
}

// decimalDivisionQueries: a / b of integers and decimals, the quotient
// rounded half away from zero to the dividend's scale plus 4, or
// truncated where MySQL's 9-digit quotient has no more digits (a
// dividend of 5 or 14 decimals); negative operands, zero divisors (the
// row path's NULL), NULLs, divisions in WHERE, CASE and AVG; and a
// division inside other arithmetic (the row path).
var decimalDivisionQueries = []string{
	"SELECT flag, COUNT(*), SUM(price / 3), SUM(price / qty), AVG(i / 7), SUM(qty / rate), COUNT(price / rate), SUM(rate / -7) FROM bench.t GROUP BY flag",
	"SELECT COUNT(*), SUM(i / 7), SUM(price / 2.50), SUM(rate / price), SUM((price * rate) / (qty + 1)), SUM(1 / i) FROM bench.t WHERE price / qty > 10 AND i / 3 < 100000",
	"SELECT flag, SUM(price * 1.005 / 7), SUM(price * 1.005 / i), SUM(rate * 0.000000000001 / 3), SUM(CASE WHEN i > 0 THEN price / i ELSE 0 END) FROM bench.t WHERE i <> 0 GROUP BY flag",
	"SELECT COUNT(*), SUM(price / 3 / 7), SUM(1 + price / 3), SUM(price / 3 * 3) FROM bench.t",
	"SELECT SUM(price / 7), AVG(price / qty), SUM(i / 7), AVG(rate / 3), SUM(price * 1.005 / 7), SUM(rate / 0.07) FROM bench.t WHERE qty <> 0",
}

// Catches: division kernels giving another quotient, or a number where
// go-mysql-server gives NULL.
func TestAggregateScanDivisionVectorsMatchEngine(t *testing.T) {
	matchEngine(t, map[string]gentable.Options{"append": tableShapes["append"], "pk-merge": tableShapes["pk-merge"]}, exprColumns, divisionQueries, true)
}

// Catches: decimal division kernels giving another quotient than
// go-mysql-server's Eval (rounded or unrounded), or a number where it
// gives NULL, on every table kind.
func TestAggregateScanDecimalDivisionVectorsMatchEngine(t *testing.T) {
	matchEngine(t, tableShapes, typedColumns, decimalDivisionQueries, true)
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
	queries := append(stringQueries, slices.Delete(slices.Clone(choiceQueries), 5, 6)...)
	for _, q := range append(append(queries, timeQueries[:6]...), divisionQueries[0]) {
		requireVectorPlan(t, e, q)
	}
}

// Catches: divisions of integers and decimals left to the row path.
func TestAggregateScanDecimalDivisionVectorPlan(t *testing.T) {
	dir := t.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: 10, Columns: typedColumns}); err != nil {
		t.Fatal(err)
	}
	e, _ := newEngine(t, dir)
	for _, q := range append(decimalDivisionQueries[:3:3], decimalDivisionQueries[4]) {
		requireVectorPlan(t, e, q)
	}
}
