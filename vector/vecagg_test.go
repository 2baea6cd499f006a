package vector_test

import (
	"slices"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
	"github.com/paimon-sql/paimon-sql/vector"
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
	scan, _ := newEngine(t, dir)
	gms := engineWithout(t, dir, vector.AggregateScanRuleID)
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

// Catches: the vector kernels of the aggregate scan (filters, keys and
// arguments over typed column vectors, with the row path for batches they
// cannot evaluate) answering otherwise than go-mysql-server's own
// aggregation: NULLs in keys, filters and arguments, three-valued AND, OR
// and NOT, integer overflow, strings read from dictionaries, tables with
// partitions and primary-key tables whose files are merged (updates,
// deletes) or read raw, HAVING, ORDER BY and LIMIT above the scan.
func TestAggregateScanVectorsMatchEngine(t *testing.T) {
	cols := []gentable.Column{
		{Name: "id", Type: types.New(types.BigInt)},
		{Name: "k", Type: types.New(types.BigInt)},
		{Name: "i", Type: types.New(types.Int)},
		{Name: "t", Type: types.New(types.TinyInt)},
		{Name: "d", Type: types.New(types.Double)},
		{Name: "s", Type: types.NewString()},
		{Name: "m", Type: types.NewDecimal(4, 2)},
	}
	queries := []string{
		// DECIMAL literals of more and fewer places than m's scale, which
		// neither path may round to it (0.005 is not 0.01).
		"SELECT COUNT(*), SUM(m) FROM bench.t WHERE m > 0.005 AND m <= 10.0049",
		"SELECT COUNT(*), SUM(i) FROM bench.t WHERE m BETWEEN -0.015 AND 0.014999 OR m IN (0.5, 1.005, -2, 0.0)",
		"SELECT COUNT(*), SUM(m) FROM bench.t WHERE m < -0.005 OR m >= 49.985 OR m = 0.015",
		"SELECT i % 10, COUNT(*), SUM(k), SUM(i), AVG(i), ROUND(SUM(d), 2), COUNT(d), COUNT(s) FROM bench.t GROUP BY 1",
		"SELECT COUNT(*), SUM(id), SUM(k), SUM(i), AVG(t), SUM(LENGTH(s)), SUM(CHAR_LENGTH(s)), ROUND(AVG(d), 4) FROM bench.t",
		"SELECT t, COUNT(*), SUM(i + t), SUM(i * 3 - t), ROUND(SUM(d * 2 + i), 2) FROM bench.t WHERE d < 5000 GROUP BY t",
		"SELECT s, COUNT(*), SUM(i) FROM bench.t WHERE i < 300000 AND t > 0 GROUP BY s",
		"SELECT d, COUNT(*) FROM bench.t WHERE NOT (i > 500000 OR d >= 100) GROUP BY d",
		"SELECT i IS NULL, s IS NULL, COUNT(*), SUM(LENGTH(s)) FROM bench.t GROUP BY 1, 2",
		"SELECT COUNT(*), SUM(k) FROM bench.t WHERE k * 2 > 0",
		"SELECT id % 3, COUNT(*), SUM(k + 1) FROM bench.t WHERE i IS NOT NULL OR s IS NULL GROUP BY 1",
		"SELECT t % 4 AS g, COUNT(*) AS n, SUM(i) AS si FROM bench.t WHERE 100 > t GROUP BY g HAVING n > 10 ORDER BY si DESC LIMIT 3",
		"SELECT i % 100, MIN(s), MAX(d), COUNT(DISTINCT t) FROM bench.t WHERE d > 10 GROUP BY 1",
		"SELECT COUNT(*), SUM(i) FROM bench.t WHERE i > 2000000",
		"SELECT t % 3, MIN(i), MAX(i), MIN(k), MAX(t), MIN(d), MAX(id) FROM bench.t GROUP BY 1",
		"SELECT MIN(i), MAX(d), MIN(t), MAX(k) FROM bench.t WHERE i > 10",
		"SELECT CAST(t AS SIGNED), COUNT(*), SUM(CAST(i AS DOUBLE)), SUM(CAST(k AS SIGNED)), ROUND(SUM(CAST(d AS DOUBLE)), 2) FROM bench.t WHERE CAST(i AS DOUBLE) < 700000 GROUP BY 1",
		"SELECT s, COUNT(*) FROM bench.t WHERE id < 0 GROUP BY s",
		"SELECT s, COUNT(*), SUM(i) FROM bench.t WHERE d * 2 < -1 GROUP BY s",
		"SELECT COUNT(*), SUM(i), COUNT(s) FROM bench.t WHERE t + 1000 < 0",
	}
	matchEngine(t, map[string]gentable.Options{
		"append":      {Rows: 30_000, RowsPerFile: 11_000, NullEvery: 7},
		"partitioned": {Rows: 20_000, Partitions: 4, Snapshots: 2, NullEvery: 5},
		"pk-merge":    {Rows: 12_000, PrimaryKey: true, Buckets: 2, Level0: true, Snapshots: 3, UpdateEvery: 4, DeleteEvery: 5, NullEvery: 6},
		"pk-raw":      {Rows: 15_000, PrimaryKey: true, Buckets: 2, NullEvery: 3},
	}, cols, queries, false)
}

// Catches: the benchmark's aggregates (issue 19) silently leaving the
// vector kernels for the row path (a kernel no longer compiled for their
// filter, key or arguments), which keeps results right and loses the speed.
func TestAggregateScanVectorPlan(t *testing.T) {
	dir := t.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: 10, Columns: []gentable.Column{
		{Name: "k", Type: types.New(types.BigInt)},
		{Name: "v", Type: types.New(types.Double)},
		{Name: "s", Type: types.NewString()},
	}}); err != nil {
		t.Fatal(err)
	}
	e, _ := newEngine(t, dir)
	for _, q := range []string{
		"SELECT k % 100, COUNT(*), SUM(v) FROM bench.t WHERE v < 6000 GROUP BY 1",
		"SELECT COUNT(*), SUM(k), SUM(v), SUM(LENGTH(s)) FROM bench.t",
		// Kernels beyond the benchmark's.
		"SELECT s, MIN(v), MAX(k), SUM(CAST(k AS DOUBLE)), SUM(k * 2 - 1) FROM bench.t WHERE CAST(k AS DOUBLE) > 0 AND NOT (v IS NULL OR k + 1 < 7) GROUP BY s",
	} {
		requireVectorPlan(t, e, q)
	}
}

// requireVectorPlan fails unless q runs in an aggregate scan whose filter,
// keys and aggregate arguments all compile to vector kernels.
func requireVectorPlan(t *testing.T, e *sqle.Engine, q string) {
	t.Helper()
	ctx := sql.NewEmptyContext()
	n, err := e.AnalyzeQuery(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	found, gaps := vector.VectorPlanGaps(n)
	if !found {
		t.Fatalf("%s: no aggregate scan in\n%s", q, sql.DebugString(n))
	}
	for _, g := range gaps {
		t.Errorf("%s: %s", q, g)
	}
}

// typedColumns are columns of TPC-H's lineitem kinds: DECIMAL prices and
// rates, a DATE and a CHAR(1) flag.
var typedColumns = []gentable.Column{
	{Name: "id", Type: types.New(types.BigInt)},
	{Name: "price", Type: types.DataType{Kind: types.Decimal, Precision: 15, Scale: 2, Nullable: true}},
	{Name: "rate", Type: types.DataType{Kind: types.Decimal, Precision: 4, Scale: 2, Nullable: true}},
	{Name: "qty", Type: types.DataType{Kind: types.Decimal, Precision: 15, Scale: 0, Nullable: true}},
	{Name: "dt", Type: types.New(types.Date)},
	{Name: "flag", Type: types.DataType{Kind: types.Char, Length: 1, Nullable: true}},
	{Name: "i", Type: types.New(types.Int)},
}

// typedQueries are TPC-H Q01's and Q06's shapes and the decimal and date
// kernels' edges: comparisons with constants of more decimals than the
// column, flipped, folded from DATE +/- INTERVAL, BETWEEN, an int64
// overflow of a product (the batch takes the row path), NULLs.
var typedQueries = []string{
	"SELECT flag, COUNT(*), SUM(qty), SUM(price), SUM(price * (1 - rate)), SUM(price * (1 - rate) * (1 + rate)), AVG(qty), AVG(price), AVG(rate) FROM bench.t WHERE dt <= DATE '1998-12-01' - INTERVAL '90' DAY GROUP BY flag ORDER BY flag",
	"SELECT SUM(price * rate) FROM bench.t WHERE dt >= DATE '1994-01-01' AND dt < DATE '1994-01-01' + INTERVAL '1' YEAR AND rate BETWEEN 0.06 - 0.01 AND 0.06 + 0.01 AND qty < 24",
	"SELECT COUNT(*), SUM(rate), SUM(price - rate), SUM(rate + 1.005), SUM(2 * price) FROM bench.t WHERE rate > 1.005 OR price <= -3.5 OR 10 = rate",
	"SELECT flag, COUNT(*), SUM(price * price * price), SUM(qty * qty) FROM bench.t WHERE price BETWEEN -50000000000 AND 50000000000.001 GROUP BY flag",
	"SELECT i % 5, MIN(dt), MAX(dt), COUNT(dt), MIN(price), MAX(rate), COUNT(price) FROM bench.t WHERE dt > DATE '2000-01-01' GROUP BY 1",
	"SELECT dt, COUNT(*), SUM(price) FROM bench.t WHERE dt BETWEEN DATE '1990-01-01' AND DATE '1990-03-01' GROUP BY dt",
	"SELECT COUNT(*), SUM(price * i), SUM(i - price) FROM bench.t WHERE dt < TIMESTAMP '1995-06-01 12:00:00' AND price IS NOT NULL",
	"SELECT flag, SUM(price) FROM bench.t WHERE qty < 0 AND NOT (rate >= 0) GROUP BY flag",
	// IN lists, and MIN and MAX of decimals.
	"SELECT flag, COUNT(*), SUM(price), MIN(price), MAX(price), MIN(qty), MAX(rate) FROM bench.t WHERE id IN (1, 3, 5, 7, 11, 13) AND dt > '1980-01-01' OR dt IN (DATE '1990-01-01', '2000-05-05', DATE '2010-10-10') OR rate IN (0.05, 1, 12.345, -3.100) GROUP BY flag",
	"SELECT COUNT(*), SUM(qty) FROM bench.t WHERE id IN (1, 2, 3, 5, 8, 13, 21, 34, 55, 89) OR i IN (-1, 77)",
}

// Catches: the decimal and date kernels answering otherwise than
// go-mysql-server's own aggregation (scales of products and sums, the
// rounding of AVG, comparisons with constants between two unscaled
// values, dates against instants), on every table kind.
func TestAggregateScanTypedVectorsMatchEngine(t *testing.T) {
	matchEngine(t, tableShapes, typedColumns, typedQueries, true)
}

// tableShapes are the table kinds the kernels must answer alike on:
// append, primary-key merged on read (updates, deletes), read raw, and
// with deletion vectors.
var tableShapes = map[string]gentable.Options{
	"append":   {Rows: 30_000, RowsPerFile: 11_000, NullEvery: 7},
	"pk-merge": {Rows: 12_000, PrimaryKey: true, Buckets: 2, Level0: true, Snapshots: 3, UpdateEvery: 4, DeleteEvery: 5, NullEvery: 6},
	"pk-raw":   {Rows: 15_000, PrimaryKey: true, Buckets: 2, NullEvery: 3},
	"pk-dv":    {Rows: 12_000, PrimaryKey: true, Buckets: 2, Snapshots: 3, UpdateEvery: 4, DeleteEvery: 5, NullEvery: 6, TableOptions: map[string]string{"deletion-vectors.enabled": "true"}},
}

// Catches: TPC-H Q01's and Q06's shapes (decimal arithmetic in sums,
// DATE filters with folded intervals, BETWEEN on decimals, CHAR keys)
// leaving the vector kernels for the row path, which keeps results right
// and loses the speed.
func TestAggregateScanTypedVectorPlan(t *testing.T) {
	dir := t.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: 10, Columns: typedColumns}); err != nil {
		t.Fatal(err)
	}
	e, _ := newEngine(t, dir)
	for _, q := range append(typedQueries[:3:3], typedQueries[len(typedQueries)-2:]...) {
		requireVectorPlan(t, e, q)
	}
}
