package vector

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/shopspring/decimal"
)

// An exact AVG's value is MySQL's unrounded quotient (exactSum.result),
// and so is a SUM of quotients (SUM(e / 7) adds the quotients unrounded,
// unroundedQuotient): an operand of arithmetic and comparisons as it is,
// as in MySQL (AVG(x) / 2 divides 4.716666666, not 4.716667), and
// rounded to the aggregate's type everywhere else, where MySQL shows or
// stores it (a column of the result, a derived table, a function's
// argument). go-mysql-server prints a computed DECIMAL with the digits its
// value has, so the rounding is explicit: aggRounded reads the column.

// roundAggregates puts aggRounded over every column that reads such an
// aggregate (by id, unrounded holds their types), except where the column
// is an operand of + - * /, or of a comparison.
func roundAggregates(n sql.Node, unrounded map[sql.ColumnId]sql.DecimalType) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.GetField:
			if t, ok := unrounded[x.Id()]; ok && x.TableId() == 0 {
				return &aggRounded{UnaryExpression: expression.UnaryExpression{Child: x}, typ: t}, transform.NewTree, nil
			}
		case *expression.Div, *expression.Arithmetic, expression.Comparer:
			return unroundedOperands(e)
		case *plan.Subquery:
			q, same, err := roundAggregates(x.Query, unrounded)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return x.WithQuery(q), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

// unroundedOperands gives an operator the unrounded values of its
// operands.
func unroundedOperands(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	children := e.Children()
	var changed bool
	for i, c := range children {
		if r, ok := c.(*aggRounded); ok {
			children[i], changed = r.Child, true
		}
	}
	if !changed {
		return e, transform.SameTree, nil
	}
	x, err := e.WithChildren(children...)
	return x, transform.NewTree, err
}

// aggRounded is an aggregate's value rounded to its type (half away from
// zero, as MySQL rounds decimals).
type aggRounded struct {
	expression.UnaryExpression
	typ sql.DecimalType
}

var _ sql.Expression = (*aggRounded)(nil)

func (r *aggRounded) Type() sql.Type   { return r.typ }
func (r *aggRounded) IsNullable() bool { return true }
func (r *aggRounded) String() string   { return r.Child.String() }
func (r *aggRounded) DebugString() string {
	return fmt.Sprintf("aggRounded(%s)", sql.DebugString(r.Child))
}

func (r *aggRounded) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	c := *r
	c.Child = children[0]
	return &c, nil
}

func (r *aggRounded) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := r.Child.Eval(ctx, row)
	if d, ok := v.(decimal.Decimal); ok && err == nil {
		return d.Round(int32(r.typ.Scale())), nil
	}
	return v, err
}
