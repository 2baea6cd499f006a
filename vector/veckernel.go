package vector

import (
	"errors"
	"math"
	"sync/atomic"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// errRowPath is returned by a vector kernel for a batch it cannot
// evaluate as go-mysql-server evaluates it row by row (an integer
// overflow, a NaN compared): the batch takes the row path, where
// go-mysql-server's Eval gives its own result or error.
var errRowPath = errors.New("aggregate scan: batch needs the row path")

// vexpr evaluates an expression over every row of a batch of column
// vectors. The result may be one of the batch's own columns: callers only
// read it.
type vexpr func(b *format.VectorBatch) (*format.Vector, error)

// compileVector turns an expression into a vector kernel over columns of
// the given kinds (the scan's row layout): the shapes native evaluates
// (columns, numeric literals, k % n, comparisons with a literal, AND, OR,
// NOT, IS NULL, LENGTH), integer and floating-point + - *, and CAST of
// numbers to SIGNED or DOUBLE; decimal + - * and comparisons of decimals
// and DATE columns with constants, BETWEEN among them, and IN lists of
// constants (vecdecimal.go). It returns
// nil for anything else: the aggregate scan then takes the row path.
func compileVector(e sql.Expression, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	switch x := e.(type) {
	case *expression.GetField:
		i := x.Index()
		if i < 0 || i >= len(kinds) || kinds[i] == format.VectorNone {
			return nil, format.VectorNone
		}
		return func(b *format.VectorBatch) (*format.Vector, error) { return &b.Cols[i], nil }, kinds[i]
	case *expression.Literal:
		return vectorLiteral(x.Value())
	case *expression.Alias:
		return compileVector(x.Child, kinds)
	case *expression.Mod:
		return vectorMod(x, kinds)
	case *expression.Div:
		if gtypes.IsDecimal(x.Type()) {
			return vectorDecimalDiv(x, kinds)
		}
		return vectorFloatDiv(x, kinds)
	case *expression.Arithmetic:
		if gtypes.IsDecimal(x.Type()) {
			return vectorDecimalArithmetic(x, kinds)
		}
		return vectorArithmetic(x, kinds)
	case *expression.Between:
		return vectorBetween(x, kinds)
	case *expression.And:
		return vectorLogic(x.LeftChild, x.RightChild, true, kinds)
	case *expression.Or:
		return vectorLogic(x.LeftChild, x.RightChild, false, kinds)
	case *expression.Not:
		return vectorNot(x, kinds)
	case *expression.IsNull:
		c, _ := compileVector(x.Child, kinds)
		if c == nil {
			return nil, format.VectorNone
		}
		// Not strict: IS NULL of a NULL is true.
		return unaryKernel(c, format.VectorBool, func(v, out *format.Vector) error {
			for i := range out.Bool {
				out.Bool[i] = v.IsNull(i)
			}
			return nil
		}), format.VectorBool
	case *function.Length:
		return vectorLength(x, kinds)
	case *expression.Convert:
		return vectorCast(x, kinds)
	case *expression.InTuple:
		return vectorIn(x.Left(), x.Right(), kinds)
	case *expression.HashInTuple:
		return vectorIn(x.Left(), x.Right(), kinds)
	case *expression.Like:
		return vectorLike(x, kinds)
	case *expression.Case:
		return vectorCase(x, kinds)
	case *function.Year, *function.Month, *function.Day, *function.Quarter, *function.Extract:
		return vectorDatePart(x, kinds)
	case *function.Coalesce, *function.IfNull:
		t, values, conv, _ := choiceOf(x)
		return vectorCoalesce(t, values, conv, kinds)
	case expression.Comparer:
		if f, k := vectorCompare(x, kinds); f != nil {
			return f, k
		}
		if f, k := vectorStringCompare(x, kinds); f != nil {
			return f, k
		}
		if f, k := vectorColumnCompare(x, kinds); f != nil {
			return f, k
		}
		return vectorTypedCompare(x, kinds)
	}
	return nil, format.VectorNone
}

// unaryKernel is a kernel of one operand: it evaluates c and fill sets a new
// vector of kind k from the operand's. fill holds the loop over the rows,
// so that its body stays direct (no call per row).
func unaryKernel(c vexpr, k format.VectorKind, fill func(v, out *format.Vector) error) vexpr {
	return func(b *format.VectorBatch) (*format.Vector, error) {
		v, err := c(b)
		if err != nil {
			return nil, err
		}
		out := batchVector(b, k)
		if err := fill(v, out); err != nil {
			return nil, err
		}
		return out, nil
	}
}

// strictUnaryKernel is unaryKernel whose result is NULL where its operand is.
func strictUnaryKernel(c vexpr, k format.VectorKind, fill func(v, out *format.Vector) error) vexpr {
	return unaryKernel(c, k, func(v, out *format.Vector) error {
		if err := fill(v, out); err != nil {
			return err
		}
		withNulls(out, v)
		return nil
	})
}

// binaryKernel is unaryKernel of two operands, l and r.
func binaryKernel(l, r vexpr, k format.VectorKind, fill func(lv, rv, out *format.Vector) error) vexpr {
	return func(b *format.VectorBatch) (*format.Vector, error) {
		lv, err := l(b)
		if err != nil {
			return nil, err
		}
		rv, err := r(b)
		if err != nil {
			return nil, err
		}
		out := batchVector(b, k)
		if err := fill(lv, rv, out); err != nil {
			return nil, err
		}
		return out, nil
	}
}

// strictBinaryKernel is binaryKernel whose result is NULL where either operand is.
func strictBinaryKernel(l, r vexpr, k format.VectorKind, fill func(lv, rv, out *format.Vector) error) vexpr {
	return binaryKernel(l, r, k, func(lv, rv, out *format.Vector) error {
		if err := fill(lv, rv, out); err != nil {
			return err
		}
		withNulls(out, lv, rv)
		return nil
	})
}

// constant is a kernel of the same value in every row. Its values are
// made once (again for a longer batch) and shared by every batch and
// worker, as callers only read a kernel's result: a literal such as
// TPC-H Q01's 1 - l_discount costs no vector filled per batch.
func constant[T any](k format.VectorKind, v T, col func(*format.Vector) []T) vexpr {
	var made atomic.Pointer[format.Vector]
	return func(b *format.VectorBatch) (*format.Vector, error) {
		full := made.Load()
		if full == nil || full.Len < b.Len {
			full = newVector(k, b.Len)
			s := col(full)
			for i := range s {
				s[i] = v
			}
			made.Store(full)
		}
		out := *full
		out.Len = b.Len
		switch k {
		case format.VectorFloat64:
			out.Float64 = out.Float64[:b.Len]
		default:
			out.Int64 = out.Int64[:b.Len]
		}
		return &out, nil
	}
}

// batchVector is a new vector of kind k for the rows of b, from b's arena
// when it has one.
func batchVector(b *format.VectorBatch, k format.VectorKind) *format.Vector {
	if b.Arena != nil {
		return b.Arena.Vector(k, b.Len)
	}
	return newVector(k, b.Len)
}

func newVector(k format.VectorKind, n int) *format.Vector {
	v := &format.Vector{}
	v.Reset(k, n)
	return v
}

// withNulls gives out the NULLs of the operands.
func withNulls(out *format.Vector, operands ...*format.Vector) {
	for _, o := range operands {
		if o.Nulls == nil {
			continue
		}
		if out.Nulls == nil {
			out.Nulls = make([]bool, out.Len)
		}
		for i, n := range o.Nulls {
			out.Nulls[i] = out.Nulls[i] || n
		}
	}
}

func vectorLiteral(v any) (vexpr, format.VectorKind) {
	if f, ok := v.(float64); ok {
		return constant(format.VectorFloat64, f, func(v *format.Vector) []float64 { return v.Float64 }), format.VectorFloat64
	}
	if _, isBool := v.(bool); isBool {
		return nil, format.VectorNone
	}
	n, ok := asInt64(v)
	if !ok {
		return nil, format.VectorNone
	}
	return constant(format.VectorInt64, n, func(v *format.Vector) []int64 { return v.Int64 }), format.VectorInt64
}

// vectorMod is nativeMod: a signed integer % a non-zero integer literal.
func vectorMod(x *expression.Mod, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	if native(x) == nil {
		return nil, format.VectorNone
	}
	left, k := compileVector(x.LeftChild, kinds)
	d, _ := asInt64(x.RightChild.(*expression.Literal).Value())
	if left == nil || k != format.VectorInt64 {
		return nil, format.VectorNone
	}
	return strictUnaryKernel(left, format.VectorInt64, func(l, out *format.Vector) error {
		for i, n := range l.Int64 {
			out.Int64[i] = n % d
		}
		return nil
	}), format.VectorInt64
}

// vectorArithmetic is + - * of numbers: in int64 when both operands are
// integers (an overflow takes the row path), else in float64 when both are
// integers or doubles. Decimal operands are not compiled.
func vectorArithmetic(x *expression.Arithmetic, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	op := x.Operator()
	if op != "+" && op != "-" && op != "*" {
		return nil, format.VectorNone
	}
	for _, c := range []sql.Expression{x.LeftChild, x.RightChild} {
		t := c.Type()
		if !gtypes.IsNumber(t) || gtypes.IsDecimal(t) || gtypes.IsUnsigned(t) {
			return nil, format.VectorNone
		}
	}
	l, lk := compileVector(x.LeftChild, kinds)
	r, rk := compileVector(x.RightChild, kinds)
	if l == nil || r == nil || !numeric(lk) || !numeric(rk) {
		return nil, format.VectorNone
	}
	if lk == format.VectorInt64 && rk == format.VectorInt64 {
		if !gtypes.IsInteger(x.Type()) {
			return nil, format.VectorNone
		}
		return strictBinaryKernel(l, r, format.VectorInt64, func(lv, rv, out *format.Vector) error {
			for i := range out.Int64 {
				a, c := lv.Int64[i], rv.Int64[i]
				var v int64
				var ok bool
				switch op {
				case "+":
					v = a + c
					ok = (a^v)&(c^v) >= 0
				case "-":
					v = a - c
					ok = (a^c)&(a^v) >= 0
				default:
					v = a * c
					ok = a == 0 || (v/a == c && !(a == -1 && c == math.MinInt64))
				}
				if !ok && !lv.IsNull(i) && !rv.IsNull(i) {
					return errRowPath
				}
				out.Int64[i] = v
			}
			return nil
		}), format.VectorInt64
	}
	if !gtypes.IsFloat(x.Type()) {
		return nil, format.VectorNone
	}
	return strictBinaryKernel(l, r, format.VectorFloat64, func(lv, rv, out *format.Vector) error {
		for i := range out.Float64 {
			a, c := floatAt(lv, i), floatAt(rv, i)
			switch op {
			case "+":
				out.Float64[i] = a + c
			case "-":
				out.Float64[i] = a - c
			default:
				out.Float64[i] = a * c
			}
		}
		return nil
	}), format.VectorFloat64
}

func numeric(k format.VectorKind) bool {
	return k == format.VectorInt64 || k == format.VectorFloat64
}

func floatAt(v *format.Vector, i int) float64 {
	if v.Kind == format.VectorInt64 {
		return float64(v.Int64[i])
	}
	return v.Float64[i]
}

// vectorLogic is AND (and=true) or OR of two predicates, with SQL's
// three-valued logic.
func vectorLogic(le, re sql.Expression, and bool, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	l, lk := compileVector(le, kinds)
	r, rk := compileVector(re, kinds)
	if l == nil || r == nil || lk != format.VectorBool || rk != format.VectorBool {
		return nil, format.VectorNone
	}
	return binaryKernel(l, r, format.VectorBool, func(lv, rv, out *format.Vector) error {
		for i := range out.Bool {
			ln, rn := lv.IsNull(i), rv.IsNull(i)
			// decided: a known false for AND, a known true for OR.
			if !ln && lv.Bool[i] != and || !rn && rv.Bool[i] != and {
				out.Bool[i] = !and
				continue
			}
			if ln || rn {
				out.SetNull(i)
				out.Bool[i] = false
				continue
			}
			out.Bool[i] = and
		}
		return nil
	}), format.VectorBool
}

func vectorNot(x *expression.Not, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	c, k := compileVector(x.Child, kinds)
	if c == nil || k != format.VectorBool {
		return nil, format.VectorNone
	}
	return strictUnaryKernel(c, format.VectorBool, func(v, out *format.Vector) error {
		for i, t := range v.Bool {
			out.Bool[i] = !t && !v.IsNull(i)
		}
		return nil
	}), format.VectorBool
}

// vectorLength is LENGTH (bytes) or CHAR_LENGTH of a string.
func vectorLength(x *function.Length, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	c, k := compileVector(x.Child, kinds)
	if c == nil || k != format.VectorBytes || !gtypes.IsText(x.Child.Type()) {
		return nil, format.VectorNone
	}
	chars := x.CountType == function.NumChars
	return strictUnaryKernel(c, format.VectorInt64, func(v, out *format.Vector) error {
		for i := range out.Int64 {
			if chars {
				out.Int64[i] = int64(utf8.RuneCount(v.Bytes(i)))
			} else {
				out.Int64[i] = int64(v.ByteLen(i))
			}
		}
		return nil
	}), format.VectorInt64
}

// vectorCast is CAST of a number to SIGNED (of an integer: itself) or to
// DOUBLE (of an integer: float64(n), as go-mysql-server converts it).
func vectorCast(x *expression.Convert, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	c, k := compileVector(x.Child, kinds)
	t := x.Type()
	// Integer vectors also hold days, milliseconds and microseconds of
	// DATE, TIME and TIMESTAMP columns, whose casts are not their units.
	ct := x.Child.Type()
	switch {
	case c == nil, !gtypes.IsNumber(ct) || gtypes.IsDecimal(ct) || gtypes.IsUnsigned(ct):
	case t.Equals(gtypes.Int64) && k == format.VectorInt64, t.Equals(gtypes.Float64) && k == format.VectorFloat64:
		return c, k
	case t.Equals(gtypes.Float64) && k == format.VectorInt64:
		return strictUnaryKernel(c, format.VectorFloat64, func(v, out *format.Vector) error {
			for i, n := range v.Int64 {
				out.Float64[i] = float64(n)
			}
			return nil
		}), format.VectorFloat64
	}
	return nil, format.VectorNone
}

// vectorCompare is nativeCompare: a number compared with a numeric literal
// (either side), integers as int64, anything with a double as float64 (a
// NaN takes the row path).
func vectorCompare(x expression.Comparer, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	col, lit, out, ok := numberComparison(x)
	if !ok {
		return nil, format.VectorNone
	}
	c, k := compileVector(col, kinds)
	if c == nil {
		return nil, format.VectorNone
	}
	lv := lit.Value()
	li, isInt := asInt64(lv)
	lf, isFloat := lv.(float64)
	t := col.Type()
	switch {
	case gtypes.IsInteger(t) && isInt && k == format.VectorInt64:
		return strictUnaryKernel(c, format.VectorBool, func(v, res *format.Vector) error {
			for i, n := range v.Int64 {
				res.Bool[i] = out[cmp3(n, li)+1]
			}
			return nil
		}), format.VectorBool
	case gtypes.IsFloat(t) && (isInt || isFloat) && k == format.VectorFloat64:
		if isInt {
			lf = float64(li)
		}
		return strictUnaryKernel(c, format.VectorBool, func(v, res *format.Vector) error {
			for i, f := range v.Float64 {
				if f != f && !v.IsNull(i) {
					return errRowPath
				}
				res.Bool[i] = out[cmp3(f, lf)+1]
			}
			return nil
		}), format.VectorBool
	}
	return nil, format.VectorNone
}

// vectorFloatDiv is a / b where go-mysql-server divides in float64: an
// operand is a FLOAT or DOUBLE (the other, an integer, converted). A zero
// divisor takes the row path, where the quotient is NULL with MySQL's
// warning 1365; an infinite quotient too (go-mysql-server's error 1690).
// Division of integers and decimals is vectorDecimalDiv.
func vectorFloatDiv(x *expression.Div, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	lt, rt := x.LeftChild.Type(), x.RightChild.Type()
	if x.Type() != gtypes.Float64 || !gtypes.IsFloat(lt) && !gtypes.IsFloat(rt) {
		return nil, format.VectorNone
	}
	for _, t := range []sql.Type{lt, rt} {
		if !gtypes.IsFloat(t) && (!gtypes.IsInteger(t) || gtypes.IsUnsigned(t)) {
			return nil, format.VectorNone
		}
	}
	l, lk := compileVector(x.LeftChild, kinds)
	r, rk := compileVector(x.RightChild, kinds)
	if l == nil || r == nil || !numeric(lk) || !numeric(rk) {
		return nil, format.VectorNone
	}
	return strictBinaryKernel(l, r, format.VectorFloat64, func(lv, rv, out *format.Vector) error {
		for i := range out.Float64 {
			if lv.IsNull(i) || rv.IsNull(i) {
				out.Float64[i] = 0
				continue
			}
			a, c := floatAt(lv, i), floatAt(rv, i)
			q := a / c
			if c == 0 || math.IsInf(q, 0) && !math.IsInf(a, 0) || q != q {
				return errRowPath
			}
			out.Float64[i] = q
		}
		return nil
	}), format.VectorFloat64
}
