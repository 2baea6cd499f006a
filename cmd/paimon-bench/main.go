// Command paimon-bench measures the read path over the wire: it generates an
// append table (id BIGINT, v INT, s STRING) with internal/gentable,
// serves it in-process with the paimon-sql server on 127.0.0.1:0, and times
// queries sent with go-sql-driver/mysql (text protocol):
//
//   - a full scan, SELECT id, v, s FROM t, read to the end (rows/s);
//   - SELECT COUNT(*) FROM t, which the catalog answers from the manifests;
//   - selective id ranges, with pruning (id BETWEEN, id >= AND id <=) and
//     without (id + 0 BETWEEN, which is not pushed down).
//
// Client and server share the machine's cores, as they would with a local
// client. Besides wall time it prints the process CPU time per row, which
// other load on the machine disturbs much less. Run it with:
//
//	go run ./cmd/paimon-bench -rows 10000000
package main

import (
	"context"
	gosql "database/sql"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
	"github.com/paimon-sql/paimon-sql/server"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "rest-commit" {
		if err := restCommit(os.Args[2:]); err != nil {
			log.Fatal(err)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "compare" {
		if err := compare(os.Args[2:]); err != nil {
			log.Fatal(err)
		}
		return
	}
	rows := flag.Int64("rows", 10_000_000, "rows of the generated table")
	perFile := flag.Int("rows-per-file", 500_000, "rows per data file")
	perGroup := flag.String("row-group-size", "", "Parquet row group size, as the table option 'parquet.block.size' (default: the writer's, 128 MB)")
	dir := flag.String("dir", "", "warehouse directory (default: a temporary directory, removed at exit)")
	repeat := flag.Int("repeat", 3, "runs of each query")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the full scans to this file")
	lookups := flag.Int("lookup", 0, "instead of the scans, time this many point lookups (and IN lists, a join, a cross join) on a primary-key table of -rows keys in -buckets buckets")
	buckets := flag.Int("buckets", 4, "buckets of the -lookup table")
	flag.Parse()
	if *lookups > 0 {
		lookupRuns, lookupBuckets = *lookups, *buckets
	}
	if err := run(*rows, *perFile, *perGroup, *dir, *repeat, *cpuProfile); err != nil {
		log.Fatal(err)
	}
}

// lookupRuns > 0 selects the -lookup mode, over a primary-key table of
// lookupBuckets buckets.
var lookupRuns, lookupBuckets int

func run(rows int64, perFile int, perGroup string, dir string, repeat int, cpuProfile string) error {
	ctx := context.Background()
	fmt.Printf("GOMAXPROCS=%d %s\n", runtime.GOMAXPROCS(0), runtime.Version())
	if dir == "" {
		tmp, err := os.MkdirTemp("", "paimon-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}

	start := time.Now()
	o := gentable.Options{Rows: rows, RowsPerFile: perFile, PrimaryKey: lookupRuns > 0, Buckets: lookupBuckets}
	if perGroup != "" {
		o.TableOptions = map[string]string{options.ParquetBlockSize.Key: perGroup}
	}
	tbl, err := gentable.Write(dir, o)
	if err != nil {
		return err
	}
	fmt.Printf("generated %d rows in %d files (%.1f MB) in %v\n", rows, tbl.Files, float64(tbl.Bytes)/1e6, time.Since(start).Round(time.Millisecond))
	genRSS := peakRSS()

	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		return err
	}
	defer fsys.Close()
	provider, err := catalog.NewProvider(ctx, fsys)
	if err != nil {
		return err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	server.RouteLibraryLogs(quiet)
	srv, err := server.New(server.Config{Listen: "127.0.0.1:0"}, provider, server.Options{Logger: quiet})
	if err != nil {
		return err
	}
	served := make(chan error, 1)
	go func() { served <- srv.Start() }()
	defer func() {
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		<-served
	}()

	db, err := gosql.Open("mysql", fmt.Sprintf("root@tcp(%s)/%s", srv.Addr(), tbl.Options.Database))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.PingContext(ctx); err != nil {
		return err
	}

	// The profile covers the lookups in -lookup mode, the full scans otherwise.
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	if lookupRuns > 0 {
		defer pprof.StopCPUProfile()
		return benchLookups(ctx, db, tbl, lookupRuns)
	}
	full := fmt.Sprintf("SELECT id, v, s FROM %s", tbl.Options.Table)
	var best, bestCPU time.Duration
	for i := range repeat {
		cpu0 := cpuTime()
		d, n, err := timeQuery(ctx, db, full)
		if err != nil {
			return err
		}
		if n != rows {
			return fmt.Errorf("%s: %d rows, want %d", full, n, rows)
		}
		cpu := cpuTime() - cpu0
		fmt.Printf("%-60s run %d: %8.3fs  %10.0f rows/s  CPU %6.3fs = %4.0f ns/row\n",
			full, i+1, d.Seconds(), float64(n)/d.Seconds(), cpu.Seconds(), float64(cpu.Nanoseconds())/float64(n))
		if i == 0 || d < best {
			best = d
		}
		if i == 0 || cpu < bestCPU {
			bestCPU = cpu
		}
	}
	if cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	verdict := "below"
	if float64(rows)/best.Seconds() >= 1e6 {
		verdict = "meets"
	}
	fmt.Printf("full scan best: %.0f rows/s (%s the 1,000,000 rows/s goal)\n", float64(rows)/best.Seconds(), verdict)
	// Under contention from other processes wall time suffers first; the
	// CPU cost per row tells what the cores would give on an idle machine.
	perRow := float64(bestCPU.Nanoseconds()) / float64(rows)
	fmt.Printf("full scan CPU (server + client): %.0f ns/row: at most %.0f rows/s on %d idle cores\n",
		perRow, float64(runtime.NumCPU())*1e9/perRow, runtime.NumCPU())
	fmt.Printf("peak RSS after the full scans: %.0f MB (generation alone: %.0f MB)\n", float64(peakRSS())/1e6, float64(genRSS)/1e6)

	// COUNT(*) from the manifests.
	count := fmt.Sprintf("SELECT COUNT(*) FROM %s", tbl.Options.Table)
	var lat []time.Duration
	for range 10 {
		s := time.Now()
		var n int64
		if err := db.QueryRowContext(ctx, count).Scan(&n); err != nil {
			return err
		}
		lat = append(lat, time.Since(s))
		if n != rows {
			return fmt.Errorf("COUNT(*) = %d, want %d", n, rows)
		}
	}
	fmt.Printf("%-60s median %v  min %v  (10 runs)\n", count, median(lat), minOf(lat))

	// Selective ranges: 10,000 rows in the middle of the table.
	lo, hi := rows/2, rows/2+9_999
	for _, q := range []string{
		fmt.Sprintf("SELECT id, v, s FROM %s WHERE id BETWEEN %d AND %d", tbl.Options.Table, lo, hi),
		fmt.Sprintf("SELECT id, v, s FROM %s WHERE id >= %d AND id <= %d", tbl.Options.Table, lo, hi),
		fmt.Sprintf("SELECT id, v, s FROM %s WHERE id + 0 BETWEEN %d AND %d", tbl.Options.Table, lo, hi),
	} {
		lat = lat[:0]
		for range repeat {
			d, n, err := timeQuery(ctx, db, q)
			if err != nil {
				return err
			}
			if n != hi-lo+1 {
				return fmt.Errorf("%s: %d rows, want %d", q, n, hi-lo+1)
			}
			lat = append(lat, d)
		}
		fmt.Printf("%-60s median %v  min %v  (%d rows, %d runs)\n", q, median(lat).Round(time.Microsecond), minOf(lat).Round(time.Microsecond), hi-lo+1, repeat)
	}
	return benchInserts(ctx, db, tbl.Options.Table, rows)
}

// benchInserts measures the write path: INSERT ... SELECT of the whole
// table into an append table (one statement, one snapshot), and multi-row
// INSERT ... VALUES statements from a client inside one transaction.
func benchInserts(ctx context.Context, db *gosql.DB, table string, rows int64) error {
	if _, err := db.ExecContext(ctx, "CREATE TABLE bench_copy (id BIGINT, v INT, s TEXT)"); err != nil {
		return err
	}
	start := time.Now()
	res, err := db.ExecContext(ctx, fmt.Sprintf("INSERT INTO bench_copy SELECT id, v, s FROM %s", table))
	if err != nil {
		return err
	}
	n, _ := res.RowsAffected()
	d := time.Since(start)
	fmt.Printf("%-60s %8.3fs  %10.0f rows/s (%d rows, one snapshot)\n", "INSERT INTO bench_copy SELECT id, v, s FROM "+table, d.Seconds(), float64(n)/d.Seconds(), n)

	if _, err := db.ExecContext(ctx, "CREATE TABLE bench_values (id BIGINT, v INT, s TEXT)"); err != nil {
		return err
	}
	const perStatement = 1000
	total := min(rows, 1_000_000)
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	start = time.Now()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	var b strings.Builder
	for base := int64(0); base < total; base += perStatement {
		b.Reset()
		b.WriteString("INSERT INTO bench_values VALUES ")
		for i := base; i < min(base+perStatement, total); i++ {
			if i > base {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,%d,'value-%d')", i, i%1000, i)
		}
		if _, err := conn.ExecContext(ctx, b.String()); err != nil {
			return err
		}
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return err
	}
	d = time.Since(start)
	fmt.Printf("%-60s %8.3fs  %10.0f rows/s (%d rows, %d-row statements, one transaction)\n", "INSERT INTO bench_values VALUES ...", d.Seconds(), float64(total)/d.Seconds(), total, perStatement)
	var got int64
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM bench_values").Scan(&got); err != nil || got != total {
		return fmt.Errorf("bench_values holds %d rows (%v), want %d", got, err, total)
	}
	return nil
}

// timeQuery runs q and reads every row as raw bytes (the cheapest client).
func timeQuery(ctx context.Context, db *gosql.DB, q string) (time.Duration, int64, error) {
	start := time.Now()
	rs, err := db.QueryContext(ctx, q)
	if err != nil {
		return 0, 0, err
	}
	defer rs.Close()
	cols, err := rs.Columns()
	if err != nil {
		return 0, 0, err
	}
	raw := make([]gosql.RawBytes, len(cols))
	dest := make([]any, len(cols))
	for i := range raw {
		dest[i] = &raw[i]
	}
	var n int64
	for rs.Next() {
		if err := rs.Scan(dest...); err != nil {
			return 0, 0, err
		}
		n++
	}
	if err := rs.Err(); err != nil {
		return 0, 0, err
	}
	return time.Since(start), n, nil
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func minOf(d []time.Duration) time.Duration {
	m := d[0]
	for _, x := range d {
		m = min(m, x)
	}
	return m
}
