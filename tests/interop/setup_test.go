package interop

import (
	"bufio"
	"context"
	gosql "database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/catalog"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/toolcheck"
	"github.com/paimon-sql/paimon-sql/server"
)

// The versions under test; docs/compatibility.md names them. The Java
// version is pinned in java/pom.xml (Maven Central serves 1.4.2 as the
// newest of the 1.4 line; 1.4.1 is not on Central); the older Java
// version, a second reader of what paimon-sql writes, is the pom's
// profile of that name.
const (
	javaPaimonVersion = "1.4.2"
	javaOlderVersion  = "1.3.1"
	pypaimonVersion   = "2.1.0"
)

func TestMain(m *testing.M) {
	server.RouteLibraryLogs(slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError})))
	code := m.Run()
	stopHelpers()
	if code == 0 && os.Getenv("INTEROP_WRITE_DOC") != "" {
		// A filtered run would write a partial table.
		if f := flag.Lookup("test.run"); f != nil && f.Value.String() != "" {
			fmt.Fprintln(os.Stderr, "INTEROP_WRITE_DOC needs the whole package: run without -run")
			os.Exit(1)
		}
		if err := writeCompatibilityDoc("../../docs/compatibility.md"); err != nil {
			fmt.Fprintln(os.Stderr, "writing docs/compatibility.md:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// requireTools ends the test when Java, Maven or Python are missing
// (toolcheck.Missing).
func requireTools(t testing.TB) {
	t.Helper()
	for _, tool := range []string{"java", "mvn", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			toolcheck.Missing(t, tool, "the Java/pypaimon interop matrix needs java, mvn and python3")
		}
	}
}

// cacheDir holds the pypaimon virtual environment.
func cacheDir() string {
	if d := os.Getenv("PAIMON_SQL_CACHE"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "paimon-sql")
}

// run runs a command in dir, failing the test with its output.
func run(t testing.TB, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// driverClassPath builds the Java driver once (Maven reuses ~/.m2) and
// returns its class path: on Paimon javaPaimonVersion in target/, or with
// the Maven profile paimon-<version> in target-<version>/.
func driverClassPath(t testing.TB, version string) string {
	t.Helper()
	dir, err := filepath.Abs("java")
	if err != nil {
		t.Fatal(err)
	}
	target, mvn := "target", []string{"-q", "-B", "package"}
	if version != javaPaimonVersion {
		target, mvn = "target-"+version, append(mvn, "-P", "paimon-"+version)
	}
	cpFile := filepath.Join(dir, target, "classpath.txt")
	if stale(filepath.Join(dir, "src"), cpFile) || stale(filepath.Join(dir, "pom.xml"), cpFile) {
		run(t, dir, "mvn", mvn...)
	}
	deps, err := os.ReadFile(cpFile)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, target, "paimon-interop-driver-1.jar") + string(os.PathListSeparator) + strings.TrimSpace(string(deps))
}

// stale reports whether any file under src is newer than target (or target
// is missing).
func stale(src, target string) bool {
	ti, err := os.Stat(target)
	if err != nil {
		return true
	}
	newer := false
	_ = filepath.Walk(src, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && fi.ModTime().After(ti.ModTime()) {
			newer = true
		}
		return nil
	})
	return newer
}

// pythonBin makes the pypaimon virtual environment once and returns its
// python.
func pythonBin(t *testing.T) string {
	t.Helper()
	venv := filepath.Join(cacheDir(), "venv-pypaimon-"+pypaimonVersion)
	py := filepath.Join(venv, "bin", "python")
	if _, err := os.Stat(py); err == nil {
		return py
	}
	run(t, ".", "python3", "-m", "venv", venv)
	run(t, ".", filepath.Join(venv, "bin", "pip"), "install", "-q", "pypaimon=="+pypaimonVersion)
	return py
}

// lineProc is a helper process answering each request line with one
// line; requests are serialised. The Java driver and the pypaimon reader
// run as one process each for the whole test run (a JVM start costs
// seconds).
type lineProc struct {
	mu  sync.Mutex
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startProc(name string, args ...string) (*lineProc, error) {
	return startProcEnv(nil, name, args...)
}

// startProcEnv is startProc with the environment env (nil: this process's).
func startProcEnv(env []string, name string, args ...string) (*lineProc, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = env
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	return &lineProc{cmd: cmd, in: in, out: sc}, nil
}

// ask sends one request line and returns the answer line.
func (p *lineProc) ask(req []byte) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, err := p.in.Write(append(req, '\n')); err != nil {
		return nil, fmt.Errorf("%s: %w", p.cmd.Path, err)
	}
	if !p.out.Scan() {
		return nil, fmt.Errorf("%s stopped: %v", p.cmd.Path, p.out.Err())
	}
	return append([]byte(nil), p.out.Bytes()...), nil
}

func (p *lineProc) stop() {
	if p != nil {
		_ = p.in.Close()
		_ = p.cmd.Wait()
	}
}

// javaDriver is the JVM running java/'s driver. With catalog set, its
// requests open the catalog from those options (the REST catalog) instead
// of the warehouse directory.
type javaDriver struct {
	*lineProc
	catalog map[string]string
}

var (
	javaOnce, javaOlderOnce, pyOnce    sync.Once
	java, javaOlder                    *javaDriver
	pypaimon                           *lineProc
	javaStartErr, olderErr, pyStartErr error
)

func startJava(t testing.TB) *javaDriver {
	t.Helper()
	cp := driverClassPath(t, javaPaimonVersion)
	javaOnce.Do(func() { java, javaStartErr = startDriver(cp) })
	if javaStartErr != nil {
		t.Fatalf("start the Java driver: %v", javaStartErr)
	}
	return java
}

// startJavaOlder starts the same driver on Paimon javaOlderVersion, which
// the matrix uses only to read.
func startJavaOlder(t *testing.T) *javaDriver {
	t.Helper()
	cp := driverClassPath(t, javaOlderVersion)
	javaOlderOnce.Do(func() { javaOlder, olderErr = startDriver(cp) })
	if olderErr != nil {
		t.Fatalf("start the Java %s driver: %v", javaOlderVersion, olderErr)
	}
	return javaOlder
}

func startDriver(classPath string) (*javaDriver, error) {
	p, err := startProc("java", "-Xmx512m", "-cp", classPath, "org.paimonsql.interop.Driver")
	return &javaDriver{lineProc: p}, err
}

func startPypaimon(t *testing.T) *lineProc {
	t.Helper()
	py := pythonBin(t)
	pyOnce.Do(func() { pypaimon, pyStartErr = startProc(py, "pypaimon/read.py") })
	if pyStartErr != nil {
		t.Fatalf("start the pypaimon reader: %v", pyStartErr)
	}
	return pypaimon
}

func stopHelpers() {
	for _, d := range []*javaDriver{java, javaOlder} {
		if d != nil {
			d.stop()
		}
	}
	pypaimon.stop()
}

// jstep is one step of a Java request: op, table and the op's arguments.
type jstep map[string]any

// jresult is the driver's answer to one step.
type jresult struct {
	OK    bool              `json:"ok"`
	Error string            `json:"error"`
	Rows  []json.RawMessage `json:"rows"`
	// Fields names the columns of read's rows.
	Fields  []string `json:"fields"`
	Buckets []int    `json:"buckets"`
	Expired int      `json:"expired"`
	// DeletedFiles is what removeOrphans deleted.
	DeletedFiles int `json:"deletedFiles"`
	// PlannedFiles is the data files filteredRead's scan planned.
	PlannedFiles int `json:"plannedFiles"`
	// Tables is what the catalog lists for tables' database.
	Tables []string `json:"tables"`
	// Partitions is what catalogObjects' partition listings answer.
	Partitions []json.RawMessage `json:"partitions"`
}

// do runs steps on the warehouse and returns one result per step.
func (j *javaDriver) do(t testing.TB, warehouse string, steps ...jstep) []jresult {
	t.Helper()
	res, err := j.try(warehouse, steps...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// try is do for goroutines other than the test's: it returns the error.
func (j *javaDriver) try(warehouse string, steps ...jstep) ([]jresult, error) {
	return j.tryIn(warehouse, j.catalog, steps...)
}

// tryIn is try through the catalog of the given options (nil: Java's
// filesystem catalog of the warehouse).
func (j *javaDriver) tryIn(warehouse string, catalogOptions map[string]string, steps ...jstep) ([]jresult, error) {
	req, err := json.Marshal(map[string]any{"warehouse": warehouse, "catalog": catalogOptions, "steps": steps})
	if err != nil {
		return nil, err
	}
	line, err := j.ask(req)
	if err != nil {
		return nil, err
	}
	var answer struct{ Results []jresult }
	if err := json.Unmarshal(line, &answer); err != nil {
		return nil, fmt.Errorf("Java driver answer %q: %v", line, err)
	}
	return answer.Results, nil
}

// must runs one step that has to succeed.
func (j *javaDriver) must(t testing.TB, warehouse string, step jstep) jresult {
	t.Helper()
	res := j.do(t, warehouse, step)[0]
	if !res.OK {
		t.Fatalf("Java %v on %v: %s", step["op"], step["table"], res.Error)
	}
	return res
}

// pyRead reads a table with pypaimon: its rows, or the error pypaimon gave.
func pyRead(t *testing.T, warehouse, table string) ([]json.RawMessage, string) {
	t.Helper()
	line, err := startPypaimon(t).ask([]byte("file://" + warehouse + "\t" + table))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Rows  []json.RawMessage
		Error string
	}
	if err := json.Unmarshal(line, &res); err != nil {
		return nil, fmt.Sprintf("pypaimon output %q: %v", line, err)
	}
	return res.Rows, res.Error
}

// ourServer serves a warehouse directory over the MySQL protocol until the
// test ends, as cmd/paimon-sql does, and returns a connection pool with
// the session time zone UTC.
func ourServer(t *testing.T, dir string) *gosql.DB { return ourServerIn(t, dir, "+00:00") }

// ourServerIn is ourServer with connections in the session time zone tz.
func ourServerIn(t *testing.T, dir, tz string) *gosql.DB {
	t.Helper()
	db, _ := ourServerWith(t, dir, tz)
	return db
}

// ourServerWith is ourServerIn, returning the server too.
func ourServerWith(t testing.TB, dir, tz string) (*gosql.DB, *server.Server) {
	t.Helper()
	ctx := context.Background()
	fsys, err := paimonfs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	provider, err := catalog.NewProvider(ctx, fsys)
	if err != nil {
		t.Fatal(err)
	}
	return serveProvider(t, provider, tz, func() { _ = fsys.Close() })
}

// serveProvider serves provider over the MySQL protocol until the test
// ends (then calls closed) and returns a connection pool in the session
// time zone tz, and the server.
func serveProvider(t testing.TB, provider *catalog.Provider, tz string, closed func()) (*gosql.DB, *server.Server) {
	t.Helper()
	ctx := context.Background()
	srv, err := server.New(server.Config{Listen: "127.0.0.1:0"}, provider, server.Options{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Start() }()
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "tcp", srv.Addr().(*net.TCPAddr).String()
	cfg.Params = map[string]string{"time_zone": "'" + tz + "'"}
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = db.Close()
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		<-done
		closed()
	})
	return db, srv
}

// sqlRows runs a query and returns its cells as strings, nil for NULL.
func sqlRows(db *gosql.DB, q string) ([][]*string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rs, err := db.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	cols, err := rs.Columns()
	if err != nil {
		return nil, err
	}
	var out [][]*string
	for rs.Next() {
		vals := make([]gosql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			return nil, err
		}
		row := make([]*string, len(cols))
		for i, v := range vals {
			if v.Valid {
				s := v.String
				row[i] = &s
			}
		}
		out = append(out, row)
	}
	return out, rs.Err()
}

// sqlExec runs statements through paimon-sql, stopping at the first error.
func sqlExec(db *gosql.DB, stmts ...string) error {
	for _, s := range stmts {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, err := db.ExecContext(ctx, s)
		cancel()
		if err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}
