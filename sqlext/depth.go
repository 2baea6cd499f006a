package sqlext

import (
	"context"

	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// MaxExpressionDepth bounds how deeply the expressions of a statement
// nest: go-mysql-server walks expression trees recursively, some of its
// operators in time quadratic or cubic in their depth (a chain of 4,000
// divisions took 12 minutes to evaluate), and a deep enough tree would
// exhaust the goroutine stack, which ends the process. MySQL refuses such
// statements with the same error when its thread stack runs out. A chain
// such as 1+1+...+1 or a OR b OR ... nests one level per operator.
const MaxExpressionDepth = 16384

// cancelCheckNodes is how many nodes a walk over a statement visits
// between two looks at its context.
const cancelCheckNodes = 4096

// erStackOverrun is MySQL's ER_STACK_OVERRUN_NEED_MORE.
const erStackOverrun = 1436

var errTooDeep = mysql.NewSQLError(erStackOverrun, "HY000",
	"Thread stack overrun: the statement's expressions nest more than %d levels deep; write long lists with IN (...) or split the statement", MaxExpressionDepth)

// checkDepth refuses a statement whose expressions nest deeper than
// MaxExpressionDepth. Its own recursion is bounded by the limit: it
// descends one Expr at a time and stops at the limit. It looks at ctx
// every cancelCheckNodes nodes: a statement of millions of expressions
// takes seconds to walk.
func checkDepth(ctx context.Context, stmt ast.SQLNode) error {
	visited := 0
	var walk func(n ast.SQLNode, depth int) error
	walk = func(n ast.SQLNode, depth int) error {
		self := true
		return ast.Walk(func(c ast.SQLNode) (bool, error) {
			if self {
				self = false
				return true, nil
			}
			if visited++; visited%cancelCheckNodes == 0 {
				if err := ctx.Err(); err != nil {
					return false, err
				}
			}
			if _, ok := c.(ast.Expr); !ok {
				return true, nil
			}
			if depth >= MaxExpressionDepth {
				return false, errTooDeep
			}
			return false, walk(c, depth+1)
		}, n)
	}
	return walk(stmt, 0)
}
