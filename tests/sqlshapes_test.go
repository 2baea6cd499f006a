package tests

import (
	"strings"
	"testing"
)

// The query shapes of analysts and BI tools that go-mysql-server v0.20.0
// refused or misread: window functions over aggregates, GROUP BY ... WITH
// ROLLUP and GROUPING(), ORDER BY ... NULLS FIRST/LAST. The expected rows
// are MariaDB 10.11's answers on the same rows (MySQL 8's where MariaDB
// lacks the form: GROUPING(), NULLS FIRST/LAST).

// shapesWarehouse serves the tables of these tests: s.w an append table
// with NULLs in its keys, s.m a primary-key table with DECIMALs whose
// second commit replaces rows (merged on read).
func shapesWarehouse(t *testing.T) *wenv {
	t.Helper()
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE s",
		"CREATE TABLE s.w (wk INT, d INT)",
		"INSERT INTO s.w VALUES (1,1),(NULL,1),(NULL,2),(5,2),(7,3)",
		"CREATE TABLE s.m (id INT NOT NULL, g VARCHAR(5), d INT, amt DECIMAL(7,2), PRIMARY KEY (id)) WITH ('bucket' = '2')",
		"INSERT INTO s.m VALUES (1,'a',1,10.50),(2,'a',1,2.25),(3,'a',2,NULL),(4,'b',1,99.00),(5,'b',3,0.01),(6,'c',NULL,5.00),(7,NULL,NULL,1.00)",
		"INSERT INTO s.m VALUES (4,'b',1,100.00)")
	return w
}

// wantOrdered checks the rows of a query in the order they come.
func wantOrdered(t *testing.T, q querier, sqlText string, want ...string) {
	t.Helper()
	res := mustQuery(t, q, sqlText)
	got := make([]string, len(res.rows))
	for i, r := range res.rows {
		got[i] = strings.Join(r, "|")
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n got:\n  %s\nwant:\n  %s", sqlText, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// MySQL runs window functions after GROUP BY and HAVING, over the groups;
// go-mysql-server refused them in an aggregated SELECT (1235).
func TestWindowOverAggregates(t *testing.T) {
	w := shapesWarehouse(t)
	db := w.db
	wantOrdered(t, db, "SELECT d, SUM(wk), SUM(SUM(wk)) OVER () FROM s.w GROUP BY d ORDER BY d",
		"1|1|13", "2|5|13", "3|7|13")
	wantOrdered(t, db, "SELECT d, SUM(wk) s, RANK() OVER (ORDER BY SUM(wk) DESC) r FROM s.w GROUP BY d HAVING COUNT(*) > 0 ORDER BY r, d",
		"3|7|1", "2|5|2", "1|1|3")
	wantOrdered(t, db, "SELECT d, COUNT(*), SUM(COUNT(*)) OVER (ORDER BY d) AS run FROM s.w GROUP BY d HAVING SUM(wk) > 1 ORDER BY d DESC",
		"3|1|3", "2|2|2")
	wantOrdered(t, db, "SELECT d, SUM(wk) s, RANK() OVER (ORDER BY SUM(wk) DESC) r FROM s.w GROUP BY d HAVING s > 1 ORDER BY s",
		"2|5|2", "3|7|1")
	// Over DECIMAL sums of a merged primary-key table, partitioned, with
	// a named window and an aggregate with no GROUP BY.
	wantOrdered(t, db, "SELECT g, SUM(amt), SUM(SUM(amt)) OVER () FROM s.m GROUP BY g ORDER BY g",
		"NULL|1.00|118.76", "a|12.75|118.76", "b|100.01|118.76", "c|5.00|118.76")
	wantOrdered(t, db, "SELECT g, d, COUNT(*), ROW_NUMBER() OVER (PARTITION BY g ORDER BY d) rn, LAG(COUNT(*)) OVER (PARTITION BY g ORDER BY d) prev FROM s.m GROUP BY g, d ORDER BY g, d",
		"NULL|NULL|1|1|NULL", "a|1|2|1|NULL", "a|2|1|2|2", "b|1|1|1|NULL", "b|3|1|2|1", "c|NULL|1|1|NULL")
	wantOrdered(t, db, "SELECT g, MAX(amt) mx, DENSE_RANK() OVER w1 dr FROM s.m GROUP BY g WINDOW w1 AS (ORDER BY MAX(amt) DESC) ORDER BY dr",
		"b|100.00|1", "a|10.50|2", "c|5.00|3", "NULL|1.00|4")
	wantOrdered(t, db, "SELECT g, SUM(d), SUM(SUM(d)) OVER (ORDER BY g ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM s.m WHERE d IS NOT NULL GROUP BY g HAVING SUM(d) > 1 ORDER BY g",
		"a|4|4", "b|4|8")
	wantOrdered(t, db, "SELECT SUM(amt), COUNT(*) OVER () FROM s.m", "118.76|1")
}

// MySQL's GROUP BY ... WITH ROLLUP (and the standard GROUP BY ROLLUP(...))
// adds a super-aggregate row after the groups of each leading part of the
// grouping list, NULL where it rolls up, and GROUPING() says which NULL is
// the rollup's; vitess rejected WITH ROLLUP (1064) and go-mysql-server had
// no ROLLUP or GROUPING() (1105).
func TestGroupByWithRollup(t *testing.T) {
	w := shapesWarehouse(t)
	db := w.db
	// MySQL's order: by the grouping values, NULL first, each
	// super-aggregate row after the rows it sums up.
	wantOrdered(t, db, "SELECT d, wk, COUNT(*) FROM s.w GROUP BY d, wk WITH ROLLUP",
		"1|NULL|1", "1|1|1", "1|NULL|2", "2|NULL|1", "2|5|1", "2|NULL|2", "3|7|1", "3|NULL|1", "NULL|NULL|5")
	wantOrdered(t, db, "SELECT g, d, COUNT(*), SUM(amt) FROM s.m GROUP BY g, d WITH ROLLUP",
		"NULL|NULL|1|1.00", "NULL|NULL|1|1.00", "a|1|2|12.75", "a|2|1|NULL", "a|NULL|3|12.75",
		"b|1|1|100.00", "b|3|1|0.01", "b|NULL|2|100.01", "c|NULL|1|5.00", "c|NULL|1|5.00", "NULL|NULL|7|118.76")
	wantOrdered(t, db, "SELECT d, COUNT(*), SUM(wk) FROM s.w GROUP BY ROLLUP(d)",
		"1|2|1", "2|2|5", "3|1|7", "NULL|5|13")
	// GROUPING() tells the rollup's NULLs from the data's, also in HAVING
	// and ORDER BY; one bit per argument.
	wantOrdered(t, db, "SELECT g, d, SUM(amt), GROUPING(g), GROUPING(d), GROUPING(g, d) gr FROM s.m GROUP BY g, d WITH ROLLUP ORDER BY gr DESC, g, d",
		"NULL|NULL|118.76|1|1|3", "NULL|NULL|1.00|0|1|1", "a|NULL|12.75|0|1|1", "b|NULL|100.01|0|1|1", "c|NULL|5.00|0|1|1",
		"NULL|NULL|1.00|0|0|0", "a|1|12.75|0|0|0", "a|2|NULL|0|0|0", "b|1|100.00|0|0|0", "b|3|0.01|0|0|0", "c|NULL|5.00|0|0|0")
	wantOrdered(t, db, "SELECT g, COUNT(*) FROM s.m GROUP BY g WITH ROLLUP HAVING GROUPING(g) = 1", "NULL|7")
	wantOrdered(t, db, "SELECT g, COUNT(*) FROM s.m GROUP BY g WITH ROLLUP HAVING g IS NULL", "NULL|1", "NULL|7")
	wantOrdered(t, db, "SELECT g, d, COUNT(*) FROM s.m WHERE d > 0 GROUP BY g, d WITH ROLLUP HAVING g IS NULL OR COUNT(*) > 1",
		"a|1|2", "a|NULL|3", "b|NULL|2", "NULL|NULL|5")
	wantOrdered(t, db, "SELECT g, COUNT(*) c FROM s.m GROUP BY g WITH ROLLUP ORDER BY c DESC, g LIMIT 3", "NULL|7", "a|3", "b|2")
	// A NOT NULL key is NULL in the total, and a filter on the derived
	// table's rollup column is not pushed below the rollup.
	wantOrdered(t, db, "SELECT id, COUNT(*) FROM s.m WHERE id < 3 GROUP BY id WITH ROLLUP HAVING id IS NULL", "NULL|2")
	wantOrdered(t, db, "SELECT x.g, x.n FROM (SELECT g, COUNT(*) n FROM s.m GROUP BY g WITH ROLLUP) x WHERE x.g IS NULL ORDER BY n", "NULL|1", "NULL|7")
	wantOrdered(t, db, "SELECT d + 1, COUNT(*) FROM s.w GROUP BY d + 1 WITH ROLLUP", "2|2", "3|2", "4|1", "NULL|5")
	// Window functions over a rollup, and a server-side prepared statement.
	wantOrdered(t, db, "SELECT d, SUM(wk), SUM(SUM(wk)) OVER () FROM s.w GROUP BY d WITH ROLLUP", "1|1|26", "2|5|26", "3|7|26", "NULL|13|26")
	res := mustQuery(t, db, "SELECT d, COUNT(*) FROM s.w WHERE d > ? GROUP BY d WITH ROLLUP", 1)
	if got := canon(res.rows); strings.Join(got, ",") != "2|2,3|1,NULL|3" {
		t.Errorf("prepared WITH ROLLUP: %v", got)
	}
	// GROUPING() needs a ROLLUP over its arguments.
	if err := queryErr(t, db, "SELECT GROUPING(d) FROM s.w GROUP BY d"); mysqlErrNumber(err) != 1111 || !strings.Contains(err.Error(), "GROUPING") {
		t.Errorf("GROUPING without ROLLUP: %v", err)
	}
	if err := queryErr(t, db, "SELECT GROUPING(wk) FROM s.w GROUP BY d WITH ROLLUP"); mysqlErrNumber(err) != 3580 {
		t.Errorf("GROUPING of a column not grouped by: %v", err)
	}
}

// Spark's, Flink's and standard SQL's ORDER BY x NULLS FIRST/LAST, in a
// query's ORDER BY and a window's; vitess rejected it (1064).
func TestOrderByNullsFirstLast(t *testing.T) {
	w := shapesWarehouse(t)
	db := w.db
	wantOrdered(t, db, "SELECT wk, d FROM s.w ORDER BY wk NULLS LAST, d DESC", "1|1", "5|2", "7|3", "NULL|2", "NULL|1")
	wantOrdered(t, db, "SELECT wk, d FROM s.w ORDER BY wk DESC NULLS FIRST, d", "NULL|1", "NULL|2", "7|3", "5|2", "1|1")
	wantOrdered(t, db, "SELECT wk, d FROM s.w ORDER BY wk DESC NULLS LAST, d ASC NULLS FIRST", "7|3", "5|2", "1|1", "NULL|1", "NULL|2")
	wantOrdered(t, db, "SELECT g, amt FROM s.m ORDER BY amt NULLS FIRST, g DESC NULLS LAST LIMIT 3", "a|NULL", "b|0.01", "NULL|1.00")
	wantOrdered(t, db, "SELECT g, amt, ROW_NUMBER() OVER (ORDER BY g NULLS LAST, amt) rn FROM s.m ORDER BY rn",
		"a|NULL|1", "a|2.25|2", "a|10.50|3", "b|0.01|4", "b|100.00|5", "c|5.00|6", "NULL|1.00|7")
	wantOrdered(t, db, "SELECT * FROM (SELECT wk FROM s.w ORDER BY wk NULLS FIRST LIMIT 3) x ORDER BY wk NULLS LAST", "1", "NULL", "NULL")
	res := mustQuery(t, db, "SELECT wk FROM s.w WHERE d >= ? ORDER BY wk NULLS LAST", 1)
	if got := res.column("wk"); strings.Join(got, ",") != "1,5,7,NULL,NULL" {
		t.Errorf("prepared NULLS LAST: %v", got)
	}
	if err := queryErr(t, db, "SELECT wk FROM s.w ORDER BY 1 NULLS LAST"); !strings.Contains(err.Error(), "not its position") {
		t.Errorf("ORDER BY 1 NULLS LAST: %v", err)
	}
}

// AVG as a window function has MySQL's type: 4 more digits of scale than
// an integer or decimal argument, NULL over no values; go-mysql-server
// rounded it to the argument's scale (an INT's average to an integer) and
// failed on a partition of NULLs.
func TestWindowAverage(t *testing.T) {
	w := shapesWarehouse(t)
	db := w.db
	wantOrdered(t, db, "SELECT d, AVG(amt) OVER () a, AVG(d) OVER (PARTITION BY g) ad FROM s.m ORDER BY d, amt",
		"NULL|19.793333|NULL", "NULL|19.793333|NULL", "1|19.793333|1.3333", "1|19.793333|1.3333", "1|19.793333|2.0000", "2|19.793333|1.3333", "3|19.793333|2.0000")
	wantOrdered(t, db, "SELECT g, AVG(SUM(amt)) OVER (), AVG(COUNT(*)) OVER (), LAG(SUM(amt)) OVER (ORDER BY g) FROM s.m GROUP BY g ORDER BY g",
		"NULL|29.690000|1.7500|NULL", "a|29.690000|1.7500|1.00", "b|29.690000|1.7500|12.75", "c|29.690000|1.7500|100.01")
}

// A join condition repeated in every branch of an OR (TPC-H Q19) is
// factored out, so that the join is planned as a join on it rather than a
// cross join filtered row by row; the answer is the OR's, NULLs included.
func TestJoinConditionInEachOrBranch(t *testing.T) {
	w := shapesWarehouse(t)
	db := w.db
	q := "SELECT a.wk, a.d, b.wk, b.d FROM s.w a, s.w b WHERE (a.d = b.d AND a.wk > 1) OR (a.d = b.d AND b.wk < 3)"
	wantRows(t, db, split("1|1|1|1", "NULL|1|1|1", "5|2|NULL|2", "5|2|5|2", "7|3|7|3"), q)
	plan := strings.Join(mustQuery(t, db, "EXPLAIN PLAN "+q).column("plan"), "\n")
	if !strings.Contains(plan, "HashJoin\n     ├─ (a.d = b.d)\n") {
		t.Errorf("not a hash join on a.d = b.d:\n%s", plan)
	}
	// A disjunct that is only the common part absorbs the others.
	wantRows(t, db, split("1|1", "NULL|1"), "SELECT wk, d FROM s.w WHERE d = 1 OR (d = 1 AND wk = 2)")
	wantRows(t, db, split("1|1", "NULL|1"), "SELECT wk, d FROM s.w WHERE (d = 1 AND wk IS NULL) OR (d = 1 AND wk > 0) OR (wk = 7 AND d = 1)")
}

// An outer join on an equality and another condition (TPC-H Q13's LEFT
// JOIN ... ON c_custkey = o_custkey AND o_comment NOT LIKE ...) is a hash
// join on the equality that checks the other condition on the rows it
// matches; go-mysql-server ran it as a nested loop over every pair.
func TestOuterJoinOnEqualityAndMore(t *testing.T) {
	w := shapesWarehouse(t)
	db := w.db
	q := "SELECT a.wk, a.d, b.wk FROM s.w a LEFT JOIN s.w b ON a.d = b.d AND b.wk > 1"
	wantRows(t, db, split("NULL|1|NULL", "1|1|NULL", "NULL|2|5", "5|2|5", "7|3|7"), q)
	plan := strings.Join(mustQuery(t, db, "EXPLAIN PLAN "+q).column("plan"), "\n")
	if !strings.Contains(plan, "LeftOuterHashJoin") {
		t.Errorf("not a hash join:\n%s", plan)
	}
	wantRows(t, db, split("a|3", "b|2", "c|0", "NULL|0"),
		"SELECT m.g, COUNT(w.wk) FROM s.m LEFT JOIN s.w ON m.d = w.d AND w.wk IS NOT NULL GROUP BY m.g")
}
