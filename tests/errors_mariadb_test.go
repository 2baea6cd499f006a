package tests

import (
	"errors"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// Errors go-mysql-server sent as the generic 1105 (or answered with an
// infinity, a NULL or a wrapped-around integer) carry the number and
// SQLSTATE MySQL gives them; MariaDB, started beside paimon-sql, answers
// each statement with the same number, which checks the list itself.
func TestErrorNumbersMatchMariaDB(t *testing.T) {
	e := startServer(t, nil)
	maria := startMariaDB(t, "en")
	paimon := e.openDB("en")
	sqlRun(t, e.db, "CREATE DATABASE en")
	for _, x := range []execer{paimon, maria} {
		sqlRun(t, x, "CREATE TABLE en.t (k INT, x DOUBLE, b BIGINT, u BIGINT UNSIGNED)",
			"INSERT INTO en.t VALUES (1, 1e308, 9223372036854775807, 18446744073709551615)",
			"CREATE TABLE en.s (y INT)", "INSERT INTO en.s VALUES (1), (2)")
	}
	cases := []struct {
		q     string
		want  uint16
		state string
	}{
		{"SELECT 1e308*10", 1690, "22003"},
		{"SELECT 1e308+1e308", 1690, "22003"},
		{"SELECT 1e308/1e-308", 1690, "22003"},
		{"SELECT x * 10 FROM t", 1690, "22003"},
		{"SELECT x + x FROM t", 1690, "22003"},
		{"SELECT POW(10, 400)", 1690, "22003"},
		{"SELECT EXP(1000)", 1690, "22003"},
		{"SELECT 9223372036854775807 + 1", 1690, "22003"},
		{"SELECT -9223372036854775807 - 2", 1690, "22003"},
		{"SELECT 4294967296 * 4294967296", 1690, "22003"},
		{"SELECT b + 1 FROM t", 1690, "22003"},
		{"SELECT b * -2 FROM t", 1690, "22003"},
		{"SELECT CAST(1 AS UNSIGNED) - CAST(2 AS UNSIGNED)", 1690, "22003"},
		{"SELECT @@nosuchvar", 1193, "HY000"},
		{"SET @@session.nosuchvar = 1", 1193, "HY000"},
		{"SELECT nosuchfn(1)", 1305, "42000"},
		{"SELECT SLEEP(1, 2)", 1582, "42000"},
		{"SET autocommit = 'x'", 1231, "42000"},
		{"SELECT CONVERT('x' USING nosuch)", 1115, "42000"},
		{"SELECT 'a' COLLATE nosuch", 1273, "HY000"},
		{"SELECT 1 FROM t u JOIN t u", 1066, "42000"},
		// A scalar subquery of two rows compared in WHERE (it was a semi
		// join that kept the row), in the select list, in HAVING.
		{"SELECT k FROM t WHERE k = (SELECT y FROM s)", 1242, "21000"},
		{"SELECT k FROM t WHERE k < (SELECT y FROM s)", 1242, "21000"},
		{"SELECT k, (SELECT y FROM s) FROM t", 1242, "21000"},
		{"SELECT k FROM t GROUP BY k HAVING k = (SELECT y FROM s)", 1242, "21000"},
	}
	check := func(who string, q querier, stmt string, want uint16, state string) {
		t.Helper()
		err := queryErr(t, q, stmt)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != want || string(me.SQLState[:]) != state {
			t.Errorf("%s: %s: %v, want error %d (%s)", who, stmt, err, want, state)
		}
	}
	for _, c := range cases {
		check("MariaDB", maria, c.q, c.want, c.state)
		check("paimon-sql", paimon, c.q, c.want, c.state)
	}
	// No database selected: MySQL's 1046 (the MariaDB connection has one).
	for _, q := range []string{"SELECT * FROM t", "SHOW TABLES", "CREATE TABLE t (a INT)"} {
		check("paimon-sql", e.db, q, 1046, "3D000")
	}
	// MySQL 8's 1248; MariaDB's grammar refuses it as a syntax error.
	check("paimon-sql", paimon, "SELECT * FROM (SELECT 1)", 1248, "42000")
	// Results inside the range are unchanged, at the edges too.
	edges := "SELECT 9223372036854775806 + 1, -9223372036854775807 - 1, 3037000499 * 3037000499, " +
		"CAST(18446744073709551614 AS UNSIGNED) + CAST(1 AS UNSIGNED), CAST(5 AS UNSIGNED) - 3, b - 1, u - 1, x * 1 > 1e307 FROM t"
	wantRows(t, paimon, mustQuery(t, maria, edges).rows, edges)
}
