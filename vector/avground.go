package vector

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/shopspring/decimal"
)

// An exact AVG's value is MySQL's unrounded quotient (exactSum.result):
// an operand of arithmetic and comparisons as it is, as in MySQL
// (AVG(x) / 2 divides 4.716666666, not 4.716667), and rounded to AVG's
// type everywhere else, where MySQL shows or stores it (a column of the
// result, a derived table, a function's argument). go-mysql-server prints
// a computed DECIMAL with the digits its value has, so the rounding is
// explicit: avgRounded reads the column.

// roundAverages puts avgRounded over every column that reads an exact
// AVG (by id, avgs holds their types), except where the column is an
// operand of + - * /, or of a comparison.
func roundAverages(n sql.Node, avgs map[sql.ColumnId]sql.DecimalType) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.GetField:
			if t, ok := avgs[x.Id()]; ok && x.TableId() == 0 {
				return &avgRounded{UnaryExpression: expression.UnaryExpression{Child: x}, typ: t}, transform.NewTree, nil
			}
		case *expression.Div, *expression.Arithmetic, expression.Comparer:
			return unroundedOperands(e)
		case *plan.Subquery:
			q, same, err := roundAverages(x.Query, avgs)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return x.WithQuery(q), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

// unroundedOperands gives an operator the unrounded AVG values of its
// operands.
func unroundedOperands(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	children := e.Children()
	var changed bool
	for i, c := range children {
		if r, ok := c.(*avgRounded); ok {
			children[i], changed = r.Child, true
		}
	}
	if !changed {
		return e, transform.SameTree, nil
	}
	x, err := e.WithChildren(children...)
	return x, transform.NewTree, err
}

// avgRounded is an AVG's value rounded to the AVG's type (half away from
// zero, as MySQL rounds decimals).
type avgRounded struct {
	expression.UnaryExpression
	typ sql.DecimalType
}

var _ sql.Expression = (*avgRounded)(nil)

func (r *avgRounded) Type() sql.Type   { return r.typ }
func (r *avgRounded) IsNullable() bool { return true }
func (r *avgRounded) String() string   { return r.Child.String() }
func (r *avgRounded) DebugString() string {
	return fmt.Sprintf("avgRounded(%s)", sql.DebugString(r.Child))
}

func (r *avgRounded) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	c := *r
	c.Child = children[0]
	return &c, nil
}

func (r *avgRounded) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := r.Child.Eval(ctx, row)
	if d, ok := v.(decimal.Decimal); ok && err == nil {
		return d.Round(int32(r.typ.Scale())), nil
	}
	return v, err
}
