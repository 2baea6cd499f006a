package server

import (
	"bytes"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// syncBuffer is a log destination shared by the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testLogger logs text lines at INFO to buf without the time, and with
// durations and connection ids replaced, so lines can be compared.
func testLogger(buf io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			switch a.Key {
			case slog.TimeKey:
				return slog.Attr{}
			case "duration_ms":
				return slog.String(a.Key, "D")
			case "conn", "connectionID":
				return slog.String(a.Key, "N")
			}
			return a
		},
	}))
}

// routeLibraryLogsForTest sends GMS's and vitess' logs to log until the
// test ends.
func routeLibraryLogsForTest(t *testing.T, log *slog.Logger) {
	RouteLibraryLogs(log)
	t.Cleanup(func() {
		RouteLibraryLogs(slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})))
	})
}

// TestStatementLogGolden runs statements as a client would and compares the
// statement log lines with testdata/statementlog.golden: a line per failed
// statement, an audit line per DML, DDL, DCL and CALL, secrets masked.
func TestStatementLogGolden(t *testing.T) {
	var buf syncBuffer
	log := testLogger(&buf)
	routeLibraryLogsForTest(t, log)
	pro := newTestProvider(t)
	opts := pro.options(nil)
	opts.Logger = log
	s := start(t, Config{}, pro, opts)
	db := mustConnect(t, s, "root", "")
	db.SetMaxOpenConns(1)
	statements := []string{
		"SELECT name FROM db.t WHERE id = 1",
		"SELECT * FROM db.nope",
		"INSERT INTO db.t VALUES (4, 'd')",
		"UPDATE db.t SET name = 'dd'\n  WHERE id = 4",
		"CREATE USER 'bob'@'%' IDENTIFIED BY 's3cret'",
		"ALTER USER 'bob'@'%' IDENTIFIED BY \"n3w'secret\"",
		"GRANT SELECT ON db.* TO 'bob'@'%'",
		"/* tool */ DROP TABLE db.missing",
		"CALL sys.echo_args('db.t', 5, 'x')",
		"SHOW TABLES FROM db",
		"SELECT '" + strings.Repeat("x", 1100) + "' FROM db.nope",
		"SELEC 1",
	}
	for _, q := range statements {
		_, _ = rows(db, q)
	}
	lines := logLines(buf.String(), "audit", "statement failed", "slow statement")
	checkGolden(t, "statementlog.golden", strings.Join(lines, "\n")+"\n")
	all := buf.String()
	if strings.Contains(all, "s3cret") || strings.Contains(all, "n3w") {
		t.Errorf("a password reached the log:\n%s", all)
	}
	if regexp.MustCompile(`\.go:\d+|goroutine \d+`).MatchString(all) {
		t.Errorf("the log at INFO holds a stack trace:\n%s", all)
	}
	if strings.Contains(all, "level=WARN msg=\"error running query\"") {
		t.Errorf("GMS's own failed-query line is still logged at WARN:\n%s", all)
	}
}

// TestSlowStatementLog logs only the statements above the threshold.
func TestSlowStatementLog(t *testing.T) {
	var buf syncBuffer
	log := testLogger(&buf)
	pro := newTestProvider(t)
	opts := pro.options(nil)
	opts.Logger = log
	opts.SlowQuery = 300 * time.Millisecond
	s := start(t, Config{}, pro, opts)
	db := mustConnect(t, s, "root", "")
	mustRows(t, db, "SELECT 1")
	mustRows(t, db, "SELECT SLEEP(0.4)")
	got := logLines(buf.String(), "slow statement")
	want := []string{`level=WARN msg="slow statement" conn=N user=root kind=select duration_ms=D query="SELECT SLEEP(0.4)"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("slow statement lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestStatementKind(t *testing.T) {
	for q, want := range map[string]string{
		"select 1":                             "select",
		"  (SELECT 1) UNION (SELECT 2)":        "select",
		"WITH a AS (SELECT 1) SELECT * FROM a": "select",
		"/* c */ insert into t values (1)":     "dml",
		"-- c\nDELETE FROM t":                  "dml",
		"# c\nreplace into t values (1)":       "dml",
		"create table t (a int)":               "ddl",
		"CREATE USER u":                        "dcl",
		"drop role r":                          "dcl",
		"SET PASSWORD = 'x'":                   "dcl",
		"set @a = 1":                           "session",
		"call sys.compact('db.t')":             "call",
		"show processlist":                     "show",
		"":                                     "other",
		"frobnicate":                           "other",
	} {
		if got := statementKind(q); got != want {
			t.Errorf("statementKind(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestLoggedQueryMasksSecrets(t *testing.T) {
	for q, want := range map[string]string{
		"CREATE USER u IDENTIFIED BY 'pw'":                                      "CREATE USER u IDENTIFIED BY <secret>",
		"ALTER USER u IDENTIFIED WITH mysql_native_password BY 'p''w'":          "ALTER USER u IDENTIFIED WITH mysql_native_password BY <secret>",
		"SET PASSWORD FOR u = 'pw'":                                             "SET PASSWORD FOR u = <secret>",
		"SET PASSWORD = PASSWORD('pw')":                                         "SET PASSWORD = PASSWORD(<secret>)",
		"CREATE TABLE t (a INT) WITH ('s3.secret-key' = 'abc', 'bucket' = '1')": "CREATE TABLE t (a INT) WITH ('s3.secret-key' = <secret>, 'bucket' = '1')",
		"SELECT\n\t1": "SELECT 1",
	} {
		if got, _ := loggedQuery(q); got != want {
			t.Errorf("loggedQuery(%q) = %q, want %q", q, got, want)
		}
	}
}

// logLines are the lines of log whose message is one of msgs.
func logLines(log string, msgs ...string) []string {
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		for _, m := range msgs {
			if strings.Contains(line, " msg="+m+" ") || strings.Contains(line, ` msg="`+m+`" `) {
				out = append(out, line)
			}
		}
	}
	return out
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s--- want\n%s", name, got, want)
	}
}

// A long statement is cut to maxLoggedQuery bytes; a secret in it is masked
// all the same, however far into the statement it lies.
func TestLoggedQueryLong(t *testing.T) {
	rows := strings.Repeat("(1,  'x'),\n", 20_000)
	got, _ := loggedQuery("  INSERT INTO t VALUES\n" + rows + "(2, 'y')")
	want := "INSERT INTO t VALUES " + strings.Repeat("(1, 'x'), ", 20_000)
	if !strings.HasSuffix(got, "…") || strings.TrimSuffix(got, "…") != want[:maxLoggedQuery] {
		t.Errorf("loggedQuery of a long INSERT = %q…, want its first %d bytes, blanks collapsed, and …", got[:80], maxLoggedQuery)
	}
	long := "CREATE TABLE t (a INT) WITH (" + strings.Repeat("'k' = 'v', ", 10) + "'s3.access-key' = 'AKIA')"
	if got, _ := loggedQuery(long); strings.Contains(got, "AKIA") {
		t.Errorf("loggedQuery(%q) shows the key: %q", long, got)
	}
	if got, _ := loggedQuery("SELECT 1 \t\n"); got != "SELECT 1" {
		t.Errorf("trailing blanks kept: %q", got)
	}
}

// TestLogsHideSecrets runs, over the wire, each way of writing a password
// or a secret option that issue 25 found in the logs, with every log on
// (audit, failed statements, slow statements, GMS's and vitess' lines at
// DEBUG): no secret may reach the log, whether the statement succeeded,
// failed on syntax or failed to prepare.
func TestLogsHideSecrets(t *testing.T) {
	var buf syncBuffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	routeLibraryLogsForTest(t, log)
	pro := newTestProvider(t)
	opts := pro.options(nil)
	opts.Logger = log
	opts.SlowQuery = time.Nanosecond
	s := start(t, Config{}, pro, opts)
	db := mustConnect(t, s, "root", "")
	db.SetMaxOpenConns(1)
	statements := []string{
		"CREATE USER 'c1'@'%' IDENTIFIED /*c*/ BY 'Pw-c0mment'",
		"CREATE USER 'c2'@'%' IDENTIFIED -- c\n BY 'Pw-dashdash'",
		"CREATE USER 'c3'@'%' IDENTIFIED BY _utf8mb4'Pw-intr0'",
		"CREATE USER 'c4'@'%' IDENTIFIED BY _utf8mb4'Pw-intr0-syntax' BOGUS",
		"ALTER USER 'c1'@'%' IDENTIFIED BY 'Pw-n3w' REPLACE 'Pw-0ldpw'",
		"ALTER USER 'c1'@'%' IDENTIFIED BY 'Pw-n3w' REPLACE 'Pw-0ldpw' BOGUS",
		"SET PASSWORD FOR 'c1'@'%' = 'Pw-s3tpass'",
		"SET PASSWORD = 'Pw-s3lf'",
		"CREATE TABLE db.k (a INT) WITH ('parquet.crypto.key' = 'Pw-crypt0')",
		"ALTER TABLE db.t SET ('s3.secret-key' = 'Pw-s3key')",
		"CALL sys.echo_args('db.t', 5, 'parquet.crypto.key=Pw-0pt')",
		"CALL sys.echo_args(table => 'db.t', retain_max => 5, mode => 'parquet.crypto.key=Pw-0pt2')",
	}
	for _, q := range statements {
		_, _ = rows(db, q)
	}
	if _, err := db.Prepare("CREATE USER 'c5'@'%' IDENTIFIED /**/ BY 'Pw-pr3pare' BOGUS"); err == nil {
		t.Error("a statement that does not parse was prepared")
	}
	all := buf.String()
	if !strings.Contains(all, "c1") || !strings.Contains(all, "BOGUS") {
		t.Fatalf("the statements were not logged:\n%s", all)
	}
	for _, line := range strings.Split(all, "\n") {
		if strings.Contains(line, "Pw-") {
			t.Errorf("a secret reached the log: %s", line)
		}
	}
}

// TestConnectionsLoggedAtDebug: a BI tool's pool opens hundreds of
// connections, so opening and closing one is not worth an INFO line.
func TestConnectionsLoggedAtDebug(t *testing.T) {
	var info, debug syncBuffer
	routeLibraryLogsForTest(t, slog.New(slog.NewTextHandler(&info, &slog.HandlerOptions{Level: slog.LevelInfo})))
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	for range 3 {
		db := mustConnect(t, s, "root", "")
		_ = db.Close()
	}
	routeLibraryLogsForTest(t, slog.New(slog.NewTextHandler(&debug, &slog.HandlerOptions{Level: slog.LevelDebug})))
	_ = mustConnect(t, s, "root", "").Close()
	waitFor(t, func() bool { return strings.Contains(debug.String(), "ConnectionClosed") })
	if strings.Contains(info.String(), "NewConnection") || strings.Contains(info.String(), "ConnectionClosed") {
		t.Errorf("connections logged at INFO:\n%s", info.String())
	}
}
