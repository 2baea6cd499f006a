package vector_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/paimon-sql/paimon-sql/internal/sqltest"
	"github.com/paimon-sql/paimon-sql/vector"
)

// hashJoinTables writes the join tests' tables: keys of every kind the
// engine hashes (INT against BIGINT, DECIMALs of two scales, DATE,
// VARCHAR, CHAR), with NULLs and repeated keys on both sides, an empty
// table, and a primary-key table.
func hashJoinTables(t *testing.T) string {
	t.Helper()
	db := sqltest.OpenDir(t, t.TempDir())
	stmts := []string{
		"CREATE DATABASE j",
		"CREATE TABLE j.l (id INT NOT NULL, k INT, d DECIMAL(9,2), dt DATE, s VARCHAR(10), c CHAR(5))",
		"CREATE TABLE j.r (id INT NOT NULL, k BIGINT, d DECIMAL(12,4), dt DATE, s VARCHAR(20), c CHAR(5))",
		"CREATE TABLE j.e (id INT NOT NULL, k BIGINT, d DECIMAL(12,4), dt DATE, s VARCHAR(20), c CHAR(5))",
		"CREATE TABLE j.p (id INT NOT NULL, k BIGINT, s VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '2')",
	}
	var lrows, rrows, prows []string
	for i := range 300 {
		lrows = append(lrows, fmt.Sprintf("(%d, %s, %s, %s, %s, %s)", i, orNull(i%7 == 0, fmt.Sprint(i%40)),
			orNull(i%11 == 0, fmt.Sprintf("%d.%02d", i%25, (i*7)%4*25)), orNull(i%13 == 0, fmt.Sprintf("'2024-01-%02d'", 1+i%28)),
			orNull(i%9 == 0, fmt.Sprintf("'s%d'", i%30)), orNull(i%17 == 0, fmt.Sprintf("'c%d'", i%20))))
	}
	for i := range 200 {
		rrows = append(rrows, fmt.Sprintf("(%d, %s, %s, %s, %s, %s)", i, orNull(i%5 == 0, fmt.Sprint(i%50)),
			orNull(i%8 == 0, fmt.Sprintf("%d.%02d00", i%30, (i*3)%4*25)), orNull(i%6 == 0, fmt.Sprintf("'2024-01-%02d'", 1+i%31)),
			orNull(i%4 == 0, fmt.Sprintf("'s%d'", i%45)), orNull(i%10 == 0, fmt.Sprintf("'c%d'", i%25))))
	}
	for i := range 120 {
		prows = append(prows, fmt.Sprintf("(%d, %d, 's%d')", i, i%35, i%20))
	}
	stmts = append(stmts,
		"INSERT INTO j.l VALUES "+strings.Join(lrows, ", "),
		"INSERT INTO j.r VALUES "+strings.Join(rrows, ", "),
		"INSERT INTO j.p VALUES "+strings.Join(prows, ", "),
		// Trailing spaces, which the keys leave out and the condition
		// weighs.
		"INSERT INTO j.l VALUES (1000, 5, 1.5, '2024-01-02', 's1 ', 'c1  '), (1001, 5, 1.5, '2024-01-02', 's1', 'c1')",
		"INSERT INTO j.r VALUES (1000, 5, 1.5, '2024-01-02', 's1  ', 'c1 '), (1001, 5, 1.5, '2024-01-02', ' s1', 'c1')",
		"UPDATE j.p SET k = k + 100 WHERE id % 3 = 0",
		"DELETE FROM j.p WHERE id % 7 = 0")
	for _, q := range stmts {
		if _, err := db.Exec(sqltest.Root, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return db.Dir
}

func orNull(null bool, v string) string {
	if null {
		return "NULL"
	}
	return v
}

// Catches: the engine's hash joins answering otherwise than
// go-mysql-server's join iterators on the same plans: NULL keys (which
// match nothing), repeated keys on both sides (every pair), empty build and
// probe sides, keys of INT against BIGINT, DECIMALs of different scales
// (1.50 = 1.5000), DATE, VARCHAR and CHAR, several keys at once, extra
// conditions beside the keys, left outer joins (NULLs for the missed),
// semi joins (each left row once), NOT EXISTS's anti joins (a NULL key
// matches nothing, so its row stays), the build side swapped to the smaller
// table, joins of joins, and a merged primary-key table.
func TestHashJoinMatchesRowEngine(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	queries := []string{
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k",
		"SELECT /*+ HASH_JOIN(r, l) */ l.id, r.id, l.d, r.d FROM j.l l JOIN j.r r ON l.d = r.d",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.dt = r.dt",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id, r.s FROM j.l l JOIN j.r r ON l.s = r.s",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.c = r.c",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k AND l.s = r.s",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k AND l.id < r.id",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k + 1 = r.k - 1",
		"SELECT /*+ HASH_JOIN(l, r) */ COUNT(*), SUM(l.d), SUM(r.d) FROM j.l l JOIN j.r r ON l.k = r.k WHERE l.id > 50 AND r.s IS NOT NULL",
		"SELECT /*+ HASH_JOIN(l, e) */ l.id, e.id FROM j.l l JOIN j.e e ON l.k = e.k",
		"SELECT /*+ HASH_JOIN(e, l) */ l.id, e.id FROM j.e e JOIN j.l l ON l.k = e.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k = r.k WHERE r.id > 1000",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id, r.s FROM j.l l LEFT JOIN j.r r ON l.k = r.k",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l LEFT JOIN j.r r ON l.d = r.d AND r.id % 2 = 0",
		"SELECT /*+ HASH_JOIN(l, e) */ l.id, e.id FROM j.l l LEFT JOIN j.e e ON l.k = e.k",
		"SELECT l.id FROM j.l l WHERE l.k IN (SELECT r.k FROM j.r r)",
		"SELECT l.id FROM j.l l WHERE EXISTS (SELECT 1 FROM j.r r WHERE r.s = l.s AND r.id > l.id)",
		"SELECT /*+ HASH_JOIN(l, p) */ l.id, p.id, p.k FROM j.l l JOIN j.p p ON l.k = p.k",
		"SELECT /*+ JOIN_ORDER(p, l) HASH_JOIN(p, l) */ p.s, COUNT(*) FROM j.p p JOIN j.l l ON l.s = p.s GROUP BY p.s",
		// NOT EXISTS: NULL keys on either side, an extra condition, an
		// empty other side.
		"SELECT l.id FROM j.l l WHERE NOT EXISTS (SELECT 1 FROM j.r r WHERE r.k = l.k)",
		"SELECT l.id, l.s FROM j.l l WHERE NOT EXISTS (SELECT 1 FROM j.r r WHERE r.s = l.s AND r.d = l.d)",
		"SELECT l.id FROM j.l l WHERE NOT EXISTS (SELECT 1 FROM j.r r WHERE r.dt = l.dt AND r.id <> l.id)",
		"SELECT l.id FROM j.l l WHERE NOT EXISTS (SELECT 1 FROM j.e e WHERE e.k = l.k)",
		// The smaller table on the left: built on, the right probes.
		"SELECT /*+ JOIN_ORDER(r, l) HASH_JOIN(r, l) */ l.id, r.id, l.s, r.s FROM j.r r JOIN j.l l ON l.s = r.s AND l.k <> r.k",
		"SELECT /*+ JOIN_ORDER(p, l) HASH_JOIN(p, l) */ p.id, l.id FROM j.p p JOIN j.l l ON l.k = p.k",
		"SELECT /*+ JOIN_ORDER(e, l) HASH_JOIN(e, l) */ e.id, l.id FROM j.e e JOIN j.l l ON l.dt = e.dt",
		"SELECT /*+ JOIN_ORDER(l, r, p) HASH_JOIN(l, r) HASH_JOIN(r, p) */ l.id, r.id, p.id FROM j.l l JOIN j.r r ON l.k = r.k JOIN j.p p ON r.s = p.s",
		// Left to go-mysql-server (NULL-safe keys, NOT IN, keys of two
		// kinds), with the same answers.
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.k <=> r.k",
		"SELECT l.id FROM j.l l WHERE l.k NOT IN (SELECT r.k FROM j.r r)",
		"SELECT /*+ HASH_JOIN(l, r) */ l.id, r.id FROM j.l l JOIN j.r r ON l.s = r.k",
	}
	ran := sameAnswers(t, vec, gms, queries, func(q string) bool { return hashJoinRuns(t, vec, q) })
	// The queries above the last three run hash joins of the engine (most
	// of them; a planner that chose otherwise would leave this test
	// comparing go-mysql-server with itself).
	t.Logf("%d of %d queries ran the engine's hash join", ran, len(queries))
	if ran < len(queries)-6 {
		t.Errorf("%d of %d queries ran the engine's hash join", ran, len(queries))
	}
}

// hashJoinRuns tells whether q's plan has a join the engine runs.
func hashJoinRuns(t *testing.T, e *sqle.Engine, q string) bool {
	t.Helper()
	n, err := e.AnalyzeQuery(sql.NewEmptyContext(), q)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if j, ok := n.(*plan.JoinNode); ok && vector.RunsHashJoin(j) {
			found = true
		}
		return !found
	})
	return found
}

// sameAnswers runs each query on vec and on go-mysql-server's executor
// gms, failing on any difference, and counts the queries for which ran
// says the operator under test ran (else a test would only compare
// go-mysql-server with itself).
func sameAnswers(t *testing.T, vec, gms *sqle.Engine, queries []string, ran func(q string) bool) int {
	t.Helper()
	n := 0
	for _, q := range queries {
		if ran(q) {
			n++
		}
		got, err := query(t, vec, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		want, err := query(t, gms, q)
		if err != nil {
			t.Fatalf("%s (go-mysql-server): %v", q, err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got %d rows %.400v\nwant %d rows %.400v", q, len(got), got, len(want), want)
		}
	}
	return n
}
