package vector_test

import (
	"os"
	"slices"
	"syscall"
	"testing"
	"time"

	sqle "github.com/dolthub/go-mysql-server"

	"github.com/paimon-sql/paimon-sql/internal/tpch"
)

// BenchmarkTPCHWarehouse runs TPC-H's 22 queries in process over the
// database tpch of the warehouse PAIMON_SQL_TPCH_WAREHOUSE (one that
// `paimon-bench compare -workloads tpch -dir D` left in D/warehouse) and
// reports each query's CPU time (user + system of the process), which the
// load of other processes on a shared machine changes less than the wall
// time. With PAIMON_SQL_TPCH_CHECK=1 each answer is also compared with
// go-mysql-server's own executor's (rowEngine) on the same plans.
//
//	PAIMON_SQL_TPCH_WAREHOUSE=/tmp/w/warehouse go test ./vector -run '^$' -bench TPCHWarehouse -benchtime 1x
func BenchmarkTPCHWarehouse(b *testing.B) {
	dir := os.Getenv("PAIMON_SQL_TPCH_WAREHOUSE")
	if dir == "" {
		b.Skip("PAIMON_SQL_TPCH_WAREHOUSE names no warehouse")
	}
	vec, _ := newEngine(b, dir)
	var gms *sqle.Engine
	if os.Getenv("PAIMON_SQL_TPCH_CHECK") != "" {
		gms = rowEngine(b, dir)
	}
	for _, q := range tpch.Queries() {
		b.Run(q.Name, func(b *testing.B) {
			var got []string
			cpu0 := cpuTime()
			for b.Loop() {
				var err error
				if got, err = tpchQuery(vec, q.SQL); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			if gms == nil {
				return
			}
			want, err := tpchQuery(gms, q.SQL)
			if err != nil {
				b.Fatal(err)
			}
			if !slices.Equal(got, want) {
				b.Errorf("%s: %d rows %.400v\nrow engine: %d rows %.400v", q.Name, len(got), got, len(want), want)
			}
		})
	}
}

// tpchQuery runs q in database tpch and renders its rows sorted.
func tpchQuery(e *sqle.Engine, q string) ([]string, error) { return queryIn(e, "tpch", q) }

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
