package tests

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/server"
)

// Apache Superset, a BI tool in a real browser: Superset (its own SQLite
// metadata database, in a venv that .ci/run installs outside the
// repository) is connected to paimon-sql through mysql+pymysql:// and
// driven in headless Chromium by tests/bi/superset_e2e.py, as a person
// would: log in, add the database, browse the schema and the columns of a
// table, run a GROUP BY and a $snapshots query in SQL Lab, open a bar chart.
// What the pages showed, and what Superset's REST API answers, is compared
// with what go-sql-driver reads from the same server. The screenshots stay
// in the directory the test prints (PAIMON_SQL_SUPERSET_ARTIFACTS, or a new
// temporary directory).

// supersetVersion is the version .ci/run installs (venv-superset-<version>).
const supersetVersion = "6.1.0"

// supersetReport is what superset_e2e.py prints.
type supersetReport struct {
	Screenshots  []string         `json:"screenshots"`
	Error        string           `json:"error"`
	Database     string           `json:"database"`
	UITree       string           `json:"ui_tree"`
	UIGroupBy    string           `json:"ui_group_by"`
	UISnapshots  string           `json:"ui_snapshots"`
	UIChartRows  int              `json:"ui_chart_rows"`
	APISchemas   []string         `json:"api_schemas"`
	APITables    []string         `json:"api_tables"`
	APIColumns   [][]string       `json:"api_columns"`
	APISnapshots []map[string]any `json:"api_snapshots"`
	ChartQuery   string           `json:"chart_query"`
	ChartData    []map[string]any `json:"chart_data"`
}

// supersetTools finds the venv's python and superset, Chromium and its
// driver, or skips (fails under CI).
func supersetTools(t *testing.T) (venv string) {
	t.Helper()
	venv = os.Getenv("PAIMON_SQL_SUPERSET_VENV")
	if venv == "" {
		venv = filepath.Join(cacheDir(), "venv-superset-"+supersetVersion)
	}
	install := ".ci/run installs it: apt-get install chromium chromium-driver, and a venv " + venv + " with tests/bi/superset-requirements.txt"
	for _, tool := range []string{"/usr/bin/chromium", "/usr/bin/chromedriver", filepath.Join(venv, "bin", "superset")} {
		if _, err := os.Stat(tool); err != nil {
			missingClient(t, tool, install)
		}
	}
	out, err := exec.Command(filepath.Join(venv, "bin", "python"), "-c", "import superset, selenium, pymysql, requests").CombinedOutput()
	if err != nil {
		missingClient(t, "Superset with Selenium and PyMySQL", install+": "+strings.TrimSpace(string(out)))
	}
	return venv
}

// cacheDir holds the tools .ci/run installs outside the repository.
func cacheDir() string {
	if d := os.Getenv("PAIMON_SQL_CACHE"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "paimon-sql")
}

// supersetArtifacts is where the screenshots and Superset's log are kept.
func supersetArtifacts(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("PAIMON_SQL_SUPERSET_ARTIFACTS")
	if dir == "" {
		d, err := os.MkdirTemp("", "paimon-sql-superset-")
		if err != nil {
			t.Fatal(err)
		}
		dir = d
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("Superset screenshots and logs: %s", dir)
	return dir
}

// superset is one Superset installation with its metadata in home.
type superset struct {
	venv, home, artifacts string
	env                   []string
}

// newSuperset writes the configuration (a random SECRET_KEY, SQLite
// metadata in home) and prepares the metadata database as its documentation
// says: db upgrade, an admin, init. No examples are loaded.
func newSuperset(t *testing.T, venv, artifacts string) *superset {
	t.Helper()
	home := t.TempDir()
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	config := fmt.Sprintf(`# Written by tests/superset_test.go.
SECRET_KEY = %q
SQLALCHEMY_DATABASE_URI = "sqlite:///%s"
# Superset's MySQL engine reads result column types from MySQLdb's
# constants, whichever driver the URI names; PyMySQL provides them.
import pymysql
pymysql.install_as_MySQLdb()
`, hex.EncodeToString(key), filepath.Join(home, "superset.db"))
	configPath := filepath.Join(home, "superset_config.py")
	if err := os.WriteFile(configPath, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &superset{venv: venv, home: home, artifacts: artifacts,
		env: append(os.Environ(), "SUPERSET_CONFIG_PATH="+configPath, "SUPERSET_HOME="+home, "FLASK_APP=superset")}
	s.cli(t, "db", "upgrade")
	s.cli(t, "fab", "create-admin", "--username", "admin", "--firstname", "Paimon", "--lastname", "Test",
		"--email", "admin@example.com", "--password", "admin")
	s.cli(t, "init")
	return s
}

// cli runs a superset command, its output appended to superset.log.
func (s *superset) cli(t *testing.T, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(s.venv, "bin", "superset"), args...)
	cmd.Dir, cmd.Env = s.home, s.env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	s.log(t, "superset "+strings.Join(args, " "), out)
	if err != nil {
		t.Fatalf("superset %s: %v\n%s", strings.Join(args, " "), err, tail(out, 40))
	}
	t.Logf("superset %s: %s", strings.Join(args, " "), time.Since(start).Round(time.Second))
}

func (s *superset) log(t *testing.T, what string, out []byte) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(s.artifacts, "superset.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, _ = fmt.Fprintf(f, "=== %s\n%s\n", what, out)
}

// serve starts Superset's web server on a free loopback port until the test
// ends, and returns its URL once /health answers.
func (s *superset) serve(t *testing.T) string {
	t.Helper()
	port := freePorts(t, 1)[0]
	logFile, err := os.Create(filepath.Join(s.artifacts, "superset-server.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(s.venv, "bin", "superset"), "run", "-h", "127.0.0.1", "-p", strconv.Itoa(port), "--with-threads")
	cmd.Dir, cmd.Env = s.home, s.env
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		_ = logFile.Close()
	})
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	client := &http.Client{Timeout: 5 * time.Second}
	deadline := time.Now().Add(5 * time.Minute)
	for {
		resp, err := client.Get(url + "/health")
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url
			}
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(logFile.Name())
			t.Fatalf("Superset did not answer on %s/health: %v\n%s", url, err, tail(log, 40))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// tail is the last n lines of out.
func tail(out []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// supersetOracle is what Superset must show, read with go-sql-driver.
type supersetOracle struct {
	tables    []string
	columns   [][]string // name, SQLAlchemy's type name
	groupBy   [][]string // s1, SUM(v0), ordered by s1
	snapshots [][]string // snapshot_id, commit_kind
}

const (
	supersetGroupBy   = "SELECT s1, SUM(v0) AS total FROM demo.merge_on_read GROUP BY s1 ORDER BY s1"
	supersetSnapshots = "SELECT snapshot_id, commit_kind FROM demo.`merge_on_read$snapshots` ORDER BY snapshot_id"
)

func readSupersetOracle(t *testing.T, e *env) supersetOracle {
	t.Helper()
	var o supersetOracle
	o.tables = mustQuery(t, e.db, "SHOW TABLES FROM demo").column("Tables_in_demo")
	sort.Strings(o.tables)
	for _, c := range mustQuery(t, e.db, "SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'demo' AND TABLE_NAME = 'merge_on_read' ORDER BY ORDINAL_POSITION").rows {
		typ := strings.ToUpper(c[1])
		if typ == "INT" { // SQLAlchemy's name for MySQL's INT
			typ = "INTEGER"
		}
		o.columns = append(o.columns, []string{c[0], typ})
	}
	o.groupBy = mustQuery(t, e.db, supersetGroupBy).rows
	o.snapshots = mustQuery(t, e.db, supersetSnapshots).rows
	if len(o.groupBy) < 2 || len(o.snapshots) < 2 || len(o.columns) < 2 {
		t.Fatalf("the demo table is too small to tell anything: %v %v %v", o.groupBy, o.snapshots, o.columns)
	}
	return o
}

// gridText is how SQL Lab's result pane reads as text: the row count, the
// header, then each cell on a line of its own.
func gridText(header []string, rows [][]string) string {
	lines := fmt.Sprintf("\n%d rows\n", len(rows))
	var cells []string
	cells = append(cells, header...)
	for _, r := range rows {
		cells = append(cells, r...)
	}
	return lines + "No Matching Rows\n" + strings.Join(cells, "\n")
}

func TestSupersetInChromium(t *testing.T) {
	venv := supersetTools(t)
	artifacts := supersetArtifacts(t)
	// Every statement Superset sends must succeed: the server's log of
	// failed statements is kept with the screenshots and checked at the end.
	serverLog, err := os.Create(filepath.Join(artifacts, "paimon-sql.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = serverLog.Close() })
	dir := demoWarehouse(t)
	fsys, err := paimonfs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	e := serveLogged(t, fsys, dir, server.Config{Listen: "127.0.0.1:0"}, slog.New(slog.NewTextHandler(serverLog, nil)))
	o := readSupersetOracle(t, e)
	s := newSuperset(t, venv, artifacts)
	url := s.serve(t)

	uri := fmt.Sprintf("mysql+pymysql://root@127.0.0.1:%d/demo", e.port())
	script, err := filepath.Abs(filepath.Join("bi", "superset_e2e.py"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(venv, "bin", "python"), script, url, uri, artifacts)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	runErr := cmd.Run()
	s.log(t, "superset_e2e.py stderr", stderr.Bytes())
	t.Logf("superset_e2e.py: %s", time.Since(start).Round(time.Second))
	if err := os.WriteFile(filepath.Join(artifacts, "report.json"), stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var r supersetReport
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &r); err != nil || runErr != nil {
		t.Fatalf("superset_e2e.py: %v, %v\nstdout:\n%s\nstderr:\n%s", runErr, err, stdout.String(), tail(stderr.Bytes(), 40))
	}
	t.Logf("screenshots: %s", strings.Join(r.Screenshots, " "))
	if r.Error != "" {
		t.Fatalf("in the browser: %s\n(screenshots and Superset's logs in %s)", r.Error, artifacts)
	}
	checkSuperset(t, r, o, uri)
	log, err := os.ReadFile(serverLog.Name())
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(log), "\n") {
		if strings.Contains(line, `msg="statement failed"`) {
			t.Errorf("paimon-sql refused a statement of Superset's: %s", line)
		}
	}
}

// checkSuperset compares the pages and the API's answers with the oracle.
func checkSuperset(t *testing.T, r supersetReport, o supersetOracle, uri string) {
	t.Helper()
	if r.Database != uri {
		t.Errorf("the database added in the UI has the URI %q, want %q", r.Database, uri)
	}

	// The schema browser: the tables of demo, then the table's columns
	// with their types, in order.
	tree := "\n" + r.UITree + "\n"
	for _, table := range o.tables {
		if !strings.Contains(tree, "\n"+table+"\n") {
			t.Errorf("SQL Lab's schema tree does not list table %s:\n%s", table, r.UITree)
		}
	}
	var cols []string
	for _, c := range o.columns {
		cols = append(cols, c...)
	}
	if want := "\nmerge_on_read\n" + strings.Join(cols, "\n") + "\n"; !strings.Contains(tree, want) {
		t.Errorf("SQL Lab's schema tree does not show merge_on_read's columns and types %q:\n%s", want, r.UITree)
	}

	// SQL Lab's result grids show exactly the rows paimon-sql answers.
	if want := gridText([]string{"s1", "total"}, o.groupBy); !strings.HasSuffix(r.UIGroupBy, want) {
		t.Errorf("SQL Lab's GROUP BY result:\n%s\nwant it to end with:\n%s", r.UIGroupBy, want)
	}
	if want := gridText([]string{"snapshot_id", "commit_kind"}, o.snapshots); !strings.HasSuffix(r.UISnapshots, want) {
		t.Errorf("SQL Lab's $snapshots result:\n%s\nwant it to end with:\n%s", r.UISnapshots, want)
	}

	// The REST API: schemas, tables, columns, and $snapshots run by SQL Lab.
	if !slices.Contains(r.APISchemas, "demo") {
		t.Errorf("Superset's schemas %v do not include demo", r.APISchemas)
	}
	sort.Strings(r.APITables)
	if strings.Join(r.APITables, ",") != strings.Join(o.tables, ",") {
		t.Errorf("Superset's tables of demo: %v, want %v", r.APITables, o.tables)
	}
	if fmt.Sprint(r.APIColumns) != fmt.Sprint(o.columns) {
		t.Errorf("Superset's columns of merge_on_read: %v, want %v", r.APIColumns, o.columns)
	}
	var snaps [][]string
	for _, row := range r.APISnapshots {
		snaps = append(snaps, []string{fmt.Sprint(row["snapshot_id"]), fmt.Sprint(row["commit_kind"])})
	}
	if fmt.Sprint(snaps) != fmt.Sprint(o.snapshots) {
		t.Errorf("SQL Lab's API read $snapshots as %v, want %v", snaps, o.snapshots)
	}

	// The bar chart: Superset's own GROUP BY, the bars' values.
	if !strings.Contains(r.ChartQuery, "GROUP BY s1") {
		t.Errorf("the chart's query is not a GROUP BY s1: %s", r.ChartQuery)
	}
	want := map[string]string{}
	for _, row := range o.groupBy {
		want[row[0]] = row[1]
	}
	got := map[string]string{}
	for _, row := range r.ChartData {
		got[fmt.Sprint(row["s1"])] = fmt.Sprint(row["SUM(v0)"])
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the chart's bars: %v, want %v", got, want)
	}
	if r.UIChartRows != len(o.groupBy) {
		t.Errorf("Explore shows %d rows for the chart, want %d", r.UIChartRows, len(o.groupBy))
	}
}
