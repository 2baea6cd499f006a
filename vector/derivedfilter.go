package vector

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A condition over the rows of a join that spans several of its tables
// stays above the join: TPC-H Q07's `(n1.n_name = 'FRANCE' AND n2.n_name =
// 'GERMANY') OR (n1.n_name = 'GERMANY' AND n2.n_name = 'FRANCE')` is
// evaluated on every joined row, and the joins below it read all the
// nations, customers, orders and line items. Such an OR implies a
// condition on each table that has a conjunct of its own in every
// disjunct: the OR of those conjuncts (n1.n_name = 'FRANCE' OR n1.n_name =
// 'GERMANY'). A row of that table that fails it cannot make the OR true,
// so the implied condition is added as a Filter over the table's scan
// inside the join (where the vector kernels evaluate it as the table is
// read, vecfilter.go, and the build side's keys it leaves filter the
// probe sides, probescan.go); the whole condition stays above the join and
// decides, so the answer does not change. Only inner joins are crossed:
// under an outer join a row left out would be NULL-extended instead.

// deriveTableFilters adds the implied conditions of each table under a
// Filter over inner joins.
func deriveTableFilters(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		if j, ok := f.Child.(*plan.JoinNode); !ok || !innerJoin(j.Op) {
			return n, transform.SameTree, nil
		}
		var ors [][]sql.Expression // the disjuncts of each OR conjunct
		for _, c := range expression.SplitConjunction(f.Expression) {
			if _, ok := c.(*expression.Or); ok && plainFilter(c) {
				ors = append(ors, expression.SplitDisjunction(c))
			}
		}
		if len(ors) == 0 {
			return n, transform.SameTree, nil
		}
		child, same, err := pushImplied(f.Child, ors)
		if err != nil || same == transform.SameTree {
			return n, transform.SameTree, err
		}
		out, err := f.WithChildren(child)
		return out, transform.NewTree, err
	})
}

// pushImplied adds the conditions ors imply on each table that n reads
// through inner joins alone.
func pushImplied(n sql.Node, ors [][]sql.Expression) (sql.Node, transform.TreeIdentity, error) {
	switch x := n.(type) {
	case *plan.JoinNode:
		if !innerJoin(x.Op) {
			return n, transform.SameTree, nil
		}
		l, ls, err := pushImplied(x.Left(), ors)
		if err != nil {
			return nil, transform.SameTree, err
		}
		r, rs, err := pushImplied(x.Right(), ors)
		if err != nil || ls == transform.SameTree && rs == transform.SameTree {
			return n, transform.SameTree, err
		}
		out, err := x.WithChildren(l, r)
		return out, transform.NewTree, err
	case *plan.HashLookup, *plan.CachedResults:
		// A hash join's build side (its rows the same, fewer).
		c, same, err := pushImplied(n.Children()[0], ors)
		if err != nil || same == transform.SameTree {
			return n, transform.SameTree, err
		}
		out, err := n.WithChildren(c)
		return out, transform.NewTree, err
	}
	return addImplied(n, ors)
}

// addImplied adds to n, when it is a table's scan (perhaps under its
// Filter) that an inner join reads, the conditions ors imply on it.
func addImplied(n sql.Node, ors [][]sql.Expression) (sql.Node, transform.TreeIdentity, error) {
	scan := n
	var own []sql.Expression // the table's Filter's conjuncts
	if f, ok := n.(*plan.Filter); ok {
		scan, own = f.Child, expression.SplitConjunction(f.Expression)
	}
	if m, ok := scan.(*filteredScan); ok {
		scan = m.child
	}
	rt, alias := resolvedTable(scan)
	if rt == nil {
		return n, transform.SameTree, nil
	}
	name := rt.Name()
	if alias != nil {
		name = alias.Name()
	}
	var added []sql.Expression
	for _, disjuncts := range ors {
		implied := impliedOn(name, disjuncts)
		if implied == nil || holds(own, implied) || holds(added, implied) {
			continue
		}
		added = append(added, implied)
	}
	if len(added) == 0 {
		return n, transform.SameTree, nil
	}
	if f, ok := n.(*plan.Filter); ok {
		return plan.NewFilter(expression.JoinAnd(append([]sql.Expression{f.Expression}, added...)...), f.Child), transform.NewTree, nil
	}
	return plan.NewFilter(expression.JoinAnd(added...), n), transform.NewTree, nil
}

// impliedOn is the OR over disjuncts of each one's conjuncts that read
// only the table named name, or nil when a disjunct has none.
func impliedOn(name string, disjuncts []sql.Expression) sql.Expression {
	parts := make([]sql.Expression, 0, len(disjuncts))
	for _, d := range disjuncts {
		var mine []sql.Expression
		for _, c := range expression.SplitConjunction(d) {
			if readsOnly(c, name) {
				mine = append(mine, c)
			}
		}
		if len(mine) == 0 {
			return nil
		}
		parts = append(parts, expression.JoinAnd(mine...))
	}
	return expression.JoinOr(parts...)
}

// readsOnly tells whether e reads columns of the table named name and of
// no other.
func readsOnly(e sql.Expression, name string) bool {
	reads, other := false, false
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok {
			if strings.EqualFold(gf.Table(), name) {
				reads = true
			} else {
				other = true
			}
		}
		return other
	})
	return reads && !other
}

// holds tells whether conds has c (as printed).
func holds(conds []sql.Expression, c sql.Expression) bool {
	s := c.String()
	for _, o := range conds {
		if o.String() == s {
			return true
		}
	}
	return false
}

// plainFilter tells whether e is made only of columns, literals,
// comparisons, IN lists, LIKE, BETWEEN, IS NULL and logic: expressions
// that read nothing but the row and give the same answer wherever they
// are evaluated.
func plainFilter(e sql.Expression) bool {
	ok := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *expression.Literal, *expression.And, *expression.Or, *expression.Not,
			*expression.Equals, *expression.LessThan, *expression.LessThanOrEqual, *expression.GreaterThan,
			*expression.GreaterThanOrEqual, *expression.InTuple, *expression.HashInTuple, expression.Tuple,
			*expression.Like, *expression.Between, *expression.IsNull:
		default:
			ok = false
		}
		return !ok
	})
	return ok
}

// innerJoin tells the join types whose rows are pairs that both sides
// have: a row left out of either side is in no row of the join.
func innerJoin(op plan.JoinType) bool {
	switch op {
	case plan.JoinTypeInner, plan.JoinTypeCross, plan.JoinTypeCrossHash, plan.JoinTypeHash,
		plan.JoinTypeLookup, plan.JoinTypeMerge, plan.JoinTypeRangeHeap:
		return true
	}
	return false
}
