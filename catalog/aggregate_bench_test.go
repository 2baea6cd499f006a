//go:build unix

package catalog

import (
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql/analyzer"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
	"github.com/paimon-sql/paimon-sql/vector"
)

// BenchmarkAggregates runs issue 19's aggregate workloads over a generated
// table of AGG_BENCH_ROWS rows (default 1M): k BIGINT, v DOUBLE, s STRING,
// in files of 1M rows as paimon-bench compare writes them, by the aggregate scan and by go-mysql-server
// (the rule off). It reports rows per second of wall time and of CPU time
// (the process's, user and system): on a shared machine the second is the
// steadier.
func BenchmarkAggregates(b *testing.B) {
	rows := int64(1_000_000)
	if s := os.Getenv("AGG_BENCH_ROWS"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			b.Fatal(err)
		}
		rows = n
	}
	dir := b.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: rows, RowsPerFile: 1 << 20, Columns: []gentable.Column{
		{Name: "k", Type: types.New(types.BigInt)},
		{Name: "v", Type: types.New(types.Double)},
		{Name: "s", Type: types.NewString()},
	}}); err != nil {
		b.Fatal(err)
	}
	vectorized, p := newEngine(b, dir)
	ab := analyzer.NewBuilder(p)
	for _, r := range p.PushdownRules() {
		if r.Id != vector.AggregateScanRuleID {
			ab = ab.AddPostAnalyzeRule(r.Id, r.Apply)
		}
	}
	gms := sqle.New(ab.Build(), &sqle.Config{})
	for _, q := range []struct{ name, sql string }{
		{"groupby", "SELECT k % 100, COUNT(*), SUM(v) FROM bench.t WHERE v < 6000 GROUP BY 1"},
		{"sums", "SELECT COUNT(*), SUM(k), SUM(v), SUM(LENGTH(s)) FROM bench.t"},
	} {
		for _, e := range []struct {
			name string
			e    *sqle.Engine
		}{{"scan", vectorized}, {"gms", gms}} {
			b.Run(q.name+"/"+e.name, func(b *testing.B) {
				cpu0 := cpuTime()
				for b.Loop() {
					if _, err := query(b, e.e, q.sql); err != nil {
						b.Fatal(err)
					}
				}
				n := float64(rows) * float64(b.N)
				b.ReportMetric(n/b.Elapsed().Seconds(), "rows/s")
				b.ReportMetric(n/(cpuTime()-cpu0).Seconds(), "rows/cpu-s")
			})
		}
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkTPCHShapes runs TPC-H Q01 and Q06 over a generated lineitem of
// TPCH_BENCH_ROWS rows (default 600,000, scale factor 0.1) with
// lineitem's types: DECIMAL quantities, prices and rates, a DATE and
// CHAR(1) flags (random values of those types, not dbgen's; prices of 9
// digits and rates of 4, so that Q01's products stay within int64 as
// dbgen's do), by the aggregate scan and by go-mysql-server (the rule off).
func BenchmarkTPCHShapes(b *testing.B) {
	rows := int64(600_000)
	if s := os.Getenv("TPCH_BENCH_ROWS"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			b.Fatal(err)
		}
		rows = n
	}
	dec := func(p, s int) types.DataType {
		return types.DataType{Kind: types.Decimal, Precision: p, Scale: s, Nullable: true}
	}
	dir := b.TempDir()
	if _, err := gentable.Write(dir, gentable.Options{Rows: rows, RowsPerFile: 1 << 20, Table: "lineitem", Columns: []gentable.Column{
		{Name: "l_orderkey", Type: types.New(types.BigInt)},
		{Name: "l_quantity", Type: dec(4, 2)},
		{Name: "l_extendedprice", Type: dec(9, 2)},
		{Name: "l_discount", Type: dec(4, 2)},
		{Name: "l_tax", Type: dec(4, 2)},
		{Name: "l_returnflag", Type: types.DataType{Kind: types.Char, Length: 1, Nullable: true}},
		{Name: "l_linestatus", Type: types.DataType{Kind: types.Char, Length: 1, Nullable: true}},
		{Name: "l_shipdate", Type: types.New(types.Date)},
		{Name: "l_comment", Type: types.NewString()},
	}}); err != nil {
		b.Fatal(err)
	}
	vectorized, p := newEngine(b, dir)
	ab := analyzer.NewBuilder(p)
	for _, r := range p.PushdownRules() {
		if r.Id != vector.AggregateScanRuleID {
			ab = ab.AddPostAnalyzeRule(r.Id, r.Apply)
		}
	}
	gms := sqle.New(ab.Build(), &sqle.Config{})
	for _, q := range []struct{ name, sql string }{
		{"q01", `SELECT l_returnflag, l_linestatus, SUM(l_quantity) AS sum_qty, SUM(l_extendedprice) AS sum_base_price,
			SUM(l_extendedprice * (1 - l_discount)) AS sum_disc_price, SUM(l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS sum_charge,
			AVG(l_quantity) AS avg_qty, AVG(l_extendedprice) AS avg_price, AVG(l_discount) AS avg_disc, COUNT(*) AS count_order
			FROM bench.lineitem WHERE l_shipdate <= DATE '1998-12-01' - INTERVAL '90' DAY
			GROUP BY l_returnflag, l_linestatus ORDER BY l_returnflag, l_linestatus`},
		{"q06", `SELECT SUM(l_extendedprice * l_discount) AS revenue FROM bench.lineitem
			WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR
			AND l_discount BETWEEN 0.06 - 0.01 AND 0.06 + 0.01 AND l_quantity < 24`},
		// Q12's, Q14's and Q07-Q09's expressions on lineitem alone: CASE,
		// string comparisons and IN lists, LIKE, EXTRACT(YEAR), DATE keys.
		{"q12-case", `SELECT l_returnflag, SUM(CASE WHEN l_linestatus = 'A' OR l_linestatus = 'B' THEN 1 ELSE 0 END) AS high_line_count,
			SUM(CASE WHEN l_linestatus <> 'A' AND l_linestatus <> 'B' THEN 1 ELSE 0 END) AS low_line_count
			FROM bench.lineitem WHERE l_returnflag IN ('A', 'C') AND l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR
			GROUP BY l_returnflag ORDER BY l_returnflag`},
		{"q14-like", `SELECT 100.00 * SUM(CASE WHEN l_comment LIKE 's1%' THEN l_extendedprice * (1 - l_discount) ELSE 0 END)
			/ SUM(l_extendedprice * (1 - l_discount)) AS promo_revenue FROM bench.lineitem WHERE l_shipdate >= DATE '1995-09-01'`},
		{"year", `SELECT EXTRACT(YEAR FROM l_shipdate) AS l_year, SUM(l_extendedprice * (1 - l_discount)) AS volume
			FROM bench.lineitem GROUP BY l_year ORDER BY l_year`},
		{"datekey", `SELECT l_shipdate, COUNT(*), SUM(l_quantity) FROM bench.lineitem WHERE l_shipdate >= DATE '2000-01-01' GROUP BY l_shipdate`},
	} {
		for _, e := range []struct {
			name string
			e    *sqle.Engine
		}{{"scan", vectorized}, {"gms", gms}} {
			b.Run(q.name+"/"+e.name, func(b *testing.B) {
				for b.Loop() {
					if _, err := query(b, e.e, q.sql); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/query")
			})
		}
	}
}
