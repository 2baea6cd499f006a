package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/internal/resultdiff"
	"github.com/paimon-sql/paimon-sql/internal/tpch"
)

// The TPC-H workload of compare (-workloads tpch): DuckDB's dbgen rows at
// scale factor -sf, loaded into primary-key Paimon tables with TPC-H's
// keys ('bucket' = '2', compacted by CALL sys.compact) and into InnoDB
// tables with the same keys; TPC-H's 22 queries (internal/tpch) run on
// paimon-sql, MariaDB and DuckDB (over the Parquet files of the Paimon
// tables' latest snapshot), sides alternating. Each answer is checked
// against DuckDB's; the table gives per-query medians, and the geometric
// means over the queries every side answered correctly.

// tpchSide is a side that returns its answers.
type tpchSide interface {
	name() string
	version() string
	// answer runs q within limit and returns its rows and the time it
	// took; resultdiff.ErrTimeout past the limit.
	answer(q string, limit time.Duration) (resultdiff.Result, time.Duration, error)
	close()
}

func (s *sqlSide) answer(q string, limit time.Duration) (resultdiff.Result, time.Duration, error) {
	return resultdiff.Timed(s.db, q, limit)
}

func (d *duckSide) answer(q string, limit time.Duration) (resultdiff.Result, time.Duration, error) {
	res, err := d.send(duckRequest{Q: q, All: true, Timeout: limit.Seconds()})
	took := time.Duration(res.S * float64(time.Second))
	if res.Timeout {
		return resultdiff.Result{}, limit, resultdiff.ErrTimeout
	}
	return resultdiff.Result{Types: res.Types, Rows: res.Rows}, took, err
}

// tpchOutcome is one query on one side: the times of its runs, or how it
// failed.
type tpchOutcome struct {
	times   []time.Duration
	failure string // "timeout", "error ...", "wrong: ..."; "" when correct
}

type tpchBench struct {
	sf          string
	dir         string
	repeat      int
	timeout     time.Duration
	load        string // tpchOptions.load
	reuse       bool
	memoryLimit uint64
	queries     []tpch.Query
	sides       []tpchSide
	// what loading took, for the header
	loads []string
	// the largest peak RSS of one paimon-sql query, and which
	peakQuery    string
	peakQueryRSS int64
}

// tpchOptions are compare's flags for the tpch workload.
type tpchOptions struct {
	dir, sf    string
	repeat     int
	timeout    time.Duration
	sides, doc string
	load       string // "insert" or "load-data"
	rows       string // dbgen's files to reuse; "" generates them
	loadOnly   bool
	reuse      bool   // query the tables an earlier run left in dir
	queries    string // the queries to run, by name ("": all)
	cpuProfile string // of paimon-sql's load, with -load-only
	// memoryLimit is paimon-sql's query memory limit
	memoryLimit uint64
}

// compareTPCH runs the TPC-H workload and prints (and writes into doc
// between the compare-tpch markers, when doc is set) its table.
func compareTPCH(ctx context.Context, o tpchOptions) error {
	dir, sf, repeat, timeout, sidesFlag, doc := o.dir, o.sf, o.repeat, o.timeout, o.sides, o.doc
	b := &tpchBench{sf: sf, dir: dir, repeat: repeat, timeout: timeout, load: o.load, reuse: o.reuse, memoryLimit: o.memoryLimit}
	for _, q := range tpch.Queries() {
		if o.queries == "" || slices.Contains(strings.Split(strings.ToLower(o.queries), ","), q.Name) {
			b.queries = append(b.queries, q)
		}
	}
	if len(b.queries) == 0 {
		return fmt.Errorf("-tpch-queries %q: no such query (q01 to q22)", o.queries)
	}
	if b.load != "insert" && b.load != "load-data" {
		return fmt.Errorf("-tpch-load %q: want insert or load-data", b.load)
	}
	load0 := loadAvg()
	py, err := tpch.Python()
	if err != nil {
		return err
	}
	rows := o.rows
	if rows == "" && !o.reuse {
		rows = filepath.Join(dir, "dbgen")
		if err := os.MkdirAll(rows, 0o755); err != nil {
			return err
		}
		start := time.Now()
		if err := tpch.Generate(py, sf, rows); err != nil {
			return err
		}
		b.loads = append(b.loads, fmt.Sprintf("dbgen %v", time.Since(start).Round(time.Millisecond)))
		logf("dbgen at scale factor %s: %v", sf, time.Since(start).Round(time.Millisecond))
	}
	if o.loadOnly {
		return b.loadOnly(ctx, rows, o.cpuProfile)
	}

	want := strings.Split(strings.ToLower(sidesFlag), ",")
	// paimon-sql is loaded first: DuckDB reads its files.
	paimon, err := b.loadPaimon(ctx, rows)
	if err != nil {
		return err
	}
	defer paimon.close()
	var duck *duckSide
	if slices.Contains(want, "duckdb") {
		if duck, err = b.startDuck(ctx, py, paimon); err != nil {
			return err
		}
		defer duck.close()
	}
	for _, name := range want {
		switch strings.TrimSpace(name) {
		case "paimon-sql", "paimon":
			b.sides = append(b.sides, paimon)
		case "mariadb":
			m, err := b.loadMariaDB(ctx, rows)
			if err != nil {
				logf("MariaDB unavailable, left out: %v", err)
				continue
			}
			defer m.close()
			b.sides = append(b.sides, m)
		case "duckdb":
			b.sides = append(b.sides, duck)
		default:
			return fmt.Errorf("unknown side %q", name)
		}
	}
	if duck == nil {
		return errors.New("the TPC-H workload needs DuckDB: its answers are the reference")
	}
	load1 := loadAvg()
	loadRSS := peakRSS()
	queryRSS := "n/a"
	results := b.run()
	if b.peakQuery != "" {
		queryRSS = fmt.Sprintf("%s (the largest in %s)", rssText(b.peakQueryRSS), strings.ToUpper(b.peakQuery[:1])+b.peakQuery[1:])
	}
	load2 := loadAvg()
	var vers []string
	for _, s := range b.sides {
		vers = append(vers, s.name()+" "+s.version())
	}
	header := fmt.Sprintf("%s, TPC-H scale factor %s (%s lineitem rows), %d run(s) of each query on each side, sides alternating, %v per query; "+
		"%d cores (%s), %s; loading: %s; paimon-sql's query memory limit (also the Go runtime's soft memory limit) %s; peak RSS of paimon-bench (paimon-sql's server and the load client) %s while loading, %s during the queries; "+
		"load average (1, 5, 15 min) %s at the start, %s before the queries, %s after.",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), sf, b.lineitemRows(ctx, paimon), repeat, timeout,
		runtime.NumCPU(), cpuModel(), strings.Join(vers, ", "), strings.Join(b.loads, ", "), humanize.IBytes(b.memoryLimit), rssText(loadRSS), queryRSS, load0, load1, load2)
	table := b.markdown(results)
	fmt.Println()
	fmt.Println(header)
	fmt.Println()
	fmt.Print(table)
	if doc != "" {
		return writeDocSection(doc, "compare-tpch-"+sf, "Measured "+header+"\n\n"+table)
	}
	return nil
}

// loadPaimon creates the tables in database tpch of a paimon-sql served
// here, loads dbgen's rows (b.load: 5,000-row INSERTs, or LOAD DATA LOCAL
// INFILE) and compacts each table fully.
func (b *tpchBench) loadPaimon(ctx context.Context, rows string) (*paimonSide, error) {
	p, err := startPaimonIn(ctx, filepath.Join(b.dir, "warehouse"), "tpch", b.memoryLimit)
	if err != nil {
		return nil, err
	}
	if b.reuse {
		if err := b.compact(ctx, p); err != nil {
			p.close()
			return nil, err
		}
		b.loads = append(b.loads, "paimon-sql's tables of an earlier load (-reuse)")
		return p, nil
	}
	start := time.Now()
	for _, tb := range tpch.Tables {
		ddl := fmt.Sprintf("CREATE TABLE %s (%s, PRIMARY KEY (%s)) WITH ('bucket' = '2')", tb.Name, strings.Join(tb.Columns, ", "), tb.Key)
		if err := p.exec(ctx, ddl); err != nil {
			p.close()
			return nil, err
		}
		if err := b.loadTable(ctx, p, rows, tb); err != nil {
			p.close()
			return nil, fmt.Errorf("loading %s into paimon-sql: %w", tb.Name, err)
		}
	}
	inserted := time.Since(start)
	if err := b.compact(ctx, p); err != nil {
		p.close()
		return nil, err
	}
	compacted := time.Since(start) - inserted
	how := "INSERTs"
	if b.load == "load-data" {
		how = "LOAD DATA LOCAL"
	}
	b.loads = append(b.loads, fmt.Sprintf("paimon-sql %s %v + CALL sys.compact %v", how, inserted.Round(time.Millisecond), compacted.Round(time.Millisecond)))
	logf("paimon-sql: loaded (%s) in %v, compacted in %v", how, inserted.Round(time.Millisecond), compacted.Round(time.Millisecond))
	return p, nil
}

// compact compacts every table fully (DuckDB reads the files of the latest
// snapshot, so a key must be in one file); a table already compacted is
// left as it is.
func (b *tpchBench) compact(ctx context.Context, p *paimonSide) error {
	for _, tb := range tpch.Tables {
		compacted, err := fullyCompacted(p, tb.Name)
		if err != nil {
			return fmt.Errorf("listing the files of %s: %w", tb.Name, err)
		}
		if compacted {
			continue
		}
		if err := p.exec(ctx, fmt.Sprintf("CALL sys.compact('tpch.%s')", tb.Name)); err != nil {
			return fmt.Errorf("compacting %s: %w", tb.Name, err)
		}
	}
	return nil
}

// fullyCompacted tells whether every file of the table's latest snapshot
// is above level 0 (the table has one file per bucket at most, or none on
// level 0): then no key is in two files.
func fullyCompacted(p *paimonSide, table string) (bool, error) {
	res, _, err := p.answer(fmt.Sprintf("SELECT level FROM `%s$files`", table), time.Minute)
	if err != nil {
		return false, err
	}
	for _, r := range res.Rows {
		if r[0] == "0" {
			return false, nil
		}
	}
	return true, nil
}

// loadTable fills one table of paimon-sql with dbgen's rows, the way
// b.load says.
func (b *tpchBench) loadTable(ctx context.Context, p *paimonSide, rows string, tb tpch.Table) error {
	if b.load == "insert" {
		return tpch.Inserts(rows, tb, tb.Name, 5000, func(stmt string) error { return p.exec(ctx, stmt) })
	}
	// The driver streams the reader to the server; the rows go through
	// tpch.WriteLines so that a repeated key keeps its first row, as the
	// INSERTs and MariaDB's LOAD DATA do.
	name := "paimon-bench-tpch-paimon-" + tb.Name
	mysql.RegisterReaderHandler(name, func() io.Reader {
		r, w := io.Pipe()
		go func() { w.CloseWithError(tpch.WriteLines(rows, tb, w)) }()
		return r
	})
	defer mysql.DeregisterReaderHandler(name)
	return p.exec(ctx, fmt.Sprintf("LOAD DATA LOCAL INFILE 'Reader::%s' INTO TABLE %s", name, tb.Name))
}

// loadOnly loads paimon-sql alone and prints, per table and in all, the
// rows per second of wall time and the process's CPU time (server and
// client: the machine is shared, CPU time says more than wall time), with
// a CPU profile of the load when profile is set.
func (b *tpchBench) loadOnly(ctx context.Context, rows, profile string) error {
	p, err := startPaimonIn(ctx, filepath.Join(b.dir, "warehouse"), "tpch", b.memoryLimit)
	if err != nil {
		return err
	}
	defer p.close()
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var total int64
	start, cpu0 := time.Now(), cpuTime()
	for _, tb := range tpch.Tables {
		ddl := fmt.Sprintf("CREATE TABLE %s (%s, PRIMARY KEY (%s)) WITH ('bucket' = '2')", tb.Name, strings.Join(tb.Columns, ", "), tb.Key)
		if err := p.exec(ctx, ddl); err != nil {
			return err
		}
		t0, c0 := time.Now(), cpuTime()
		if err := b.loadTable(ctx, p, rows, tb); err != nil {
			return fmt.Errorf("loading %s: %w", tb.Name, err)
		}
		wall, cpu := time.Since(t0), cpuTime()-c0
		n, err := p.scalar(ctx, "SELECT COUNT(*) FROM "+tb.Name)
		if err != nil {
			return err
		}
		var count int64
		_, _ = fmt.Sscan(n, &count)
		total += count
		fmt.Printf("%-9s %9d rows  wall %9v  CPU %9v  %9.0f rows/s wall  %9.0f rows per CPU second\n",
			tb.Name, count, wall.Round(time.Millisecond), cpu.Round(time.Millisecond), float64(count)/wall.Seconds(), float64(count)/cpu.Seconds())
	}
	wall, cpu := time.Since(start), cpuTime()-cpu0
	fmt.Printf("%-9s %9d rows  wall %9v  CPU %9v  %9.0f rows/s wall  %9.0f rows per CPU second (-tpch-load %s); peak RSS %s\n",
		"all", total, wall.Round(time.Millisecond), cpu.Round(time.Millisecond), float64(total)/wall.Seconds(), float64(total)/cpu.Seconds(), b.load, rssText(peakRSS()))
	// Compacted, the tables are ready for a run with -reuse.
	t0, c0 := time.Now(), cpuTime()
	if err := b.compact(ctx, p); err != nil {
		return err
	}
	fmt.Printf("CALL sys.compact: wall %v  CPU %v\n", time.Since(t0).Round(time.Millisecond), (cpuTime() - c0).Round(time.Millisecond))
	return nil
}

// loadMariaDB starts MariaDB and loads dbgen's files with LOAD DATA (which
// keeps the first row of a repeated key, as tpch.Rows does), then ANALYZE.
func (b *tpchBench) loadMariaDB(ctx context.Context, rows string) (*mariaSide, error) {
	m, err := startMariaServer(ctx, b.dir)
	if err != nil {
		return nil, err
	}
	if b.reuse {
		if _, err := m.scalar(ctx, "SELECT COUNT(*) FROM tpch.lineitem"); err == nil {
			b.loads = append(b.loads, "MariaDB's tables of an earlier load (-reuse)")
			return m, m.use(ctx, "tpch")
		}
	}
	start := time.Now()
	if err := m.exec(ctx, "CREATE DATABASE tpch"); err != nil {
		m.close()
		return nil, err
	}
	for _, tb := range tpch.Tables {
		ddl := fmt.Sprintf("CREATE TABLE tpch.%s (%s, PRIMARY KEY (%s)) ENGINE=InnoDB", tb.Name, strings.Join(tb.Columns, ", "), tb.Key)
		if err := m.exec(ctx, ddl); err != nil {
			m.close()
			return nil, err
		}
		name := "paimon-bench-tpch-" + tb.Name
		path := filepath.Join(rows, tb.Name+".tsv")
		mysql.RegisterReaderHandler(name, func() io.Reader {
			f, err := os.Open(path)
			if err != nil {
				r, w := io.Pipe()
				w.CloseWithError(err)
				return r
			}
			return f // the driver closes an io.ReadCloser
		})
		err := m.exec(ctx, fmt.Sprintf("LOAD DATA LOCAL INFILE 'Reader::%s' INTO TABLE tpch.%s", name, tb.Name))
		mysql.DeregisterReaderHandler(name)
		if err == nil {
			err = m.exec(ctx, "ANALYZE TABLE tpch."+tb.Name)
		}
		if err != nil {
			m.close()
			return nil, fmt.Errorf("loading %s into MariaDB: %w", tb.Name, err)
		}
	}
	b.loads = append(b.loads, fmt.Sprintf("MariaDB LOAD DATA + ANALYZE %v", time.Since(start).Round(time.Millisecond)))
	if err := m.use(ctx, "tpch"); err != nil {
		m.close()
		return nil, err
	}
	return m, nil
}

// startDuck starts DuckDB with a view per table over the Parquet files of
// the Paimon table's latest snapshot, as paimon-sql's $files table lists
// them: compacted, each key is in one file, so DuckDB reads the same rows.
func (b *tpchBench) startDuck(ctx context.Context, py string, p *paimonSide) (*duckSide, error) {
	var views []string
	for _, tb := range tpch.Tables {
		res, _, err := p.answer(fmt.Sprintf("SELECT file_path, level FROM `%s$files`", tb.Name), time.Minute)
		if err != nil {
			return nil, fmt.Errorf("listing the files of %s: %w", tb.Name, err)
		}
		var files []string
		for _, r := range res.Rows {
			if r[1] == "0" && len(res.Rows) > 2 {
				// Level 0 beside other files means a key may be in two
				// files: DuckDB would read both.
				return nil, fmt.Errorf("%s is not fully compacted: %s is on level 0", tb.Name, r[0])
			}
			files = append(files, "'"+strings.TrimPrefix(r[0], "file://")+"'")
		}
		views = append(views, fmt.Sprintf("CREATE VIEW %s AS SELECT %s FROM read_parquet([%s])",
			tb.Name, strings.Join(tb.ColumnNames(), ", "), strings.Join(files, ", ")))
	}
	return startDuck(ctx, py, filepath.Dir(filepath.Dir(py)), views)
}

func (b *tpchBench) lineitemRows(ctx context.Context, p *paimonSide) string {
	n, err := p.scalar(ctx, "SELECT COUNT(*) FROM lineitem")
	if err != nil {
		return "?"
	}
	return n
}

// run runs every query on every side repeat times, the sides taking turns
// to go first; a side's answer is checked against DuckDB's on the first
// run, and a side that fails a query does not run it again.
func (b *tpchBench) run() map[string]map[string]*tpchOutcome {
	out := map[string]map[string]*tpchOutcome{}
	queries := b.queries
	for _, q := range queries {
		out[q.Name] = map[string]*tpchOutcome{}
		for _, s := range b.sides {
			out[q.Name][s.name()] = &tpchOutcome{}
		}
	}
	turn := 0
	for rep := range b.repeat {
		for _, q := range queries {
			var reference *resultdiff.Result
			answers := map[string]resultdiff.Result{}
			for i := range b.sides {
				s := b.sides[(turn+i)%len(b.sides)]
				o := out[q.Name][s.name()]
				if o.failure != "" {
					continue
				}
				// The previous side's garbage is not this one's cost; the
				// memory the previous query freed goes back to the system,
				// so that the peak RSS is this query's.
				debug.FreeOSMemory()
				reset := s.name() == "paimon-sql" && resetPeakRSS()
				res, took, err := s.answer(q.SQL, b.timeout)
				rss := ""
				if reset {
					peak := peakRSSSinceReset()
					rss = "peak RSS " + rssText(peak)
					if peak > b.peakQueryRSS {
						b.peakQuery, b.peakQueryRSS = q.Name, peak
					}
				}
				switch {
				case errors.Is(err, resultdiff.ErrTimeout):
					o.failure = "timeout"
				case err != nil:
					o.failure = "error " + firstLine(err.Error())
				default:
					o.times = append(o.times, took)
				}
				if rep == 0 && o.failure == "" {
					answers[s.name()] = res
					if s.name() == "DuckDB" {
						reference = &res
					}
				}
				logf("rep %d %-10s %s %v %s %s", rep+1, s.name(), q.Name, took.Round(time.Microsecond), o.failure, rss)
			}
			turn++
			if rep > 0 {
				continue
			}
			for name, res := range answers {
				if name == "DuckDB" {
					continue
				}
				if reference == nil {
					out[q.Name][name].failure = "unchecked: DuckDB did not answer"
					continue
				}
				if d := resultdiff.Differ(res, *reference, resultdiff.Ordered(q.SQL), "DuckDB"); d != "" {
					out[q.Name][name].failure = "wrong"
					logf("%s on %s differs from DuckDB: %s", q.Name, name, d)
				}
			}
		}
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}

// medianSeconds is the median of the runs' times in seconds.
func medianSeconds(ts []time.Duration) float64 {
	s := slices.Clone(ts)
	slices.Sort(s)
	return s[len(s)/2].Seconds()
}

// markdown is the result table: per query each side's median time (or how
// it failed), then paimon-sql's ratio to each peer; the last rows count
// the correct answers and give the geometric means over the queries every
// side answered correctly.
func (b *tpchBench) markdown(res map[string]map[string]*tpchOutcome) string {
	var sb strings.Builder
	head := []string{"query"}
	for _, s := range b.sides {
		head = append(head, s.name()+" (s)")
	}
	var peers []string
	if b.sides[0].name() == "paimon-sql" {
		for _, s := range b.sides[1:] {
			peers = append(peers, s.name())
			head = append(head, "paimon-sql ÷ "+s.name())
		}
	}
	sb.WriteString("| " + strings.Join(head, " | ") + " |\n|" + strings.Repeat("---|", len(head)) + "\n")
	correct := map[string]int{}
	logSum := map[string]float64{}
	common := 0
	queries := b.queries
	for _, q := range queries {
		row := []string{strings.ToUpper(q.Name[:1]) + q.Name[1:]}
		all := true
		for _, s := range b.sides {
			o := res[q.Name][s.name()]
			if o.failure != "" {
				row = append(row, failureCell(o.failure, b.timeout))
				all = false
				continue
			}
			correct[s.name()]++
			row = append(row, num(medianSeconds(o.times)))
		}
		for _, p := range peers {
			m, o := res[q.Name]["paimon-sql"], res[q.Name][p]
			if m.failure != "" || o.failure != "" {
				row = append(row, "")
				continue
			}
			row = append(row, num(medianSeconds(m.times)/medianSeconds(o.times))+"×")
		}
		if all {
			common++
			for _, s := range b.sides {
				logSum[s.name()] += math.Log(medianSeconds(res[q.Name][s.name()].times))
			}
		}
		sb.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	row := []string{"correct (against DuckDB's answer)"}
	for _, s := range b.sides {
		row = append(row, fmt.Sprintf("%d / %d", correct[s.name()], len(queries)))
	}
	sb.WriteString("| " + strings.Join(row, " | ") + strings.Repeat(" |", len(peers)) + " |\n")
	row = []string{fmt.Sprintf("geometric mean over the %d queries all sides answer correctly", common)}
	geo := map[string]float64{}
	for _, s := range b.sides {
		if common > 0 {
			geo[s.name()] = math.Exp(logSum[s.name()] / float64(common))
			row = append(row, num(geo[s.name()]))
		} else {
			row = append(row, "")
		}
	}
	for _, p := range peers {
		if common > 0 {
			row = append(row, num(geo["paimon-sql"]/geo[p])+"×")
		} else {
			row = append(row, "")
		}
	}
	sb.WriteString("| " + strings.Join(row, " | ") + " |\n")
	return sb.String()
}

func failureCell(failure string, timeout time.Duration) string {
	switch failure {
	case "timeout":
		return fmt.Sprintf("timeout (> %v)", timeout)
	case "wrong":
		return "wrong answer"
	default:
		return strings.ReplaceAll(failure, "|", "\\|")
	}
}

func rssText(bytes int64) string {
	if bytes == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.0f MB", float64(bytes)/1e6)
}
