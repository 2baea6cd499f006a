package vector

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A LEFT JOIN's ON condition may hold conjuncts that read its right side
// alone (TPC-H Q13's `customer LEFT JOIN orders ON c_custkey = o_custkey
// AND o_comment NOT LIKE '%special%requests%'`). go-mysql-server keeps
// them in the join's condition, evaluated row by row on every pair the
// join's keys find. A right row that fails such a conjunct matches no
// left row, and a left row that matches nothing is NULL-extended whether
// or not that right row was there, so the conjunct may filter the right
// side before the join instead: over its scan, where the vector kernels
// evaluate it as the table is read (vecfilter.go) and the hash table
// holds only the rows that can match. This holds for the right side of a
// LEFT JOIN only: on its left side (whose rows all come out) or in a
// WHERE above it (which sees the NULL-extended rows) the rows left out
// would change the answer.

// pushOuterJoinConditions moves the conjuncts of each LEFT JOIN's
// condition that read only its right side into a Filter over that side.
var pushOuterJoinConditions = topLevelRule(func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	j, ok := n.(*plan.JoinNode)
	if !ok || !pushableOuterJoin(j.Op) || j.Filter == nil || j.ScopeLen != 0 {
		return n, transform.SameTree, nil
	}
	right, left := tableNames(j.Right().Schema()), tableNames(j.Left().Schema())
	var keep, move []sql.Expression
	for _, c := range expression.SplitConjunction(j.Filter) {
		if plainFilter(c) && readsTablesOnly(c, right, left) {
			move = append(move, c)
		} else {
			keep = append(keep, c)
		}
	}
	// A join keeps a condition of both sides (its keys): a join
	// without one is left as it is.
	if len(move) == 0 || len(keep) == 0 {
		return n, transform.SameTree, nil
	}
	filtered, ok := filterBelow(j.Right(), expression.JoinAnd(move...))
	if !ok {
		return n, transform.SameTree, nil
	}
	out, err := j.WithChildren(j.Left(), filtered)
	if err != nil {
		return nil, transform.SameTree, err
	}
	out, err = out.(*plan.JoinNode).WithExpressions(expression.JoinAnd(keep...))
	return out, transform.NewTree, err
})

// pushableOuterJoin tells the LEFT JOINs whose right side may be a
// Filter (not the NULL-excluding forms of NOT IN, nor a range heap join,
// whose right side is its own node).
func pushableOuterJoin(op plan.JoinType) bool {
	switch op {
	case plan.JoinTypeLeftOuter, plan.JoinTypeLeftOuterHash, plan.JoinTypeLeftOuterLookup, plan.JoinTypeLeftOuterMerge:
		return true
	}
	return false
}

// tableNames are the lower-case names of the tables (or aliases) whose
// columns sch holds.
func tableNames(sch sql.Schema) map[string]bool {
	names := map[string]bool{}
	for _, c := range sch {
		names[strings.ToLower(c.Source)] = true
	}
	return names
}

// readsTablesOnly tells whether e reads a column and only columns of the
// tables in mine, none of which is also a name in other.
func readsTablesOnly(e sql.Expression, mine, other map[string]bool) bool {
	reads, ok := false, true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if gf, isField := e.(*expression.GetField); isField {
			t := strings.ToLower(gf.Table())
			reads = true
			ok = ok && mine[t] && !other[t]
		}
		return !ok
	})
	return reads && ok
}

// filterBelow puts cond in a Filter over n, a join's right side, under the
// HashLookup and cache of a hash join's build side (whose keys are read
// from the rows the Filter keeps), and into a Filter n already is.
func filterBelow(n sql.Node, cond sql.Expression) (sql.Node, bool) {
	switch x := n.(type) {
	case *plan.HashLookup, *plan.CachedResults:
		c, ok := filterBelow(x.Children()[0], cond)
		if !ok {
			return n, false
		}
		out, err := x.WithChildren(c)
		return out, err == nil
	case *plan.Filter:
		return plan.NewFilter(expression.JoinAnd(x.Expression, cond), x.Child), true
	}
	return plan.NewFilter(cond, n), true
}
