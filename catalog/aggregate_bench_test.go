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
		if r.Id != VectorizedAggregatesRuleID {
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
