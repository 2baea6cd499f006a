package tests

import (
	gosql "database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/server"
	"github.com/paimon-sql/paimon-sql/vector"
)

// Issue 24 item 3: ORDER BY ... LIMIT n (with OFFSET) keeps n rows in a
// heap instead of sorting every row, over a scan (vectorized: the read's
// workers compare the ORDER BY columns before making a row), an
// aggregate's output and a join's output, with MySQL's order: NULLs first
// in ascending order, last in descending, each type's comparison and the
// collation go-mysql-server applies.

// serveWithoutRules serves the warehouse at dir with every rule of the
// catalog but the ones given.
func serveWithoutRules(t *testing.T, dir string, without ...analyzer.RuleId) *gosql.DB {
	t.Helper()
	provider := newProvider(t, openWarehouse(t, dir))
	var rules []analyzer.Rule
	for _, r := range provider.PushdownRules() {
		if !slices.Contains(without, r.Id) {
			rules = append(rules, r)
		}
	}
	srv, _ := startServing(t, provider, server.Config{Listen: "127.0.0.1:0"}, server.Options{Rules: rules})
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "tcp", srv.Addr().String()
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// topNWarehouse has t.a, an append table of 6,000 rows in three files
// with NULLs in every column but id, and primary-key tables merged on read
// (t.pk) and with deletion vectors (t.dv).
func topNWarehouse(t *testing.T) *wenv {
	t.Helper()
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE t",
		"CREATE TABLE t.a (id INT NOT NULL, k BIGINT, d DECIMAL(10,2), x DOUBLE, s VARCHAR(20), dt DATE)")
	for f := range 3 {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO t.a WITH RECURSIVE n(i) AS (SELECT %d UNION ALL SELECT i + 1 FROM n WHERE i < %d) "+
			"SELECT i, CASE WHEN i %% 7 = 0 THEN NULL ELSE (i * 7919) %% 1000 END, "+
			"CASE WHEN i %% 11 = 0 THEN NULL ELSE (i * 37) %% 5000 / 100 - 20 END, "+
			"CASE WHEN i %% 5 = 0 THEN NULL ELSE ((i * 13) %% 400) * 0.25 - 30 END, "+
			"CASE WHEN i %% 13 = 0 THEN NULL ELSE CONCAT(ELT(i %% 4 + 1, 'a', 'B', 'é', '中'), (i * 31) %% 97) END, "+
			"CASE WHEN i %% 17 = 0 THEN NULL ELSE DATE_ADD('2020-01-01', INTERVAL (i * 17) %% 900 DAY) END FROM n", f*2000, f*2000+1999))
	}
	sqlRun(t, w.db,
		"CREATE TABLE t.pk (id INT NOT NULL, v BIGINT, s VARCHAR(10), PRIMARY KEY (id)) WITH ('bucket' = '2')",
		"INSERT INTO t.pk VALUES (1, 10, 'a'), (2, 20, 'b'), (3, NULL, 'c'), (4, 40, NULL), (5, 50, 'e')",
		"INSERT INTO t.pk VALUES (2, 200, 'bb'), (6, 5, 'f')",
		"DELETE FROM t.pk WHERE id = 5",
		"CREATE TABLE t.dv (id INT NOT NULL, v BIGINT, PRIMARY KEY (id)) WITH ('bucket' = '1', 'deletion-vectors.enabled' = 'true')",
		"INSERT INTO t.dv VALUES (1, 1), (2, 2), (3, 3), (4, NULL)",
		"INSERT INTO t.dv VALUES (2, 20)",
		"DELETE FROM t.dv WHERE id = 3")
	return w
}

// Catches: the vectorized top-N answering other rows or another order
// than go-mysql-server's TopN (NULLs, DESC, OFFSET, ties, strings in the
// binary collation, DECIMAL, DOUBLE and DATE keys, a WHERE with and
// without vector kernels, a LIMIT past the rows, LIMIT 0), reading a
// primary-key table without its merges and deletions, and not being used
// for the queries it is for.
func TestTopNMatchesRowEngine(t *testing.T) {
	w := topNWarehouse(t)
	rowEngine := serveWithoutRules(t, w.url, vector.TopNRuleID)
	queries := []struct {
		sql        string
		vectorized bool // the TopN over the scan runs over vectors
	}{
		{"SELECT * FROM t.a ORDER BY k, id LIMIT 10", true},
		{"SELECT * FROM t.a ORDER BY k DESC, id LIMIT 10 OFFSET 20", true},
		{"SELECT id, s FROM t.a ORDER BY s, id LIMIT 15", true},
		{"SELECT id, s FROM t.a ORDER BY s DESC, id DESC LIMIT 25 OFFSET 3", true},
		{"SELECT id, d FROM t.a ORDER BY d DESC, id DESC LIMIT 7", true},
		{"SELECT id, x FROM t.a ORDER BY x, id LIMIT 40", true},
		{"SELECT id, x, dt FROM t.a WHERE k > 500 ORDER BY dt, id LIMIT 12", true},
		{"SELECT id, dt FROM t.a WHERE d < 0 AND s IS NOT NULL ORDER BY dt DESC, id LIMIT 12 OFFSET 100", true},
		{"SELECT a.id, a.k FROM t.a a WHERE a.x >= 0 ORDER BY a.k, a.id LIMIT 9", true},
		{"SELECT id, s FROM t.a ORDER BY s DESC, id LIMIT 100000", true},
		{"SELECT id FROM t.a ORDER BY id LIMIT 0", true},
		// Ties across the limit: only the key, the same rows whichever
		// ties are kept.
		{"SELECT k FROM t.a ORDER BY k LIMIT 30", true},
		{"SELECT dt FROM t.a ORDER BY dt DESC LIMIT 50", true},
		// Not vectorized: a key that is an expression, a condition
		// without kernels, an explicit collation.
		{"SELECT id, k FROM t.a ORDER BY k + 1, id LIMIT 10", false},
		{"SELECT id FROM t.a WHERE REVERSE(s) LIKE '1%' ORDER BY x DESC, id LIMIT 5", false},
		{"SELECT id, s FROM t.a ORDER BY s COLLATE utf8mb4_0900_ai_ci, id LIMIT 10", false},
		// Merged on read and deletion vectors.
		{"SELECT * FROM t.pk ORDER BY v DESC, id LIMIT 3", true},
		{"SELECT * FROM t.pk ORDER BY s, id LIMIT 4 OFFSET 1", true},
		{"SELECT * FROM t.dv ORDER BY v, id LIMIT 3", true},
		// An aggregate's and a join's output.
		{"SELECT s, COUNT(*) c FROM t.a GROUP BY s ORDER BY c DESC, s LIMIT 5", false},
		{"SELECT a.id, b.id FROM t.a a JOIN t.a b ON a.k = b.id ORDER BY b.id DESC, a.id LIMIT 8 OFFSET 2", false},
	}
	// LIMIT and OFFSET bound in a prepared statement.
	q := "SELECT id, k FROM t.a WHERE k >= ? ORDER BY k DESC, id LIMIT ? OFFSET ?"
	got, want := mustQuery(t, w.db, q, 100, 5, 3), mustQuery(t, rowEngine, q, 100, 5, 3)
	if !slices.EqualFunc(got.rows, want.rows, slices.Equal) || len(got.rows) != 5 {
		t.Errorf("%s:\n got %v\nwant %v (5 rows)", q, got.rows, want.rows)
	}
	for _, q := range queries {
		got, want := mustQuery(t, w.db, q.sql), mustQuery(t, rowEngine, q.sql)
		if !slices.EqualFunc(got.rows, want.rows, slices.Equal) {
			t.Errorf("%s:\n got %v\nwant %v", q.sql, got.rows, want.rows)
		}
		plan := explainText(t, w.db, "EXPLAIN FORMAT=TREE "+q.sql)
		if strings.Contains(plan, "per chunk (vectorized)") != q.vectorized {
			t.Errorf("%s: vectorized %v, want %v:\n%s", q.sql, !q.vectorized, q.vectorized, plan)
		}
		if !strings.Contains(plan, "limit input to") && !strings.Contains(q.sql, "LIMIT 0") {
			t.Errorf("%s: no top-N in\n%s", q.sql, plan)
		}
	}
}
