package vector_test

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/vector"
)

// Catches: an aggregate scan on a hash join's probe side, grouped by the
// join's keys (TPC-H Q20's decorrelated SUM per part and supplier), read
// with its input filtered by the build side's keys answering otherwise
// than the row engine: groups cut short, NULL keys (a group of its own,
// which joins nothing), groups of a build key that the probe lacks, two
// keys, a semi join, a key that is not a group key (not filtered), an
// empty build side; and on the build side, filtered by the probe rows'
// keys, also of a left join, and not when the probe side has more rows
// than are read first.
func TestKeyFilteredAggregateProbeMatchesRowEngine(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	queries := []string{
		"SELECT l.id, l.d FROM j.l l WHERE l.id < 40 AND l.d > (SELECT 0.1 * SUM(r.d) FROM j.r r WHERE r.k = l.k)",
		"SELECT l.id FROM j.l l WHERE l.id % 9 = 2 AND l.d < (SELECT AVG(r.d) + 1 FROM j.r r WHERE r.k = l.k AND r.id = l.id)",
		"SELECT l.id FROM j.l l WHERE l.id < 25 AND l.k >= (SELECT COUNT(*) FROM j.r r WHERE r.k = l.k)",
		"SELECT l.id, g.n, g.t FROM j.l l JOIN (SELECT k, COUNT(*) AS n, SUM(d) AS t FROM j.r GROUP BY k) g ON g.k = l.k WHERE l.id < 30",
		"SELECT l.id, g.n FROM j.l l JOIN (SELECT k, id, COUNT(*) AS n FROM j.r GROUP BY k, id) g ON g.k = l.k AND g.id = l.id WHERE l.s LIKE 's1%'",
		"SELECT l.id FROM j.l l WHERE l.id < 50 AND l.k IN (SELECT k FROM j.r GROUP BY k HAVING COUNT(*) > 1)",
		"SELECT l.id, g.t FROM j.l l JOIN (SELECT k, SUM(d) AS t FROM j.r GROUP BY k) g ON g.k = l.k WHERE l.id > 5000",
		"SELECT l.id, g.t FROM j.l l JOIN (SELECT id, SUM(d) AS t FROM j.r GROUP BY id) g ON g.t = l.d WHERE l.id < 30",
		// Q17's shape: the grouped side is the build side, read after the
		// few probe rows and filtered by their keys (buildfilter.go).
		"SELECT SUM(l.d), COUNT(*) FROM j.l l, j.p p WHERE p.k = l.k AND p.id < 20 AND l.d < (SELECT 2 * AVG(r.d) FROM j.r r WHERE r.k = l.k)",
		"SELECT l.id, g.n FROM j.l l LEFT JOIN (SELECT k, COUNT(*) AS n FROM j.r GROUP BY k) g ON g.k = l.k WHERE l.id < 12",
	}
	before := vector.AggregateProbes()
	for _, firstRows := range []int{1 << 18, 3} {
		restore := vector.SetProbeFirstRows(firstRows)
		sameAnswers(t, vec, gms, queries, func(string) bool { return false })
		restore()
	}
	filtered := vector.AggregateProbes() - before
	t.Logf("%d aggregate scans filtered by the other side's keys", filtered)
	// Two probe sides in each pass, a build side in the first.
	if filtered < 5 {
		t.Errorf("%d aggregate scans filtered by the other side's keys, want at least 5", filtered)
	}
}
