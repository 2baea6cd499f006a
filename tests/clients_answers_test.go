package tests

import (
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// pyAnswer is what tests/clients/pymysql_statements.py reports of one
// statement.
type pyAnswer struct {
	SQL     string      `json:"sql"`
	Columns []string    `json:"columns"`
	Rows    [][]*string `json:"rows"`
	Error   []any       `json:"error"`
}

// errCode is the MySQL error number of a failed statement (0: none, or the
// driver failed).
func (a pyAnswer) errCode() int {
	if len(a.Error) == 0 {
		return 0
	}
	n, _ := a.Error[0].(float64)
	return int(n)
}

func (a pyAnswer) errText() string {
	if len(a.Error) < 2 {
		return ""
	}
	s, _ := a.Error[1].(string)
	return s
}

// runPyMySQL runs the statements with PyMySQL on one connection, in order.
func runPyMySQL(t *testing.T, e *env, statements ...string) []pyAnswer {
	t.Helper()
	py := "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		missingClient(t, "the system python3", "Debian: apt-get install python3")
	}
	if out, err := exec.Command(py, "-c", "import pymysql").CombinedOutput(); err != nil {
		missingClient(t, "PyMySQL", "Debian: apt-get install python3-pymysql: "+strings.TrimSpace(string(out)))
	}
	list, err := json.Marshal(statements)
	if err != nil {
		t.Fatal(err)
	}
	out := runClient(t, clientsDir(t), 2*time.Minute, py, "pymysql_statements.py", "127.0.0.1", strconv.Itoa(e.port()), string(list))
	var answers []pyAnswer
	if err := json.Unmarshal(out, &answers); err != nil || len(answers) != len(statements) {
		t.Fatalf("pymysql_statements.py: %v\n%s", err, out)
	}
	return answers
}

// EXPLAIN's row reaches PyMySQL with SQL NULLs (the text "NULL" in the
// integer columns made it raise and left the connection unusable), and
// EXPLAIN FORMAT=JSON is refused as not supported, not as a syntax error.
func TestExplainOverPyMySQL(t *testing.T) {
	e := startServer(t, nil)
	a := runPyMySQL(t, e,
		"EXPLAIN SELECT * FROM pk_09.pk_09 WHERE f1 = 10",
		"SELECT 1",
		"EXPLAIN FORMAT=JSON SELECT * FROM pk_09.pk_09",
		"explain format = json select 1",
		"EXPLAIN FORMAT=TREE SELECT * FROM pk_09.pk_09 WHERE f1 = 10",
		"SELECT 2",
	)
	explain := a[0]
	if explain.errCode() != 0 || explain.Error != nil {
		t.Fatalf("EXPLAIN: %v", explain.Error)
	}
	wantCols := "id select_type table partitions type possible_keys key key_len ref rows filtered Extra"
	if got := strings.Join(explain.Columns, " "); got != wantCols {
		t.Errorf("EXPLAIN columns %s, want %s", got, wantCols)
	}
	if len(explain.Rows) != 1 {
		t.Fatalf("EXPLAIN rows: %v", explain.Rows)
	}
	for i, v := range explain.Rows[0] {
		if v != nil && *v == "NULL" {
			t.Errorf("EXPLAIN column %s is the text NULL, not an SQL NULL", explain.Columns[i])
		}
	}
	if a[1].Error != nil || len(a[1].Rows) != 1 {
		t.Errorf("SELECT 1 after EXPLAIN: %v %v", a[1].Error, a[1].Rows)
	}
	for _, j := range a[2:4] {
		if j.errCode() != 1235 || !strings.Contains(j.errText(), "EXPLAIN FORMAT=JSON is not supported: EXPLAIN FORMAT=TREE") {
			t.Errorf("%s: error %v, want 1235 EXPLAIN FORMAT=JSON is not supported", j.SQL, j.Error)
		}
	}
	if tree := a[4]; tree.Error != nil || len(tree.Rows) == 0 || !strings.Contains(*tree.Rows[0][0], "Filter") {
		t.Errorf("EXPLAIN FORMAT=TREE: %v %v", tree.Error, tree.Rows)
	}
	if a[5].Error != nil || len(a[5].Rows) != 1 {
		t.Errorf("SELECT 2 at the end: %v %v", a[5].Error, a[5].Rows)
	}
}

// What MySQL answers, paimon-sql answers to the clients that ask it
// (DBeaver's Events folder, mycli's completions), and the errors of
// procedures say what is wrong.
func TestClientAnswersWhereMySQLAnswers(t *testing.T) {
	e := startServer(t, nil)
	const unpartitioned = "append_complex_build_in_fieldid.append_complex_build_in_fieldid"
	a := runPyMySQL(t, e,
		"SELECT * FROM information_schema.EVENTS",
		"SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = 'pk_09'",
		"SELECT name FROM mysql.help_topic WHERE name LIKE 'SHOW %'",
		"SELECT * FROM mysql.help_keyword",
		"CALL sys.no_such_procedure(`table` => 'pk_09.pk_09')",
		"CALL sys.expire_partitions(`table` => '"+unpartitioned+"', expiration_time => '1 d')",
		"CALL sys.expire_partitions('"+unpartitioned+"', '1 d')",
		"SHOW EVENTS FROM pk_09",
		"SELECT 1",
	)
	for i, cols := range []string{
		"EVENT_CATALOG EVENT_SCHEMA EVENT_NAME DEFINER TIME_ZONE EVENT_BODY EVENT_DEFINITION EVENT_TYPE EXECUTE_AT INTERVAL_VALUE INTERVAL_FIELD SQL_MODE STARTS ENDS STATUS ON_COMPLETION CREATED LAST_ALTERED LAST_EXECUTED EVENT_COMMENT ORIGINATOR CHARACTER_SET_CLIENT COLLATION_CONNECTION DATABASE_COLLATION",
		"EVENT_NAME",
		"name",
		"help_keyword_id name",
	} {
		if a[i].Error != nil || len(a[i].Rows) != 0 || !strings.EqualFold(strings.Join(a[i].Columns, " "), cols) {
			t.Errorf("%s: error %v, %d rows, columns %v; want no rows of %s", a[i].SQL, a[i].Error, len(a[i].Rows), a[i].Columns, cols)
		}
	}
	if p := a[4]; p.errCode() != 1305 || !strings.Contains(p.errText(), "PROCEDURE no_such_procedure does not exist") {
		t.Errorf("%s: error %v, want 1305 PROCEDURE no_such_procedure does not exist", p.SQL, p.Error)
	}
	for _, p := range a[5:7] {
		if p.errCode() != 1210 || !strings.Contains(p.errText(), unpartitioned+" is not partitioned") {
			t.Errorf("%s: error %v, want 1210 saying the table is not partitioned", p.SQL, p.Error)
		}
	}
	if ev := a[7]; ev.Error != nil || len(ev.Rows) != 0 || len(ev.Columns) == 0 || ev.Columns[1] != "Name" {
		t.Errorf("%s: error %v, %d rows, columns %v; want no rows", ev.SQL, ev.Error, len(ev.Rows), ev.Columns)
	}
	if a[8].Error != nil {
		t.Errorf("SELECT 1 at the end: %v", a[8].Error)
	}
}
