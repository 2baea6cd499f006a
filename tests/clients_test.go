package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/internal/toolcheck"
)

// These tests run real MySQL clients of other languages against the server:
// the mysql command-line client, PyMySQL with SQLAlchemy and pandas, MySQL
// Connector/J 9 and MariaDB Connector/J over JDBC, and node's mysql2. Each script in
// tests/clients/ connects, lists tables and columns, reads a table and its
// $snapshots, runs a parameterized query and calls a procedure, and prints
// one JSON document that the test compares with what go-sql-driver reads
// from the same server. A missing client skips its test, except under CI
// (CI set), where it fails: .ci/run installs them all.

// The table the clients read: a partitioned primary-key table, and one with
// nested types (ARRAY, MAP, ROW shown as JSON).
const (
	clientDB       = "pk_09"
	clientTable    = "pk_09"
	clientNestedDB = "append_complex_build_in_fieldid"
)

// missingClient ends the test for a missing client (toolcheck.Missing).
func missingClient(t *testing.T, what, install string) {
	t.Helper()
	toolcheck.Missing(t, what, install)
}

// clientsDir is tests/clients as an absolute path.
func clientsDir(t *testing.T) string {
	t.Helper()
	d, err := filepath.Abs("clients")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// runClient runs a client command (bounded in time) and returns its stdout.
func runClient(t *testing.T, dir string, timeout time.Duration, name string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	if s := strings.TrimSpace(stderr.String()); s != "" {
		t.Logf("%s stderr:\n%s", filepath.Base(name), s)
	}
	return stdout.Bytes()
}

// clientReport is what every client script prints; fields a client does not
// fill stay empty.
type clientReport struct {
	Client     string     `json:"client"`
	Tables     []string   `json:"tables"`
	Columns    [][]string `json:"columns"`
	PrimaryKey [][]string `json:"primary_keys"`
	Count      int64      `json:"count"`
	Snapshots  []int64    `json:"snapshots"`
	ParamRows  [][]string `json:"param_rows"`
	Prepared   [][]string `json:"prepared_rows"`
	Call       any        `json:"call"`
	Procedures []string   `json:"procedures"`
	Nested     []string   `json:"nested_first"`

	// The every-type table and the errors (clients_types_test.go).
	Types *clientTypes `json:"types"`

	// JDBC only.
	Driver         string     `json:"driver"`
	Catalogs       []string   `json:"catalogs"`
	IndexInfo      [][]string `json:"index_info"`
	TypeMismatches []string   `json:"type_mismatches"`

	// Python only.
	Schemas         []string   `json:"schemas"`
	SATables        []string   `json:"sa_tables"`
	SAColumns       [][]string `json:"sa_columns"`
	SAPK            []string   `json:"sa_pk"`
	SANestedColumns [][]string `json:"sa_nested_columns"`
	SAWarnings      []string   `json:"sa_warnings"`
	PandasShape     []int      `json:"pandas_shape"`
	PandasColumns   []string   `json:"pandas_columns"`
	PandasSnapshots []int64    `json:"pandas_snapshots"`
	PandasTimeDtype string     `json:"pandas_commit_time_dtype"`
	PandasNested    []string   `json:"pandas_nested_first"`
}

func parseReport(t *testing.T, out []byte) clientReport {
	t.Helper()
	var r clientReport
	if err := json.Unmarshal(bytes.TrimSpace(out), &r); err != nil {
		t.Fatalf("client output is not JSON: %v\n%s", err, out)
	}
	return r
}

// clientOracle is what the clients must see, read with go-sql-driver.
type clientOracle struct {
	tables    []string
	columns   [][]string // name, COLUMN_TYPE
	pk        [][]string // the schema file's primary key: column, position, PRIMARY
	count     int64
	snapshots []int64
	paramRows [][]string // WHERE f2 = 1, ordered by f0
	nested    []string   // first row of the nested table
}

func oracle(t *testing.T, e *env) clientOracle {
	t.Helper()
	var o clientOracle
	o.tables = mustQuery(t, e.db, "SHOW TABLES FROM "+clientDB).column("Tables_in_" + clientDB)
	sort.Strings(o.tables)
	o.columns = mustQuery(t, e.db, "SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION", clientDB, clientTable).rows
	for i, k := range latestSchema(t, tableDir(e.dir, clientTable)).PrimaryKeys {
		o.pk = append(o.pk, []string{k, strconv.Itoa(i + 1), "PRIMARY"})
	}
	if len(o.pk) == 0 {
		t.Fatalf("%s has no primary key to look for", clientTable)
	}
	n, err := strconv.ParseInt(mustQuery(t, e.db, fmt.Sprintf("SELECT COUNT(*) FROM %s.%s", clientDB, clientTable)).rows[0][0], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	o.count = n
	for _, s := range mustQuery(t, e.db, fmt.Sprintf("SELECT snapshot_id FROM %s.`%s$snapshots` ORDER BY snapshot_id", clientDB, clientTable)).column("snapshot_id") {
		id, _ := strconv.ParseInt(s, 10, 64)
		o.snapshots = append(o.snapshots, id)
	}
	o.paramRows = mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM %s.%s WHERE f2 = ? ORDER BY f0", clientDB, clientTable), 1).rows
	if len(o.paramRows) == 0 || int64(len(o.paramRows)) == o.count {
		t.Fatalf("WHERE f2 = 1 should select some rows of %d: %v", o.count, o.paramRows)
	}
	o.nested = mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM %s.%s LIMIT 1", clientNestedDB, clientNestedDB)).rows[0]
	return o
}

// procedureCall is a CALL every client may run, with the tag it creates;
// empty when the server has no procedure to call yet.
func procedureCall(t *testing.T, e *env, tag string) string {
	t.Helper()
	if _, err := query(e.db, "SHOW CREATE PROCEDURE sys.create_tag"); err != nil {
		t.Logf("no procedure sys.create_tag (%v): the clients skip their CALL", err)
		return ""
	}
	return fmt.Sprintf("CALL sys.create_tag('%s.%s', '%s', 1)", clientDB, clientTable, tag)
}

// checkCall checks that the CALL of procedureCall created its tag.
func checkCall(t *testing.T, e *env, call, tag string) {
	t.Helper()
	if call == "" {
		return
	}
	tags := mustQuery(t, e.db, fmt.Sprintf("SELECT tag_name, snapshot_id FROM %s.`%s$tags`", clientDB, clientTable))
	for _, r := range tags.rows {
		if r[0] == tag && r[1] == "1" {
			return
		}
	}
	t.Errorf("%s did not create tag %s at snapshot 1: %v", call, tag, tags.rows)
}

func sameStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

func sameInts(t *testing.T, what string, got, want []int64) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// sameCells compares rows cell by cell as text, numbers by value (clients
// print 21.1 or 21.100000).
func sameCells(t *testing.T, what string, got, want [][]string) {
	t.Helper()
	eq := func(a, b string) bool {
		if a == b {
			return true
		}
		fa, err1 := strconv.ParseFloat(a, 64)
		fb, err2 := strconv.ParseFloat(b, 64)
		return err1 == nil && err2 == nil && fa == fb
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d rows %v, want %d %v", what, len(got), got, len(want), want)
		return
	}
	for i := range got {
		if len(got[i]) != len(want[i]) {
			t.Errorf("%s: row %d = %v, want %v", what, i, got[i], want[i])
			continue
		}
		for j := range got[i] {
			if !eq(got[i][j], want[i][j]) {
				t.Errorf("%s: row %d = %v, want %v", what, i, got[i], want[i])
				break
			}
		}
	}
}

func TestClientPython(t *testing.T) {
	py := "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		missingClient(t, "the system python3", "Debian: apt-get install python3")
	}
	if out, err := exec.Command(py, "-c", "import pymysql, sqlalchemy, pandas").CombinedOutput(); err != nil {
		missingClient(t, "PyMySQL, SQLAlchemy and pandas", "Debian: apt-get install python3-pymysql python3-sqlalchemy python3-pandas: "+strings.TrimSpace(string(out)))
	}
	e := startServer(t, nil)
	want := oracle(t, e)
	call := procedureCall(t, e, "client_python")
	out := runClient(t, clientsDir(t), 2*time.Minute, py, "python_client.py", "127.0.0.1", strconv.Itoa(e.port()),
		clientDB, clientTable, clientNestedDB+"."+clientNestedDB, call)
	r := parseReport(t, out)
	t.Logf("python: %s", out)

	sameStrings(t, "PyMySQL SHOW TABLES", r.Tables, want.tables)
	if r.Count != want.count {
		t.Errorf("PyMySQL COUNT(*) = %d, want %d", r.Count, want.count)
	}
	sameInts(t, "PyMySQL $snapshots", r.Snapshots, want.snapshots)
	sameCells(t, "PyMySQL WHERE f2 = %s", r.ParamRows, want.paramRows)
	checkCall(t, e, call, "client_python")

	if !contains(r.Schemas, clientDB) || !contains(r.Schemas, "information_schema") {
		t.Errorf("SQLAlchemy schemas = %v", r.Schemas)
	}
	sameStrings(t, "SQLAlchemy tables", r.SATables, want.tables)
	// Reflection parses SHOW CREATE TABLE: every column with its MySQL type.
	var saWant [][]string
	for _, c := range want.columns {
		typ := strings.ToUpper(c[1])
		if typ == "INT" {
			typ = "INTEGER" // SQLAlchemy's name
		}
		saWant = append(saWant, []string{c[0], typ})
	}
	if fmt.Sprint(r.SAColumns) != fmt.Sprint(saWant) {
		t.Errorf("SQLAlchemy columns = %v, want %v", r.SAColumns, saWant)
	}
	sameStrings(t, "SQLAlchemy primary key", r.SAPK, []string{"f0", "f1", "f2"})
	for _, c := range r.SANestedColumns[:3] {
		if c[1] != "JSON" {
			t.Errorf("SQLAlchemy nested column %s = %s, want JSON", c[0], c[1])
		}
	}
	for _, w := range r.SAWarnings {
		t.Logf("SQLAlchemy warning: %s", w)
	}

	if len(r.PandasShape) != 2 || int64(r.PandasShape[0]) != want.count || r.PandasShape[1] != len(want.columns) {
		t.Errorf("pandas shape = %v, want [%d %d]", r.PandasShape, want.count, len(want.columns))
	}
	sameInts(t, "pandas $snapshots", r.PandasSnapshots, want.snapshots)
	if !strings.HasPrefix(r.PandasTimeDtype, "datetime64") {
		t.Errorf("pandas commit_time dtype = %s, want datetime64", r.PandasTimeDtype)
	}
	sameStrings(t, "pandas nested row", normJSON(r.PandasNested[:3]), normJSON(want.nested[:3]))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// normJSON makes JSON texts comparable (clients re-encode them).
func normJSON(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		var v any
		if err := json.Unmarshal([]byte(c), &v); err == nil {
			b, _ := json.Marshal(v)
			out[i] = string(b)
		} else {
			out[i] = c
		}
	}
	return out
}

// mariadbJar is Debian's MariaDB Connector/J (package libmariadb-java).
const mariadbJar = "/usr/share/java/mariadb-java-client.jar"

// mysqlConnectorJ returns the class path of MySQL Connector/J 9 (DBeaver's,
// DataGrip's and Metabase's default driver): tests/clients/java/pom.xml
// has Maven fetch it into ~/.m2 and write its class path (.ci/run builds it).
func mysqlConnectorJ(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(clientsDir(t), "java")
	cpFile := filepath.Join(dir, "target", "classpath.txt")
	if fi, err := os.Stat(cpFile); err != nil || changedSince(filepath.Join(dir, "pom.xml"), fi.ModTime()) {
		if _, err := exec.LookPath("mvn"); err != nil {
			missingClient(t, "Maven (for MySQL Connector/J)", "Debian: apt-get install maven")
		}
		runClient(t, dir, 5*time.Minute, "mvn", "-q", "-B", "package")
	}
	cp, err := os.ReadFile(cpFile)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(cp))
}

// changedSince tells whether the file was changed after t.
func changedSince(file string, t time.Time) bool {
	fi, err := os.Stat(file)
	return err == nil && fi.ModTime().After(t)
}

// TestClientJDBC runs tests/clients/JdbcClient.java with MySQL Connector/J 9
// and with MariaDB Connector/J, each alone on the class path (MariaDB's
// driver also answers jdbc:mysql: URLs): DatabaseMetaData's getCatalogs,
// getTables, getColumns, getPrimaryKeys and getIndexInfo, statements,
// prepared statements client-side and server-side with a parameter of every
// type, and a CALL.
func TestClientJDBC(t *testing.T) {
	javac, err1 := exec.LookPath("javac")
	java, err2 := exec.LookPath("java")
	if err1 != nil || err2 != nil {
		missingClient(t, "a Java JDK (java and javac)", "Debian: apt-get install default-jdk-headless")
	}
	classes := t.TempDir()
	runClient(t, clientsDir(t), 3*time.Minute, javac, "-d", classes, "JdbcClient.java")
	for _, d := range []struct{ name, scheme, product string }{
		{"MySQLConnectorJ", "mysql", "MySQL Connector/J mysql-connector-j-9."},
		{"MariaDBConnectorJ", "mariadb", "MariaDB Connector/J"},
	} {
		t.Run(d.name, func(t *testing.T) {
			var cp string
			if d.scheme == "mysql" {
				cp = mysqlConnectorJ(t)
			} else {
				if _, err := os.Stat(mariadbJar); err != nil {
					missingClient(t, "MariaDB Connector/J", "Debian: apt-get install libmariadb-java")
				}
				cp = mariadbJar
			}
			jdbcClient(t, java, cp+string(os.PathListSeparator)+classes, d.scheme, d.product)
		})
	}
}

func jdbcClient(t *testing.T, java, classPath, scheme, product string) {
	e := startServer(t, nil)
	want := oracle(t, e)
	tag := "client_jdbc_" + scheme
	call := procedureCall(t, e, tag)
	if call != "" {
		// JDBC's escape syntax: {call p(...)}.
		call = "{call " + strings.TrimPrefix(call, "CALL ") + "}"
	}
	typesDB := "jdbc_types_" + scheme
	catalogs := mustQuery(t, e.db, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME").column("SCHEMA_NAME")
	out := runClient(t, clientsDir(t), 2*time.Minute, java, "-Duser.timezone=UTC", "-cp", classPath, "JdbcClient",
		scheme, "127.0.0.1", strconv.Itoa(e.port()), clientDB, clientTable, clientNestedDB, typesDB, call)
	r := parseReport(t, out)
	t.Logf("jdbc: %s", out)
	if !strings.HasPrefix(r.Driver, product) {
		t.Errorf("driver %q, want %s", r.Driver, product)
	}

	sameStrings(t, "getCatalogs", r.Catalogs, catalogs)
	sameStrings(t, "getTables", r.Tables, want.tables)
	// getColumns reports the type names of information_schema.COLUMNS.
	var cols [][]string
	for _, c := range want.columns {
		typ := c[1]
		if i := strings.IndexByte(typ, '('); i >= 0 {
			typ = typ[:i]
		}
		cols = append(cols, []string{c[0], typ})
	}
	if fmt.Sprint(r.Columns) != fmt.Sprint(cols) {
		t.Errorf("getColumns = %v, want %v", r.Columns, cols)
	}
	if fmt.Sprint(r.PrimaryKey) != fmt.Sprint(want.pk) {
		t.Errorf("getPrimaryKeys = %v, want %v", r.PrimaryKey, want.pk)
	}
	// getIndexInfo: the primary key, unique, and the partition column, the
	// index SHOW INDEX lists.
	var index [][]string
	for _, r := range mustQuery(t, e.db, "SHOW INDEX FROM "+clientDB+"."+clientTable).rows {
		index = append(index, []string{r[2], r[4], r[3], strconv.FormatBool(r[1] == "1")})
	}
	if fmt.Sprint(r.IndexInfo) != fmt.Sprint(index) {
		t.Errorf("getIndexInfo = %v, want %v (SHOW INDEX)", r.IndexInfo, index)
	}
	if r.Count != want.count {
		t.Errorf("COUNT(*) = %d, want %d", r.Count, want.count)
	}
	sameInts(t, "$snapshots", r.Snapshots, want.snapshots)
	sameCells(t, "PreparedStatement (client-side)", r.ParamRows, want.paramRows)
	sameCells(t, "PreparedStatement (useServerPrepStmts)", r.Prepared, want.paramRows)
	sameStrings(t, "nested row", normJSON(r.Nested[:3]), normJSON(want.nested[:3]))
	t.Logf("getProcedures: %v", r.Procedures)
	checkCall(t, e, call, tag)

	// The values bound with every setter came back through the driver (the
	// client's own check) and are stored as bound (read with go-sql-driver).
	if r.TypeMismatches == nil {
		t.Error("the client did not report its prepared statements of every type")
	}
	for _, m := range r.TypeMismatches {
		t.Errorf("prepared statement: %s", m)
	}
	stored := mustQuery(t, e.db, "SELECT id, b, ti, si, i, bi, f, d, de, s, c, HEX(vb), dt, ts, ltz, txt FROM "+typesDB+".types ORDER BY id")
	values := "1|-7|30000|2000000000|9000000000000000001|1.5|-22500000000|123456789.125|hé, ünïcode|abc|0001FE78|2024-02-29|2024-02-29 23:59:58.123|1999-12-31 01:02:03.456789|a\nlong\ttext"
	nulls := strings.TrimSuffix(strings.Repeat("NULL|", 15), "|")
	sameCells(t, "rows bound with every setter", stored.rows, split("1|"+values, "2|"+nulls, "3|"+values, "4|"+nulls))
}

func TestClientNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		missingClient(t, "node", "Debian: apt-get install nodejs npm")
	}
	dir := filepath.Join(clientsDir(t), "node")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "mysql2")); err != nil {
		missingClient(t, "the mysql2 package", "cd tests/clients/node && npm ci")
	}
	e := startServer(t, nil)
	want := oracle(t, e)
	call := procedureCall(t, e, "client_node")
	wantTypes := typesOracle(t, e)
	out := runClient(t, dir, 2*time.Minute, node, "client.js", "127.0.0.1", strconv.Itoa(e.port()), clientDB, clientTable, clientNestedDB, call,
		everyTypeDB, everyTypeTable, clientErrorsJSON(t))
	r := parseReport(t, out)
	if r.Types == nil {
		t.Fatal("the client did not report the every-type table")
	}
	checkTypes(t, "node mysql2", *r.Types, wantTypes)
	t.Logf("node: %s", out)

	sameStrings(t, "SHOW TABLES", r.Tables, want.tables)
	if fmt.Sprint(r.Columns) != fmt.Sprint(want.columns) {
		t.Errorf("information_schema.COLUMNS = %v, want %v", r.Columns, want.columns)
	}
	if r.Count != want.count {
		t.Errorf("COUNT(*) = %d, want %d", r.Count, want.count)
	}
	sameInts(t, "$snapshots", r.Snapshots, want.snapshots)
	sameCells(t, "query() with ?", r.ParamRows, want.paramRows)
	sameCells(t, "execute() (server-side prepared)", r.Prepared, want.paramRows)
	// mysql2 decodes JSON columns.
	sameStrings(t, "nested row", normJSON(r.Nested[:3]), normJSON(want.nested[:3]))
	checkCall(t, e, call, "client_node")
	checkCall(t, e, call, "client_node_prepared") // execute() of CALL with name => ?
}

func TestClientMySQLCLI(t *testing.T) {
	requireMySQLClient(t)
	e := startServer(t, nil)
	want := oracle(t, e)
	cli := func(q string) result {
		t.Helper()
		res, err := e.mysqlCLI(t, q)
		if err != nil {
			t.Fatalf("mysql -e %q: %v", q, err)
		}
		return res
	}
	sameStrings(t, "SHOW TABLES", cli("SHOW TABLES FROM "+clientDB).column("Tables_in_"+clientDB), want.tables)
	var cols [][]string
	for _, r := range cli(fmt.Sprintf("SHOW COLUMNS FROM %s.%s", clientDB, clientTable)).rows {
		cols = append(cols, []string{r[0], r[1]})
	}
	if fmt.Sprint(cols) != fmt.Sprint(want.columns) {
		t.Errorf("SHOW COLUMNS = %v, want %v", cols, want.columns)
	}
	if n := len(cli(fmt.Sprintf("SELECT * FROM %s.%s", clientDB, clientTable)).rows); int64(n) != want.count {
		t.Errorf("SELECT * = %d rows, want %d", n, want.count)
	}
	var snaps []int64
	for _, s := range cli(fmt.Sprintf("SELECT snapshot_id FROM %s.%s$snapshots ORDER BY snapshot_id", clientDB, clientTable)).column("snapshot_id") {
		id, _ := strconv.ParseInt(s, 10, 64)
		snaps = append(snaps, id)
	}
	sameInts(t, "$snapshots", snaps, want.snapshots)
	// SQL-level prepared statements.
	res := cli(fmt.Sprintf("USE %s; PREPARE s FROM 'SELECT * FROM %s WHERE f2 = ? ORDER BY f0'; SET @v = 1; EXECUTE s USING @v", clientDB, clientTable))
	sameCells(t, "EXECUTE s USING @v", res.rows, want.paramRows)
	// Grafana's wrapping of a query.
	if n := len(cli(fmt.Sprintf("(SELECT * FROM %s.%s$snapshots) LIMIT 2", clientDB, clientTable)).rows); n != 2 {
		t.Errorf("( q ) LIMIT 2 gave %d rows", n)
	}
	if call := procedureCall(t, e, "client_cli"); call != "" {
		cli(call)
		checkCall(t, e, call, "client_cli")
	}
}
