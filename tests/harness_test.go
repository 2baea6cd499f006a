package tests

import (
	"bytes"
	"context"
	gosql "database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/catalog"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/server"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
	"github.com/paimon-sql/paimon-sql/internal/toolcheck"
)

// fixturesDir is the Java-written warehouse; it is only ever copied.
const fixturesDir = "../testdata/java-written"

func TestMain(m *testing.M) {
	// GMS and vitess log every failed query; the tests check the errors.
	server.RouteLibraryLogs(slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError})))
	os.Exit(m.Run())
}

// env is one running server over its own copy of the fixtures.
type env struct {
	t        *testing.T
	dir      string // the warehouse copy
	srv      *server.Server
	provider *catalog.Provider
	db       *gosql.DB // session time_zone '+00:00', server-side prepared statements
}

// startServer copies the fixtures, lets prepare change the copy (add tags,
// corrupt files), and serves it on a free loopback port until the test ends.
func startServer(t *testing.T, prepare func(dir string)) *env {
	t.Helper()
	dir := testfixture.CopyWarehouse(t, testfixture.JavaWritten)
	if prepare != nil {
		prepare(dir)
	}
	return serveDir(t, dir)
}

// serveDir serves a warehouse directory with a fresh server, whose caches
// know nothing of earlier servers over it.
func serveDir(t *testing.T, dir string) *env {
	t.Helper()
	fsys, err := paimonfs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	return serveFS(t, fsys, dir)
}

// serveFS serves the warehouse behind fsys (named dir in the env) on a
// loopback port until the test ends, connected as root.
func serveFS(t *testing.T, fsys *paimonfs.FS, dir string) *env {
	t.Helper()
	return serveConfig(t, fsys, dir, server.Config{Listen: "127.0.0.1:0"})
}

// serveConfig is serveFS with a server configuration.
func serveConfig(t *testing.T, fsys *paimonfs.FS, dir string, cfg server.Config) *env {
	t.Helper()
	return serveLogged(t, fsys, dir, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// serveLogged is serveConfig with the server's log going to logger.
func serveLogged(t *testing.T, fsys *paimonfs.FS, dir string, cfg server.Config, logger *slog.Logger) *env {
	t.Helper()
	provider := newProvider(t, fsys)
	srv, _ := startServing(t, provider, cfg, server.Options{Logger: logger})
	e := &env{t: t, dir: dir, srv: srv, provider: provider}
	e.db = e.open("+00:00", false)
	return e
}

// openWarehouse opens the warehouse at url until the test ends.
func openWarehouse(t testing.TB, url string) *paimonfs.FS {
	t.Helper()
	fsys, err := paimonfs.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	return fsys
}

// newProvider is the SQL catalog over fsys.
func newProvider(t testing.TB, fsys *paimonfs.FS) *catalog.Provider {
	t.Helper()
	provider, err := catalog.NewProvider(context.Background(), fsys)
	if err != nil {
		t.Fatal(err)
	}
	return provider
}

// startServing serves provider with cfg and opts until the test ends (a
// shutdown of at most 10 s, which must succeed, also after one the test
// made); a nil opts.Logger drops the server's log.
// served receives what Start returned, and is closed after it, so that
// the end of the test finds it whether the test read it or not.
func startServing(t testing.TB, provider *catalog.Provider, cfg server.Config, opts server.Options) (srv *server.Server, served <-chan error) {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	srv, err := server.New(cfg, provider, opts)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- srv.Start()
		close(done)
	}()
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		<-done
	})
	return srv, done
}

// port is the TCP port the server listens on.
func (e *env) port() int { return e.srv.Addr().(*net.TCPAddr).Port }

// open connects as root with the session time zone tz; interpolate makes
// the driver substitute ? itself instead of preparing statements on the
// server.
func (e *env) open(tz string, interpolate bool) *gosql.DB {
	return e.connect("root", "", tz, interpolate)
}

// openAs connects as another user.
func (e *env) openAs(user, password string) *gosql.DB {
	return e.connect(user, password, "+00:00", false)
}

func (e *env) connect(user, password, tz string, interpolate bool) *gosql.DB {
	e.t.Helper()
	cfg := mysql.NewConfig()
	cfg.User, cfg.Passwd = user, password
	cfg.Net, cfg.Addr = "tcp", e.srv.Addr().String()
	cfg.Timeout = 10 * time.Second
	cfg.InterpolateParams = interpolate
	// As the mysql client does: TLS when the server offers it (it always
	// does), which caching_sha2_password accounts need for a first login.
	cfg.TLSConfig = "preferred"
	if tz != "" {
		cfg.Params = map[string]string{"time_zone": "'" + tz + "'"}
	}
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { _ = db.Close() })
	if err := db.Ping(); err != nil {
		e.t.Fatalf("connect: %v", err)
	}
	return db
}

// querier is a *sql.DB or a *sql.Conn.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*gosql.Rows, error)
}

// result is a query's column names and rows; NULL is "NULL".
type result struct {
	cols []string
	rows [][]string
}

func query(q querier, sqlText string, args ...any) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rs, err := q.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return result{}, err
	}
	defer rs.Close()
	cols, err := rs.Columns()
	if err != nil {
		return result{}, err
	}
	rows, err := scanStrings(rs, len(cols))
	return result{cols: cols, rows: rows}, err
}

// scanStrings reads the rows of n columns as text, NULL as "NULL".
func scanStrings(rs *gosql.Rows, n int) ([][]string, error) {
	var out [][]string
	for rs.Next() {
		vals := make([]gosql.NullString, n)
		ptrs := make([]any, n)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			return nil, err
		}
		row := make([]string, n)
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		out = append(out, row)
	}
	return out, rs.Err()
}

func mustQuery(t *testing.T, q querier, sqlText string, args ...any) result {
	t.Helper()
	res, err := query(q, sqlText, args...)
	if err != nil {
		t.Fatalf("%s: %v", sqlText, err)
	}
	return res
}

// queryErr runs a query that must fail and returns its error.
func queryErr(t *testing.T, q querier, sqlText string, args ...any) error {
	t.Helper()
	res, err := query(q, sqlText, args...)
	if err == nil {
		t.Fatalf("%s: no error, got %d rows", sqlText, len(res.rows))
	}
	return err
}

// mysqlErrNumber is the MySQL error number of err, or 0.
func mysqlErrNumber(err error) uint16 {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number
	}
	return 0
}

// fractionZeros matches a DATETIME's fractional seconds made of zeros only
// or ending in zeros.
var datetimeRE = regexp.MustCompile(`^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(\.\d*)?$`)

// norm makes a cell comparable: go-mysql-server prints DATETIME(p) without
// trailing fractional zeros (MySQL pads to p digits), so fractions are
// compared without them.
func norm(cell string) string {
	m := datetimeRE.FindStringSubmatch(cell)
	if m == nil {
		return cell
	}
	frac := strings.TrimRight(strings.TrimPrefix(m[2], "."), "0")
	if frac == "" {
		return m[1]
	}
	return m[1] + "." + frac
}

// canon renders rows as sorted, normalised "a|b|c" lines: rows compare as
// multisets, since SQL without ORDER BY has no order.
func canon(rows [][]string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		cells := make([]string, len(r))
		for j, c := range r {
			cells[j] = norm(c)
		}
		out[i] = strings.Join(cells, "|")
	}
	sort.Strings(out)
	return out
}

// split turns "a|b|c" lines into rows.
func split(lines ...string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Split(l, "|")
	}
	return out
}

// sameRows reports a difference between got and want as multisets.
func sameRows(t *testing.T, what string, got, want [][]string) bool {
	t.Helper()
	g, w := canon(got), canon(want)
	if strings.Join(g, "\n") == strings.Join(w, "\n") {
		return true
	}
	t.Errorf("%s: rows differ\n got (%d):\n  %s\nwant (%d):\n  %s", what, len(g), strings.Join(g, "\n  "), len(w), strings.Join(w, "\n  "))
	return false
}

// wantRows checks the rows of a query, in any order.
func wantRows(t *testing.T, q querier, want [][]string, sqlText string, args ...any) {
	t.Helper()
	sameRows(t, sqlText, mustQuery(t, q, sqlText, args...).rows, want)
}

// wantCols checks the column names of a result.
func wantCols(t *testing.T, what string, res result, want ...string) {
	t.Helper()
	if strings.Join(res.cols, ",") != strings.Join(want, ",") {
		t.Errorf("%s: columns %v, want %v", what, res.cols, want)
	}
}

// column returns the values of one column of a result.
func (r result) column(name string) []string {
	for i, c := range r.cols {
		if strings.EqualFold(c, name) {
			out := make([]string, len(r.rows))
			for j, row := range r.rows {
				out[j] = row[i]
			}
			return out
		}
	}
	return nil
}

// records turns rows into maps by column name.
func (r result) records() []map[string]string {
	out := make([]map[string]string, len(r.rows))
	for i, row := range r.rows {
		m := make(map[string]string, len(r.cols))
		for j, c := range r.cols {
			m[c] = row[j]
		}
		out[i] = m
	}
	return out
}

// mysqlCLI runs the mysql command-line client against the server and
// returns the tab-separated result of --batch --raw (header first). A test
// using it is skipped when the client is missing, except under CI.
func (e *env) mysqlCLI(t *testing.T, sqlText string) (result, error) {
	t.Helper()
	bin := requireMySQLClient(t)
	cmd := exec.Command(bin, "-h127.0.0.1", "-P"+strconv.Itoa(e.port()), "-uroot", "--batch", "--raw", "-e", sqlText)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatalf("start mysql client: %v", err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return result{}, fmt.Errorf("mysql client: %v: %s", err, strings.TrimSpace(stderr.String()))
		}
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("mysql client timed out: %s", sqlText)
	}
	return parseBatch(stdout.String()), nil
}

// parseBatch reads mysql --batch output: a header line, then one line per
// row, cells separated by tabs (NULL is printed as NULL).
func parseBatch(out string) result {
	out = strings.TrimSuffix(out, "\n")
	if out == "" {
		return result{}
	}
	lines := strings.Split(out, "\n")
	res := result{cols: strings.Split(lines[0], "\t")}
	for _, l := range lines[1:] {
		res.rows = append(res.rows, strings.Split(l, "\t"))
	}
	return res
}

// requireMySQLClient returns the mysql client's path; without one the test
// ends (toolcheck.Missing).
func requireMySQLClient(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("mysql")
	if err != nil {
		toolcheck.Missing(t, "the mysql command-line client", "Debian: apt-get install mariadb-client")
	}
	return bin
}

// dirNames lists the names in a local directory, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}
