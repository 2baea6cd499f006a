package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/vector"
)

// Rule ids above go-mysql-server's own.
const (
	pushdownRuleID  analyzer.RuleId = 10000
	countStarRuleID analyzer.RuleId = 10001
)

// PushdownRules are the analyzer rules that let Paimon tables prune: WHERE
// conditions pushed to the scan (FilteredTable is never called by
// go-mysql-server v0.20.0) and COUNT(*) answered from manifests; then the
// vectorized engine's (package vector).
func (p *Provider) PushdownRules() []analyzer.Rule {
	return append([]analyzer.Rule{
		{Id: pushdownRuleID, Apply: pushFilters},
		{Id: countStarRuleID, Apply: countFromManifests},
	}, vector.Rules(vectorSource)...)
}

// pushFilters hands each Filter's condition over a Paimon table to the table
// for pruning. The Filter stays: the table prunes only what cannot match and
// the engine still checks every row.
func pushFilters(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		scan, alias := f.Child, (*plan.TableAlias)(nil)
		if a, ok := scan.(*plan.TableAlias); ok {
			scan, alias = a.Child, a
		}
		// The scan is a table's, or an index lookup's on the primary key
		// (whose ranges prune too, see LookupPartitions).
		var tbl *Table
		var rt *plan.ResolvedTable
		var ita *plan.IndexedTableAccess
		switch x := scan.(type) {
		case *plan.ResolvedTable:
			rt = x
			tbl, _ = x.Table.(*Table)
		case *plan.IndexedTableAccess:
			ita = x
			tbl, _ = x.Table.(*Table)
		}
		if tbl == nil {
			return n, transform.SameTree, nil
		}
		var and predicate.And
		for _, e := range expression.SplitConjunction(f.Expression) {
			if p := toPredicate(tbl, e); p != nil {
				and = append(and, p)
			}
		}
		if len(and) == 0 {
			return n, transform.SameTree, nil
		}
		var child sql.Node
		var err error
		if rt != nil {
			child, err = rt.WithTable(tbl.withFilter(and))
		} else {
			child, err = ita.WithTable(tbl.withFilter(and))
		}
		if err != nil {
			return nil, transform.SameTree, err
		}
		if alias != nil {
			if child, err = alias.WithChildren(child); err != nil {
				return nil, transform.SameTree, err
			}
		}
		nf, err := f.WithChildren(child)
		return nf, transform.NewTree, err
	})
}

func resolvedTable(n sql.Node) (*plan.ResolvedTable, *plan.TableAlias) {
	switch c := n.(type) {
	case *plan.ResolvedTable:
		return c, nil
	case *plan.TableAlias:
		if rt, ok := c.Child.(*plan.ResolvedTable); ok {
			return rt, c
		}
	}
	return nil, nil
}

// toPredicate translates what it understands; nil means "no pruning".
func toPredicate(t *Table, e sql.Expression) predicate.Predicate {
	switch x := e.(type) {
	case *expression.And:
		var and predicate.And
		for _, c := range expression.SplitConjunction(x) {
			if p := toPredicate(t, c); p != nil {
				and = append(and, p)
			}
		}
		if len(and) == 0 {
			return nil
		}
		return and
	case *expression.Or:
		var or predicate.Or
		for _, c := range expression.SplitDisjunction(x) {
			p := toPredicate(t, c)
			if p == nil {
				return nil
			}
			or = append(or, p)
		}
		return or
	case *expression.IsNull:
		if name, ok := column(x.Child); ok {
			return predicate.Leaf{Field: t.fieldName(name), Op: predicate.IsNull}
		}
	case *expression.Not:
		if in, ok := x.Child.(*expression.IsNull); ok {
			if name, ok := column(in.Child); ok {
				return predicate.Leaf{Field: t.fieldName(name), Op: predicate.IsNotNull}
			}
		}
	case *expression.InTuple:
		return in(t, x.Left(), x.Right())
	case *expression.HashInTuple:
		return in(t, x.Left(), x.Right())
	case expression.Comparer:
		return comparison(t, x)
	}
	return nil
}

// in translates "column IN (literals)"; a NULL literal matches nothing, so it
// is left out.
func in(t *Table, left, right sql.Expression) predicate.Predicate {
	name, ok := column(left)
	tuple, isTuple := right.(expression.Tuple)
	if !ok || !isTuple {
		return nil
	}
	ft, _ := t.fieldType(name)
	var lits []any
	for _, el := range tuple {
		lit, ok := el.(*expression.Literal)
		if !ok {
			return nil
		}
		v, ok := exactPaimonValue(ft, lit.Value())
		if !ok && ft.Kind == types.Decimal && isDecimalLiteral(lit.Value()) {
			continue // more decimal places than the column's: equals no value of it
		}
		if !ok {
			return nil
		}
		if v != nil {
			lits = append(lits, v)
		}
	}
	return predicate.Leaf{Field: t.fieldName(name), Op: predicate.In, Literals: lits}
}

func comparison(t *Table, c expression.Comparer) predicate.Predicate {
	var op predicate.Op
	switch c.(type) {
	case *expression.Equals:
		op = predicate.Eq
	case *expression.GreaterThan:
		op = predicate.Gt
	case *expression.GreaterThanOrEqual:
		op = predicate.GtEq
	case *expression.LessThan:
		op = predicate.Lt
	case *expression.LessThanOrEqual:
		op = predicate.LtEq
	default:
		return nil
	}
	name, okL := column(c.Left())
	lit, okR := c.Right().(*expression.Literal)
	if !okL || !okR {
		// literal op column: flip the comparison.
		name, okL = column(c.Right())
		lit, okR = c.Left().(*expression.Literal)
		if !okL || !okR {
			return nil
		}
		op = map[predicate.Op]predicate.Op{predicate.Eq: predicate.Eq, predicate.Gt: predicate.Lt,
			predicate.GtEq: predicate.LtEq, predicate.Lt: predicate.Gt, predicate.LtEq: predicate.GtEq}[op]
	}
	ft, ok := t.fieldType(name)
	if !ok {
		return nil
	}
	v, ok := exactPaimonValue(ft, lit.Value())
	if !ok && op != predicate.Eq && ft.Kind == types.Decimal {
		op, v, ok = decimalRangeBound(ft, op, lit.Value())
	}
	if !ok || v == nil {
		return nil
	}
	return predicate.Leaf{Field: t.fieldName(name), Op: op, Literals: []any{v}}
}

// isDecimalLiteral tells a decimal literal, which a DECIMAL column's value
// equals only when it has no more places than the column's scale.
func isDecimalLiteral(v any) bool {
	_, ok := exactDecimal(v)
	return ok
}

// decimalRangeBound is a range comparison of a DECIMAL column with a literal
// of more decimal places than the column's scale (d > 0.005 for a
// DECIMAL(7,2) d) as the same comparison with a bound at the column's
// scale: the column's values above or at 0.005 are those at or above 0.01,
// those below or at it are at or below 0.00. The bound selects exactly the
// rows the literal does, so pruning with it never drops a matching file.
func decimalRangeBound(ft types.DataType, op predicate.Op, v any) (predicate.Op, any, bool) {
	d, ok := exactDecimal(v)
	if !ok {
		return op, nil, false
	}
	scale := int32(ft.Scale)
	switch op {
	case predicate.Gt, predicate.GtEq:
		return predicate.GtEq, d.RoundCeil(scale), true
	case predicate.Lt, predicate.LtEq:
		return predicate.LtEq, d.RoundFloor(scale), true
	}
	return op, nil, false
}

func column(e sql.Expression) (string, bool) {
	if gf, ok := e.(*expression.GetField); ok {
		return gf.Name(), true
	}
	return "", false
}

// fieldName is the schema's spelling of a column name.
func (t *Table) fieldName(name string) string {
	for _, f := range t.fields {
		if f.Name == name {
			return name
		}
	}
	for _, f := range t.fields {
		if strings.EqualFold(f.Name, name) {
			return f.Name
		}
	}
	return name
}

// countFromManifests answers a bare COUNT(*) over a Paimon table from the
// manifests when they give the exact count. go-mysql-server does this only
// for tables with a primary key; append tables are where it matters most.
func countFromManifests(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		agg, ok := n.(*plan.GroupBy)
		if !ok || len(agg.SelectedExprs) != 1 || len(agg.GroupByExprs) != 0 {
			return n, transform.SameTree, nil
		}
		expr, name := agg.SelectedExprs[0], agg.SelectedExprs[0].String()
		if a, ok := expr.(*expression.Alias); ok {
			expr, name = a.Child, a.Name()
		}
		cnt, ok := expr.(*aggregation.Count)
		if !ok {
			return n, transform.SameTree, nil
		}
		if _, star := cnt.Child.(*expression.Star); !star {
			if lit, ok := cnt.Child.(*expression.Literal); !ok || lit.Value() == nil {
				return n, transform.SameTree, nil
			}
		}
		rt, _ := resolvedTable(agg.Child)
		if rt == nil {
			return n, transform.SameTree, nil
		}
		tbl, ok := rt.Table.(*Table)
		if !ok || tbl.filter != nil {
			return n, transform.SameTree, nil
		}
		// A table that cannot be read is left to the scan, which reports why.
		if tbl.unusable != nil {
			return n, transform.SameTree, nil
		}
		rows, exact, err := tbl.RowCount(ctx)
		if err != nil || !exact {
			return n, transform.SameTree, nil
		}
		return plan.NewProject(
			[]sql.Expression{expression.NewAlias(name,
				expression.NewGetFieldWithTable(int(cnt.Id()), 0, gtypes.Int64, rt.Database().Name(), tbl.Name(), name, false)).WithId(cnt.Id())},
			plan.NewTableCount(name, rt.SqlDatabase, tbl, rows, cnt.Id()),
		), transform.NewTree, nil
	})
}
