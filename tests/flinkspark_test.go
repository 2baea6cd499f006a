package tests

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
)

// docStatement is one statement of testdata/flink_spark_statements.sql.
type docStatement struct {
	line     int
	source   string // the documentation page it comes from
	sql      string
	wantErr  string // a part of the expected error; "" when it must work
	wantRows string // a|b;c|d, when set
}

func readDocStatements(t *testing.T, path string) []docStatement {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []docStatement
	var cur docStatement
	var text []string
	source := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if len(text) == 0 {
			switch {
			case strings.HasPrefix(trimmed, "-- source:"):
				source = strings.TrimSpace(strings.TrimPrefix(trimmed, "-- source:"))
				continue
			case strings.HasPrefix(trimmed, "-- expect error:"):
				cur.wantErr = strings.TrimSpace(strings.TrimPrefix(trimmed, "-- expect error:"))
				continue
			case strings.HasPrefix(trimmed, "-- expect rows:"):
				cur.wantRows = strings.TrimSpace(strings.TrimPrefix(trimmed, "-- expect rows:"))
				continue
			case trimmed == "" || strings.HasPrefix(trimmed, "--"):
				continue
			}
			cur.line, cur.source = n, source
		}
		text = append(text, line)
		if strings.HasSuffix(trimmed, ";") {
			cur.sql = strings.TrimSuffix(strings.TrimSpace(strings.Join(text, "\n")), ";")
			out = append(out, cur)
			cur, text = docStatement{}, nil
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(text) > 0 {
		t.Fatalf("%s: statement at line %d does not end with ;", path, cur.line)
	}
	return out
}

// TestFlinkSparkStatements replays the statements of Paimon's Flink and
// Spark documentation: each works as there, or fails with a message that
// names what to write instead.
func TestFlinkSparkStatements(t *testing.T) {
	stmts := readDocStatements(t, "testdata/flink_spark_statements.sql")
	e := startServer(t, nil)
	conn, err := e.open("+00:00", true).Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, st := range stmts {
		res, err := query(conn, st.sql)
		where := func() string { return "line " + strconv.Itoa(st.line) + " (" + st.source + "):\n" + st.sql }
		switch {
		case st.wantErr != "" && err == nil:
			t.Errorf("%s\nworked, want an error with %q", where(), st.wantErr)
		case st.wantErr != "" && !strings.Contains(err.Error(), st.wantErr):
			t.Errorf("%s\nerror %v, want one with %q", where(), err, st.wantErr)
		case st.wantErr == "" && err != nil:
			t.Errorf("%s\n%v", where(), err)
		case st.wantRows != "":
			var rows []string
			for _, r := range res.rows {
				rows = append(rows, strings.Join(r, "|"))
			}
			if got := strings.Join(rows, ";"); got != st.wantRows {
				t.Errorf("%s\nrows %s, want %s", where(), got, st.wantRows)
			}
		}
	}

	// DESCRIBE EXTENDED: the columns, then the table's details.
	res := mustQuery(t, conn, "DESCRIBE EXTENDED fsdoc.my_table_p")
	details := map[string]string{}
	for _, r := range res.rows {
		details[r[0]] = r[1]
	}
	if details["user_id"] != "bigint" || details["behavior"] == "" {
		t.Errorf("DESCRIBE EXTENDED columns: %v", res.rows)
	}
	if !strings.HasSuffix(details["Location"], "/fsdoc.db/my_table_p") || details["Partition Columns"] != `["dt","hh"]` ||
		details["Snapshot"] == "" || details["Provider"] != "paimon" || !strings.HasPrefix(details["Table Properties"], "[") {
		t.Errorf("DESCRIBE EXTENDED details: %v", res.rows)
	}
}

// TestCreateLikePrepared: a server-side prepared CREATE TABLE ... LIKE runs
// without what the parser read, which must not create a table of the
// placeholder column GMS is told of.
func TestCreateLikePrepared(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE likeprep")
	mustQuery(t, e.db, "CREATE TABLE likeprep.src (id INT PRIMARY KEY, s VARCHAR(10))")
	stmt, err := e.db.Prepare("CREATE TABLE likeprep.dup LIKE likeprep.src")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	if _, err := stmt.Exec(); err == nil || !strings.Contains(err.Error(), "cannot run as a server-side prepared statement") {
		t.Fatalf("prepared CREATE TABLE ... LIKE: %v", err)
	}
	if res := mustQuery(t, e.db, "SHOW TABLES FROM likeprep"); len(res.rows) != 1 {
		t.Fatalf("tables %v", res.rows)
	}
	// As a text query it copies the table. (Not the same text: GMS runs a
	// text query equal to a prepared statement's from the prepared cache.)
	mustQuery(t, e.db, "CREATE TABLE likeprep.dup LIKE likeprep.src -- text")
	if res := mustQuery(t, e.db, "SELECT primary_keys FROM likeprep.`dup$schemas`"); len(res.rows) != 1 || res.rows[0][0] != `["id"]` {
		t.Fatalf("copy %v", res.rows)
	}
}
