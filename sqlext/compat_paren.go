package sqlext

// go-mysql-server v0.20.0 lacks MySQL's parenthesised query statement `( q ) LIMIT n`; vitess rejects it.

import (
	"context"
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
func rewriteParen(ctx context.Context, q string) (rewritten, bool, error) {
	start := skipSpace(q, 0)
	if start >= len(q) || q[start] != '(' {
		return rewritten{}, false, nil
	}
	end := statementEnd(q, start)
	rw, ok, err := rewriteParenQuery(ctx, q[start:end])
	if err != nil || !ok {
		return rewritten{}, false, err
	}
	return replaced(q, start, end, rw), true, nil
}

// rewriteParenQuery rewrites one statement `( inner ) tail`; false when it
// is not of that shape or the rewrite does not parse either.
func rewriteParenQuery(ctx context.Context, stmt string) (string, bool, error) {
	inner, tail, ok, err := splitParens(ctx, stmt)
	if err != nil || !ok {
		return "", false, err
	}
	innerStmt, ok := parseLoose(ctx, inner)
	if !ok {
		return "", false, nil
	}
	tailStmt, ok := parseLoose(ctx, "SELECT 1 "+tail)
	if !ok {
		return "", false, nil
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
	if _, ok := parseLoose(ctx, out); !ok {
		return "", false, nil
	}
	return out, true, nil
}

// splitParens splits `( inner ) tail` at the parenthesis matching the first
// one, which must be at s[0]; parentheses around the whole inner query,
// ((q)) LIMIT n, are taken off too. It reads s once: the leading
// parentheses are matched in one pass, not again for each level (a million
// levels made it quadratic).
func splitParens(ctx context.Context, s string) (inner, tail string, ok bool, err error) {
	// The leading parentheses, each the first code inside the one before.
	leading := []int{0}
	for p := skipSpace(s, 1); p < len(s) && s[p] == '('; p = skipSpace(s, p+1) {
		leading = append(leading, p)
	}
	closing := make([]int, len(leading))
	depth := 0
	stop := canceller{ctx: ctx}
	for i := 0; i < len(s) && closing[0] == 0; {
		if err := stop.at(i); err != nil {
			return "", "", false, err
		}
		if n := skipNonCode(s, i); n > i {
			i = n
			continue
		}
		switch s[i] {
		case '(':
			depth++
		case ')':
			// a leading parenthesis closes at the first ')' of its depth
			if depth <= len(leading) && closing[depth-1] == 0 {
				closing[depth-1] = i
			}
			depth--
		}
		i++
	}
	if closing[0] == 0 {
		return "", "", false, nil
	}
	inner, tail = s[1:closing[0]], s[closing[0]+1:]
	for level := 1; level < len(leading); level++ {
		// the level's text after its closing parenthesis, inside the outer one's
		if after := s[closing[level]+1 : closing[level-1]]; strings.TrimSpace(stripComments(after)) != "" {
			break
		}
		inner = s[leading[level]+1 : closing[level]]
	}
	return inner, tail, true, nil
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
func parseLoose(ctx context.Context, q string) (ast.Statement, bool) {
	if s, err := ast.ParseWithOptions(ctx, q, ast.ParserOptions{}); err == nil {
		return s, true
	}
	if rw, ok, _ := rewriteNames(ctx, q); ok {
		if s, err := ast.ParseWithOptions(ctx, rw.text, ast.ParserOptions{}); err == nil {
			return s, true
		}
	}
	return nil, false
}
