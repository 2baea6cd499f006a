package main

import (
	"context"
	gosql "database/sql"
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// benchLookups times key lookups on a primary-key table (the -lookup mode):
// point lookups WHERE id = ? with random keys, IN lists of 10 keys, a join
// of 100 keys against the table, and a 1000 x 1000 cross join COUNT(*)
// (whose inner side must be read once, not once per outer row). It prints
// the p50 and p99 of each.
func benchLookups(ctx context.Context, db *gosql.DB, tbl *gentable.Table, n int) error {
	rows := tbl.Options.Rows
	t := tbl.Options.Table
	rng := rand.New(rand.NewPCG(1, 2))
	point := func() (string, int64) {
		return fmt.Sprintf("SELECT id, v, s FROM %s WHERE id = %d", t, rng.Int64N(rows)), 1
	}
	in := func() (string, int64) {
		q := fmt.Sprintf("SELECT id, v, s FROM %s WHERE id IN (", t)
		for i := range 10 {
			if i > 0 {
				q += ","
			}
			q += fmt.Sprint(rng.Int64N(rows/10)*10 + int64(i))
		}
		return q + ")", 10
	}
	if _, err := db.ExecContext(ctx, "CREATE TABLE bench_keys (k BIGINT)"); err != nil {
		return err
	}
	ins := "INSERT INTO bench_keys VALUES "
	for i := range 1000 {
		if i > 0 {
			ins += ","
		}
		ins += fmt.Sprintf("(%d)", int64(i)*(rows/1000))
	}
	if _, err := db.ExecContext(ctx, ins); err != nil {
		return err
	}
	join := func() (string, int64) {
		return fmt.Sprintf("SELECT t.id, t.v FROM bench_keys k JOIN %s t ON t.id = k.k WHERE k.k < %d", t, 100*(rows/1000)), 100
	}
	cross := func() (string, int64) {
		return "SELECT COUNT(*) FROM bench_keys a, bench_keys b", 1
	}
	for _, w := range []struct {
		name string
		q    func() (string, int64)
		runs int
	}{
		{"point lookup WHERE id = ?", point, n},
		{"IN list of 10 keys", in, max(n/10, 5)},
		{"join of 100 keys to the table", join, max(n/50, 3)},
		{"cross join 1000 x 1000 COUNT(*)", cross, 3},
	} {
		var lat []time.Duration
		cpu0 := cpuTime()
		for range w.runs {
			q, want := w.q()
			if w.name == "cross join 1000 x 1000 COUNT(*)" {
				start := time.Now()
				var c int64
				if err := db.QueryRowContext(ctx, q).Scan(&c); err != nil {
					return fmt.Errorf("%s: %w", q, err)
				}
				lat = append(lat, time.Since(start))
				if c != 1_000_000 {
					return fmt.Errorf("%s: %d, want 1000000", q, c)
				}
				continue
			}
			d, got, err := timeQuery(ctx, db, q)
			if err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
			if got != want {
				return fmt.Errorf("%s: %d rows, want %d", q, got, want)
			}
			lat = append(lat, d)
		}
		// CPU time (server and client) per query: other load on the
		// machine disturbs it much less than the latencies.
		cpu := (cpuTime() - cpu0) / time.Duration(w.runs)
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		p99 := lat[min(len(lat)-1, len(lat)*99/100)]
		fmt.Printf("%-40s p50 %10v  p99 %10v  CPU %10v/query  (%d runs)\n", w.name, lat[len(lat)/2].Round(time.Microsecond), p99.Round(time.Microsecond), cpu.Round(time.Microsecond), len(lat))
	}
	return nil
}
