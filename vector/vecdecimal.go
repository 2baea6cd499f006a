package vector

import (
	"math"
	"math/bits"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// Vector kernels of DECIMAL arithmetic and comparisons, and of DATE
// comparisons. A DECIMAL vector holds unscaled int64 values; its scale is
// decimalScale of the expression that made it (a column's is its type's,
// a product's the sum of its operands', a sum's the larger one), exactly
// the value go-mysql-server computes in shopspring decimals (which round
// only where a division is involved, never compiled here). An int64
// overflow takes the row path, where the values are added as decimals.

// maxVectorScale bounds the scales of decimal kernels, so that a power of
// ten of a rescaling fits an int64.
const maxVectorScale = 18

// decimalScale is the scale of the unscaled integers a decimal kernel
// computes for e; ok is false for an expression that is none of a
// decimal or integer column, literal or + - * of those.
func decimalScale(e sql.Expression) (int32, bool) {
	switch x := e.(type) {
	case *expression.Alias:
		return decimalScale(x.Child)
	case *expression.Literal:
		switch v := x.Value().(type) {
		case decimal.Decimal:
			return max(0, -v.Exponent()), true
		default:
			_, ok := asInt64(v)
			_, isBool := v.(bool)
			return 0, ok && !isBool
		}
	case *expression.Case, *function.Coalesce, *function.IfNull:
		if t, values, conv, _ := choiceOf(e); gtypes.IsDecimal(t) {
			return choiceScale(t, values, conv)
		}
	case *expression.Div:
		// Only where the division is the outermost arithmetic: its
		// quotient is then rounded to its type (the dividend's scale plus
		// div_precision_increment); as an operand of + - * or / it is not.
		// An unrounded one (the argument of SUM or AVG) keeps MySQL's
		// 9-digit quotient.
		ls, lok := decimalScale(x.LeftChild)
		rs, rok := decimalScale(x.RightChild)
		ok := lok && rok && gtypes.IsDecimal(x.Type()) && !hasDivision(x.LeftChild) && !hasDivision(x.RightChild)
		if x.UnroundedQuotient() {
			return quotientScale(ls, rs), ok
		}
		return ls + divPrecisionIncrement, ok
	case *expression.Arithmetic:
		if !gtypes.IsDecimal(x.Type()) || hasDivision(x.LeftChild) || hasDivision(x.RightChild) {
			return 0, false
		}
		ls, lok := decimalScale(x.LeftChild)
		rs, rok := decimalScale(x.RightChild)
		switch x.Operator() {
		case "+", "-":
			return max(ls, rs), lok && rok
		case "*":
			return ls + rs, lok && rok
		}
		return 0, false
	}
	t := e.Type()
	switch {
	case gtypes.IsDecimal(t):
		if _, isCol := e.(*expression.GetField); isCol {
			return int32(t.(sql.DecimalType).Scale()), true
		}
	case gtypes.IsInteger(t) && !gtypes.IsUnsigned(t):
		return 0, true
	}
	return 0, false
}

// compileUnscaled is a kernel of e's unscaled values at its decimalScale:
// a vector of kind VectorDecimal64 or VectorInt64 (an integer's scale is 0).
func compileUnscaled(e sql.Expression, kinds []format.VectorKind) (vexpr, int32, bool) {
	scale, ok := decimalScale(e)
	if !ok || scale > maxVectorScale {
		return nil, 0, false
	}
	if lit, isLit := e.(*expression.Literal); isLit {
		d, isDec := lit.Value().(decimal.Decimal)
		if !isDec {
			n, _ := asInt64(lit.Value())
			return constant(format.VectorInt64, n, func(v *format.Vector) []int64 { return v.Int64 }), 0, true
		}
		u := d.Shift(scale)
		if !u.IsInteger() || !u.BigInt().IsInt64() {
			return nil, 0, false
		}
		return constant(format.VectorDecimal64, u.IntPart(), func(v *format.Vector) []int64 { return v.Int64 }), scale, true
	}
	f, k := compileVector(e, kinds)
	if f == nil || k != format.VectorDecimal64 && k != format.VectorInt64 {
		return nil, 0, false
	}
	return f, scale, true
}

// hasDivision tells whether e has a / among its arithmetic (looking
// through aliases only, as decimalScale does).
func hasDivision(e sql.Expression) bool {
	switch x := e.(type) {
	case *expression.Alias:
		return hasDivision(x.Child)
	case *expression.Div:
		return true
	case *expression.Arithmetic:
		return hasDivision(x.LeftChild) || hasDivision(x.RightChild)
	}
	return false
}

// vectorDecimalDiv is a / b of integers and decimals (a DECIMAL result),
// the outermost arithmetic of its expression, as MySQL computes it: the
// quotient at quotientScale of the operands' scales, truncated, then
// rounded half away from zero to the result's scale, the dividend's plus
// div_precision_increment (to the quotient's scale itself, no rounding,
// when they are equal, or when the division keeps its quotient
// unrounded). With 128-bit intermediates that is the exact quotient
// rounded to the result's scale. A zero divisor takes the row path (NULL
// with warning 1365), as does a quotient beyond int64.
func vectorDecimalDiv(x *expression.Div, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	scale, ok := decimalScale(x)
	if !ok || scale > maxVectorScale {
		return nil, format.VectorNone
	}
	l, ls, lok := compileUnscaled(x.LeftChild, kinds)
	r, rs, rok := compileUnscaled(x.RightChild, kinds)
	// value = (L / 10^ls) / (R / 10^rs), unscaled at scale:
	// L * 10^(rs + scale - ls) / R.
	shift := rs + scale - ls
	if !lok || !rok || shift > 18 {
		return nil, format.VectorNone
	}
	mul := uint64(pow10(shift))
	truncate := quotientScale(ls, rs) == scale
	return strictBinaryKernel(l, r, format.VectorDecimal64, func(lv, rv, out *format.Vector) error {
		for i := range out.Int64 {
			if lv.IsNull(i) || rv.IsNull(i) {
				out.Int64[i] = 0
				continue
			}
			q, ok := divideRounded(lv.Int64[i], rv.Int64[i], mul, truncate)
			if !ok {
				return errRowPath
			}
			out.Int64[i] = q
		}
		return nil
	}), format.VectorDecimal64
}

// divideRounded is a * mul / c rounded half away from zero (truncated
// toward zero if truncate); ok is false for a zero divisor or a quotient
// beyond int64.
func divideRounded(a, c int64, mul uint64, truncate bool) (int64, bool) {
	if c == 0 || a == math.MinInt64 || c == math.MinInt64 {
		return 0, false
	}
	den := uint64(abs64(c))
	hi, lo := bits.Mul64(uint64(abs64(a)), mul)
	if hi >= den {
		return 0, false
	}
	q, rem := bits.Div64(hi, lo, den)
	if !truncate && rem >= den-rem { // rem >= den/2, without overflow
		q++
	}
	if q > math.MaxInt64 {
		return 0, false
	}
	if a < 0 != (c < 0) {
		return -int64(q), true
	}
	return int64(q), true
}

// vectorDecimalArithmetic is + - * with a DECIMAL result, of decimal and
// integer columns and literals.
func vectorDecimalArithmetic(x *expression.Arithmetic, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	op := x.Operator()
	scale, ok := decimalScale(x)
	if !ok || scale > maxVectorScale {
		return nil, format.VectorNone
	}
	l, ls, lok := compileUnscaled(x.LeftChild, kinds)
	r, rs, rok := compileUnscaled(x.RightChild, kinds)
	if !lok || !rok {
		return nil, format.VectorNone
	}
	lm, rm := int64(1), int64(1) // the operands' rescaling for + and -
	if op != "*" {
		lm, rm = pow10(scale-ls), pow10(scale-rs)
	}
	return strictBinaryKernel(l, r, format.VectorDecimal64, func(lv, rv, out *format.Vector) error {
		n := len(out.Int64)
		if decimalBatchFits(op, lv.Int64[:n], rv.Int64[:n], lm, rm) {
			decimalBatch(op, lv.Int64[:n], rv.Int64[:n], lm, rm, out.Int64)
			zeroNulls(out.Int64, lv, rv)
			return nil
		}
		for i := range out.Int64 {
			if lv.IsNull(i) || rv.IsNull(i) {
				out.Int64[i] = 0
				continue
			}
			a, c := lv.Int64[i], rv.Int64[i]
			var v int64
			var ok bool
			switch op {
			case "*":
				v, ok = mulInt64(a, c)
			default:
				var aok, cok bool
				a, aok = mulInt64(a, lm)
				c, cok = mulInt64(c, rm)
				if op == "-" {
					v, ok = subInt64(a, c)
				} else {
					v, ok = addInt64(a, c)
				}
				ok = ok && aok && cok
			}
			if !ok {
				return errRowPath
			}
			out.Int64[i] = v
		}
		return nil
	}), format.VectorDecimal64
}

// decimalBatchFits tells whether no value of op over a batch can
// overflow int64, by the largest magnitudes of its operands (rescaled by
// lm and rm for + and -): the common case, which decimalBatch computes
// without a check per row. NULL rows count with the values they hold.
func decimalBatchFits(op string, a, c []int64, lm, rm int64) bool {
	ma, mc := maxMagnitude(a), maxMagnitude(c)
	if op == "*" {
		hi, lo := bits.Mul64(ma, mc)
		return hi == 0 && lo <= math.MaxInt64
	}
	ha, la := bits.Mul64(ma, uint64(lm))
	hc, lc := bits.Mul64(mc, uint64(rm))
	sum, carry := bits.Add64(la, lc, 0)
	return ha == 0 && hc == 0 && carry == 0 && sum <= math.MaxInt64
}

// maxMagnitude is the largest |v| of vs (2^63 for math.MinInt64).
func maxMagnitude(vs []int64) uint64 {
	var m uint64
	for _, v := range vs {
		u := uint64(v)
		if v < 0 {
			u = -u
		}
		m = max(m, u)
	}
	return m
}

// decimalBatch is op over a batch that decimalBatchFits, one loop per
// operator.
func decimalBatch(op string, a, c []int64, lm, rm int64, out []int64) {
	switch {
	case op == "*":
		for i := range out {
			out[i] = a[i] * c[i]
		}
	case op == "+" && lm == 1 && rm == 1:
		for i := range out {
			out[i] = a[i] + c[i]
		}
	case op == "+":
		for i := range out {
			out[i] = a[i]*lm + c[i]*rm
		}
	default:
		for i := range out {
			out[i] = a[i]*lm - c[i]*rm
		}
	}
}

// zeroNulls sets the rows where an operand is NULL to 0, as the checked
// loops leave them.
func zeroNulls(out []int64, operands ...*format.Vector) {
	for _, o := range operands {
		for i, null := range o.Nulls[:min(len(o.Nulls), len(out))] {
			if null {
				out[i] = 0
			}
		}
	}
}

func pow10(n int32) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

func addInt64(a, c int64) (int64, bool) {
	v := a + c
	return v, (a^v)&(c^v) >= 0
}

func subInt64(a, c int64) (int64, bool) {
	v := a - c
	return v, (a^c)&(a^v) >= 0
}

func mulInt64(a, c int64) (int64, bool) {
	if a == 0 || c == 0 {
		return 0, true
	}
	hi, lo := bits.Mul64(uint64(abs64(a)), uint64(abs64(c)))
	if hi != 0 || lo > math.MaxInt64 || a == math.MinInt64 || c == math.MinInt64 {
		return 0, false
	}
	if a < 0 != (c < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// constantValue is the value of an expression that reads no column (a
// literal, or DATE '1998-12-01' - INTERVAL '90' DAY), evaluated once;
// ok is false for anything that reads a column or may differ between
// evaluations.
func constantValue(e sql.Expression) (any, bool) {
	if lit, ok := e.(*expression.Literal); ok {
		return lit.Value(), true
	}
	var reads bool
	sql.Inspect(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, sql.NonDeterministicExpression:
			reads = true
		}
		return !reads
	})
	if reads || !rowLocal(e) || !e.Resolved() {
		return nil, false
	}
	v, err := e.Eval(sql.NewEmptyContext(), nil)
	return v, err == nil
}

// constComparison splits a comparison of an expression with a constant
// (either side) into the expression, the constant's value and the
// comparison's outcome for each result -1, 0, 1 of comparing the
// expression's value with the constant.
func constComparison(x expression.Comparer) (e sql.Expression, c any, outcome [3]bool, ok bool) {
	if _, ok := comparisonOutcome(x, false); !ok {
		return nil, nil, outcome, false
	}
	e, other, flipped := x.Left(), x.Right(), false
	c, isConst := constantValue(other)
	if !isConst {
		e, other, flipped = other, e, true
		if c, isConst = constantValue(other); !isConst {
			return nil, nil, outcome, false
		}
	}
	outcome, _ = comparisonOutcome(x, flipped)
	return e, c, outcome, true
}

// vectorTypedCompare compiles a comparison of a decimal or a DATE with a
// constant; nil for other comparisons.
func vectorTypedCompare(x expression.Comparer, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	e, c, outcome, ok := constComparison(x)
	if !ok || c == nil {
		return nil, format.VectorNone
	}
	cmp := unscaledComparer(e, c, kinds)
	if cmp == nil {
		return nil, format.VectorNone
	}
	return cmp(func(r int) bool { return outcome[r+1] }), format.VectorBool
}

// unscaledComparer prepares a kernel comparing e (a decimal expression or
// a DATE column) with the constant c; the returned function makes it for
// a test of the result -1, 0 or 1. nil when e and c are not such a pair.
func unscaledComparer(e sql.Expression, c any, kinds []format.VectorKind) func(test func(int) bool) vexpr {
	f, th, ok := unscaledOperand(e, c, kinds)
	if !ok {
		return nil
	}
	return func(test func(int) bool) vexpr {
		// The test's answer below, at and above the threshold, so that
		// the loop makes no call per row.
		below, above := test(-1), test(1)
		at := below
		if th.exact {
			at = test(0)
		}
		floor := th.floor
		return strictUnaryKernel(f, format.VectorBool, func(v, out *format.Vector) error {
			res := out.Bool[:len(v.Int64)]
			for i, n := range v.Int64 {
				r := above
				if n < floor {
					r = below
				} else if n == floor {
					r = at
				}
				res[i] = r
			}
			return nil
		})
	}
}

// unscaledOperand is what unscaledComparer compares: the kernel of e's
// integers and c's threshold among them; ok is false when e and c are not
// such a pair.
func unscaledOperand(e sql.Expression, c any, kinds []format.VectorKind) (f vexpr, th threshold, ok bool) {
	t := e.Type()
	switch {
	case gtypes.IsDecimal(t):
		var scale int32
		if f, scale, ok = compileUnscaled(e, kinds); !ok {
			return nil, th, false
		}
		var d decimal.Decimal
		switch v := c.(type) {
		case decimal.Decimal:
			d = v
		default:
			n, isInt := asInt64(c)
			if _, isBool := c.(bool); !isInt || isBool {
				return nil, th, false
			}
			d = decimal.NewFromInt(n)
		}
		if th, ok = unscaledThreshold(d.Shift(scale)); !ok {
			return nil, th, false
		}
		return f, th, true
	case microsPerUnit(t) != 0:
		// go-mysql-server compares a DATE or TIMESTAMP with a constant of
		// another type as DATETIMEs ('1994-01-01' too).
		return timeComparer(e, c, kinds)
	}
	return nil, th, false
}

// threshold is a constant as the integers of a vector compare with it:
// a value below floor is less, above it greater, and floor itself equal
// when exact, else less (the constant has a fraction beyond the vector's
// unit).
type threshold struct {
	floor int64
	exact bool
}

// unscaledThreshold is the threshold of u, a constant at the scale of
// unscaled integers; ok is false when u is beyond int64.
func unscaledThreshold(u decimal.Decimal) (threshold, bool) {
	fl := u.Floor()
	if !fl.BigInt().IsInt64() {
		return threshold{}, false
	}
	return threshold{floor: fl.IntPart(), exact: u.IsInteger()}, true
}

// vectorBetween is x BETWEEN lo AND hi with constant bounds, which
// go-mysql-server evaluates as lo <= x AND hi >= x; with bounds that are
// not NULL it is NULL exactly where x is.
func vectorBetween(x *expression.Between, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	lo, lok := constantValue(x.Lower)
	hi, hok := constantValue(x.Upper)
	if !lok || !hok || lo == nil || hi == nil {
		return nil, format.VectorNone
	}
	ge := unscaledComparer(x.Val, lo, kinds)
	le := unscaledComparer(x.Val, hi, kinds)
	if ge == nil || le == nil {
		return nil, format.VectorNone
	}
	geK := ge(func(c int) bool { return c >= 0 })
	leK := le(func(c int) bool { return c <= 0 })
	return strictBinaryKernel(geK, leK, format.VectorBool, func(a, b, out *format.Vector) error {
		for i := range out.Bool {
			out.Bool[i] = a.Bool[i] && b.Bool[i]
		}
		return nil
	}), format.VectorBool
}

// vectorIn is x IN (constants) of a signed integer, a decimal or a DATE
// column, with constants that go-mysql-server compares exactly as these
// values: integers (of the column's range), decimals (of any scale: an
// element with more places than the column's equals none of its values),
// dates. A NULL element, a string or a float leaves it to the row path.
func vectorIn(left, right sql.Expression, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	tuple, ok := right.(expression.Tuple)
	if !ok || len(tuple) == 0 {
		return nil, format.VectorNone
	}
	t := left.Type()
	if gtypes.IsText(t) {
		return vectorStringIn(left, tuple, kinds)
	}
	var f vexpr
	var scale int32
	isDate := t == gtypes.Date
	switch {
	case isDate:
		gf, isCol := left.(*expression.GetField)
		if !isCol || gf.Index() >= len(kinds) || kinds[gf.Index()] != format.VectorInt64 {
			return nil, format.VectorNone
		}
		f, _ = compileVector(gf, kinds)
	case gtypes.IsDecimal(t) || gtypes.IsInteger(t) && !gtypes.IsUnsigned(t):
		if f, scale, ok = compileUnscaled(left, kinds); !ok {
			return nil, format.VectorNone
		}
	default:
		return nil, format.VectorNone
	}
	ctx := sql.NewEmptyContext()
	set := make(map[int64]bool, len(tuple))
	for _, el := range tuple {
		v, ok := constantValue(el)
		if !ok || v == nil {
			return nil, format.VectorNone
		}
		switch x := v.(type) {
		case decimal.Decimal:
			if isDate || gtypes.IsInteger(t) {
				return nil, format.VectorNone
			}
			u := x.Shift(scale)
			if u.IsInteger() && u.BigInt().IsInt64() {
				set[u.IntPart()] = true
			} // else no value of the column equals it
		default:
			if isDate {
				if _, isStr := v.(string); !isStr {
					if _, isTime := v.(time.Time); !isTime {
						return nil, format.VectorNone
					}
				}
				dv, _, err := gtypes.Date.Convert(ctx, v)
				tm, isTime := dv.(time.Time)
				if err != nil || !isTime {
					return nil, format.VectorNone
				}
				set[tm.Unix()/86400] = true
				continue
			}
			n, isInt := asInt64(v)
			_, isBool := v.(bool)
			if !isInt || isBool {
				return nil, format.VectorNone
			}
			if gtypes.IsInteger(t) {
				cv, inRange, err := t.Promote().Convert(ctx, v)
				if m, ok := asInt64(cv); err != nil || inRange != sql.InRange || !ok || m != n {
					return nil, format.VectorNone
				}
				set[n] = true
				continue
			}
			u := decimal.NewFromInt(n).Shift(scale)
			if !u.BigInt().IsInt64() {
				return nil, format.VectorNone
			}
			set[u.IntPart()] = true
		}
	}
	return strictUnaryKernel(f, format.VectorBool, func(v, out *format.Vector) error {
		for i, n := range v.Int64 {
			out.Bool[i] = set[n]
		}
		return nil
	}), format.VectorBool
}

// divPrecisionIncrement is MySQL's div_precision_increment, which
// go-mysql-server does not let a session change.
const divPrecisionIncrement = 4

// quotientScale is the scale at which MySQL's decimal division (strings/
// decimal.c, do_div_mod) computes a quotient, truncating the rest, from
// the scales of the dividend and the divisor: each rounded up to whole
// 9-digit words, plus what is left of the increment after that rounding,
// the sum again rounded up to words. A DECIMAL(7,2) over an integer is
// computed to 9 decimals, an AVG of it (9 decimals) divided by 2 to 18.
func quotientScale(dividend, divisor int32) int32 {
	l, r := roundUpToWord(dividend), roundUpToWord(divisor)
	incr := max(0, divPrecisionIncrement-(l-dividend)-(r-divisor))
	return roundUpToWord(l + r + incr)
}

// roundUpToWord rounds a number of digits up to a multiple of 9, the
// digits of one word of MySQL's decimals.
func roundUpToWord(digits int32) int32 { return (digits + 8) / 9 * 9 }
