package tests

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// Issue 24 item 5: EXPLAIN FORMAT=TREE and EXPLAIN ANALYZE in MySQL 8's
// form, over the wire: one row in a column EXPLAIN, an operator a line,
// the join order and algorithms that run, the aggregate scan and whether
// it is vectorized, and the files and partitions each Paimon scan reads
// after pruning; under ANALYZE each operator's actual rows, loops and time.

// explainWarehouse is shapesWarehouse with a table of three partitions in
// four files, one of which a filter on the partition keeps.
func explainWarehouse(t *testing.T) *wenv {
	t.Helper()
	w := shapesWarehouse(t)
	sqlRun(t, w.db, "CREATE TABLE s.p (p INT, v BIGINT) PARTITIONED BY (p)",
		"INSERT INTO s.p VALUES (1,1),(2,2),(3,3)", "INSERT INTO s.p VALUES (1,4)")
	return w
}

// explainText is the single value EXPLAIN FORMAT=TREE or EXPLAIN ANALYZE
// answers, its column checked to be MySQL's EXPLAIN.
func explainText(t *testing.T, q querier, sqlText string) string {
	t.Helper()
	res := mustQuery(t, q, sqlText)
	if len(res.cols) != 1 || res.cols[0] != "EXPLAIN" || len(res.rows) != 1 {
		t.Fatalf("%s: columns %v, %d rows; want one row in column EXPLAIN", sqlText, res.cols, len(res.rows))
	}
	return res.rows[0][0]
}

var actualTime = regexp.MustCompile(`\(actual time=(\d+\.\d{3})\.\.(\d+\.\d{3}) `)

// withoutTimes replaces each "actual time=a..b" with "actual time=T",
// after checking a <= b.
func withoutTimes(t *testing.T, text string) string {
	t.Helper()
	for _, m := range actualTime.FindAllStringSubmatch(text, -1) {
		if m[1] > m[2] && len(m[1]) >= len(m[2]) {
			t.Errorf("time to the first row %s ms after the time to the last %s ms", m[1], m[2])
		}
	}
	return actualTime.ReplaceAllString(text, "(actual time=T ")
}

func wantText(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n got:\n%s\nwant:\n%s", what, got, want)
	}
}

func TestExplainAnalyzeCountsRowsPerOperator(t *testing.T) {
	w := explainWarehouse(t)
	q := "SELECT m.id, w.wk FROM s.m, s.w WHERE m.d = w.d AND m.amt > 1 ORDER BY m.id LIMIT 3"
	wantRows(t, w.db, split("1|1", "1|NULL", "2|1"), q)
	// The probe side first, then the build side under Hash, as MySQL
	// prints a hash join; m's 7 rows (of 3 files: nothing pruned) leave 4
	// through the filter (d 1, 1, 1, NULL), and 3 through the build side's
	// keys (probe filtered by build keys: a NULL d is none), which match
	// 6 of w's rows.
	// Hash is the table the join builds once, first, from w's 5 rows (as
	// MySQL builds it).
	wantText(t, "EXPLAIN ANALYZE", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Limit: 3 row(s)  (actual time=T rows=3 loops=1)",
		"    -> Sort: m.id, limit input to 3 row(s) per chunk  (actual time=T rows=3 loops=1)",
		"        -> Hash inner join (m.d = w.d) (probe filtered by build keys)  (actual time=T rows=6 loops=1)",
		"            -> Filter: (m.amt > 1) (vectorized)  (actual time=T rows=3 loops=1)",
		"                -> Table scan on m (files: 3 of 3)  (actual time=T rows=7 loops=1)",
		"            -> Hash  (actual time=T rows=5 loops=1)",
		"                -> Table scan on w (files: 1 of 1)  (actual time=T rows=5 loops=1)",
	}, "\n"))
	// MySQL's spelling of the same, and the plan without running it.
	wantText(t, "EXPLAIN ANALYZE FORMAT=TREE", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE FORMAT=TREE "+q)),
		withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)))
	wantText(t, "EXPLAIN FORMAT=TREE", explainText(t, w.db, "explain format=tree "+q), strings.Join([]string{
		"-> Limit: 3 row(s)",
		"    -> Sort: m.id, limit input to 3 row(s) per chunk",
		"        -> Hash inner join (m.d = w.d) (probe filtered by build keys)",
		"            -> Filter: (m.amt > 1) (vectorized)",
		"                -> Table scan on m (files: 3 of 3)",
		"            -> Hash",
		"                -> Table scan on w (files: 1 of 1)",
	}, "\n"))
}

func TestExplainShowsPruningAndAggregateScan(t *testing.T) {
	w := explainWarehouse(t)
	// Partition pruning: one partition of three, its two files of four.
	wantText(t, "partition filter", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE SELECT v FROM s.p WHERE p = 1")), strings.Join([]string{
		"-> Filter: (p.p = 1)  (actual time=T rows=2 loops=1)",
		"    -> Table scan on p (files: 2 of 4, partitions: 1 of 3)  (actual time=T rows=2 loops=1)",
	}, "\n"))
	// Key-range pruning of a primary-key table by the files' key
	// statistics (a's id < 3 reads one file of three), and the join's
	// build side is the filtered one: its table holds a's 2 rows.
	wantText(t, "key range", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE SELECT a.id, b.id FROM s.m a JOIN s.m b ON a.id = b.d WHERE a.id < 3")), strings.Join([]string{
		"-> Hash inner join (a.id = b.d) (probe filtered by build keys)  (actual time=T rows=4 loops=1)",
		"    -> Table scan on b (files: 3 of 3)  (actual time=T rows=7 loops=1)",
		"    -> Hash  (actual time=T rows=2 loops=1)",
		"        -> Filter: (a.id < 3) (vectorized)  (actual time=T rows=2 loops=1)",
		"            -> Table scan on a (files: 1 of 3)  (actual time=T rows=2 loops=1)",
	}, "\n"))
	// The aggregate scan is one operator, vectorized here.
	q := "SELECT g, SUM(amt) FROM s.m WHERE d > 0 GROUP BY g"
	wantRows(t, w.db, split("a|12.75", "b|100.01"), q)
	wantText(t, "aggregate scan", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)),
		"-> Aggregate scan on m (vectorized): SUM(m.amt), m.g (group by m.g), filter: (m.d > 0) (files: 3 of 3)  (actual time=T rows=2 loops=1)")
	// An append table's COUNT and MAX over no filter are the manifests'.
	q = "SELECT COUNT(*), MAX(v) FROM s.p"
	wantRows(t, w.db, split("4|4"), q)
	wantText(t, "from statistics", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)),
		"-> Aggregate scan on p (from the manifests' statistics, no data file read): COUNT(1), MAX(p.v) (files: 4 of 4, partitions: 3 of 3)  (actual time=T rows=1 loops=1)")
}

// Top-N: ORDER BY ... LIMIT is a Sort that keeps LIMIT + OFFSET rows,
// vectorized over a scan (with the scan's and the WHERE's rows counted
// under ANALYZE, though no row of theirs is made that the heap does not
// keep), and over an aggregate scan's and a join's output.
func TestExplainShowsTopN(t *testing.T) {
	w := explainWarehouse(t)
	q := "SELECT id, g FROM s.m WHERE amt > 1 ORDER BY g DESC, id LIMIT 2 OFFSET 1"
	wantRows(t, w.db, split("4|b", "1|a"), q)
	wantText(t, "over a scan", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Limit: 2 row(s)  (actual time=T rows=2 loops=1)",
		"    -> Offset: 1 row(s)  (actual time=T rows=2 loops=1)",
		"        -> Sort: m.g DESC, m.id, limit input to (2 + 1) row(s) per chunk (vectorized)  (actual time=T rows=3 loops=1)",
		"            -> Filter: (m.amt > 1)  (actual time=T rows=4 loops=1)",
		"                -> Table scan on m (files: 3 of 3)  (actual time=T rows=7 loops=1)",
	}, "\n"))
	q = "SELECT g, SUM(amt) s FROM s.m GROUP BY g ORDER BY s DESC LIMIT 1"
	wantRows(t, w.db, split("b|100.01"), q)
	wantText(t, "over an aggregate scan", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Limit: 1 row(s)  (actual time=T rows=1 loops=1)",
		"    -> Sort: s DESC, limit input to 1 row(s) per chunk  (actual time=T rows=1 loops=1)",
		"        -> Aggregate scan on m (vectorized): SUM(m.amt), m.g (group by m.g) (files: 3 of 3)  (actual time=T rows=4 loops=1)",
	}, "\n"))
}

// A join into a primary-key table from a few rows is a lookup join: the
// key is looked up once per outer row.
func TestExplainShowsLookupJoins(t *testing.T) {
	w := explainWarehouse(t)
	q := "SELECT /*+ LOOKUP_JOIN(w, m) */ w.wk, m.g FROM s.w JOIN s.m ON m.id = w.wk"
	wantRows(t, w.db, split("1|a", "5|b", "7|NULL"), q)
	// w's 5 rows look up 1, NULL, NULL, 5, 7: 3 found.
	wantText(t, "lookup join", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Nested loop inner join (index lookup)  (actual time=T rows=3 loops=1)",
		"    -> Table scan on w (files: 1 of 1)  (actual time=T rows=5 loops=1)",
		"    -> Index lookup on m using PRIMARY (m.id = w.wk)  (actual time=T rows=0.60 loops=5)",
	}, "\n"))
	q = "SELECT g FROM s.m WHERE id IN (1, 5)"
	wantRows(t, w.db, split("a", "b"), q)
	wantText(t, "index lookup", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Filter: (m.id HASH IN (1, 5))  (actual time=T rows=2 loops=1)",
		"    -> Index lookup on m using PRIMARY over (m.id = 1) OR (m.id = 5)  (actual time=T rows=2 loops=1)",
	}, "\n"))
}

// The mysql command-line client prints the tree as MySQL's: one column
// EXPLAIN, the value's lines as they are (--raw).
func TestExplainAnalyzeInMySQLClient(t *testing.T) {
	w := explainWarehouse(t)
	res, err := w.mysqlCLI(t, "EXPLAIN ANALYZE SELECT v FROM s.p WHERE p = 1")
	if err != nil {
		t.Fatal(err)
	}
	lines := make([]string, len(res.rows))
	for i, r := range res.rows {
		lines[i] = strings.Join(r, "\t")
	}
	if len(res.cols) != 1 || res.cols[0] != "EXPLAIN" {
		t.Errorf("columns %v, want EXPLAIN", res.cols)
	}
	wantText(t, "mysql client", withoutTimes(t, strings.Join(lines, "\n")), strings.Join([]string{
		"-> Filter: (p.p = 1)  (actual time=T rows=2 loops=1)",
		"    -> Table scan on p (files: 2 of 4, partitions: 1 of 3)  (actual time=T rows=2 loops=1)",
	}, "\n"))
}

func TestExplainAnalyzeOfSubqueriesAndAntiJoins(t *testing.T) {
	w := explainWarehouse(t)
	// A dependent subquery runs once per outer row: its operators show
	// rows per run and the runs as loops (w's 5 rows; p's 4 rows each).
	q := "SELECT w.wk, (SELECT MAX(p.v) FROM s.p WHERE p.p = w.d AND p.v > w.wk) FROM s.w"
	wantRows(t, w.db, split("1|4", "NULL|NULL", "NULL|NULL", "5|NULL", "7|NULL"), q)
	wantText(t, "dependent subquery", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Table scan on w (files: 1 of 1)  (actual time=T rows=5 loops=1)",
		"-> Select (subquery; dependent)",
		"    -> Aggregate: MAX(p.v)  (actual time=T rows=1 loops=5)",
		"        -> Filter: ((p.p = w.d) AND (p.v > w.wk))  (actual time=T rows=0.20 loops=5)",
		"            -> Table scan on p (files: 4 of 4, partitions: 3 of 3)  (actual time=T rows=4 loops=5)",
	}, "\n"))
	q = "SELECT COUNT(*) FROM s.m WHERE NOT EXISTS (SELECT * FROM s.w WHERE w.wk = m.id)"
	// ids 2, 3, 4 and 6 match no wk (1, NULL, NULL, 5, 7); the table
	// holds w's 3 rows with a key (a NULL key equals none), all of them
	// among m's ids, which are read first and filter w as it is read
	// (filtered by probe keys).
	wantRows(t, w.db, split("4"), q)
	wantText(t, "NOT EXISTS", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Aggregate: COUNT(1) (vectorized)  (actual time=T rows=1 loops=1)",
		"    -> Hash antijoin (NOT EXISTS) (w.wk = m.id)  (actual time=T rows=4 loops=1)",
		"        -> Table scan on m (files: 3 of 3)  (actual time=T rows=7 loops=1)",
		"        -> Hash (filtered by probe keys)  (actual time=T rows=3 loops=1)",
		"            -> Table scan on w (files: 1 of 1)  (actual time=T rows=5 loops=1)",
	}, "\n"))
	// An operator that never ran says so: the inner side of a join whose
	// outer side has no rows (no wk is over 1000: w's one file is pruned
	// by its statistics, so the planner, which knows it, puts w outside).
	wantText(t, "never executed", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE SELECT * FROM s.m JOIN s.w ON m.d = w.d WHERE w.wk > 1000")), strings.Join([]string{
		"-> Nested loop inner join (m.d = w.d)  (actual time=T rows=0 loops=1)",
		"    -> Filter: (w.wk > 1000) (vectorized)  (actual time=T rows=0 loops=1)",
		"        -> Table scan on w (files: 0 of 1)  (actual time=T rows=0 loops=1)",
		"    -> Table scan on m (files: 3 of 3)  (never executed)",
	}, "\n"))
}

// EXPLAIN ANALYZE runs the statement, so it takes only statements that
// read; EXPLAIN PLAN keeps go-mysql-server's own tree.
func TestExplainAnalyzeRefusesWrites(t *testing.T) {
	w := explainWarehouse(t)
	if _, err := query(w.db, "EXPLAIN ANALYZE INSERT INTO s.w VALUES (9, 9)"); mysqlErrNumber(err) != 1064 {
		t.Errorf("EXPLAIN ANALYZE INSERT: %v, want a syntax error", err)
	}
	wantRows(t, w.db, split("5"), "SELECT COUNT(*) FROM s.w")
	if plan := explainPlan(t, w.db, "SELECT * FROM s.w"); !strings.Contains(plan, "Table") || strings.Contains(plan, "->") {
		t.Errorf("EXPLAIN PLAN changed:\n%s", plan)
	}
}

var firstLineRows = regexp.MustCompile(`^-> [^\n]*\(actual time=\d+\.\d{3}\.\.\d+\.\d{3} rows=(\d+) loops=1\)\n`)

// explainAnalyzeCountsResult checks that EXPLAIN ANALYZE runs the query and
// that its top operator's rows are the rows of the answer (MariaDB's, which
// paimon-sql's equals), so that EXPLAIN ANALYZE runs the plans of TPC-H.
func explainAnalyzeCountsResult(t *testing.T, paimon, maria querier, e corpusEntry) {
	t.Helper()
	want, err := query(maria, e.mariadb)
	if err != nil {
		t.Fatalf("MariaDB: %v", err)
	}
	got, err := query(paimon, "EXPLAIN ANALYZE "+e.sql)
	if err != nil {
		t.Errorf("EXPLAIN ANALYZE: %v", err)
		return
	}
	m := firstLineRows.FindStringSubmatch(got.rows[0][0] + "\n")
	if m == nil || m[1] != fmt.Sprint(len(want.rows)) {
		t.Errorf("EXPLAIN ANALYZE, want %d rows at the top:\n%s", len(want.rows), got.rows[0][0])
	}
}
