package sqlext

// vitess reads EXPLAIN FORMAT=<name> only where the name is not a keyword, so
// MySQL's EXPLAIN FORMAT=JSON is a syntax error, and go-mysql-server has no
// JSON form of its plans.

import (
	"context"
	"regexp"

	"github.com/dolthub/vitess/go/mysql"
)

var explainJSON = regexp.MustCompile(`(?is)^\s*(?:EXPLAIN|DESCRIBE|DESC)(?:\s+ANALYZE)?\s+FORMAT\s*=\s*JSON\b`)

// refuseExplainJSON refuses EXPLAIN FORMAT=JSON as not supported (MySQL's
// ER_NOT_SUPPORTED_YET), naming the forms that work, instead of the syntax
// error a client would take for a fault of its own.
func refuseExplainJSON(ctx context.Context, q string) (rewritten, bool, error) {
	if !explainJSON.MatchString(q) {
		return rewritten{}, false, nil
	}
	return rewritten{}, true, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
		"EXPLAIN FORMAT=JSON is not supported: EXPLAIN FORMAT=TREE (or EXPLAIN PLAN) shows the plan as a tree")
}

var explainAnalyzeTree = regexp.MustCompile(`(?is)^\s*(?:EXPLAIN|DESCRIBE|DESC)\s+ANALYZE\s+FORMAT\s*=\s*TREE\b`)

// rewriteExplainAnalyzeTree reads MySQL 8's EXPLAIN ANALYZE FORMAT=TREE,
// which vitess's grammar lacks, as EXPLAIN ANALYZE: TREE is its only
// format.
func rewriteExplainAnalyzeTree(ctx context.Context, q string) (rewritten, bool, error) {
	m := explainAnalyzeTree.FindString(q)
	if m == "" {
		return rewritten{}, false, nil
	}
	const plain = "EXPLAIN ANALYZE"
	return rewritten{text: plain + q[len(m):], toQuery: func(i int) int { return i + len(m) - len(plain) }}, true, nil
}
