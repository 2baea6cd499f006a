package vector_test

import "testing"

// Catches: the vectorized top-N keeping other rows than go-mysql-server's
// TopN over the same plans (its read workers each with a heap, merged at
// the end; run with -race for their sharing), with NULLs in the keys,
// DESC, OFFSET, a WHERE, a LIMIT past the rows, and over a primary-key
// table's merged rows.
func TestTopNMatchesRowEngine(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	sameAnswers(t, vec, gms, []string{
		"SELECT * FROM j.l ORDER BY k, id LIMIT 10",
		"SELECT id, d FROM j.l ORDER BY d DESC, id LIMIT 10 OFFSET 7",
		"SELECT id, s, dt FROM j.l WHERE k > 10 ORDER BY dt, s DESC, id LIMIT 20",
		"SELECT id, c FROM j.l ORDER BY c DESC, id DESC LIMIT 1000",
		"SELECT k FROM j.l ORDER BY k LIMIT 33",
		"SELECT * FROM j.p ORDER BY k DESC, id LIMIT 9 OFFSET 2",
		"SELECT id FROM j.e ORDER BY k LIMIT 5",
	}, func(string) bool { return true })
}
