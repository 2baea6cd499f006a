package analyzer

// paimon-sql: correlated scalar subqueries with an aggregate become a join
// with the grouped subquery. go-mysql-server v0.20.0 runs such a subquery
// again for every outer row, so TPC-H Q17's
//
//	l_quantity < (SELECT 0.2 * AVG(l_quantity) FROM lineitem WHERE l_partkey = p_partkey)
//
// read lineitem once per joined row (past 60 s at scale factor 0.1). The
// subquery is grouped by its correlation columns once, and joined to the
// outer rows on them:
//
//	Filter(l_quantity < v,
//	    Join(outer, Project(v, k)(GroupBy(AVG(l_quantity), k = l_partkey)(lineitem)), p_partkey = k))
//
// MySQL's answer is kept only when every outer row meets exactly the rows
// the subquery would have aggregated for it, and a missing group stands for
// the empty one. So the rewrite is taken only for: a subquery of one
// projection over a GroupBy without GROUP BY (one row, always) over a
// Filter whose correlated conjuncts are all `inner column = outer column`,
// with columns whose equality is identity (integers, or the same DECIMAL,
// DATE or DATETIME type: never text, whose collations make distinct values
// equal, nor floating point, where -0 = 0), the outer columns produced
// below the filter; SUM, AVG, MIN, MAX, COUNT aggregates; nothing
// non-deterministic, no LIMIT, HAVING, ORDER BY or window, and no other
// reference to the outer query. In the select list of a Project over a
// filter, join or table (no Sort or Limit below it), the join is a left
// join. In a WHERE, the join is inner when the conjunct
// compares the subquery's value directly and that value over no rows is
// NULL (a missing group rejects the row as the empty one does); else it
// is a left join, and where it found no group the subquery's value over
// no rows (COUNT(*) is 0, not NULL) stands for the value.

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// scalarGroupJoin is one decorrelated subquery: the grouped subquery, the
// join condition with the outer rows, and the expression that replaces the
// subquery above the join.
type scalarGroupJoin struct {
	sq        *plan.Subquery
	inner     sql.Node         // Project(keys..., aggregates...)(GroupBy)
	outer     []sql.Expression // outer columns, in the order of keys
	value     sql.Expression   // the subquery's value over inner's columns
	emptyNull bool             // the value over no rows is NULL
	empty     interface{}      // the value over no rows
	innerJoin bool             // no outer row without a group is kept
}

// decorrelateScalarSubqueries rewrites, in every Filter under a node that
// defines its own columns (a Project or a GroupBy, maybe through a Sort:
// the join adds the subquery's columns to the filter's output), the
// subqueries that scalarGroupJoinOf takes.
func decorrelateScalarSubqueries(ctx *sql.Context, n sql.Node, scope *plan.Scope) (sql.Node, transform.TreeIdentity, error) {
	var aliases map[string]int
	projected := map[*plan.Filter]bool{}
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.Project, *plan.GroupBy:
			child := n.Children()[0]
			for {
				if s, ok := child.(*plan.Sort); ok {
					child = s.Child
					continue
				}
				break
			}
			if f, ok := child.(*plan.Filter); ok {
				projected[f] = true
			}
		}
		return true
	})
	// rewrite replaces the subqueries of e that scalarGroupJoinOf takes;
	// inSelect tells that e is a projection (its rows are all kept).
	rewrite := func(e sql.Expression, produced sql.ColSet, inSelect bool) (sql.Expression, []*scalarGroupJoin, error) {
		var found []*scalarGroupJoin
		transform.InspectExpr(e, func(e sql.Expression) bool {
			if sq, ok := e.(*plan.Subquery); ok {
				if j, ok := scalarGroupJoinOf(ctx, sq, produced); ok {
					found = append(found, j)
				}
			}
			return false
		})
		if len(found) == 0 {
			return e, nil, nil
		}
		if aliases == nil {
			ta, err := getTableAliases(n, scope)
			if err != nil {
				return e, nil, nil
			}
			aliases = make(map[string]int)
			for k := range ta.aliases {
				aliases[k] = 0
			}
		}
		for _, j := range found {
			j.innerJoin = !inSelect && j.emptyNull && comparesDirectly(e, j.sq)
			// The subquery's tables join the outer query's: a name both
			// use (TPC-H Q17's lineitem) is renamed inside.
			if err := j.disambiguate(aliases); err != nil {
				return e, nil, nil
			}
		}
		rewritten, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			for _, j := range found {
				if e == j.sq {
					return j.replacement(), transform.NewTree, nil
				}
			}
			return e, transform.SameTree, nil
		})
		return rewritten, found, err
	}
	return transform.Node(n, func(node sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch node := node.(type) {
		case *plan.Filter:
			if !projected[node] {
				return node, transform.SameTree, nil
			}
			produced := producedColumns(node.Child)
			var below, above []sql.Expression
			var joins []*scalarGroupJoin
			for _, conj := range expression.SplitConjunction(node.Expression) {
				rewritten, found, err := rewrite(conj, produced, false)
				if err != nil {
					return nil, transform.SameTree, err
				}
				if len(found) == 0 {
					below = append(below, conj)
					continue
				}
				above = append(above, rewritten)
				joins = append(joins, found...)
			}
			if len(joins) == 0 {
				return node, transform.SameTree, nil
			}
			ret := node.Child
			if len(below) > 0 {
				ret = plan.NewFilter(expression.JoinAnd(below...), ret)
			}
			return plan.NewFilter(expression.JoinAnd(above...), joinGrouped(ret, joins)), transform.NewTree, nil
		case *plan.Project:
			// The select list, over rows no Sort or Limit has ordered or
			// cut (a join below would not keep them so).
			switch node.Child.(type) {
			case *plan.Filter, *plan.JoinNode, *plan.ResolvedTable, *plan.TableAlias:
			default:
				return node, transform.SameTree, nil
			}
			produced := producedColumns(node.Child)
			projections := make([]sql.Expression, len(node.Projections))
			var joins []*scalarGroupJoin
			for i, e := range node.Projections {
				rewritten, found, err := rewrite(e, produced, true)
				if err != nil {
					return nil, transform.SameTree, err
				}
				projections[i] = rewritten
				joins = append(joins, found...)
			}
			if len(joins) == 0 {
				return node, transform.SameTree, nil
			}
			return plan.NewProject(projections, joinGrouped(node.Child, joins)), transform.NewTree, nil
		}
		return node, transform.SameTree, nil
	})
}

// joinGrouped joins the grouped subqueries of joins to ret on their keys.
func joinGrouped(ret sql.Node, joins []*scalarGroupJoin) sql.Node {
	for _, j := range joins {
		conds := make([]sql.Expression, len(j.outer))
		for i, k := range j.inner.(*plan.Project).Projections[:len(j.outer)] {
			conds[i] = expression.NewEquals(j.outer[i], k)
		}
		op := plan.JoinTypeLeftOuter
		if j.innerJoin {
			op = plan.JoinTypeInner
		}
		ret = plan.NewJoin(ret, j.inner, op, expression.JoinAnd(conds...))
	}
	return ret
}

// disambiguate renames the tables of j's subquery whose names the query
// uses already, in the subquery and in j's value (which names the keys'
// table: the filters are pushed to tables by name).
func (j *scalarGroupJoin) disambiguate(aliases map[string]int) error {
	inner, _, err := disambiguateTables(aliases, j.inner)
	if err != nil {
		return err
	}
	j.inner = inner
	key := inner.(*plan.Project).Projections[0].(*expression.GetField)
	j.value, _, err = transform.Expr(j.value, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, ok := e.(*expression.GetField); ok && gf.TableId() == key.TableId() {
			return gf.WithTable(key.Table()), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
	return err
}

// replacement is what stands for the subquery above the join: its value,
// or the value over no rows where a left join found no group (the value
// of NULL aggregates may differ from it: IF(COUNT(*) = 0, NULL, 5)).
func (j *scalarGroupJoin) replacement() sql.Expression {
	if j.innerJoin {
		return j.value
	}
	key := j.inner.(*plan.Project).Projections[0]
	return expression.NewCase(nil, []expression.CaseBranch{{
		Cond:  expression.NewIsNull(key),
		Value: expression.NewLiteral(j.empty, j.value.Type()),
	}}, j.value)
}

// comparesDirectly tells whether conj is a comparison (not <=>) with sq as
// an operand: then a NULL value rejects the row, as a missing group does in
// an inner join.
func comparesDirectly(conj sql.Expression, sq *plan.Subquery) bool {
	cmp, ok := conj.(expression.Comparer)
	if !ok {
		return false
	}
	if _, ok := conj.(*expression.NullSafeEquals); ok {
		return false
	}
	return cmp.Left() == sq || cmp.Right() == sq
}

// producedColumns is the columns of the tables and derived tables in n,
// not looking below a node that chooses its own columns.
func producedColumns(n sql.Node) sql.ColSet {
	var cols sql.ColSet
	transform.Inspect(n, func(n sql.Node) bool {
		switch n := n.(type) {
		case plan.TableIdNode:
			cols = cols.Union(n.Columns())
			return false
		case *plan.Project, *plan.GroupBy, *plan.Window:
			return false
		}
		return true
	})
	return cols
}

// scalarGroupJoinOf returns the rewrite of sq, or false when sq is not of
// the shape that keeps MySQL's answer (see the top of this file).
func scalarGroupJoinOf(ctx *sql.Context, sq *plan.Subquery, produced sql.ColSet) (*scalarGroupJoin, bool) {
	outerCols := sq.Correlated()
	if outerCols.Empty() || sq.Volatile() || nodeNonDeterministic(sq.Query) {
		return nil, false
	}
	proj, ok := sq.Query.(*plan.Project)
	if !ok || len(proj.Projections) != 1 {
		return nil, false
	}
	// The projection's name is the subquery's column name, which nothing
	// above it refers to.
	value := proj.Projections[0]
	if a, ok := value.(*expression.Alias); ok {
		value = a.Child
	}
	gb, ok := proj.Child.(*plan.GroupBy)
	if !ok || len(gb.GroupByExprs) != 0 || gb.Rollup {
		return nil, false
	}
	filter, ok := gb.Child.(*plan.Filter)
	if !ok {
		return nil, false
	}
	var local, innerKeys, outerKeys []sql.Expression
	for _, conj := range expression.SplitConjunction(filter.Expression) {
		if !mentionsColumns(conj, outerCols) {
			local = append(local, conj)
			continue
		}
		in, out, ok := correlationPair(conj, outerCols, produced)
		if !ok {
			return nil, false
		}
		innerKeys = append(innerKeys, in)
		outerKeys = append(outerKeys, out)
	}
	if len(innerKeys) == 0 || mentionsColumns(value, outerCols) || nodeMentionsColumns(filter.Child, outerCols) {
		return nil, false
	}
	for _, e := range local {
		if mentionsColumns(e, outerCols) {
			return nil, false
		}
	}
	// The join order builder takes the grouped subquery as one leaf when its
	// columns are of one table (memo/opaque_rel.go).
	keyTable := innerKeys[0].(*expression.GetField).TableId()
	for _, k := range innerKeys {
		if k.(*expression.GetField).TableId() != keyTable {
			return nil, false
		}
	}
	empty, ok := emptyGroupValue(ctx, value, gb.SelectedExprs)
	if !ok {
		return nil, false
	}
	for _, a := range gb.SelectedExprs {
		if mentionsColumns(a, outerCols) {
			return nil, false
		}
	}
	var child sql.Node = filter.Child
	if len(local) > 0 {
		child = plan.NewFilter(expression.JoinAnd(local...), filter.Child)
	}
	// The aggregates' columns are given the keys' table, which the join
	// order builder needs to place the conditions on them.
	key := innerKeys[0].(*expression.GetField)
	aggCols := map[sql.ColumnId]*expression.GetField{}
	projected := append([]sql.Expression{}, innerKeys...)
	for _, a := range gb.SelectedExprs {
		id := a.(sql.IdExpression).Id()
		gf := expression.NewGetFieldWithTable(int(id), int(keyTable), a.Type(), key.Database(), key.Table(), a.String(), true)
		aggCols[id] = gf
		projected = append(projected, gf)
	}
	outerValue, _, err := transform.Expr(value, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, ok := e.(*expression.GetField); ok {
			if col, ok := aggCols[gf.Id()]; ok {
				return col, transform.NewTree, nil
			}
		}
		return e, transform.SameTree, nil
	})
	if err != nil {
		return nil, false
	}
	selected := append(append([]sql.Expression{}, gb.SelectedExprs...), innerKeys...)
	grouped := plan.NewGroupBy(selected, innerKeys, child)
	inner := plan.NewProject(projected, grouped)
	return &scalarGroupJoin{sq: sq, inner: inner, outer: outerKeys, value: outerValue, emptyNull: empty == nil, empty: empty}, true
}

// correlationPair splits `inner = outer` (either way round) into its inner
// and outer column, when equality of the inner column's values is their
// identity and the outer column is produced below the filter.
func correlationPair(conj sql.Expression, outerCols, produced sql.ColSet) (sql.Expression, sql.Expression, bool) {
	eq, ok := conj.(*expression.Equals)
	if !ok {
		return nil, nil, false
	}
	l, lok := eq.Left().(*expression.GetField)
	r, rok := eq.Right().(*expression.GetField)
	if !lok || !rok {
		return nil, nil, false
	}
	if outerCols.Contains(l.Id()) {
		l, r = r, l
	}
	if outerCols.Contains(l.Id()) || !outerCols.Contains(r.Id()) || !produced.Contains(r.Id()) {
		return nil, nil, false
	}
	if !equalityIsIdentity(l.Type(), r.Type()) {
		return nil, nil, false
	}
	return l, r, true
}

// equalityIsIdentity tells whether grouping by an inner column of type in
// and joining it with `=` to an outer column of type out meets the rows
// that `in = out` meets: distinct inner values never equal one outer value,
// and a hash join keys both alike.
func equalityIsIdentity(in, out sql.Type) bool {
	if types.IsInteger(in) && types.IsInteger(out) {
		return true
	}
	return (types.IsDecimal(in) || types.IsDatetimeType(in) || types.IsDateType(in)) && in.Equals(out)
}

// emptyGroupValue is value over no rows: each aggregate's value over no
// rows put in its place (NULL, or 0 for COUNT). False for an aggregate
// not known here.
func emptyGroupValue(ctx *sql.Context, value sql.Expression, aggs []sql.Expression) (interface{}, bool) {
	empties := map[sql.ColumnId]interface{}{}
	for _, a := range aggs {
		id, ok := a.(sql.IdExpression)
		if !ok {
			return nil, false
		}
		switch a.(type) {
		case *aggregation.Sum, *aggregation.Avg, *aggregation.Min, *aggregation.Max:
			empties[id.Id()] = nil
		case *aggregation.Count, *aggregation.CountDistinct:
			empties[id.Id()] = int64(0)
		default:
			return nil, false
		}
	}
	ok := true
	e, _, err := transform.Expr(value, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, isGf := e.(*expression.GetField); isGf {
			v, known := empties[gf.Id()]
			if !known {
				ok = false
				return e, transform.SameTree, nil
			}
			return expression.NewLiteral(v, gf.Type()), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
	if err != nil || !ok {
		return nil, false
	}
	v, err := e.Eval(ctx, nil)
	if err != nil {
		return nil, false
	}
	return v, true
}

func mentionsColumns(e sql.Expression, cols sql.ColSet) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e := e.(type) {
		case *expression.GetField:
			return cols.Contains(e.Id())
		case *plan.Subquery:
			return nodeMentionsColumns(e.Query, cols)
		}
		return false
	})
}

func nodeMentionsColumns(n sql.Node, cols sql.ColSet) bool {
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		if mentionsColumns(e, cols) {
			found = true
		}
		return !found
	})
	return found
}

func nodeNonDeterministic(n sql.Node) bool {
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		transform.InspectExpr(e, func(e sql.Expression) bool {
			if nd, ok := e.(sql.NonDeterministicExpression); ok && nd.IsNonDeterministic() {
				if sq, isSq := e.(*plan.Subquery); isSq {
					found = found || nodeNonDeterministic(sq.Query)
					return false
				}
				found = true
			}
			return found
		})
		return !found
	})
	return found
}

// readsOnly tells whether n is a query: no node of it writes (an UPDATE's
// or DELETE's rows are those of its child, which the rewrite changes).
func readsOnly(n sql.Node) bool {
	ok := true
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.Update, *plan.DeleteFrom, *plan.InsertInto, *plan.CreateTable, *plan.TriggerExecutor,
			*plan.Block, *plan.BeginEndBlock, *plan.Call, *plan.CreateView, *plan.CreateProcedure, *plan.CreateTrigger:
			ok = false
		}
		return ok
	})
	return ok
}
