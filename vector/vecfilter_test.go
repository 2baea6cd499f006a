package vector_test

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/vector"
)

// Catches: a join's input filtered over vectors keeping other rows than
// go-mysql-server's Filter: comparisons of integers, decimals (of another
// scale than the literal), DATEs (with the literal folded to a DATETIME),
// IN lists, BETWEEN, IS NULL, OR and NOT, whose NULLs drop the row; on
// both sides of inner, left outer, semi and anti joins, a merged
// primary-key table, a join under GROUP BY, and a LIMIT that stops the
// read early.
func TestJoinFilterMatchesRowEngine(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	queries := []string{
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.id > 50 AND r.d < 12.5",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.dt >= DATE '2024-01-10' AND r.dt < '2024-01-20'",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.s = r.s WHERE l.k IN (1, 2, 3, 5, 8, 13) AND NOT (r.id BETWEEN 20 AND 80)",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE (l.d > 10 OR l.d IS NULL) AND r.k % 3 = 1",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id, r.s FROM j.l l LEFT JOIN j.r r ON l.k = r.k WHERE l.id < 40",
		"SELECT l.id FROM j.l l WHERE l.id % 2 = 0 AND l.k IN (SELECT r.k FROM j.r r WHERE r.d > 5)",
		"SELECT l.id FROM j.l l WHERE l.dt IS NOT NULL AND NOT EXISTS (SELECT 1 FROM j.r r WHERE r.k = l.k AND r.id > 100)",
		"SELECT /*+ HASH_JOIN(l, p) */ l.id, p.id FROM j.l l JOIN j.p p ON l.k = p.k WHERE p.id > 30 AND l.id < 200",
		"SELECT r.s, COUNT(*), SUM(l.d) FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.d >= 2.5 AND r.id < 150 GROUP BY r.s",
		"SELECT COUNT(*) FROM (SELECT /*+ HASH_JOIN(l, r) */ l.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.id > 10 AND r.id > 10 LIMIT 1) t",
	}
	ran := sameAnswers(t, vec, gms, queries, func(q string) bool {
		n, err := vec.AnalyzeQuery(sql.NewEmptyContext(), q)
		if err != nil {
			t.Fatal(err)
		}
		return vector.HasFilteredScan(n)
	})
	t.Logf("%d of %d queries filtered a join's scan over vectors", ran, len(queries))
	if ran < len(queries)-2 {
		t.Errorf("%d of %d queries filtered a join's scan over vectors", ran, len(queries))
	}
}
