package vector_test

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/vector"
)

// Catches: a GROUP BY of a LEFT JOIN's left key counted per key of the
// right side (TPC-H Q13's shape) answering otherwise than go-mysql-server's
// GroupBy over its join: NULL keys on both sides (a left row of a NULL key
// is a group of its own, NULL-extended), left keys repeated (a group sums
// its rows' counts), COUNT(*) (1 for a left row that matched nothing),
// COUNT of a nullable right column (0 for no match), left columns in the
// select list (the group's first row's), INT against BIGINT keys, an ON
// condition moved over the right side, a right side filtered to nothing,
// and the derived table grouped again; shapes it does not take (a right
// column as the key, SUM, an extra ON condition of both sides) aggregate
// as before.
func TestLeftJoinCountsMatchRowEngine(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	counted := []string{
		"SELECT /*+ HASH_JOIN(l, r) */ l.k, COUNT(r.id) FROM j.l l LEFT JOIN j.r r ON l.k = r.k GROUP BY l.k",
		"SELECT /*+ HASH_JOIN(l, r) */ COUNT(*), COUNT(r.s), l.k, COUNT(r.dt) FROM j.l l LEFT JOIN j.r r ON l.k = r.k GROUP BY l.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.k AS key1, COUNT(r.s) AS n FROM j.l l LEFT JOIN j.r r ON r.k = l.k AND r.s NOT LIKE '%1%' GROUP BY l.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, COUNT(r.id) FROM j.l l LEFT JOIN j.r r ON l.id = r.id GROUP BY l.id",
		"SELECT /*+ HASH_JOIN(l, r) */ l.k, COUNT(r.id) FROM j.l l LEFT JOIN j.r r ON l.k = r.k AND r.id > 1000 GROUP BY l.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.k, COUNT(r.id) FROM j.l l LEFT JOIN j.r r ON l.k = r.k WHERE l.id > 100 GROUP BY l.k",
		"SELECT c, COUNT(*) FROM (SELECT /*+ HASH_JOIN(l, r) */ l.k, COUNT(r.d) AS c FROM j.l l LEFT JOIN j.r r ON l.k = r.k AND r.c NOT LIKE 'c1%' GROUP BY l.k) x GROUP BY c ORDER BY COUNT(*) DESC, c DESC",
	}
	before := vector.LeftJoinCountRuns()
	sameAnswers(t, vec, gms, counted, func(string) bool { return false })
	if runs := vector.LeftJoinCountRuns() - before; runs < int64(len(counted))-1 {
		t.Errorf("%d of %d GROUP BYs counted per key of the right side", runs, len(counted))
	}
	others := []string{
		"SELECT /*+ HASH_JOIN(l, r) */ r.k, COUNT(l.id) FROM j.l l LEFT JOIN j.r r ON l.k = r.k GROUP BY r.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.k, SUM(r.d), COUNT(r.id) FROM j.l l LEFT JOIN j.r r ON l.k = r.k GROUP BY l.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.k, COUNT(r.id) FROM j.l l LEFT JOIN j.r r ON l.k = r.k AND l.id < r.id GROUP BY l.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.s, COUNT(r.id) FROM j.l l LEFT JOIN j.r r ON l.s = r.s GROUP BY l.s",
	}
	before = vector.LeftJoinCountRuns()
	sameAnswers(t, vec, gms, others, func(string) bool { return false })
	if runs := vector.LeftJoinCountRuns() - before; runs != 0 {
		t.Errorf("%d GROUP BYs of other shapes counted per key of the right side", runs)
	}
}
