package tests

// Differential tests: the same rows in MariaDB (Debian's mariadb-server,
// started here as a private process) and in paimon-sql, the same queries
// over the wire on both, and the answers must agree. MariaDB stands for
// MySQL: where the two differ in dialect, a corpus entry gives MariaDB its
// own spelling of the same question.
//
// The corpus (testdata/differential/*.sql) is a list of entries:
//
//	-- name: not_exists_null_keys
//	-- mariadb: SELECT ... (optional: MariaDB's spelling, one line)
//	-- fails: error 1235; reason: ... (optional: an expected failure)
//	SELECT ...;
//
// An expected failure says how paimon-sql fails today: "error <text>" (its
// error message contains text), "timeout" or "wrong" (a result that differs
// from MariaDB's). The test fails when such a query fails in another way;
// when it agrees, the test says so in its log: then the expected failure
// must go.

import (
	"bufio"
	"context"
	gosql "database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/internal/mariadb"
	"github.com/paimon-sql/paimon-sql/internal/resultdiff"
	"github.com/paimon-sql/paimon-sql/internal/toolcheck"
	"github.com/paimon-sql/paimon-sql/internal/tpch"
)

// corpusEntry is one query of a corpus file.
type corpusEntry struct {
	name    string
	sql     string // as paimon-sql runs it
	mariadb string // as MariaDB runs it
	fails   string // "" when the query must agree, else "error <text>", "timeout" or "wrong"
	reason  string
	line    int
}

// readCorpus parses a corpus file (see the top of this file).
func readCorpus(t *testing.T, path string) []corpusEntry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseCorpus(t, path, string(data))
}

// readCorpora reads every corpus file (*.sql) of dir, in the order of
// their names; a query name is used once over all of them.
func readCorpora(t *testing.T, dir string) []corpusEntry {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.sql"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus in %s: %v", dir, err)
	}
	var out []corpusEntry
	seen := map[string]string{}
	for _, p := range paths {
		for _, e := range readCorpus(t, p) {
			if other, ok := seen[e.name]; ok {
				t.Fatalf("%s: query %s is also in %s", p, e.name, other)
			}
			seen[e.name] = p
			out = append(out, e)
		}
	}
	return out
}

// parseCorpus parses a corpus's text; path names it in messages.
func parseCorpus(t *testing.T, path, text string) []corpusEntry {
	t.Helper()
	var (
		out  []corpusEntry
		cur  corpusEntry
		body []string
	)
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "-- name:"):
			cur = corpusEntry{name: strings.TrimSpace(strings.TrimPrefix(trimmed, "-- name:")), line: n}
		case strings.HasPrefix(trimmed, "-- mariadb:"):
			cur.mariadb = strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(trimmed, "-- mariadb:")), ";")
		case strings.HasPrefix(trimmed, "-- fails:"):
			how, reason, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(trimmed, "-- fails:")), "; reason:")
			if !ok || strings.TrimSpace(reason) == "" {
				t.Fatalf("%s:%d: an expected failure needs a reason: -- fails: <how>; reason: <why>", path, n)
			}
			cur.fails, cur.reason = strings.TrimSpace(how), strings.TrimSpace(reason)
			if cur.fails != "timeout" && cur.fails != "wrong" && !strings.HasPrefix(cur.fails, "error ") {
				t.Fatalf("%s:%d: expected failure %q is not error <text>, timeout or wrong", path, n, cur.fails)
			}
		case strings.HasPrefix(trimmed, "--") || (trimmed == "" && len(body) == 0):
		default:
			body = append(body, line)
			if strings.HasSuffix(trimmed, ";") {
				if cur.name == "" {
					t.Fatalf("%s:%d: a query without -- name:", path, n)
				}
				cur.sql = strings.TrimSuffix(strings.TrimSpace(strings.Join(body, "\n")), ";")
				if cur.mariadb == "" {
					cur.mariadb = cur.sql
				}
				out = append(out, cur)
				cur, body = corpusEntry{}, nil
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(body) > 0 {
		t.Fatalf("%s: the last query does not end with ;", path)
	}
	seen := map[string]bool{}
	for _, e := range out {
		if seen[e.name] {
			t.Fatalf("%s: two queries named %s", path, e.name)
		}
		seen[e.name] = true
	}
	return out
}

// startMariaDB starts a private MariaDB for the test, with database db
// created, and connects to it; without mariadbd it skips the test, unless
// the CI variable is set.
func startMariaDB(t *testing.T, db string) *gosql.DB {
	t.Helper()
	if _, err := mariadb.Binary(mariadb.Options{}); err != nil {
		toolcheck.Missing(t, "mariadbd", "Debian: apt-get install mariadb-server: "+err.Error())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv, err := mariadb.Start(ctx, t.TempDir(), mariadb.Options{BufferPool: "256M"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	root, err := gosql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	sqlRun(t, root, "CREATE DATABASE "+db)
	conn, err := gosql.Open("mysql", srv.DSN(db))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// openDB connects to paimon-sql's database db.
func (e *env) openDB(db string) *gosql.DB {
	e.t.Helper()
	conn, err := gosql.Open("mysql", fmt.Sprintf("root@tcp(%s)/%s?time_zone=%%27%%2B00%%3A00%%27", e.srv.Addr(), db))
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// outcome is how a query went on paimon-sql against MariaDB: "" when the
// results agree, else "timeout", "wrong" or "error <message>", with
// details.
func outcome(e corpusEntry, paimon, maria *gosql.DB, limit time.Duration) (how, detail string, err error) {
	want, _, err := resultdiff.Timed(maria, e.mariadb, limit)
	if err != nil {
		return "", "", fmt.Errorf("MariaDB: %s: %w", e.mariadb, err)
	}
	got, _, err := resultdiff.Timed(paimon, e.sql, limit)
	switch {
	case errors.Is(err, resultdiff.ErrTimeout):
		return "timeout", fmt.Sprintf("not finished in %v", limit), nil
	case err != nil:
		return "error " + err.Error(), err.Error(), nil
	}
	if d := resultdiff.Differ(got, want, resultdiff.Ordered(e.sql), "MariaDB"); d != "" {
		return "wrong", d, nil
	}
	if d := resultdiff.ScalesDiffer(got, want, "MariaDB"); d != "" {
		return "wrong", d, nil
	}
	return "", "", nil
}

// checkEntry runs one entry and holds it to its expectation.
func checkEntry(t *testing.T, e corpusEntry, paimon, maria *gosql.DB, limit time.Duration) (agrees bool) {
	t.Helper()
	how, detail, err := outcome(e, paimon, maria, limit)
	if err != nil {
		t.Fatalf("line %d: %v", e.line, err)
	}
	agrees = how == ""
	switch {
	case e.fails == "" && agrees:
	case e.fails == "":
		t.Errorf("line %d: %s\n%s", e.line, detail, e.sql)
	case how == "":
		t.Logf("line %d: AGREES with MariaDB now: remove its expected failure (%s; reason: %s)", e.line, e.fails, e.reason)
	case how == e.fails || strings.HasPrefix(e.fails, "error ") && strings.HasPrefix(how, "error ") && strings.Contains(how, strings.TrimPrefix(e.fails, "error ")):
		t.Logf("expected failure (%s): %s", e.reason, detail)
	default:
		t.Errorf("line %d: expected to fail with %s (%s) but: %s\n%s", e.line, e.fails, e.reason, detail, e.sql)
	}
	return agrees
}

// diffTable is a table of the corpus data set: its columns (the first is
// the primary key of the primary-key kinds) and rows as SQL literals.
type diffTable struct {
	name string
	cols []string // "name TYPE"
	rows [][]string
}

// tableKinds are the Paimon table kinds the corpus runs on: the WITH clause
// of each and whether it has a primary key.
var tableKinds = []struct {
	db, with string
	pk       bool
}{
	{"diff_append", "", false},
	{"diff_pk", " WITH ('bucket' = '2')", true},
	{"diff_dv", " WITH ('bucket' = '2', 'deletion-vectors.enabled' = 'true')", true},
}

// loadPaimon creates the tables in database db of paimon-sql: for the
// primary-key kinds over several commits, with rows first written wrong
// and then overwritten, and rows inserted and deleted again, so that reads
// merge files (and apply deletion vectors).
func loadPaimon(t *testing.T, x execer, db, with string, pk bool, tables []diffTable) {
	t.Helper()
	sqlRun(t, x, "CREATE DATABASE "+db)
	for _, tb := range tables {
		ddl := fmt.Sprintf("CREATE TABLE %s.%s (%s", db, tb.name, strings.Join(tb.cols, ", "))
		if pk {
			key, _, _ := strings.Cut(tb.cols[0], " ")
			ddl += fmt.Sprintf(", PRIMARY KEY (%s)) %s", key, with)
		} else {
			ddl += ")"
		}
		sqlRun(t, x, ddl)
		if !pk {
			insertBatches(t, x, db+"."+tb.name, tb.rows)
			continue
		}
		// Every third row first with its other columns NULL, and a
		// thousand-offset key that is deleted again.
		var stale [][]string
		for i, r := range tb.rows {
			if i%3 != 0 {
				continue
			}
			s := make([]string, len(r))
			for c := range s {
				s[c] = "NULL"
			}
			s[0] = r[0]
			ghost := slices.Clone(r)
			ghost[0] = strconv.Itoa(1000000 + i)
			stale = append(stale, s, ghost)
		}
		insertBatches(t, x, db+"."+tb.name, stale)
		insertBatches(t, x, db+"."+tb.name, tb.rows)
		key, _, _ := strings.Cut(tb.cols[0], " ")
		sqlRun(t, x, fmt.Sprintf("DELETE FROM %s.%s WHERE %s >= 1000000", db, tb.name, key))
	}
}

// loadMariaDB creates the tables in InnoDB with the first column as the
// primary key.
func loadMariaDB(t *testing.T, x execer, tables []diffTable) {
	t.Helper()
	for _, tb := range tables {
		key, _, _ := strings.Cut(tb.cols[0], " ")
		sqlRun(t, x, fmt.Sprintf("CREATE TABLE %s (%s, PRIMARY KEY (%s)) ENGINE=InnoDB", tb.name, strings.Join(tb.cols, ", "), key))
		insertBatches(t, x, tb.name, tb.rows)
	}
}

// insertBatches inserts rows in INSERT ... VALUES statements of 2,000 rows.
func insertBatches(t *testing.T, x execer, table string, rows [][]string) {
	t.Helper()
	for len(rows) > 0 {
		n := min(len(rows), 2000)
		var b strings.Builder
		fmt.Fprintf(&b, "INSERT INTO %s VALUES ", table)
		for i, r := range rows[:n] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(" + strings.Join(r, ", ") + ")")
		}
		sqlRun(t, x, b.String())
		rows = rows[n:]
	}
}

// corpusTables is the corpus's data set: small tables with NULLs in join
// keys and in every other column type, deterministic.
func corpusTables() []diffTable {
	lit := func(v any) string {
		switch v := v.(type) {
		case nil:
			return "NULL"
		case string:
			return "'" + v + "'"
		default:
			return fmt.Sprint(v)
		}
	}
	row := func(vs ...any) []string {
		out := make([]string, len(vs))
		for i, v := range vs {
			out[i] = lit(v)
		}
		return out
	}
	// The tables of issue 24's NOT EXISTS report, as written there.
	c := diffTable{name: "c", cols: []string{"ck INT NOT NULL", "name VARCHAR(10)"},
		rows: [][]string{row(1, "a"), row(2, "b"), row(3, "c")}}
	w := diffTable{name: "w", cols: []string{"id INT NOT NULL", "wk INT", "d INT"},
		rows: [][]string{row(1, 1, 1), row(2, nil, 1), row(3, nil, 2)}}
	dept := diffTable{name: "dept", cols: []string{"id INT NOT NULL", "dname VARCHAR(20)", "budget DECIMAL(12,2)", "region VARCHAR(10)"}}
	regions := []any{"north", "south", nil, "north", "east", "south", "west"}
	for i := 1; i <= 7; i++ {
		dept.rows = append(dept.rows, row(i, fmt.Sprintf("dept%d", i), fmt.Sprintf("%d.%02d", 10000*i+i*i*37, i*13%100), regions[i-1]))
	}
	// emp: departments 1..6 and NULL (dept 6 does not exist, dept 7 has
	// nobody); managers form a tree with NULL at the top.
	emp := diffTable{name: "emp", cols: []string{"id INT NOT NULL", "name VARCHAR(20)", "dept INT", "mgr INT",
		"salary DECIMAL(9,2)", "bonus DOUBLE", "hired DATE"}}
	for i := 1; i <= 40; i++ {
		var d, m, sal, bonus, hired any
		if i%9 != 0 {
			d = i%6 + 1
		}
		if i > 1 {
			m = i / 3
			if i%11 == 0 {
				m = nil
			}
		}
		if i%13 != 5 {
			sal = fmt.Sprintf("%d.%02d", 3000+(i*7919)%5000, (i*37)%100)
		}
		if i%4 != 0 {
			bonus = float64((i*31)%17) * 0.25
		}
		if i%10 != 7 {
			hired = fmt.Sprintf("20%02d-%02d-%02d", 10+i%12, 1+i%12, 1+(i*7)%28)
		}
		emp.rows = append(emp.rows, row(i, fmt.Sprintf("e%02d", i), d, m, sal, bonus, hired))
	}
	// sales: near DECIMAL(7,2)'s maximum, so that sums exceed the column's
	// precision.
	sales := diffTable{name: "sales", cols: []string{"id INT NOT NULL", "emp INT", "amount DECIMAL(7,2)", "qty INT", "sold DATE"}}
	for i := 1; i <= 600; i++ {
		var e, q any
		if i%17 != 0 {
			e = (i*7)%45 + 1 // some sell without being employed (41..45)
		}
		if i%23 != 0 {
			q = i % 9
		}
		amount := fmt.Sprintf("%d.%02d", 90000+(i*104729)%9999, (i*59)%100)
		if i%5 == 0 {
			amount = "-" + amount
		}
		sales.rows = append(sales.rows, row(i, e, amount, q, fmt.Sprintf("2024-%02d-%02d", 1+i%12, 1+i%28)))
	}
	// dm: small DECIMALs around the rounding points of literals with more
	// or fewer decimal places than the columns (0.005, 0.014999 for
	// DECIMAL(7,2)), negative too; k is the primary key of the key
	// lookups; e has a larger scale than d, for column-to-column
	// comparisons across scales.
	dm := diffTable{name: "dm", cols: []string{"k DECIMAL(9,2) NOT NULL", "d DECIMAL(7,2)", "e DECIMAL(10,4)"}}
	for i, k := range []string{"-2.50", "-1.00", "-0.02", "-0.01", "0.00", "0.01", "0.02", "0.10", "0.99", "1.00", "1.01", "1.50", "2.49", "2.50", "12345.67"} {
		var d, e any = k, nil
		if i%6 == 4 {
			d = nil
		}
		if i%4 != 3 {
			e = []string{"0.0050", "-0.0050", "0.0149", "0.0100", "1.4999", "-0.0151"}[i%6]
		}
		dm.rows = append(dm.rows, row(k, d, e))
	}
	return []diffTable{c, w, dept, emp, sales, dm}
}

// TestDifferentialCorpus runs the corpus on every Paimon table kind and on
// MariaDB over the same rows: the answers must agree, except the expected
// failures, which must fail as they say.
func TestDifferentialCorpus(t *testing.T) {
	entries := readCorpora(t, filepath.Join("testdata", "differential"))
	maria := startMariaDB(t, "diff")
	tables := corpusTables()
	loadMariaDB(t, maria, tables)
	w := startWarehouse(t, t.TempDir())
	agree := 0
	for _, kind := range tableKinds {
		loadPaimon(t, w.db, kind.db, kind.with, kind.pk, tables)
		paimon := w.openDB(kind.db)
		for _, e := range entries {
			t.Run(kind.db+"/"+e.name, func(t *testing.T) {
				if checkEntry(t, e, paimon, maria, 20*time.Second) {
					agree++
				}
			})
		}
	}
	t.Logf("corpus: %d queries on %d table kinds, %d of %d runs agree with MariaDB", len(entries), len(tableKinds), agree, len(entries)*len(tableKinds))
}

// TestDifferentialTPCH runs TPC-H's 22 queries on primary-key Paimon tables
// with TPC-H's keys ('bucket' = '2', as issue 24 measured) and on MariaDB
// over the same dbgen rows (scale factor PAIMON_SQL_TPCH_SF, 0.002 by
// default: 12,000 lineitem rows, to stay within CI's time).
func TestDifferentialTPCH(t *testing.T) {
	entries := parseCorpus(t, "internal/tpch/queries.sql", tpch.QueryFile)
	sf := os.Getenv("PAIMON_SQL_TPCH_SF")
	if sf == "" {
		sf = "0.002"
	}
	py, err := tpch.Python()
	if err != nil {
		missingClient(t, "DuckDB's dbgen", err.Error())
	}
	rows := t.TempDir()
	if err := tpch.Generate(py, sf, rows); err != nil {
		t.Fatal(err)
	}
	maria := startMariaDB(t, "tpch")
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE tpch")
	start := time.Now()
	for _, tb := range tpch.Tables {
		cols := strings.Join(tb.Columns, ", ")
		sqlRun(t, maria, fmt.Sprintf("CREATE TABLE %s (%s, PRIMARY KEY (%s)) ENGINE=InnoDB", tb.Name, cols, tb.Key))
		sqlRun(t, w.db, fmt.Sprintf("CREATE TABLE tpch.%s (%s, PRIMARY KEY (%s)) WITH ('bucket' = '2')", tb.Name, cols, tb.Key))
		for _, load := range []struct {
			x      execer
			target string
		}{{maria, tb.Name}, {w.db, "tpch." + tb.Name}} {
			if err := tpch.Inserts(rows, tb, load.target, 2000, func(stmt string) error { sqlRun(t, load.x, stmt); return nil }); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("TPC-H sf %s loaded in %v", sf, time.Since(start).Round(time.Millisecond))
	paimon := w.openDB("tpch")
	agree := 0
	for _, e := range entries {
		t.Run(e.name, func(t *testing.T) {
			start := time.Now()
			if checkEntry(t, e, paimon, maria, time.Minute) {
				agree++
				explainAnalyzeCountsResult(t, paimon, maria, e)
			}
			t.Logf("%v", time.Since(start).Round(time.Millisecond))
		})
	}
	t.Logf("TPC-H sf %s: %d of %d queries agree with MariaDB", sf, agree, len(entries))
}
