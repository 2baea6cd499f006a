package tests

import (
	"fmt"
	"strings"
	"testing"
)

// The join shapes of TPC-H Q18 and Q21 that stalled, on small tables: the
// plan is the hashed one and the answer is right (TestDifferentialTPCH and
// the differential corpus compare them with MariaDB on more rows).

// explainPlan is the EXPLAIN PLAN text of q.
func explainPlan(t *testing.T, q querier, sqlText string) string {
	t.Helper()
	return strings.Join(mustQuery(t, q, "EXPLAIN PLAN "+sqlText).column("plan"), "\n")
}

// NOT EXISTS with an equality and another condition (Q21's l3) is a hash
// anti join; a NULL key or a NULL condition is no match, so the row stays.
func TestNotExistsWithInequalityIsHashed(t *testing.T) {
	w := shapesWarehouse(t)
	q := "SELECT m.id FROM s.m WHERE NOT EXISTS (SELECT * FROM s.w WHERE w.d = m.d AND w.wk <> m.id)"
	wantRows(t, w.db, split("1", "6", "7"), q)
	if plan := explainPlan(t, w.db, q); !strings.Contains(plan, "AntiHashJoinIncludingNulls") {
		t.Errorf("not a hash anti join:\n%s", plan)
	}
}

// A join with `IN (SELECT ... GROUP BY ... HAVING ...)` (Q18) is planned:
// the grouped subquery is a leaf of the join order, and the joins are
// hashed, where go-mysql-server v0.20.0 left every join a nested loop.
func TestInGroupedSubqueryJoinIsPlanned(t *testing.T) {
	w := shapesWarehouse(t)
	q := "SELECT m.id, w.wk FROM s.m, s.w WHERE m.d = w.d AND m.id IN (SELECT id FROM s.m GROUP BY id HAVING SUM(amt) > 5)"
	wantRows(t, w.db, split("1|1", "1|NULL", "4|1", "4|NULL"), q)
	plan := explainPlan(t, w.db, q)
	if !strings.Contains(plan, "HashJoin") || strings.Contains(plan, "SemiJoin") || strings.Contains(plan, "InnerJoin") {
		t.Errorf("the joins are not planned:\n%s", plan)
	}
}

// A correlated scalar subquery with an aggregate over equality-correlated
// columns (Q17, Q20, Q02) is joined, grouped by those columns, instead of
// run again for every outer row; an empty group still gives what it gives
// in MySQL (NULL for AVG, 0 for COUNT(*)), and a correlation other than
// equality keeps the subquery.
func TestCorrelatedScalarSubqueryIsDecorrelated(t *testing.T) {
	w := shapesWarehouse(t)
	q := "SELECT m.id FROM s.m WHERE 2 * m.amt > (SELECT AVG(m2.amt) FROM s.m m2 WHERE m2.d = m.d)"
	wantRows(t, w.db, split("4", "5"), q)
	if plan := explainPlan(t, w.db, q); !strings.Contains(plan, "HashJoin") || strings.Contains(plan, "Subquery") {
		t.Errorf("not a hash join with the grouped subquery:\n%s", plan)
	}
	q = "SELECT w.wk, w.d FROM s.w WHERE (SELECT COUNT(*) FROM s.m WHERE m.d = w.wk) = 0"
	wantRows(t, w.db, split("NULL|1", "NULL|2", "5|2", "7|3"), q)
	if plan := explainPlan(t, w.db, q); !strings.Contains(plan, "LeftOuter") || strings.Contains(plan, "Subquery") {
		t.Errorf("not a left join with the grouped subquery:\n%s", plan)
	}
	q = "SELECT w.wk, (SELECT COUNT(*) FROM s.m WHERE m.d = w.d) FROM s.w"
	wantRows(t, w.db, split("1|3", "NULL|3", "NULL|1", "5|1", "7|1"), q)
	if plan := explainPlan(t, w.db, q); !strings.Contains(plan, "LeftOuter") || strings.Contains(plan, "Subquery") {
		t.Errorf("the select list's subquery is not a left join:\n%s", plan)
	}
	q = "SELECT m.id FROM s.m WHERE m.amt > (SELECT AVG(m2.amt) FROM s.m m2 WHERE m2.d = m.d AND m2.id < m.id)"
	wantRows(t, w.db, split("4"), q)
	if plan := explainPlan(t, w.db, q); !strings.Contains(plan, "Subquery") {
		t.Errorf("a correlation by inequality was rewritten:\n%s", plan)
	}
}

// Issue 24 item 3: the join planner knows the rows a filter keeps from
// the manifests' statistics (each file's row count and its columns' min,
// max and NULL count), so a large table filtered to a few rows is the
// side a hash join builds on, not the small table beside it (go-mysql-server
// v0.20.0 took a filter to keep 85% of any table). The vectorized hash join
// keeps the side the planner chose, by the same estimate.
func TestJoinBuildsOnFilteredSide(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE s",
		"CREATE TABLE s.big (id BIGINT, k INT, v VARCHAR(8))",
		"CREATE TABLE s.small (k INT, name VARCHAR(8))")
	for commit := 0; commit < 3; commit++ {
		var rows []string
		for i := commit*1000 + 1; i <= (commit+1)*1000; i++ {
			rows = append(rows, fmt.Sprintf("(%d, %d, 'v%d')", i, i%60, i%7))
		}
		sqlRun(t, w.db, "INSERT INTO s.big VALUES "+strings.Join(rows, ","))
	}
	var small []string
	for k := 0; k < 60; k++ {
		small = append(small, fmt.Sprintf("(%d, 'n%d')", k, k))
	}
	sqlRun(t, w.db, "INSERT INTO s.small VALUES "+strings.Join(small, ","))

	for _, q := range []string{
		// a range on a column whose files' min and max say it keeps 19 rows of 3,000
		"SELECT b.id, m.name FROM s.small m JOIN s.big b ON b.k = m.k WHERE b.id < 20",
		// an IN list on it, and the tables the other way round
		"SELECT b.id, m.name FROM s.big b JOIN s.small m ON b.k = m.k WHERE b.id IN (3, 1500, 2999)",
	} {
		plan := explainText(t, w.db, "EXPLAIN FORMAT=TREE "+q)
		lines := strings.Split(plan, "\n")
		built := "" // the lines under "-> Hash": the side the join builds on
		for i, l := range lines {
			if strings.TrimSpace(l) != "-> Hash" {
				continue
			}
			indent := len(l) - len(strings.TrimLeft(l, " "))
			for _, sub := range lines[i+1:] {
				if len(sub)-len(strings.TrimLeft(sub, " ")) <= indent {
					break
				}
				built += sub + "\n"
			}
		}
		if !strings.Contains(built, "Table scan on b") {
			t.Errorf("%s: the hash join does not build on the filtered big table:\n%s", q, plan)
		}
		analyzed := withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q))
		if !strings.Contains(analyzed, "-> Hash  (actual time=T rows=") {
			t.Errorf("%s: no hash table built:\n%s", q, analyzed)
		}
	}
	var want []string
	for i := 1; i < 20; i++ {
		want = append(want, fmt.Sprintf("%d|n%d", i, i%60))
	}
	wantRows(t, w.db, split(want...), "SELECT b.id, m.name FROM s.small m JOIN s.big b ON b.k = m.k WHERE b.id < 20")
	wantRows(t, w.db, split("3|n3", "1500|n0", "2999|n59"),
		"SELECT b.id, m.name FROM s.big b JOIN s.small m ON b.k = m.k WHERE b.id IN (3, 1500, 2999)")
}
