// paimon-sql: GROUPING() of GROUP BY ... WITH ROLLUP, which go-mysql-server
// v0.20.0 lacks (see plan.GroupBy.Rollup).

package aggregation

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Grouping is MySQL's GROUPING(expr, ...): in a row of a ROLLUP, a bit
// for each argument, the last argument's the lowest, set when the row is
// a super-aggregate over that grouping expression (its value there is the
// NULL of the rollup). The rollup's GroupBy evaluates it per group
// (NewRollupBuffer); it is an aggregate so that it sits in the GroupBy.
type Grouping struct {
	expression.NaryExpression
	id sql.ColumnId
}

var _ sql.Aggregation = (*Grouping)(nil)

// NewGrouping returns GROUPING(args...).
func NewGrouping(args ...sql.Expression) *Grouping {
	return &Grouping{NaryExpression: expression.NaryExpression{ChildExpressions: args}}
}

// Type implements sql.Expression.
func (g *Grouping) Type() sql.Type { return types.Int64 }

// IsNullable implements sql.Expression.
func (g *Grouping) IsNullable() bool { return false }

// Eval implements sql.Expression.
func (g *Grouping) Eval(*sql.Context, sql.Row) (interface{}, error) {
	return nil, ErrEvalUnsupportedOnAggregation.New("GROUPING")
}

// WithChildren implements sql.Expression.
func (g *Grouping) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	ng := *g
	ng.ChildExpressions = children
	return &ng, nil
}

func (g *Grouping) String() string {
	args := make([]string, len(g.ChildExpressions))
	for i, a := range g.ChildExpressions {
		args[i] = a.String()
	}
	return fmt.Sprintf("GROUPING(%s)", strings.Join(args, ", "))
}

// FunctionName implements sql.FunctionExpression.
func (g *Grouping) FunctionName() string { return "grouping" }

// Description implements sql.FunctionExpression.
func (g *Grouping) Description() string {
	return "tells super-aggregate rows of a ROLLUP from the rows of their groups."
}

// Id implements sql.IdExpression.
func (g *Grouping) Id() sql.ColumnId { return g.id }

// WithId implements sql.IdExpression.
func (g *Grouping) WithId(id sql.ColumnId) sql.IdExpression {
	ng := *g
	ng.id = id
	return &ng
}

// NewBuffer implements sql.Aggregation: GROUPING outside a ROLLUP is
// refused when the query is built, so this is never reached.
func (g *Grouping) NewBuffer() (sql.AggregationBuffer, error) {
	return nil, fmt.Errorf("GROUPING() is only allowed with GROUP BY ... WITH ROLLUP")
}

// NewRollupBuffer is GROUPING's value in a group of a ROLLUP where
// rolledUp[i] tells whether argument i is rolled up.
func (g *Grouping) NewRollupBuffer(rolledUp []bool) sql.AggregationBuffer {
	var v int64
	for _, r := range rolledUp {
		v <<= 1
		if r {
			v |= 1
		}
	}
	return groupingBuffer(v)
}

// NewWindowFunction implements sql.WindowAdaptableExpression: GROUPING is
// no window function.
func (g *Grouping) NewWindowFunction() (sql.WindowFunction, error) {
	return nil, fmt.Errorf("GROUPING() is not a window function")
}

// WithWindow implements sql.WindowAdaptableExpression.
func (g *Grouping) WithWindow(*sql.WindowDefinition) sql.WindowAdaptableExpression { return g }

// Window implements sql.WindowAdaptableExpression.
func (g *Grouping) Window() *sql.WindowDefinition { return nil }

// groupingBuffer is GROUPING's value in one group.
type groupingBuffer int64

func (b groupingBuffer) Eval(*sql.Context) (interface{}, error) { return int64(b), nil }
func (b groupingBuffer) Update(*sql.Context, sql.Row) error     { return nil }
func (b groupingBuffer) Dispose()                               {}
