package main

import (
	"context"
	gosql "database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	_ "net/http/pprof" // -pprof
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
	"github.com/paimon-sql/paimon-sql/server"
)

// compare runs the workloads of issue 19 side by side against paimon-sql
// (served in this process), MariaDB (InnoDB, a private server started here)
// and DuckDB (reading the Parquet files of the same Paimon tables), on the
// same rows, alternating the sides, and prints (and optionally writes into
// a Markdown file) the medians and their ratios with the machine's load.
//
// The data: t (k BIGINT, v DOUBLE, s STRING) with -rows rows, an append
// table; p (id BIGINT PRIMARY KEY, v DOUBLE, s STRING) with -rows/10 rows
// in 4 buckets. The write workloads insert -rows/10 rows each.
func compare(args []string) error {
	fl := flag.NewFlagSet("compare", flag.ExitOnError)
	rows := fl.Int64("rows", 10_000_000, "rows of the scanned table t; the primary-key table and the bulk writes take a tenth")
	repeat := fl.Int("repeat", 3, "runs of each workload on each side")
	sidesFlag := fl.String("sides", "paimon-sql,MariaDB,DuckDB", "sides to run, in this order on the first repetition")
	only := fl.String("workloads", "", "comma-separated workload ids to run (default: all; see -list)")
	list := fl.Bool("list", false, "list the workloads and exit")
	doc := fl.String("doc", "", "also write the result table into this Markdown file, between the <!-- compare:begin --> and <!-- compare:end --> lines")
	cpuProfile := fl.String("cpuprofile", "", "write a CPU profile of paimon-sql's runs (server and client) to this file")
	dir := fl.String("dir", "", "work directory: warehouse, MariaDB data (default: a temporary directory, removed at exit)")
	sf := fl.String("sf", "0.01", "TPC-H scale factor of the tpch workload")
	timeout := fl.Duration("timeout", time.Minute, "time a TPC-H query may take on a side before it is stopped")
	tpchLoad := fl.String("tpch-load", "load-data", "how the tpch workload loads paimon-sql: load-data (LOAD DATA LOCAL INFILE, the faster) or insert (5,000-row INSERT ... VALUES)")
	tpchRows := fl.String("tpch-rows", "", "directory of dbgen's <table>.tsv files to reuse (default: generated into -dir)")
	loadOnly := fl.Bool("load-only", false, "tpch: load and compact paimon-sql only, print the load's rows/s and CPU time, run no query; with -dir the tables stay for -reuse")
	reuse := fl.Bool("reuse", false, "tpch: query the tables an earlier run loaded into -dir (paimon-sql's, and MariaDB's when there) instead of loading them again")
	memoryLimit := fl.String("query-memory-limit", "", "paimon-sql's --query-memory-limit, also the Go runtime's soft memory limit as serve makes it (default: the server's default, half the machine's memory)")
	queries := fl.String("tpch-queries", "", "tpch: comma-separated queries to run, e.g. q18,q21 (default: all 22)")
	pprofAddr := fl.String("pprof", "", "serve net/http/pprof on this address (e.g. 127.0.0.1:6060) to profile paimon-sql while it runs")
	_ = fl.Parse(args)
	tpchRun := *only == "tpch"
	limit, err := serverMemoryLimit(*memoryLimit)
	if err != nil {
		return err
	}
	if *pprofAddr != "" {
		ln, err := net.Listen("tcp", *pprofAddr)
		if err != nil {
			return err
		}
		go func() { _ = http.Serve(ln, nil) }() // net/http/pprof's handlers
		logf("pprof on http://%s/debug/pprof/", ln.Addr())
	}

	b := &bench{rows: *rows, small: max(*rows/10, 1000), repeat: *repeat, memoryLimit: limit}
	if *list {
		for _, w := range b.workloads() {
			fmt.Printf("%-14s %s\n", w.id, w.title)
		}
		fmt.Printf("%-14s %s\n", "tpch", "TPC-H's 22 queries at scale factor -sf (run alone: -workloads tpch; -doc writes between <!-- compare-tpch-<sf>:begin/end -->)")
		return nil
	}
	ctx := context.Background()
	if *dir == "" {
		tmp, err := os.MkdirTemp("", "paimon-compare-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		*dir = tmp
	}
	b.dir = *dir
	if tpchRun {
		return compareTPCH(ctx, tpchOptions{dir: *dir, sf: *sf, repeat: *repeat, timeout: *timeout, sides: *sidesFlag, doc: *doc,
			load: *tpchLoad, rows: *tpchRows, loadOnly: *loadOnly, reuse: *reuse, queries: *queries, cpuProfile: *cpuProfile, memoryLimit: limit})
	}
	load0 := loadAvg()
	start := time.Now()
	if err := b.generate(); err != nil {
		return err
	}
	logf("generated t (%d rows) and p (%d rows) in %v", b.rows, b.small, time.Since(start).Round(time.Millisecond))

	for _, name := range strings.Split(*sidesFlag, ",") {
		var s side
		var err error
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "paimon-sql", "paimon":
			s, err = b.startPaimon(ctx)
		case "mariadb":
			s, err = b.startMariaDB(ctx)
		case "duckdb":
			s, err = b.startDuckDB(ctx)
		default:
			return fmt.Errorf("unknown side %q", name)
		}
		if err != nil {
			// A peer that cannot be set up is left out, not the run.
			logf("%s unavailable, left out: %v", name, err)
			continue
		}
		defer s.close()
		b.sides = append(b.sides, s)
	}
	if len(b.sides) == 0 {
		return errors.New("no side to measure")
	}
	var workloads []workload
	for _, w := range b.workloads() {
		if *only == "" || slices.Contains(strings.Split(*only, ","), w.id) {
			workloads = append(workloads, w)
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		b.profile = f
	}
	load1 := loadAvg()
	results, err := b.run(ctx, workloads)
	if err != nil {
		return err
	}
	load2 := loadAvg()
	header := fmt.Sprintf("%s, %d rows in t (%d in p and in each bulk write), median of %d runs, sides alternating; "+
		"%d cores (%s), %s; load average (1, 5, 15 min) %s at the start, %s before the workloads, %s after.",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), b.rows, b.small, b.repeat, runtime.NumCPU(), cpuModel(), b.versions(),
		load0, load1, load2)
	table := b.markdown(workloads, results)
	fmt.Println()
	fmt.Println(header)
	fmt.Println()
	fmt.Print(table)
	if *doc != "" {
		return writeDoc(*doc, "Measured "+header+"\n\n"+table)
	}
	return nil
}

// side is one database under test.
type side interface {
	name() string
	// exec runs a statement.
	exec(ctx context.Context, q string) error
	// query runs q and reads every row; it returns the row count.
	query(ctx context.Context, q string) (int64, error)
	// scalar runs q and returns its one value as text.
	scalar(ctx context.Context, q string) (string, error)
	// conns opens n connections for concurrent statements; nil when the
	// side has none (DuckDB).
	conns(ctx context.Context, n int) ([]*gosql.Conn, error)
	version() string
	close()
}

// workload is one row of the table. run measures one repetition on a side
// and returns its figure (smaller is better unless higherBetter); skip
// tells whether a side does not take part.
type workload struct {
	id, title    string
	unit         string // how figures print: "ms", "s", "rows/s", "p50/p99"
	higherBetter bool
	reads        bool // DuckDB takes part
	setup        func(ctx context.Context, s side) error
	run          func(ctx context.Context, s side) ([]float64, error)
}

type bench struct {
	dir         string
	rows, small int64
	repeat      int
	t, p        *gentable.Table
	sides       []side
	profile     *os.File
	memoryLimit uint64 // paimon-sql's query memory limit
}

func (b *bench) generate() error {
	cols := []gentable.Column{
		{Name: "k", Type: types.New(types.BigInt)},
		{Name: "v", Type: types.New(types.Double)},
		{Name: "s", Type: types.NewString()},
	}
	var err error
	// Files of 1M rows: several files, read in parallel, as a loaded table has.
	if b.t, err = gentable.Write(b.dir+"/warehouse", gentable.Options{Table: "t", Columns: cols, Rows: b.rows, RowsPerFile: 1 << 20}); err != nil {
		return err
	}
	pcols := append([]gentable.Column{{Name: "id", Type: types.New(types.BigInt)}}, cols[1:]...)
	b.p, err = gentable.Write(b.dir+"/warehouse", gentable.Options{Table: "p", Columns: pcols, Rows: b.small, PrimaryKey: true, Buckets: 4})
	return err
}

func (b *bench) workloads() []workload {
	small := b.small
	lookups := func(ctx context.Context, s side) ([]float64, error) {
		// Keys spread over the table; a fixed budget keeps a slow side from
		// taking the whole run.
		var lat []float64
		deadline := time.Now().Add(20 * time.Second)
		for i := int64(0); i < 200 && (i < 10 || time.Now().Before(deadline)); i++ {
			key := (i*7919 + 13) * 104729 % small
			t0 := time.Now()
			n, err := s.query(ctx, fmt.Sprintf("SELECT id, v, s FROM p WHERE id = %d", key))
			if err != nil {
				return nil, err
			}
			if n != 1 {
				return nil, fmt.Errorf("point lookup of %d: %d rows", key, n)
			}
			lat = append(lat, float64(time.Since(t0))/1e6)
		}
		slices.Sort(lat)
		return []float64{lat[len(lat)/2], lat[len(lat)*99/100]}, nil
	}
	timed := func(q string, want int64) func(ctx context.Context, s side) ([]float64, error) {
		return func(ctx context.Context, s side) ([]float64, error) {
			t0 := time.Now()
			n, err := s.query(ctx, q)
			if err != nil {
				return nil, err
			}
			if want >= 0 && n != want {
				return nil, fmt.Errorf("%s: %d rows, want %d", q, n, want)
			}
			return []float64{time.Since(t0).Seconds()}, nil
		}
	}
	target := func(ctx context.Context, s side) error {
		if err := s.exec(ctx, "DROP TABLE IF EXISTS c"); err != nil {
			return err
		}
		return s.exec(ctx, "CREATE TABLE c (k BIGINT, v DOUBLE, s VARCHAR(64))")
	}
	return []workload{
		{id: "lookup", title: fmt.Sprintf("point lookup `SELECT id, v, s FROM p WHERE id = ?`, %s-row primary-key table, 4 buckets (ms, p50 / p99)", count(small)),
			unit: "p50/p99", reads: true, run: lookups},
		{id: "groupby", title: "`SELECT k % 100, COUNT(*), SUM(v) FROM t WHERE v < 6000 GROUP BY 1`",
			unit: "s", reads: true, run: timed("SELECT k % 100, COUNT(*), SUM(v) FROM t WHERE v < 6000 GROUP BY 1", 100)},
		{id: "sums", title: "`SELECT COUNT(*), SUM(k), SUM(v), SUM(LENGTH(s)) FROM t`",
			unit: "s", reads: true, run: timed("SELECT COUNT(*), SUM(k), SUM(v), SUM(LENGTH(s)) FROM t", 1)},
		{id: "scan", title: "full scan `SELECT k, v, s FROM t` to a Go client (rows/s)", unit: "rows/s", higherBetter: true,
			run: func(ctx context.Context, s side) ([]float64, error) {
				d, err := timed("SELECT k, v, s FROM t", b.rows)(ctx, s)
				if err != nil {
					return nil, err
				}
				return []float64{float64(b.rows) / d[0]}, nil
			}},
		{id: "count", title: "`SELECT COUNT(*) FROM t`", unit: "ms", reads: true,
			run: func(ctx context.Context, s side) ([]float64, error) {
				d, err := timed("SELECT COUNT(*) FROM t", 1)(ctx, s)
				if err != nil {
					return nil, err
				}
				return []float64{d[0] * 1000}, nil
			}},
		// The whole of p: both sides read every row, so the figure is
		// about evaluating and writing them.
		{id: "insertselect", title: fmt.Sprintf("`INSERT INTO c SELECT id, v * 2, CONCAT(s, '-', id %% 7) FROM p` (%s rows)", count(small)),
			unit: "s", setup: target, run: func(ctx context.Context, s side) ([]float64, error) {
				t0 := time.Now()
				if err := s.exec(ctx, "INSERT INTO c SELECT id, v * 2, CONCAT(s, '-', id % 7) FROM p"); err != nil {
					return nil, err
				}
				d := time.Since(t0).Seconds()
				return []float64{d}, checkCount(ctx, s, small)
			}},
		{id: "values", title: fmt.Sprintf("%s rows in 1,000-row `INSERT INTO c VALUES` statements, one transaction (rows/s)", count(small)),
			unit: "rows/s", higherBetter: true, setup: target, run: func(ctx context.Context, s side) ([]float64, error) {
				d, err := insertValues(ctx, s, small)
				if err != nil {
					return nil, err
				}
				return []float64{float64(small) / d.Seconds()}, checkCount(ctx, s, small)
			}},
		{id: "autocommit", title: "1,000 autocommit single-row `INSERT INTO c VALUES (...)`, one connection (ms each)",
			unit: "ms", setup: target, run: func(ctx context.Context, s side) ([]float64, error) {
				d, err := autocommitInserts(ctx, s, 1, 1000)
				if err != nil {
					return nil, err
				}
				return []float64{d.Seconds() * 1000 / 1000}, checkCount(ctx, s, 1000)
			}},
		{id: "autocommit8", title: "1,000 autocommit single-row INSERTs from 8 connections at once (ms per INSERT, wall time / 1,000)",
			unit: "ms", setup: target, run: func(ctx context.Context, s side) ([]float64, error) {
				d, err := autocommitInserts(ctx, s, 8, 1000)
				if err != nil {
					return nil, err
				}
				return []float64{d.Seconds() * 1000 / 1000}, checkCount(ctx, s, 1000)
			}},
	}
}

func checkCount(ctx context.Context, s side, want int64) error {
	got, err := s.scalar(ctx, "SELECT COUNT(*) FROM c")
	if err != nil {
		return fmt.Errorf("counting c: %w", err)
	}
	if got != fmt.Sprint(want) {
		return fmt.Errorf("c holds %s rows after the workload, want %d", got, want)
	}
	return nil
}

// insertValues inserts n rows in 1,000-row statements in one transaction.
func insertValues(ctx context.Context, s side, n int64) (time.Duration, error) {
	cs, err := s.conns(ctx, 1)
	if err != nil {
		return 0, err
	}
	conn := cs[0]
	defer conn.Close()
	var stmts []string
	var sb strings.Builder
	for base := int64(0); base < n; base += 1000 {
		sb.Reset()
		sb.WriteString("INSERT INTO c VALUES ")
		for i := base; i < min(base+1000, n); i++ {
			if i > base {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, "(%d,%d.%02d,'value-%d')", i, i%10000, i%100, i)
		}
		stmts = append(stmts, sb.String())
	}
	t0 := time.Now()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return 0, err
	}
	for _, q := range stmts {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return 0, err
		}
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return 0, err
	}
	return time.Since(t0), nil
}

// autocommitInserts sends n single-row INSERTs, each its own transaction,
// spread over conns connections running at once.
func autocommitInserts(ctx context.Context, s side, conns, n int) (time.Duration, error) {
	cs, err := s.conns(ctx, conns)
	if err != nil {
		return 0, err
	}
	defer func() {
		for _, c := range cs {
			c.Close()
		}
	}()
	errs := make([]error, conns)
	var wg sync.WaitGroup
	t0 := time.Now()
	for w, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += conns {
				if _, err := c.ExecContext(ctx, fmt.Sprintf("INSERT INTO c VALUES (%d, %d.5, 'row-%d')", i, i, i)); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	return time.Since(t0), errors.Join(errs...)
}

// result holds the figures of one workload on one side, per repetition.
type result map[string][][]float64

func (b *bench) run(ctx context.Context, workloads []workload) (map[string]result, error) {
	out := map[string]result{}
	for _, w := range workloads {
		out[w.id] = result{}
	}
	for rep := range b.repeat {
		for _, w := range workloads {
			// The sides take turns going first.
			for i := range b.sides {
				s := b.sides[(rep+i)%len(b.sides)]
				if _, duck := s.(*duckSide); duck && !w.reads {
					continue
				}
				if w.setup != nil {
					if err := w.setup(ctx, s); err != nil {
						return nil, fmt.Errorf("%s on %s: setup: %w", w.id, s.name(), err)
					}
				}
				runtime.GC() // the previous side's garbage is not this one's cost
				if b.profile != nil && s.name() == "paimon-sql" {
					if err := pprof.StartCPUProfile(b.profile); err == nil {
						defer pprof.StopCPUProfile()
					}
				}
				fig, err := w.run(ctx, s)
				if b.profile != nil && s.name() == "paimon-sql" {
					pprof.StopCPUProfile()
					b.profile = nil // one profiled run
				}
				if err != nil {
					return nil, fmt.Errorf("%s on %s: %w", w.id, s.name(), err)
				}
				out[w.id][s.name()] = append(out[w.id][s.name()], fig)
				logf("rep %d %-10s %-12s %s", rep+1, s.name(), w.id, formatFigure(w.unit, fig))
			}
		}
	}
	return out, nil
}

// medianFigures is the per-position median of the repetitions' figures.
func medianFigures(runs [][]float64) []float64 {
	if len(runs) == 0 {
		return nil
	}
	out := make([]float64, len(runs[0]))
	for j := range out {
		var col []float64
		for _, r := range runs {
			col = append(col, r[j])
		}
		slices.Sort(col)
		out[j] = col[len(col)/2]
	}
	return out
}

func formatFigure(unit string, f []float64) string {
	if f == nil {
		return ""
	}
	switch unit {
	case "p50/p99":
		return fmt.Sprintf("%s / %s ms", num(f[0]), num(f[1]))
	case "rows/s":
		if f[0] >= 1e6 {
			return fmt.Sprintf("%.2f M rows/s", f[0]/1e6)
		}
		return fmt.Sprintf("%.0f k rows/s", f[0]/1e3)
	case "ms":
		return num(f[0]) + " ms"
	default:
		return num(f[0]) + " s"
	}
}

// num prints 3 significant digits.
func num(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	case x >= 1:
		return fmt.Sprintf("%.2f", x)
	default:
		return fmt.Sprintf("%.3g", x)
	}
}

// markdown is the result table: one column per side, then paimon-sql's
// ratio to each peer, written so that above 1 means paimon-sql is slower.
func (b *bench) markdown(workloads []workload, res map[string]result) string {
	var sb strings.Builder
	head := []string{"workload"}
	for _, s := range b.sides {
		head = append(head, s.name())
	}
	var peers []string
	for _, s := range b.sides[1:] {
		if b.sides[0].name() == "paimon-sql" {
			peers = append(peers, s.name())
			head = append(head, "paimon-sql ÷ "+s.name()+" (time)")
		}
	}
	sb.WriteString("| " + strings.Join(head, " | ") + " |\n|" + strings.Repeat("---|", len(head)) + "\n")
	for _, w := range workloads {
		row := []string{w.title}
		meds := map[string][]float64{}
		for _, s := range b.sides {
			meds[s.name()] = medianFigures(res[w.id][s.name()])
			row = append(row, formatFigure(w.unit, meds[s.name()]))
		}
		for _, p := range peers {
			m, o := meds["paimon-sql"], meds[p]
			if m == nil || o == nil || o[0] == 0 || m[0] == 0 {
				row = append(row, "")
				continue
			}
			r := m[0] / o[0]
			if w.higherBetter {
				r = o[0] / m[0]
			}
			row = append(row, num(r)+"×")
		}
		sb.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	return sb.String()
}

func (b *bench) versions() string {
	var v []string
	for _, s := range b.sides {
		v = append(v, s.name()+" "+s.version())
	}
	return strings.Join(v, ", ")
}

// paimonSide is paimon-sql served in this process over TCP on loopback.
type paimonSide struct {
	sqlSide
	srv    *server.Server
	fsys   *fs.FS
	served chan error
}

func (b *bench) startPaimon(ctx context.Context) (side, error) {
	return startPaimonIn(ctx, b.dir+"/warehouse", "bench", b.memoryLimit)
}

// serverMemoryLimit is paimon-sql's query memory limit from the flag (""
// is the server's default), made the runtime's soft memory limit as serve
// makes it (unless GOMEMLIMIT is set), so that the benchmark's server
// collects garbage as a served one does.
func serverMemoryLimit(flag string) (uint64, error) {
	limit := server.DefaultQueryMemoryLimit()
	if flag != "" {
		n, err := humanize.ParseBytes(flag)
		if err != nil || n == 0 {
			return 0, fmt.Errorf("-query-memory-limit %q: want a size such as 512MiB or 4GiB", flag)
		}
		limit = n
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(int64(min(limit, math.MaxInt64)))
	}
	return limit, nil
}

// startPaimonIn serves the warehouse at dir, connected to database db
// (created when missing), with the given query memory limit.
func startPaimonIn(ctx context.Context, dir, db string, memoryLimit uint64) (*paimonSide, error) {
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	provider, err := catalog.NewProvider(ctx, fsys)
	if err != nil {
		return nil, err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	server.RouteLibraryLogs(quiet)
	// LOCAL INFILE: the TPC-H workload may load through LOAD DATA LOCAL.
	srv, err := server.New(server.Config{Listen: "127.0.0.1:0", LocalInfile: true, QueryMemoryLimit: memoryLimit}, provider, server.Options{Logger: quiet})
	if err != nil {
		return nil, err
	}
	p := &paimonSide{srv: srv, fsys: fsys, served: make(chan error, 1)}
	go func() { p.served <- srv.Start() }()
	p.sqlSide = sqlSide{label: "paimon-sql", ver: "(this tree, " + runtime.Version() + ")"}
	if err := p.open(ctx, fmt.Sprintf("root@tcp(%s)/", srv.Addr())); err != nil {
		p.close()
		return nil, err
	}
	if err := p.exec(ctx, "CREATE DATABASE IF NOT EXISTS "+db); err != nil {
		p.close()
		return nil, err
	}
	p.sqlSide.close()
	if err := p.open(ctx, fmt.Sprintf("root@tcp(%s)/%s", srv.Addr(), db)); err != nil {
		p.close()
		return nil, err
	}
	return p, nil
}

func (p *paimonSide) close() {
	p.sqlSide.close()
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = p.srv.Shutdown(sctx)
	if err := <-p.served; err != nil {
		logf("paimon-sql: %v", err)
	}
	_ = p.fsys.Close()
}

// sqlSide is a server spoken to with go-sql-driver/mysql (text protocol).
type sqlSide struct {
	label, ver string
	db         *gosql.DB
}

func (s *sqlSide) open(ctx context.Context, dsn string) error {
	db, err := gosql.Open("mysql", dsn)
	if err != nil {
		return err
	}
	db.SetMaxIdleConns(16)
	s.db = db
	return db.PingContext(ctx)
}

func (s *sqlSide) name() string    { return s.label }
func (s *sqlSide) version() string { return s.ver }

func (s *sqlSide) close() {
	if s.db != nil {
		s.db.Close()
	}
}

func (s *sqlSide) exec(ctx context.Context, q string) error {
	_, err := s.db.ExecContext(ctx, q)
	return err
}

func (s *sqlSide) query(ctx context.Context, q string) (int64, error) {
	_, n, err := timeQuery(ctx, s.db, q)
	return n, err
}

func (s *sqlSide) scalar(ctx context.Context, q string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, q).Scan(&v)
	return v, err
}

func (s *sqlSide) conns(ctx context.Context, n int) ([]*gosql.Conn, error) {
	var out []*gosql.Conn
	for range n {
		c, err := s.db.Conn(ctx)
		if err != nil {
			for _, o := range out {
				o.Close()
			}
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func count(n int64) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "== %s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
}

// loadAvg is /proc/loadavg's three load averages ("n/a" elsewhere).
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "n/a"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// writeDoc replaces the lines between the compare markers in the file at
// path.
func writeDoc(path, body string) error {
	return writeDocSection(path, "compare", body)
}

// writeDocSection replaces the lines between the <!-- name:begin --> and
// <!-- name:end --> markers in the file at path.
func writeDocSection(path, name, body string) error {
	begin, end := "<!-- "+name+":begin -->", "<!-- "+name+":end -->"
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(data)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s ... %s section", path, begin, end)
	}
	text = text[:i+len(begin)] + "\n" + body + text[j:]
	return os.WriteFile(path, []byte(text), 0o644)
}
