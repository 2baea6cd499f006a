package sqlext

// go-mysql-server v0.20.0 lacks MySQL's parenthesised query statement `( q ) LIMIT n`; vitess rejects it.

import (
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Client compatibility: a query in parentheses.
//
// MySQL accepts a parenthesized query expression as a statement, optionally
// followed by ORDER BY and LIMIT: Grafana wraps every query of its MySQL data
// source as `( q ) LIMIT n`. vitess rejects it (`(SELECT * FROM t) LIMIT 2`
// is a syntax error at LIMIT, and so is a lone `(SELECT 1)`), so the parser
// rewrites such a statement (rewriteParen):
//
//   - when the inner query has no LIMIT (and no ORDER BY if the tail has
//     one), the parentheses are dropped: `(SELECT ... ORDER BY x) LIMIT 2`
//     becomes `SELECT ... ORDER BY x LIMIT 2`, the same query;
//   - otherwise it becomes a derived table:
//     `SELECT * FROM (q) AS paimon_sql_q ORDER BY ... LIMIT n`.
//
// Only a statement that does not parse as is and starts with `(` is
// touched, and only when the rewrite parses (the `$` quoting of quoting.go
// allowed), so every other query and every error message stay as they were.
// Server-side prepared statements cannot be helped: vitess parses them
// before any hook runs.

// parenAlias names the derived table of a wrapped query.
const parenAlias = "paimon_sql_q"

// rewriteParen rewrites a first statement `( q ) tail`.
func rewriteParen(q string) (rewritten, bool, error) {
	start := skipSpace(q, 0)
	if start >= len(q) || q[start] != '(' {
		return rewritten{}, false, nil
	}
	end := statementEnd(q, start)
	rw, ok := rewriteParenQuery(q[start:end])
	if !ok {
		return rewritten{}, false, nil
	}
	return replaced(q, start, end, rw), true, nil
}

// rewriteParenQuery rewrites one statement `( inner ) tail`; false when it
// is not of that shape or the rewrite does not parse either.
func rewriteParenQuery(stmt string) (string, bool) {
	inner, tail, ok := splitParens(stmt)
	if !ok {
		return "", false
	}
	// Nested parentheses: ((q)) LIMIT n.
	for {
		s := skipSpace(inner, 0)
		if s >= len(inner) || inner[s] != '(' {
			break
		}
		in2, t2, ok := splitParens(inner[s:])
		if !ok || strings.TrimSpace(stripComments(t2)) != "" {
			break
		}
		inner = in2
	}
	innerStmt, ok := parseLoose(inner)
	if !ok {
		return "", false
	}
	tailStmt, ok := parseLoose("SELECT 1 " + tail)
	if !ok {
		return "", false
	}
	innerLimit, innerOrder := limitAndOrder(innerStmt)
	_, tailOrder := limitAndOrder(tailStmt)
	var out string
	if !innerLimit && !(innerOrder && tailOrder) {
		// The newline ends a trailing `-- comment` of the inner query.
		out = inner + "\n" + tail
	} else {
		out = "SELECT * FROM (" + inner + "\n) AS " + parenAlias + " " + tail
	}
	if _, ok := parseLoose(out); !ok {
		return "", false
	}
	return out, true
}

// splitParens splits `( inner ) tail` at the parenthesis matching the first
// one, which must be at s[0].
func splitParens(s string) (inner, tail string, ok bool) {
	depth := 0
	for i := 0; i < len(s); {
		if n := skipNonCode(s, i); n > i {
			i = n
			continue
		}
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return s[1:i], s[i+1:], true
			}
		}
		i++
	}
	return "", "", false
}

// limitAndOrder tells whether a SELECT or set operation has its own LIMIT
// and ORDER BY.
func limitAndOrder(stmt ast.Statement) (limit, order bool) {
	switch s := stmt.(type) {
	case *ast.Select:
		return s.Limit != nil, len(s.OrderBy) > 0
	case *ast.SetOp:
		return s.Limit != nil, len(s.OrderBy) > 0
	}
	// Anything else (SHOW...) cannot take a tail: refuse to strip.
	return true, true
}

// parseLoose parses q, with unquoted `$` names quoted as the parser would.
func parseLoose(q string) (ast.Statement, bool) {
	if s, err := ast.Parse(q); err == nil {
		return s, true
	}
	if rw, ok, _ := rewriteNames(q); ok {
		if s, err := ast.Parse(rw.text); err == nil {
			return s, true
		}
	}
	return nil, false
}
