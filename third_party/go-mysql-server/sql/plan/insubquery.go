// Copyright 2020-2021 Dolthub, Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

package plan

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// InSubquery is an expression that checks an expression is in the result of a subquery. It's in the plan package,
// instead of the expression package, because Subquery is itself in the plan package (because it functions more like a
// plan node than an expression in its evaluation).
type InSubquery struct {
	expression.BinaryExpressionStub
}

var _ sql.Expression = (*InSubquery)(nil)
var _ sql.CollationCoercible = (*InSubquery)(nil)

// Type implements sql.Expression
func (in *InSubquery) Type() sql.Type {
	return types.Boolean
}

// CollationCoercibility implements the interface sql.CollationCoercible.
func (*InSubquery) CollationCoercibility(ctx *sql.Context) (collation sql.CollationID, coercibility byte) {
	return sql.Collation_binary, 5
}

// NewInSubquery creates an InSubquery expression.
func NewInSubquery(left sql.Expression, right sql.Expression) *InSubquery {
	return &InSubquery{expression.BinaryExpressionStub{LeftChild: left, RightChild: right}}
}

var nilKey, _ = sql.HashOf(nil, sql.NewRow(nil))

// Eval implements the Expression interface.
func (in *InSubquery) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	typ := in.LeftChild.Type().Promote()
	left, err := in.LeftChild.Eval(ctx, row)
	if err != nil {
		return nil, err
	}

	// The NULL handling for IN expressions is tricky. According to
	// https://dev.mysql.com/doc/refman/8.0/en/comparison-operators.html#operator_in:
	// To comply with the SQL standard, IN() returns NULL not only if the expression on the left hand side is NULL, but
	// also if no match is found in the list and one of the expressions in the list is NULL.
	// However, there's a strange edge case. NULL IN (empty list) return 0, not NULL.
	leftNull := left == nil

	left, _, err = typ.Convert(ctx, left)
	if err != nil {
		return nil, err
	}

	switch right := in.RightChild.(type) {
	case *Subquery:
		if types.NumColumns(typ) != types.NumColumns(right.Type()) {
			return nil, sql.ErrInvalidOperandColumns.New(types.NumColumns(typ), types.NumColumns(right.Type()))
		}

		leftType := typ
		typ := right.Type()

		// paimon-sql: a date or time IN text values compares them as
		// dates or times, as MySQL converts the strings (DATE '2024-01-02'
		// is text here); converting the left side to text instead gave
		// '2024-01-02 00:00:00', which matches no '2024-01-02'.
		if types.IsTime(leftType) && types.IsText(typ) && !leftNull {
			rows, err := right.EvalMultiple(ctx, row)
			if err != nil {
				return nil, err
			}
			return timeInTexts(ctx, leftType, left, rows)
		}

		// paimon-sql: a JSON value IN values of another type (or the
		// reverse) compares each as = does (a string is a JSON string
		// scalar, as in MySQL): hashing converted one side to the other's
		// type, and a JSON document is no valid hash key.
		if types.IsJSON(leftType) != types.IsJSON(typ) && !leftNull {
			rows, err := right.EvalMultiple(ctx, row)
			if err != nil {
				return nil, err
			}
			return equalsAny(ctx, expression.NewLiteral(left, leftType), typ, rows)
		}

		values, err := right.HashMultiple(ctx, row)
		if err != nil {
			return nil, err
		}

		// NULL IN (list) returns NULL. NULL IN (empty list) returns 0
		if leftNull {
			if values.Size() == 0 {
				return false, nil
			}
			return nil, nil
		}

		// convert left to right's type
		nLeft, _, err := typ.Convert(ctx, left)
		if err != nil {
			return false, nil
		}

		key, err := sql.HashOf(ctx, sql.NewRow(nLeft))
		if err != nil {
			return nil, err
		}

		// paimon-sql: a row constructor is IN the rows when it equals one
		// element by element; with a NULL on either side the equality is
		// NULL, not a match (the hash and the tuple type took NULL for
		// equal to NULL), unless another element differs.
		if tt, ok := typ.(types.TupleType); ok {
			if lt, ok := nLeft.([]interface{}); ok && len(lt) == len(tt) {
				if !hasNilElement(lt) {
					if _, err := values.Get(key); err == nil {
						return true, nil
					}
				}
				rows, err := right.EvalMultiple(ctx, row)
				if err != nil {
					return nil, err
				}
				return tupleInRows(ctx, tt, lt, rows)
			}
		}

		val, notFoundErr := values.Get(key)
		if notFoundErr != nil {
			if _, nilValNotFoundErr := values.Get(nilKey); nilValNotFoundErr == nil {
				return nil, nil
			}
			return false, nil
		}

		val, _, err = typ.Convert(ctx, val)
		if err != nil {
			return false, nil
		}

		cmp, err := typ.Compare(ctx, left, val)
		if err != nil {
			return nil, err
		}

		return cmp == 0, nil

	default:
		return nil, expression.ErrUnsupportedInOperand.New(right)
	}
}

// timeInTexts is left IN rows for a date or time left side and text rows:
// each row converted to the left side's type (paimon-sql).
func timeInTexts(ctx *sql.Context, typ sql.Type, left interface{}, rows []interface{}) (interface{}, error) {
	sawNull := false
	for _, r := range rows {
		if r == nil {
			sawNull = true
			continue
		}
		rv, _, err := typ.Convert(ctx, r)
		if err != nil || rv == nil {
			continue // not a date: equal to none
		}
		cmp, err := typ.Compare(ctx, left, rv)
		if err != nil {
			return nil, err
		}
		if cmp == 0 {
			return true, nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return false, nil
}

// equalsAny is left IN rows of type typ, each compared with = (true on a
// match, NULL when none matched and a comparison was NULL).
func equalsAny(ctx *sql.Context, left sql.Expression, typ sql.Type, rows []interface{}) (interface{}, error) {
	sawNull := false
	for _, r := range rows {
		v, err := expression.NewEquals(left, expression.NewLiteral(r, typ)).Eval(ctx, nil)
		if err != nil {
			return nil, err
		}
		switch v {
		case nil:
			sawNull = true
		case true:
			return true, nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return false, nil
}

func hasNilElement(t []interface{}) bool {
	for _, v := range t {
		if v == nil {
			return true
		}
	}
	return false
}

// tupleInRows is left IN rows for a row constructor: true when it equals a
// row, NULL when it may equal one (a NULL where no other element differs),
// false otherwise (paimon-sql).
func tupleInRows(ctx *sql.Context, typ types.TupleType, left []interface{}, rows []interface{}) (interface{}, error) {
	var maybe bool
	for _, r := range rows {
		right, ok := r.([]interface{})
		if !ok || len(right) != len(left) {
			continue
		}
		eq, null := true, false
		for i := range left {
			if left[i] == nil || right[i] == nil {
				null = true
				continue
			}
			cmp, err := typ[i].Compare(ctx, left[i], right[i])
			if err != nil {
				return nil, err
			}
			if cmp != 0 {
				eq = false
				break
			}
		}
		switch {
		case eq && !null:
			return true, nil
		case eq:
			maybe = true
		}
	}
	if maybe {
		return nil, nil
	}
	return false, nil
}

// WithChildren implements the Expression interface.
func (in *InSubquery) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(in, len(children), 2)
	}
	return NewInSubquery(children[0], children[1]), nil
}

// Describe implements the sql.Describable interface
func (in *InSubquery) Describe(options sql.DescribeOptions) string {
	pr := sql.NewTreePrinter()
	_ = pr.WriteNode("InSubquery")
	children := []string{fmt.Sprintf("left: %s", sql.Describe(in.Left(), options)),
		fmt.Sprintf("right: %s", sql.Describe(in.Right(), options))}
	_ = pr.WriteChildren(children...)
	return pr.String()
}

// String implements the fmt.Stringer interface
func (in *InSubquery) String() string {
	return in.Describe(sql.DescribeOptions{
		Analyze:   false,
		Estimates: false,
		Debug:     false,
	})
}

// DebugString implements the sql.DebugStringer interface
func (in *InSubquery) DebugString() string {
	return in.Describe(sql.DescribeOptions{
		Analyze:   false,
		Estimates: false,
		Debug:     true,
	})
}

// Children implements the Expression interface.
func (in *InSubquery) Children() []sql.Expression {
	return []sql.Expression{in.LeftChild, in.RightChild}
}

// Dispose implements sql.Disposable
func (in *InSubquery) Dispose() {
	if sq, ok := in.RightChild.(*Subquery); ok {
		sq.Dispose()
	}
}

// NewNotInSubquery creates a new NotInSubquery expression.
func NewNotInSubquery(left sql.Expression, right sql.Expression) sql.Expression {
	return expression.NewNot(NewInSubquery(left, right))
}
