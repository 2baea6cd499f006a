package vector_test

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/vector"
)

// Catches: a hash join whose probe scan is filtered by the build side's
// keys keeping other rows than go-mysql-server's join: NULL keys on both
// sides, repeated keys, a build side filtered to a few keys or to none, the
// probe scan under its own WHERE conjuncts with and without vector kernels
// (a LIKE, a comparison of two columns), INT probed against a BIGINT build,
// several keys of which one or more are integers (an integer against a
// DECIMAL build key is not filtered),
// the build side swapped to the smaller table, semi joins (IN, EXISTS),
// joins of joins, a merged primary-key table, a GROUP BY over the join,
// and the joins that must see every probe row (left outer, NOT EXISTS),
// which read the probe side unfiltered.
func TestKeyFilteredProbeMatchesRowEngine(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	queries := []string{
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id, l.s FROM j.l l JOIN j.r r ON l.k = r.k WHERE r.id < 12",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE r.id > 1000",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.id > 40 AND r.id % 7 = 3",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.s LIKE 's1%' AND r.id < 100",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.id > l.k * 3 AND r.id < 100",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k AND l.id < r.id WHERE r.id BETWEEN 10 AND 60",
		"SELECT /*+ JOIN_ORDER(r, l) HASH_JOIN(r, l) */ l.id, r.id FROM j.r r JOIN j.l l ON l.k = r.k WHERE r.id < 30",
		"SELECT /*+ JOIN_ORDER(p, l) HASH_JOIN(p, l) */ p.id, l.id FROM j.p p JOIN j.l l ON l.k = p.k WHERE p.id < 20",
		"SELECT /*+ HASH_JOIN(l, p) */ l.id, p.id, p.k FROM j.l l JOIN j.p p ON l.k = p.k WHERE p.id > 60",
		"SELECT l.id FROM j.l l WHERE l.k IN (SELECT r.k FROM j.r r WHERE r.id < 50)",
		"SELECT l.id, l.s FROM j.l l WHERE EXISTS (SELECT 1 FROM j.r r WHERE r.k = l.k AND r.s IS NOT NULL)",
		"SELECT /*+ JOIN_ORDER(l, r, p) HASH_JOIN(l, r) HASH_JOIN(r, p) */ l.id, r.id, p.id FROM j.l l JOIN j.r r ON l.k = r.k JOIN j.p p ON r.id = p.id WHERE p.id < 40",
		"SELECT r.s, COUNT(*), SUM(l.d) FROM j.l l JOIN j.r r ON l.k = r.k WHERE r.id < 90 GROUP BY r.s",
		// Semi joins that the planner may run as a join of distinct rows
		// (TPC-H Q04's EXISTS): the rows are filtered before the Distinct.
		"SELECT r.s, COUNT(*) FROM j.r r WHERE EXISTS (SELECT * FROM j.l l WHERE l.k = r.k AND l.id > l.k) GROUP BY r.s",
		"SELECT r.id FROM j.r r WHERE r.id < 120 AND EXISTS (SELECT * FROM j.l l WHERE l.k = r.k AND l.dt IS NOT NULL)",
		"SELECT p.id FROM j.p p WHERE p.k IN (SELECT l.k FROM j.l l WHERE l.id % 3 = 0)",
		// Several keys, integers among them (each one's set filters).
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k AND l.s = r.s WHERE r.id < 150",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.id = r.id AND l.k = r.k AND l.d = r.d",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k AND l.id = r.id % 40 AND l.dt = r.dt WHERE r.id > 20",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.s = r.s AND l.id = r.d",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l LEFT JOIN j.r r ON l.k = r.k AND r.id < 50",
		"SELECT l.id FROM j.l l WHERE NOT EXISTS (SELECT 1 FROM j.r r WHERE r.k = l.k AND r.id < 50)",
	}
	before := vector.KeyFilteredProbes()
	sameAnswers(t, vec, gms, queries, func(string) bool { return false })
	// Most of the inner and semi joins above read their probe side
	// filtered (a planner that chose another plan for a few would still
	// be compared); every query ran once on the engine.
	filtered := vector.KeyFilteredProbes() - before
	t.Logf("%d probe scans filtered by the build side's keys", filtered)
	if filtered < 12 {
		t.Errorf("%d probe scans filtered by the build side's keys, want at least 12", filtered)
	}
}

// Catches: a hash join whose probe side is a join, read first, building on
// a scan filtered by the probe rows' keys, keeping other rows than
// go-mysql-server's join: inner, left outer (a probe row matching nothing
// keeps its NULLs), semi and NOT EXISTS's anti joins (TPC-H Q21's shape),
// NULL keys among the probe rows, no probe row at all, and a probe side
// larger than the rows read first (the rest probed after them, the build
// side unfiltered).
func TestKeyFilteredBuildMatchesRowEngine(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	queries := []string{
		"SELECT /*+ JOIN_ORDER(l, p, r) HASH_JOIN(l, p) HASH_JOIN(p, r) */ l.id, p.id, r.id FROM j.l l JOIN j.p p ON l.id = p.id JOIN j.r r ON r.k = l.k",
		"SELECT /*+ JOIN_ORDER(l, p, r) HASH_JOIN(l, p) HASH_JOIN(p, r) */ l.id, p.id, r.id FROM j.l l JOIN j.p p ON l.id = p.id LEFT JOIN j.r r ON r.k = l.k AND r.id < 100",
		"SELECT /*+ JOIN_ORDER(l, p) HASH_JOIN(l, p) */ l.id, p.k FROM j.l l JOIN j.p p ON l.id = p.id WHERE NOT EXISTS (SELECT 1 FROM j.r r WHERE r.k = l.k AND r.id <> l.id)",
		"SELECT /*+ JOIN_ORDER(l, p) HASH_JOIN(l, p) */ l.id FROM j.l l JOIN j.p p ON l.id = p.id WHERE EXISTS (SELECT 1 FROM j.r r WHERE r.k = l.k AND r.s IS NOT NULL)",
		"SELECT /*+ JOIN_ORDER(l, p) HASH_JOIN(l, p) */ l.id FROM j.l l JOIN j.p p ON l.id = p.id WHERE p.id > 1000 AND NOT EXISTS (SELECT 1 FROM j.r r WHERE r.k = l.k)",
	}
	for _, firstRows := range []int{1 << 18, 7} {
		restore := vector.SetProbeFirstRows(firstRows)
		before := vector.KeyFilteredProbes()
		sameAnswers(t, vec, gms, queries, func(string) bool { return false })
		filtered := vector.KeyFilteredProbes() - before
		restore()
		t.Logf("%d probe rows read first: %d build sides filtered by the probe side's keys", firstRows, filtered)
		if firstRows > 100 && filtered < 3 {
			t.Errorf("%d build sides filtered by the probe side's keys, want at least 3", filtered)
		}
	}
}
