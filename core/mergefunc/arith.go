package mergefunc

import (
	"errors"
	"fmt"
	"math"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/cast"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// sumAgg is FieldSumAgg: integer overflow is an error (Java's *Exact), a
// NULL input is skipped, and retracting into NULL starts from the negation.
type sumAgg struct{ t types.DataType }

func (s sumAgg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	return arith(s.t, acc, in, '+')
}

func (s sumAgg) retract(acc, in any) (any, error) {
	switch {
	case in == nil:
		return acc, nil
	case acc == nil:
		return arith(s.t, zeroOf(in), in, '-')
	}
	return arith(s.t, acc, in, '-')
}

func (sumAgg) reset() {}

// productAgg is FieldProductAgg; retraction divides.
type productAgg struct{ t types.DataType }

func (p productAgg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	return arith(p.t, acc, in, '*')
}

func (p productAgg) retract(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return acc, nil
	}
	return arith(p.t, acc, in, '/')
}

func (productAgg) reset() {}

func zeroOf(v any) any {
	switch v.(type) {
	case int8:
		return int8(0)
	case int16:
		return int16(0)
	case int32:
		return int32(0)
	case int64:
		return int64(0)
	case float32:
		return float32(0)
	case float64:
		return float64(0)
	}
	return decimal.Zero
}

var errOverflow = errors.New("mergefunc: integer overflow")

// arith applies op to two values of type t as Java's aggregators do.
func arith(t types.DataType, a, b any, op byte) (any, error) {
	switch x := a.(type) {
	case int8:
		r, err := intArith(int64(x), int64(b.(int8)), op, math.MinInt8, math.MaxInt8)
		return int8(r), err
	case int16:
		r, err := intArith(int64(x), int64(b.(int16)), op, math.MinInt16, math.MaxInt16)
		return int16(r), err
	case int32:
		r, err := intArith(int64(x), int64(b.(int32)), op, math.MinInt32, math.MaxInt32)
		return int32(r), err
	case int64:
		return longArith(x, b.(int64), op)
	case float32:
		y := b.(float32)
		return [...]float32{'+': x + y, '-': x - y, '*': x * y, '/': x / y}[op], nil
	case float64:
		y := b.(float64)
		return [...]float64{'+': x + y, '-': x - y, '*': x * y, '/': x / y}[op], nil
	case decimal.Decimal:
		return decimalArith(t, x, b.(decimal.Decimal), op)
	}
	return nil, fmt.Errorf("mergefunc: cannot aggregate %T as %s", a, t.SQL())
}

// intArith computes in 64 bits and checks the narrower range, as Java's
// add/subtract/multiply/divideExact helpers do for byte, short and int.
func intArith(a, b int64, op byte, lo, hi int64) (int64, error) {
	var r int64
	switch op {
	case '+':
		r = a + b
	case '-':
		r = a - b
	case '*':
		r = a * b
	case '/':
		if b == 0 {
			return 0, errors.New("mergefunc: division by zero")
		}
		r = a / b
	}
	if r < lo || r > hi {
		return 0, errOverflow
	}
	return r, nil
}

func longArith(a, b int64, op byte) (any, error) {
	switch op {
	case '+':
		r := a + b
		if (a >= 0) == (b >= 0) && (r >= 0) != (a >= 0) {
			return nil, errOverflow
		}
		return r, nil
	case '-':
		r := a - b
		if (a >= 0) != (b >= 0) && (r >= 0) != (a >= 0) {
			return nil, errOverflow
		}
		return r, nil
	case '*':
		r := a * b
		if a != 0 && (r/a != b || (a == -1 && b == math.MinInt64)) {
			return nil, errOverflow
		}
		return r, nil
	}
	switch {
	case b == 0:
		return nil, errors.New("mergefunc: division by zero")
	case a == math.MinInt64 && b == -1:
		return nil, errOverflow
	}
	return a / b, nil
}

// decimalArith follows DecimalUtils.add/subtract (a compact decimal, of
// precision up to 18, keeps its exact sum while it fits a long, without a
// precision check) and FieldProductAgg (BigDecimal multiply and exact
// divide, then Decimal.fromBigDecimal: HALF_UP, NULL on overflow).
func decimalArith(t types.DataType, a, b decimal.Decimal, op byte) (any, error) {
	var r decimal.Decimal
	switch op {
	case '+', '-':
		if op == '+' {
			r = a.Add(b)
		} else {
			r = a.Sub(b)
		}
		if exact := r.Round(int32(t.Scale)); t.Precision <= 18 && exact.Coefficient().IsInt64() {
			return exact, nil
		}
	case '*':
		r = a.Mul(b)
	case '/':
		if b.IsZero() {
			return nil, errors.New("mergefunc: division by zero")
		}
		// BigDecimal.divide(BigDecimal) throws unless the quotient is a
		// terminating decimal.
		r = a.DivRound(b, int32(t.Scale)+40)
		if !r.Mul(b).Equal(a) {
			return nil, errors.New("mergefunc: non-terminating decimal expansion; no exact representable decimal result")
		}
	}
	fit, ok := cast.FitDecimal(r, t.Precision, t.Scale)
	if !ok {
		return nil, nil
	}
	return fit, nil
}
