package main

import (
	"bufio"
	"context"
	gosql "database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/internal/gentable"
	"github.com/paimon-sql/paimon-sql/internal/mariadb"
)

// mariaSide is a private MariaDB server (internal/mariadb), stopped by close.
type mariaSide struct {
	sqlSide
	srv *mariadb.Server
}

// startMariaDB installs Debian's mariadb-server when mariadbd is missing,
// starts it and loads t and p with the rows of the Paimon tables.
func (b *bench) startMariaDB(ctx context.Context) (side, error) {
	m, err := startMariaServer(ctx, b.dir)
	if err != nil {
		return nil, err
	}
	if err := m.load(ctx, b.t, b.p); err != nil {
		m.close()
		return nil, err
	}
	if err := m.use(ctx, "bench"); err != nil {
		m.close()
		return nil, err
	}
	return m, nil
}

// use reconnects with db as the connections' database.
func (m *mariaSide) use(ctx context.Context, db string) error {
	m.sqlSide.close()
	return m.open(ctx, m.srv.DSN(db))
}

// startMariaServer installs Debian's mariadb-server when mariadbd is
// missing and starts it with its data in dir; the side is connected with
// no database selected.
func startMariaServer(ctx context.Context, dir string) (*mariaSide, error) {
	// The buffer pool holds the whole data set.
	srv, err := mariadb.Start(ctx, dir, mariadb.Options{BufferPool: "2G", Install: true, Logf: logf})
	if err != nil {
		return nil, err
	}
	m := &mariaSide{srv: srv}
	m.sqlSide = sqlSide{label: "MariaDB", ver: "InnoDB " + srv.Version}
	if err := m.open(ctx, srv.DSN("")); err != nil {
		m.close()
		return nil, err
	}
	return m, nil
}

// load creates t and p in InnoDB and fills them with LOAD DATA from the
// generated tables' row function: the same values paimon-sql serves.
func (m *mariaSide) load(ctx context.Context, tables ...*gentable.Table) error {
	if err := m.exec(ctx, "CREATE DATABASE bench"); err != nil {
		return err
	}
	for _, t := range tables {
		f := t.Schema.Fields
		ddl := fmt.Sprintf("CREATE TABLE bench.%s (%s BIGINT NOT NULL PRIMARY KEY, %s DOUBLE, %s VARCHAR(32)) ENGINE=InnoDB",
			t.Options.Table, f[0].Name, f[1].Name, f[2].Name)
		if err := m.exec(ctx, ddl); err != nil {
			return err
		}
		name := "paimon-bench-" + t.Options.Table
		mysql.RegisterReaderHandler(name, func() io.Reader { return tsv(t) })
		start := time.Now()
		err := m.exec(ctx, fmt.Sprintf("LOAD DATA LOCAL INFILE 'Reader::%s' INTO TABLE bench.%s", name, t.Options.Table))
		mysql.DeregisterReaderHandler(name)
		if err != nil {
			return fmt.Errorf("loading %s: %w", t.Options.Table, err)
		}
		if err := m.exec(ctx, "ANALYZE TABLE bench."+t.Options.Table); err != nil {
			return err
		}
		logf("MariaDB: loaded %d rows into %s in %v", t.Options.Rows, t.Options.Table, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// tsv streams the rows of t as LOAD DATA's default text format.
func tsv(t *gentable.Table) io.Reader {
	r, w := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(w, 1<<20)
		var buf []byte
		for row := range t.Options.Rows {
			buf = buf[:0]
			for c := range t.Schema.Fields {
				if c > 0 {
					buf = append(buf, '\t')
				}
				switch v := t.Value(row, c, 0).(type) {
				case int64:
					buf = strconv.AppendInt(buf, v, 10)
				case float64:
					buf = strconv.AppendFloat(buf, v, 'g', -1, 64)
				case string:
					buf = append(buf, v...) // generated strings hold no tab, newline or backslash
				default:
					w.CloseWithError(fmt.Errorf("tsv: unexpected %T", v))
					return
				}
			}
			buf = append(buf, '\n')
			if _, err := bw.Write(buf); err != nil {
				return
			}
		}
		w.CloseWithError(bw.Flush())
	}()
	return r
}

func (m *mariaSide) close() {
	m.sqlSide.close()
	m.srv.Close()
}

// duckSide is DuckDB in a Python process (the duckdb package from PyPI, in
// a venv under ~/.cache/paimon-sql), reading the Paimon tables' Parquet
// files; statements go over a pipe as JSON lines.
type duckSide struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	ver string
}

const duckScript = `
import json, sys, threading, time, decimal, datetime, duckdb
con = duckdb.connect()
con.execute("SET enable_progress_bar = false")  # its progress bar on stdout broke the JSON replies at sf 1
def cell(v):
    if v is None:
        return "NULL"
    if isinstance(v, decimal.Decimal):
        return format(v, "f")
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, (datetime.date, datetime.datetime)):
        return v.isoformat(sep=" ") if isinstance(v, datetime.datetime) else v.isoformat()
    return str(v)
for line in sys.stdin:
    req = json.loads(line)
    if isinstance(req, str):
        req = {"q": req}
    timer = None
    if req.get("timeout"):
        timer = threading.Timer(req["timeout"], con.interrupt)
        timer.start()
    try:
        t0 = time.perf_counter()
        cur = con.execute(req["q"])
        rows = cur.fetchall()
        out = {"n": len(rows), "v": str(rows[0][0]) if rows and rows[0] else "", "s": time.perf_counter() - t0}
        if req.get("all"):
            out["types"] = [str(d[1]) for d in cur.description]
            out["rows"] = [[cell(v) for v in r] for r in rows]
    except duckdb.InterruptException:
        out = {"e": "interrupted", "timeout": True}
    except Exception as e:
        out = {"e": str(e)}
    finally:
        if timer:
            timer.cancel()
    print(json.dumps(out), flush=True)
`

func (b *bench) startDuckDB(ctx context.Context) (side, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, err
	}
	venv := filepath.Join(home, ".cache", "paimon-sql", "venv-duckdb")
	py := filepath.Join(venv, "bin", "python")
	wh := filepath.Join(b.dir, "warehouse", "bench.db")
	return startDuck(ctx, py, venv, []string{
		fmt.Sprintf("CREATE VIEW t AS SELECT k, v, s FROM read_parquet('%s/t/bucket-*/*.parquet')", wh),
		fmt.Sprintf("CREATE VIEW p AS SELECT id, v, s FROM read_parquet('%s/p/bucket-*/*.parquet')", wh),
	})
}

// startDuck starts DuckDB with the python py (of the venv venv, where pip
// installs duckdb when it is missing) and runs the setup statements.
func startDuck(ctx context.Context, py, venv string, setup []string) (*duckSide, error) {
	if exec.Command(py, "-c", "import duckdb").Run() != nil {
		logf("installing duckdb with pip into %s", venv)
		if out, err := exec.Command("python3", "-m", "venv", venv).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("python3 -m venv: %v: %s", err, mariadb.LastLines(out, 3))
		}
		if out, err := exec.Command(filepath.Join(venv, "bin", "pip"), "install", "-q", "duckdb").CombinedOutput(); err != nil {
			return nil, fmt.Errorf("pip install duckdb: %v: %s", err, mariadb.LastLines(out, 3))
		}
	}
	cmd := exec.Command(py, "-c", duckScript)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	d := &duckSide{cmd: cmd, in: in, out: bufio.NewScanner(stdout)}
	d.out.Buffer(make([]byte, 1<<20), 1<<30)
	for _, q := range setup {
		if err := d.exec(ctx, q); err != nil {
			d.close()
			return nil, err
		}
	}
	if d.ver, err = d.scalar(ctx, "SELECT version()"); err != nil {
		d.close()
		return nil, err
	}
	return d, nil
}

func (d *duckSide) name() string    { return "DuckDB" }
func (d *duckSide) version() string { return d.ver }

// duckRequest is a statement for the Python side: with all, every row
// comes back as text; past timeout seconds (when not 0) it is interrupted.
type duckRequest struct {
	Q       string  `json:"q"`
	All     bool    `json:"all,omitempty"`
	Timeout float64 `json:"timeout,omitempty"`
}

// duckReply is the Python side's answer: the row count, the first value,
// the time to run and fetch (seconds), the rows when asked, or an error.
type duckReply struct {
	N       int64
	V       string
	S       float64
	Types   []string
	Rows    [][]string
	E       string
	Timeout bool
}

func (d *duckSide) send(req duckRequest) (duckReply, error) {
	line, err := json.Marshal(req)
	if err != nil {
		return duckReply{}, err
	}
	if _, err := d.in.Write(append(line, '\n')); err != nil {
		return duckReply{}, err
	}
	if !d.out.Scan() {
		return duckReply{}, fmt.Errorf("duckdb exited: %v", d.out.Err())
	}
	var res duckReply
	if err := json.Unmarshal(d.out.Bytes(), &res); err != nil {
		return duckReply{}, err
	}
	if res.E != "" {
		return res, fmt.Errorf("duckdb: %s", res.E)
	}
	return res, nil
}

func (d *duckSide) call(q string) (int64, string, error) {
	res, err := d.send(duckRequest{Q: q})
	return res.N, res.V, err
}

func (d *duckSide) exec(_ context.Context, q string) error {
	_, _, err := d.call(q)
	return err
}

func (d *duckSide) query(_ context.Context, q string) (int64, error) {
	n, _, err := d.call(q)
	return n, err
}

func (d *duckSide) scalar(_ context.Context, q string) (string, error) {
	_, v, err := d.call(q)
	return v, err
}

func (d *duckSide) conns(context.Context, int) ([]*gosql.Conn, error) {
	return nil, errors.New("DuckDB runs in process: no connections")
}

func (d *duckSide) close() {
	d.in.Close()
	_ = d.cmd.Wait()
}
