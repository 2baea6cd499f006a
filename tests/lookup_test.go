package tests

import (
	"fmt"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/stats"
)

// Key lookups over the wire return what a full scan returns: equalities,
// IN lists and ranges on composite primary keys, on a bucket key other than
// the primary key, over partitions, with deletion vectors, after updates
// and deletes; EXPLAIN shows the primary key index. Each query is compared
// with the same condition written so that it cannot use the index (+ 0).
func TestKeyLookupsOverTheWire(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE lk")
	mustQuery(t, e.db, "CREATE TABLE lk.c (a INT NOT NULL, b VARCHAR(20) NOT NULL, v INT, PRIMARY KEY (a, b)) WITH ('bucket' = '4', 'bucket-key' = 'b')")
	mustQuery(t, e.db, "CREATE TABLE lk.p (id BIGINT NOT NULL, pt INT NOT NULL, v TEXT, PRIMARY KEY (id, pt)) PARTITIONED BY (pt) WITH ('bucket' = '3')")
	mustQuery(t, e.db, "CREATE TABLE lk.d (id INT NOT NULL, v INT, PRIMARY KEY (id)) WITH ('bucket' = '2', 'deletion-vectors.enabled' = 'true')")
	var c, p, d []string
	for i := range 600 {
		c = append(c, fmt.Sprintf("(%d, 'k%d', %d)", i%50, i, i))
		p = append(p, fmt.Sprintf("(%d, %d, 'v%d')", i, i%3, i))
		d = append(d, fmt.Sprintf("(%d, %d)", i, i*2))
	}
	mustQuery(t, e.db, "INSERT INTO lk.c VALUES "+strings.Join(c, ","))
	mustQuery(t, e.db, "INSERT INTO lk.p VALUES "+strings.Join(p, ","))
	mustQuery(t, e.db, "INSERT INTO lk.d VALUES "+strings.Join(d, ","))
	// Updates and deletes in later commits.
	mustQuery(t, e.db, "UPDATE lk.c SET v = -v WHERE a = 7")
	mustQuery(t, e.db, "DELETE FROM lk.c WHERE b IN ('k8', 'k58')")
	mustQuery(t, e.db, "INSERT INTO lk.p VALUES (5, 2, 'again'), (5, 1, 'new')")
	mustQuery(t, e.db, "DELETE FROM lk.p WHERE id = 6")
	mustQuery(t, e.db, "UPDATE lk.d SET v = 0 WHERE id % 10 = 3")
	mustQuery(t, e.db, "DELETE FROM lk.d WHERE id BETWEEN 100 AND 110")

	for _, q := range []struct{ indexed, scan string }{
		{"SELECT * FROM lk.c WHERE a = 7 AND b = 'k57'", "SELECT * FROM lk.c WHERE a + 0 = 7 AND b = 'k57'"},
		{"SELECT * FROM lk.c WHERE a = 7", "SELECT * FROM lk.c WHERE a + 0 = 7"},
		{"SELECT * FROM lk.c WHERE b = 'k8'", "SELECT * FROM lk.c WHERE CONCAT(b, '') = 'k8'"},
		{"SELECT * FROM lk.c WHERE (a, b) IN ((8, 'k8'), (9, 'k59'), (1, 'k1'))", "SELECT * FROM lk.c WHERE (a + 0, b) IN ((8, 'k8'), (9, 'k59'), (1, 'k1'))"},
		{"SELECT * FROM lk.c WHERE a IN (1, 2) AND b IN ('k1', 'k52', 'k2')", "SELECT * FROM lk.c WHERE a + 0 IN (1, 2) AND b IN ('k1', 'k52', 'k2')"},
		{"SELECT * FROM lk.c WHERE a BETWEEN 3 AND 5", "SELECT * FROM lk.c WHERE a + 0 BETWEEN 3 AND 5"},
		{"SELECT v FROM lk.p WHERE id = 5", "SELECT v FROM lk.p WHERE id + 0 = 5"},
		{"SELECT v FROM lk.p WHERE id = 5 AND pt = 2", "SELECT v FROM lk.p WHERE id + 0 = 5 AND pt = 2"},
		{"SELECT * FROM lk.p WHERE id IN (6, 7, 599)", "SELECT * FROM lk.p WHERE id + 0 IN (6, 7, 599)"},
		{"SELECT * FROM lk.d WHERE id = 13", "SELECT * FROM lk.d WHERE id + 0 = 13"},
		{"SELECT * FROM lk.d WHERE id IN (100, 105, 111, 99)", "SELECT * FROM lk.d WHERE id + 0 IN (100, 105, 111, 99)"},
		{"SELECT * FROM lk.d WHERE id > 590", "SELECT * FROM lk.d WHERE id + 0 > 590"},
	} {
		want := mustQuery(t, e.db, q.scan).rows
		got := mustQuery(t, e.db, q.indexed).rows
		if len(want) == 0 && !strings.Contains(q.indexed, "'k8'") && !strings.Contains(q.indexed, "id IN (6") {
			t.Errorf("%s: no rows to compare", q.scan)
		}
		sameRows(t, q.indexed, got, want)
	}
	plan := mustQuery(t, e.db, "EXPLAIN PLAN SELECT * FROM lk.d WHERE id = 13").rows
	if s := fmt.Sprint(plan); !strings.Contains(s, "IndexedTableAccess") {
		t.Errorf("EXPLAIN PLAN shows no index lookup: %s", s)
	}
	idx := mustQuery(t, e.db, "SHOW INDEX FROM lk.c")
	if s := fmt.Sprint(idx.rows); !strings.Contains(s, "PRIMARY") {
		t.Errorf("SHOW INDEX: %s", s)
	}
}

// Joins between Paimon tables over the wire: lookup joins on the primary
// key, hash joins, cross joins and non-equi joins give the rows MySQL
// semantics give.
func TestJoinsOverTheWire(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE jn")
	mustQuery(t, e.db, "CREATE TABLE jn.k (id INT NOT NULL, v INT, PRIMARY KEY (id)) WITH ('bucket' = '4')")
	mustQuery(t, e.db, "CREATE TABLE jn.a (x INT, y INT)")
	var k, a []string
	for i := range 200 {
		k = append(k, fmt.Sprintf("(%d, %d)", i, i*3))
		a = append(a, fmt.Sprintf("(%d, %d)", i*2, i%7))
	}
	mustQuery(t, e.db, "INSERT INTO jn.k VALUES "+strings.Join(k, ","))
	mustQuery(t, e.db, "INSERT INTO jn.a VALUES "+strings.Join(a, ","))
	mustQuery(t, e.db, "UPDATE jn.k SET v = -1 WHERE id = 4")

	// x = 2i joins id = 2i for i < 100: 100 rows, v = 3x except id 4.
	wantRows(t, e.db, [][]string{{"100", fmt.Sprint(3*2*(99*100/2) - 12 - 1)}},
		"SELECT COUNT(*), SUM(k.v) FROM jn.a JOIN jn.k ON k.id = a.x")
	wantRows(t, e.db, [][]string{{"200", "100"}},
		"SELECT COUNT(*), COUNT(k.id) FROM jn.a LEFT JOIN jn.k ON k.id = a.x")
	wantRows(t, e.db, [][]string{{"40000"}}, "SELECT COUNT(*) FROM jn.a, jn.k")
	wantRows(t, e.db, [][]string{{"200"}}, "SELECT COUNT(*) FROM jn.a CROSS JOIN jn.k WHERE k.id = 4")
	// a.x < k.id: for x = 2i, the ids 2i+1 .. 199.
	n := 0
	for i := range 200 {
		n += max(0, 199-2*i)
	}
	wantRows(t, e.db, [][]string{{fmt.Sprint(n)}}, "SELECT COUNT(*) FROM jn.a JOIN jn.k ON a.x < k.id")
	wantRows(t, e.db, [][]string{{"4", "-1"}}, "SELECT a.x, k.v FROM jn.a JOIN jn.k ON k.id = a.x WHERE a.x = 4 AND a.y = 2")
}

// Key lookups on tables whose data files hold many Parquet pages go through
// the page cache and the key test on the files' values: they return what
// the same condition written so that it cannot use the index returns, the
// first time (pages decoded) and again (pages cached), with merges of
// updates and deletes, deletion vectors, NULLs, a column added after the
// first files, and in an ORC table (read without the cache).
func TestKeyLookupsOverManyPages(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE lkp")
	mustQuery(t, e.db, "CREATE TABLE lkp.d (x INT)")
	var d []string
	for i := range 250 {
		d = append(d, fmt.Sprintf("(%d)", i))
	}
	mustQuery(t, e.db, "INSERT INTO lkp.d VALUES "+strings.Join(d, ","))
	for _, tc := range []struct{ name, with string }{
		{"m", "'bucket' = '1'"},
		{"v", "'bucket' = '2', 'deletion-vectors.enabled' = 'true'"},
		{"o", "'bucket' = '1', 'file.format' = 'orc'"},
	} {
		tbl := "lkp." + tc.name
		mustQuery(t, e.db, "CREATE TABLE "+tbl+" (id BIGINT NOT NULL, k VARCHAR(20) NOT NULL, v INT, s TEXT, PRIMARY KEY (id)) WITH ("+tc.with+")")
		// 45,000 rows in one commit: files of several 20,000-row pages.
		mustQuery(t, e.db, "INSERT INTO "+tbl+" SELECT a.x * 250 + b.x, CONCAT('k', a.x * 250 + b.x), "+
			"IF((a.x * 250 + b.x) % 7 = 0, NULL, b.x), CONCAT('s', a.x) FROM lkp.d a, lkp.d b WHERE a.x < 180")
		mustQuery(t, e.db, "ALTER TABLE "+tbl+" ADD COLUMN n INT")
		mustQuery(t, e.db, "UPDATE "+tbl+" SET v = -v, n = 1 WHERE id % 1000 = 3")
		mustQuery(t, e.db, "DELETE FROM "+tbl+" WHERE id % 1000 = 4 OR id = 30001")
		var joined []string
		for x := range 250 {
			joined = append(joined, fmt.Sprint(x*179))
		}
		queries := []struct{ indexed, scan string }{
			{"SELECT * FROM %s WHERE id = 5", "SELECT * FROM %s WHERE id + 0 = 5"},
			{"SELECT * FROM %s WHERE id = 49", "SELECT * FROM %s WHERE id + 0 = 49"},
			{"SELECT * FROM %s WHERE id = 30003", "SELECT * FROM %s WHERE id + 0 = 30003"},
			{"SELECT * FROM %s WHERE id = 30001", "SELECT * FROM %s WHERE id + 0 = 30001"},
			{"SELECT * FROM %s WHERE id IN (1, 1003, 1004, 30000, 44999, 70000, 20000, 19999)", "SELECT * FROM %s WHERE id + 0 IN (1, 1003, 1004, 30000, 44999, 70000, 20000, 19999)"},
			{"SELECT id, v FROM %s WHERE id BETWEEN 29990 AND 30010", "SELECT id, v FROM %s WHERE id + 0 BETWEEN 29990 AND 30010"},
			{"SELECT t.id, t.v, t.n FROM lkp.d JOIN %s t ON t.id = lkp.d.x * 179", "SELECT id, v, n FROM %s WHERE id + 0 IN (" + strings.Join(joined, ",") + ")"},
		}
		wants := make([][][]string, len(queries))
		for i, q := range queries {
			wants[i] = mustQuery(t, e.db, fmt.Sprintf(q.scan, tbl)).rows
			if len(wants[i]) == 0 && !strings.Contains(q.indexed, "30001") {
				t.Errorf("%s: no rows to compare", fmt.Sprintf(q.scan, tbl))
			}
		}
		hits, misses := stats.PageCacheHits.Load(), stats.PageCacheMisses.Load()
		for round := range 2 {
			for i, q := range queries {
				got := mustQuery(t, e.db, fmt.Sprintf(q.indexed, tbl)).rows
				sameRows(t, fmt.Sprintf("round %d: "+q.indexed, round, tbl), got, wants[i])
			}
		}
		hitsAfter, missesAfter := stats.PageCacheHits.Load(), stats.PageCacheMisses.Load()
		if cached := hitsAfter > hits && missesAfter > misses; cached != (tc.name != "o") {
			t.Errorf("%s: page cache hits %d -> %d, misses %d -> %d", tbl, hits, hitsAfter, misses, missesAfter)
		}
	}
}
