package vector_test

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// temporalColumns are columns of the types read as vectors beyond numbers,
// decimals, dates and strings: BOOLEAN, FLOAT, TIME, and TIMESTAMPs of
// every precision that has a vector form, with and without local time zone.
var temporalColumns = []gentable.Column{
	{Name: "id", Type: types.New(types.BigInt)},
	{Name: "b", Type: types.New(types.Boolean)},
	{Name: "f", Type: types.New(types.Float)},
	{Name: "tm", Type: types.New(types.Time)},
	{Name: "ts", Type: types.NewTimestamp(6)},
	{Name: "ts0", Type: types.NewTimestamp(0)},
	{Name: "ts3", Type: types.NewTimestamp(3)},
	{Name: "tl", Type: types.DataType{Kind: types.TimestampLTZ, Precision: 3, Nullable: true}},
	{Name: "i", Type: types.New(types.Int)},
	{Name: "s", Type: types.NewString()},
}

// temporalQueries read those columns through the aggregate scan: the
// values as go-mysql-server sees them (MIN, MAX, a group's first row),
// counts of NULLs, sums of booleans and floats, comparisons of both.
var temporalQueries = []string{
	"SELECT b, COUNT(*), SUM(i), MIN(ts), MAX(ts3), MAX(tl), COUNT(ts0), COUNT(tm) FROM bench.t GROUP BY b",
	"SELECT COUNT(*), SUM(b), SUM(f), AVG(f), MIN(f), MAX(f) FROM bench.t WHERE f < 5000 AND b = 1",
	"SELECT i % 3, COUNT(*), ROUND(SUM(f), 2), COUNT(tm), MIN(ts0), MAX(tl) FROM bench.t WHERE b IS NOT NULL GROUP BY 1",
	"SELECT CAST(b AS SIGNED), COUNT(*), SUM(CAST(f AS DOUBLE)) FROM bench.t WHERE f >= 100.5 OR b = 0 GROUP BY 1",
	"SELECT COUNT(*), MIN(ts), MAX(ts), MIN(tl), MAX(ts0) FROM bench.t WHERE id < 0",
	"SELECT b + 1, COUNT(*), SUM(f * 3), ROUND(SUM(f - i) / 1000, 2), ROUND(SUM(f * f) / 1000000, 2), COUNT(f + 0.1) FROM bench.t WHERE f * f > 1000.5 AND f * 2 < 9000.5 GROUP BY 1",
}

// Catches: BOOLEAN, FLOAT, TIME and TIMESTAMP columns read as vectors
// (booleans as 0 and 1, floats widened, times as milliseconds, timestamps
// as microseconds from Parquet's milliseconds or microseconds) giving
// other values than the rows go-mysql-server reads: a wrong unit, a lost
// NULL, an instant shifted by the time zone.
func TestAggregateScanTemporalVectorsMatchEngine(t *testing.T) {
	matchEngine(t, tableShapes, temporalColumns, temporalQueries, false)
}

// Catches: a query over BOOLEAN and FLOAT columns leaving the vector
// kernels for the row path.
func TestAggregateScanTemporalVectorPlan(t *testing.T) {
	dir := t.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: 10, Columns: temporalColumns}); err != nil {
		t.Fatal(err)
	}
	e, _ := newEngine(t, dir)
	for _, q := range temporalQueries[1:2] {
		requireVectorPlan(t, e, q)
	}
}

// Catches: a cast of a DATE, TIME or TIMESTAMP to a number taken as the
// integer its vector holds (days, milliseconds, microseconds).
func TestAggregateScanTemporalCastsMatchEngine(t *testing.T) {
	matchEngine(t, map[string]gentable.Options{"append": {Rows: 3_000, RowsPerFile: 1_100, NullEvery: 7}}, append(temporalColumns, gentable.Column{Name: "dt", Type: types.New(types.Date)}), []string{
		"SELECT COUNT(*), SUM(CAST(dt AS SIGNED)), SUM(CAST(ts0 AS SIGNED)), SUM(CAST(tm AS SIGNED)), SUM(CAST(b AS SIGNED)) FROM bench.t",
		"SELECT CAST(dt AS SIGNED) % 7, COUNT(*) FROM bench.t WHERE CAST(ts AS DOUBLE) > 0 GROUP BY 1",
	}, true)
}
