package vector_test

import (
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/paimon-sql/paimon-sql/vector"
)

// Catches: a GROUP BY over a join aggregated by the engine answering
// otherwise than go-mysql-server's GroupBy over the same join: keys of
// every kind (INT, DECIMAL, DATE, VARCHAR, CHAR, several at once, an
// expression), NULL keys as one group, NULLs from a left join's missed
// rows in keys and arguments, COUNT(*) / COUNT(x) / COUNT(DISTINCT x),
// exact SUM and AVG of decimals and integers, MIN and MAX of strings, dates
// and decimals, a plain column's first value, no GROUP BY over an empty
// join (one row), HAVING and ORDER BY ... LIMIT above, and joins of joins.
func TestJoinAggregateMatchesRowEngine(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	queries := []string{
		"SELECT l.k, COUNT(*), SUM(r.d), AVG(r.d), MIN(r.s), MAX(r.dt) FROM j.l l JOIN j.r r ON l.k = r.k GROUP BY l.k",
		"SELECT r.s, COUNT(l.d), SUM(l.d * 2), AVG(l.k), MIN(l.d), MAX(l.c) FROM j.l l JOIN j.r r ON l.k = r.k GROUP BY r.s",
		"SELECT l.dt, r.c, COUNT(*) FROM j.l l JOIN j.r r ON l.s = r.s GROUP BY l.dt, r.c",
		"SELECT l.d, COUNT(DISTINCT r.k), SUM(r.k) FROM j.l l JOIN j.r r ON l.d = r.d GROUP BY l.d",
		"SELECT l.k % 5, COUNT(*), SUM(l.id + r.id) FROM j.l l JOIN j.r r ON l.k = r.k GROUP BY l.k % 5",
		"SELECT r.k, COUNT(r.id), COUNT(*), SUM(r.d), MAX(r.s) FROM j.l l LEFT JOIN j.r r ON l.k = r.k GROUP BY r.k",
		"SELECT COUNT(*), SUM(r.d), MIN(l.s), AVG(r.id) FROM j.l l JOIN j.r r ON l.k = r.k",
		"SELECT COUNT(*), SUM(e.d), MAX(e.s) FROM j.l l JOIN j.e e ON l.k = e.k",
		"SELECT e.k, COUNT(*) FROM j.l l JOIN j.e e ON l.k = e.k GROUP BY e.k",
		"SELECT l.s, l.id, COUNT(*) FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.id < 100 GROUP BY l.s, l.id",
		"SELECT l.s, SUM(r.d) AS t FROM j.l l JOIN j.r r ON l.k = r.k GROUP BY l.s HAVING SUM(r.d) > 20 ORDER BY t DESC, l.s LIMIT 5",
		"SELECT p.s, COUNT(*), SUM(l.d), MIN(r.dt) FROM j.l l JOIN j.r r ON l.k = r.k JOIN j.p p ON r.s = p.s GROUP BY p.s",
		"SELECT l.c, COUNT(*) FROM j.l l WHERE EXISTS (SELECT 1 FROM j.r r WHERE r.k = l.k) GROUP BY l.c",
		"SELECT l.k, COUNT(*) FROM j.l l WHERE NOT EXISTS (SELECT 1 FROM j.r r WHERE r.s = l.s) GROUP BY l.k",
	}
	ran := sameAnswers(t, vec, gms, queries, func(q string) bool { return joinAggregateRuns(t, vec, q) })
	t.Logf("%d of %d queries aggregated the join's rows in the engine", ran, len(queries))
	if ran < len(queries)-1 {
		t.Errorf("%d of %d queries aggregated the join's rows in the engine", ran, len(queries))
	}
}

// joinAggregateRuns tells whether q's plan aggregates a join's rows in the
// engine, by EXPLAIN FORMAT=TREE's line for it.
func joinAggregateRuns(t *testing.T, e interface {
	AnalyzeQuery(*sql.Context, string) (sql.Node, error)
}, q string) bool {
	t.Helper()
	n, err := e.AnalyzeQuery(sql.NewEmptyContext(), q)
	if err != nil {
		t.Fatal(err)
	}
	tree := plan.ExplainTree(sql.NewEmptyContext(), n, nil)
	return strings.Contains(tree, "(vectorized)") && vector.HasJoinAggregate(n)
}
