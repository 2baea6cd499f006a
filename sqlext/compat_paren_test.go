package sqlext

import (
	"context"
	"strings"
	"testing"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

func TestCompatQueryParenthesized(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// Grafana's wrapping.
		{"(SELECT * FROM t) LIMIT 2", "SELECT * FROM t\n LIMIT 2"},
		{"( SELECT a FROM db.t WHERE x = ')' ) LIMIT 10", " SELECT a FROM db.t WHERE x = ')' \n LIMIT 10"},
		{"(SELECT 1)", "SELECT 1\n"},
		{"((SELECT 1)) LIMIT 1", "SELECT 1\n LIMIT 1"},
		{"(SELECT a FROM t ORDER BY a) LIMIT 2", "SELECT a FROM t ORDER BY a\n LIMIT 2"},
		{"(SELECT a FROM t -- c\n) LIMIT 2", "SELECT a FROM t -- c\n\n LIMIT 2"},
		// The inner query has its own LIMIT, or both order: a derived table.
		{"(SELECT a FROM t LIMIT 5) LIMIT 2", "SELECT * FROM (SELECT a FROM t LIMIT 5\n) AS paimon_sql_q  LIMIT 2"},
		{"(SELECT a FROM t ORDER BY a) ORDER BY a DESC LIMIT 2", "SELECT * FROM (SELECT a FROM t ORDER BY a\n) AS paimon_sql_q  ORDER BY a DESC LIMIT 2"},
		// System tables with an unquoted $ are left to the parser's quoting.
		{"(SELECT snapshot_id FROM db.t$snapshots) LIMIT 3", "SELECT snapshot_id FROM db.t$snapshots\n LIMIT 3"},
		// Only the first statement changes.
		{"(SELECT 1) LIMIT 1; SELECT ')'", "SELECT 1\n LIMIT 1; SELECT ')'"},
		// Left alone: parses already, not parenthesized, not fixable.
		{"(SELECT 1) UNION (SELECT 2) LIMIT 1", "(SELECT 1) UNION (SELECT 2) LIMIT 1"},
		{"SELECT (1) LIMIT 1", "SELECT (1) LIMIT 1"},
		{"(SELECT * FRM t) LIMIT 2", "(SELECT * FRM t) LIMIT 2"},
		{"(SELECT 1) LIMIT", "(SELECT 1) LIMIT"},
		{"(SELECT 1", "(SELECT 1"},
		{"(SHOW TABLES) LIMIT 1", "(SHOW TABLES) LIMIT 1"},
	} {
		// As the parser: only what does not parse is rewritten.
		got, ok, _ := rewriteParen(context.Background(), c.in)
		if _, err := ast.Parse(strings.SplitN(c.in, ";", 2)[0]); !ok || err == nil {
			got.text = c.in
		}
		if got.text != c.want {
			t.Errorf("rewriteParen(%q)\n got %q\nwant %q", c.in, got.text, c.want)
		}
	}
}
