package main

import (
	"bufio"
	"context"
	gosql "database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// mariaSide is a private MariaDB server: a fresh data directory under the
// work directory, loopback only, no grant tables, stopped by close.
type mariaSide struct {
	sqlSide
	cmd *exec.Cmd
}

// startMariaDB installs Debian's mariadb-server when mariadbd is missing,
// starts it and loads t and p with the rows of the Paimon tables.
func (b *bench) startMariaDB(ctx context.Context) (side, error) {
	bin, err := mariadbBinary()
	if err != nil {
		return nil, err
	}
	dd := filepath.Join(b.dir, "mariadb")
	if err := os.MkdirAll(dd, 0o755); err != nil {
		return nil, err
	}
	user := []string{}
	if os.Geteuid() == 0 {
		user = []string{"--user=root"} // mariadbd refuses to run as root without it
	}
	install := exec.CommandContext(ctx, "mariadb-install-db", append([]string{"--no-defaults", "--datadir=" + dd,
		"--auth-root-authentication-method=normal", "--skip-test-db"}, user...)...)
	if out, err := install.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("mariadb-install-db: %v: %s", err, lastLines(out, 5))
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	// The buffer pool holds the whole data set; the log is written at each
	// commit and flushed to disk once a second (paimon-sql does not fsync
	// its commits either).
	cmd := exec.Command(bin, append([]string{"--no-defaults", "--datadir=" + dd, "--socket=" + filepath.Join(dd, "mysqld.sock"),
		"--port=" + strconv.Itoa(port), "--bind-address=127.0.0.1", "--skip-grant-tables", "--skip-name-resolve",
		"--innodb-buffer-pool-size=2G", "--innodb-log-file-size=512M", "--innodb-flush-log-at-trx-commit=2",
		"--max-allowed-packet=64M", "--log-error=" + filepath.Join(dd, "error.log"), "--pid-file=" + filepath.Join(dd, "mysqld.pid")},
		user...)...)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	m := &mariaSide{cmd: cmd}
	m.sqlSide = sqlSide{label: "MariaDB"}
	dsn := fmt.Sprintf("root@tcp(127.0.0.1:%d)/", port)
	var openErr error
	for range 300 {
		if openErr = m.open(ctx, dsn); openErr == nil {
			break
		}
		m.sqlSide.close()
		time.Sleep(100 * time.Millisecond)
	}
	if openErr != nil {
		log, _ := os.ReadFile(filepath.Join(dd, "error.log"))
		m.close()
		return nil, fmt.Errorf("mariadbd did not start: %v: %s", openErr, lastLines(log, 10))
	}
	if m.ver, err = m.scalar(ctx, "SELECT VERSION()"); err != nil {
		m.close()
		return nil, err
	}
	m.ver = "InnoDB " + m.ver
	if err := m.load(ctx, b.t, b.p); err != nil {
		m.close()
		return nil, err
	}
	m.sqlSide.close()
	if err := m.open(ctx, fmt.Sprintf("root@tcp(127.0.0.1:%d)/bench", port)); err != nil {
		m.close()
		return nil, err
	}
	return m, nil
}

func mariadbBinary() (string, error) {
	find := func() string {
		if p, err := exec.LookPath("mariadbd"); err == nil {
			return p
		}
		if _, err := os.Stat("/usr/sbin/mariadbd"); err == nil {
			return "/usr/sbin/mariadbd"
		}
		return ""
	}
	if p := find(); p != "" {
		return p, nil
	}
	if os.Geteuid() != 0 {
		return "", errors.New("mariadbd is not installed (apt-get install mariadb-server, as root)")
	}
	logf("installing mariadb-server with apt-get")
	for _, args := range [][]string{{"install", "-y", "-q", "mariadb-server"}, {"update", "-q"}, {"install", "-y", "-q", "mariadb-server"}} {
		cmd := exec.Command("apt-get", args...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			if args[0] == "install" && args[len(args)-1] == "mariadb-server" && find() == "" {
				logf("apt-get %s failed: %s", strings.Join(args, " "), lastLines(out, 3))
			}
		}
		if p := find(); p != "" {
			return p, nil
		}
	}
	return "", errors.New("mariadb-server could not be installed")
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
	if m.cmd.Process == nil {
		return
	}
	_ = m.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = m.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = m.cmd.Process.Kill()
		<-done
	}
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
import json, sys, duckdb
con = duckdb.connect()
for line in sys.stdin:
    try:
        rows = con.execute(json.loads(line)).fetchall()
        out = {"n": len(rows), "v": str(rows[0][0]) if rows and rows[0] else ""}
    except Exception as e:
        out = {"e": str(e)}
    print(json.dumps(out), flush=True)
`

func (b *bench) startDuckDB(ctx context.Context) (side, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, err
	}
	venv := filepath.Join(home, ".cache", "paimon-sql", "venv-duckdb")
	py := filepath.Join(venv, "bin", "python")
	if exec.Command(py, "-c", "import duckdb").Run() != nil {
		logf("installing duckdb with pip into %s", venv)
		if out, err := exec.Command("python3", "-m", "venv", venv).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("python3 -m venv: %v: %s", err, lastLines(out, 3))
		}
		if out, err := exec.Command(filepath.Join(venv, "bin", "pip"), "install", "-q", "duckdb").CombinedOutput(); err != nil {
			return nil, fmt.Errorf("pip install duckdb: %v: %s", err, lastLines(out, 3))
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
	d.out.Buffer(make([]byte, 1<<20), 1<<20)
	wh := filepath.Join(b.dir, "warehouse", "bench.db")
	for _, q := range []string{
		fmt.Sprintf("CREATE VIEW t AS SELECT k, v, s FROM read_parquet('%s/t/bucket-*/*.parquet')", wh),
		fmt.Sprintf("CREATE VIEW p AS SELECT id, v, s FROM read_parquet('%s/p/bucket-*/*.parquet')", wh),
	} {
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

func (d *duckSide) call(q string) (int64, string, error) {
	line, err := json.Marshal(q)
	if err != nil {
		return 0, "", err
	}
	if _, err := d.in.Write(append(line, '\n')); err != nil {
		return 0, "", err
	}
	if !d.out.Scan() {
		return 0, "", fmt.Errorf("duckdb exited: %v", d.out.Err())
	}
	var res struct {
		N int64
		V string
		E string
	}
	if err := json.Unmarshal(d.out.Bytes(), &res); err != nil {
		return 0, "", err
	}
	if res.E != "" {
		return 0, "", fmt.Errorf("duckdb: %s", res.E)
	}
	return res.N, res.V, nil
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

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
