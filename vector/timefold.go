package vector

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
)

// foldTimeLiterals converts, once, the text literal of a comparison with
// a date or time value (l_shipdate >= DATE '1995-09-01', whose DATE
// literal go-mysql-server keeps as text) to the DATETIME value that the
// comparison converts it to on every row: go-mysql-server parses the text
// again for each row, trying layout after layout, which was most of TPC-H
// Q14's time. The comparison converts both sides to
// types.DatetimeMaxPrecision (comparison.castLeftAndRight); the folded
// literal is that value, which the conversion leaves as it is. A text
// that does not convert stays, with its per-row warnings and errors.
func foldTimeLiterals(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		c, ok := e.(expression.Comparer)
		if !ok {
			return e, transform.SameTree, nil
		}
		l, r := c.Left(), c.Right()
		if !gtypes.IsTime(l.Type()) && !gtypes.IsTime(r.Type()) {
			return e, transform.SameTree, nil
		}
		fl, lok := timeLiteral(ctx, l)
		fr, rok := timeLiteral(ctx, r)
		if !lok && !rok {
			return e, transform.SameTree, nil
		}
		out, err := e.WithChildren(fl, fr)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return out, transform.NewTree, nil
	})
}

// timeLiteral is e converted to a DATETIME literal when it is a text
// literal that converts; ok is false otherwise (and e is returned).
func timeLiteral(ctx *sql.Context, e sql.Expression) (sql.Expression, bool) {
	lit, ok := e.(*expression.Literal)
	if !ok {
		return e, false
	}
	s, ok := lit.Value().(string)
	if !ok {
		return e, false
	}
	d, _, err := gtypes.DatetimeMaxPrecision.Convert(ctx, s)
	if err != nil || d == nil {
		return e, false
	}
	return expression.NewLiteral(d, gtypes.DatetimeMaxPrecision), true
}
