package vector

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// evalFn evaluates an expression over a row of the aggregate scan.
type evalFn func(ctx *sql.Context, row sql.Row) (any, error)

// compile turns an expression into an evalFn: the common shapes of GROUP
// BY keys, WHERE filters and aggregate arguments (columns, literals, k % n,
// comparisons with a literal, AND/OR/NOT, IS NULL, LENGTH) in plain Go,
// anything else through go-mysql-server's own Eval. A native result is
// numerically the value go-mysql-server computes, though not always of
// the same Go type (k % 100 is an int64 here, a decimal there): callers use
// native results only where just the number counts (keys, sums, tests).
// ok is false for what the aggregate scan cannot evaluate row by row
// (subqueries, DISTINCT arguments).
func compile(e sql.Expression) (evalFn, bool) {
	if !rowLocal(e) {
		return nil, false
	}
	if f := native(e); f != nil {
		return f, true
	}
	return e.Eval, true
}

// rowLocal is false for expressions that need more than the row: subqueries
// (an outer scope), and DISTINCT arguments (state across rows).
func rowLocal(e sql.Expression) bool {
	return !transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *plan.Subquery, *expression.DistinctExpression, *expression.BindVar:
			return true
		}
		return false
	})
}

func native(e sql.Expression) evalFn {
	switch x := e.(type) {
	case *expression.GetField:
		i := x.Index()
		return func(_ *sql.Context, row sql.Row) (any, error) { return row[i], nil }
	case *expression.Literal:
		v := x.Value()
		return func(*sql.Context, sql.Row) (any, error) { return v, nil }
	case *expression.Alias:
		return native(x.Child)
	case *expression.Mod:
		return nativeMod(x)
	case *expression.And:
		return nativeLogic(x.LeftChild, x.RightChild, true)
	case *expression.Or:
		return nativeLogic(x.LeftChild, x.RightChild, false)
	case *expression.Not:
		c := native(x.Child)
		if c == nil {
			return nil
		}
		return func(ctx *sql.Context, row sql.Row) (any, error) {
			v, err := c(ctx, row)
			if err != nil || v == nil {
				return nil, err
			}
			b, ok := v.(bool)
			if !ok {
				return x.Eval(ctx, row)
			}
			return !b, nil
		}
	case *expression.IsNull:
		c := native(x.Child)
		if c == nil {
			return nil
		}
		return func(ctx *sql.Context, row sql.Row) (any, error) {
			v, err := c(ctx, row)
			return v == nil, err
		}
	case *function.Length:
		return nativeLength(x)
	case expression.Comparer:
		return nativeCompare(x)
	}
	return nil
}

// nativeMod is integer column % non-zero integer literal; MySQL's result
// takes the dividend's sign, as Go's % does.
func nativeMod(x *expression.Mod) evalFn {
	if !gtypes.IsInteger(x.LeftChild.Type()) || gtypes.IsUnsigned(x.LeftChild.Type()) {
		return nil
	}
	left := native(x.LeftChild)
	lit, ok := x.RightChild.(*expression.Literal)
	if left == nil || !ok {
		return nil
	}
	d, ok := asInt64(lit.Value())
	if !ok || d == 0 {
		return nil
	}
	return func(ctx *sql.Context, row sql.Row) (any, error) {
		v, err := left(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		n, ok := asInt64(v)
		if !ok {
			return x.Eval(ctx, row)
		}
		return n % d, nil
	}
}

// nativeLogic is AND (and=true) or OR with SQL's three-valued logic.
func nativeLogic(l, r sql.Expression, and bool) evalFn {
	lf, rf := native(l), native(r)
	if lf == nil || rf == nil {
		return nil
	}
	truth := func(ctx *sql.Context, row sql.Row, f evalFn, e sql.Expression) (any, error) {
		v, err := f(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		if b, ok := v.(bool); ok {
			return b, nil
		}
		return sql.EvaluateCondition(ctx, e, row)
	}
	return func(ctx *sql.Context, row sql.Row) (any, error) {
		a, err := truth(ctx, row, lf, l)
		if err != nil {
			return nil, err
		}
		if a == !and { // false AND x, true OR x
			return a, nil
		}
		b, err := truth(ctx, row, rf, r)
		if err != nil {
			return nil, err
		}
		if b == !and {
			return b, nil
		}
		if a == nil || b == nil {
			return nil, nil
		}
		return and, nil
	}
}

func nativeLength(x *function.Length) evalFn {
	c := native(x.Child)
	if c == nil || !gtypes.IsText(x.Child.Type()) {
		return nil
	}
	chars := x.CountType == function.NumChars
	return func(ctx *sql.Context, row sql.Row) (any, error) {
		v, err := c(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		s, ok := v.(string)
		if !ok {
			return x.Eval(ctx, row)
		}
		if chars {
			return int32(utf8.RuneCountInString(s)), nil
		}
		return int32(len(s)), nil
	}
}

// nativeCompare is an integer or floating-point column compared with a
// numeric literal (either side), compared as go-mysql-server compares
// them: integers as int64, anything with a double as float64.
func nativeCompare(x expression.Comparer) evalFn {
	col, l, outcome, ok := numberComparison(x)
	if !ok {
		return nil
	}
	colFn := native(col)
	if colFn == nil {
		return nil
	}
	cmpFn := compareTo(col.Type(), l.Value())
	if cmpFn == nil {
		return nil
	}
	return func(ctx *sql.Context, row sql.Row) (any, error) {
		v, err := colFn(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		c, ok := cmpFn(v)
		if !ok {
			return x.Eval(ctx, row)
		}
		return outcome[c+1], nil
	}
}

// numberComparison splits a comparison of a number column (of a type
// other than decimal or unsigned) with a literal, either side, into the
// column, the literal and the comparison's outcome for each result -1, 0,
// 1 of comparing the column's value with the literal's; ok is false for
// another comparison.
func numberComparison(x expression.Comparer) (col sql.Expression, lit *expression.Literal, outcome [3]bool, ok bool) {
	if _, ok := comparisonOutcome(x, false); !ok {
		return nil, nil, outcome, false
	}
	col, other, flipped := x.Left(), x.Right(), false
	if _, isLit := col.(*expression.Literal); isLit {
		col, other, flipped = other, col, true
	}
	lit, isLit := other.(*expression.Literal)
	if t := col.Type(); !isLit || !gtypes.IsNumber(t) || gtypes.IsDecimal(t) || gtypes.IsUnsigned(t) {
		return nil, nil, outcome, false
	}
	outcome, _ = comparisonOutcome(x, flipped)
	return col, lit, outcome, true
}

// comparisonOutcome is, for a comparison x of the kinds the kernels take
// (=, <, <=, >, >=), its outcome for each result -1, 0, 1 of comparing its
// column side with its constant side; flipped when the constant is x's left
// operand. ok is false for another comparison.
func comparisonOutcome(x expression.Comparer, flipped bool) (outcome [3]bool, ok bool) {
	var test func(c int) bool
	switch x.(type) {
	case *expression.Equals:
		test = func(c int) bool { return c == 0 }
	case *expression.LessThan:
		test = func(c int) bool { return c < 0 }
	case *expression.LessThanOrEqual:
		test = func(c int) bool { return c <= 0 }
	case *expression.GreaterThan:
		test = func(c int) bool { return c > 0 }
	case *expression.GreaterThanOrEqual:
		test = func(c int) bool { return c >= 0 }
	default:
		return outcome, false
	}
	for r := -1; r <= 1; r++ {
		cr := r
		if flipped {
			cr = -r
		}
		outcome[r+1] = test(cr)
	}
	return outcome, true
}

// compareTo compares column values of type t with the literal lit; nil when
// the pair is not one compareTo handles.
func compareTo(t sql.Type, lit any) func(v any) (int, bool) {
	li, isInt := asInt64(lit)
	lf, isFloat := lit.(float64)
	switch {
	case gtypes.IsInteger(t) && isInt:
		return func(v any) (int, bool) {
			n, ok := asInt64(v)
			return cmp3(n, li), ok
		}
	case gtypes.IsFloat(t) && (isInt || isFloat):
		if isInt {
			lf = float64(li)
		}
		return func(v any) (int, bool) {
			f, ok := asFloat64(v)
			if !ok || math.IsNaN(f) {
				return 0, false
			}
			return cmp3(f, lf), true
		}
	}
	return nil
}

func cmp3[T int64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// asInt64 is v as an int64 when it is an integer (types.Int64) or a
// boolean, which MySQL's are.
func asInt64(v any) (int64, bool) {
	if b, ok := v.(bool); ok {
		if b {
			return 1, true
		}
		return 0, true
	}
	return types.Int64(v)
}

func asFloat64(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case float32:
		return float64(n), true
	}
	n, ok := asInt64(v)
	return float64(n), ok
}

// Tags of appendKey's encoding.
const (
	keyNull byte = iota
	keyInt
	keyFloat
	keyString
	keyDecimal
	keyTime
	keyOther
)

// appendKey encodes a grouping or DISTINCT value so that values SQL takes
// as equal encode alike: integers of every width as int64, decimals by
// their number (1.0 = 1.00), -0 as 0. Strings compare byte-wise: the
// caller keeps columns of other collations away.
func appendKey(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, keyNull)
	case string:
		b = append(b, keyString)
		b = binary.AppendUvarint(b, uint64(len(x)))
		return append(b, x...)
	case []byte:
		b = append(b, keyString)
		b = binary.AppendUvarint(b, uint64(len(x)))
		return append(b, x...)
	case float64:
		if x == 0 {
			x = 0
		}
		return binary.LittleEndian.AppendUint64(append(b, keyFloat), math.Float64bits(x))
	case float32:
		return appendKey(b, float64(x))
	case decimal.Decimal:
		if x.IsInteger() && x.Abs().LessThan(decimal.NewFromInt(math.MaxInt64)) {
			return appendKey(b, x.IntPart())
		}
		s := x.String()
		b = append(b, keyDecimal)
		b = binary.AppendUvarint(b, uint64(len(s)))
		return append(b, s...)
	case time.Time:
		b = binary.LittleEndian.AppendUint64(append(b, keyTime), uint64(x.Unix()))
		return binary.LittleEndian.AppendUint32(b, uint32(x.Nanosecond()))
	case uint64:
		if x > math.MaxInt64 {
			return appendKey(b, decimal.NewFromUint64(x))
		}
		return appendKey(b, int64(x))
	}
	if n, ok := asInt64(v); ok {
		return binary.LittleEndian.AppendUint64(append(b, keyInt), uint64(n))
	}
	s := fmt.Sprintf("%T:%v", v, v)
	b = append(b, keyOther)
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}
