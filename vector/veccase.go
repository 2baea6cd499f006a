package vector

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// Vector kernels that choose, row by row, the value of one of several
// expressions: CASE, COALESCE and IFNULL. go-mysql-server converts the
// chosen value to the expression's type (CASE, COALESCE) or returns it as
// it is (IFNULL); the kernels compute only where both are the same
// number, string or NULL: values of one kind (integers; doubles and
// integers into a DOUBLE; decimals and integers of at most the result's
// scale; strings), rescaled to the largest scale among them.

// conversion is what go-mysql-server does with the chosen value.
type conversion int

const (
	convertOrKeep conversion = iota // CASE: the value converted, or kept where that fails
	convertOrFail                   // COALESCE: converted, an error where that fails
	keepValue                       // IFNULL: the value as it is
)

// isNullLiteral tells a NULL literal, or an absent ELSE.
func isNullLiteral(e sql.Expression) bool {
	if e == nil {
		return true
	}
	l, ok := e.(*expression.Literal)
	return ok && l.Value() == nil
}

// choiceScale is the scale of the unscaled integers a kernel choosing
// among values computes for a decimal result of type t: the largest of
// the values' scales. ok is false where a value's decimal would not come
// out as the same number (more decimals than t, which the conversion
// rounds; more integer digits than t where the conversion fails).
func choiceScale(t sql.Type, values []sql.Expression, conv conversion) (int32, bool) {
	dt, isDec := t.(sql.DecimalType)
	if !isDec {
		return 0, false
	}
	var scale int32
	for _, v := range values {
		if isNullLiteral(v) {
			continue
		}
		s, ok := decimalScale(v)
		if !ok || s > maxVectorScale || conv != keepValue && s > int32(dt.Scale()) {
			return 0, false
		}
		if conv == convertOrFail && digitsBeforePoint(v) > int(dt.Precision())-int(dt.Scale()) {
			return 0, false
		}
		scale = max(scale, s)
	}
	return scale, true
}

// digitsBeforePoint is the most digits before the point a value of e has.
func digitsBeforePoint(e sql.Expression) int {
	if l, ok := e.(*expression.Literal); ok {
		switch v := l.Value().(type) {
		case decimal.Decimal:
			return max(0, int(v.NumDigits())+int(v.Exponent()))
		default:
			n, _ := asInt64(v)
			return len(decimal.NewFromInt(n).Abs().String())
		}
	}
	if dt, ok := e.Type().(sql.DecimalType); ok {
		return int(dt.Precision()) - int(dt.Scale())
	}
	return integerDigits(e.Type())
}

// choiceKernels compiles the values a kernel chooses among to vectors of
// one kind, the kind of the result of type t; mul rescales the integers
// of each to the result's scale. A NULL value compiles to a nil kernel.
func choiceKernels(t sql.Type, values []sql.Expression, conv conversion, kinds []format.VectorKind) (fs []vexpr, mul []int64, kind format.VectorKind, ok bool) {
	fs, mul = make([]vexpr, len(values)), make([]int64, len(values))
	switch {
	case gtypes.IsDecimal(t):
		scale, ok := choiceScale(t, values, conv)
		if !ok {
			return nil, nil, format.VectorNone, false
		}
		for i, v := range values {
			if isNullLiteral(v) {
				continue
			}
			f, s, ok := compileUnscaled(v, kinds)
			if !ok {
				return nil, nil, format.VectorNone, false
			}
			fs[i], mul[i] = f, pow10(scale-s)
		}
		return fs, mul, format.VectorDecimal64, true
	case gtypes.IsText(t) && (conv == keepValue || gtypes.LongText.Equals(t)):
		// Converted to a shorter string type, a value longer than it
		// would be kept (CASE) or fail (COALESCE).
		kind = format.VectorBytes
	case gtypes.IsInteger(t) && !gtypes.IsUnsigned(t):
		kind = format.VectorInt64
	case t == gtypes.Float64:
		kind = format.VectorFloat64
	default:
		return nil, nil, format.VectorNone, false
	}
	for i, v := range values {
		if isNullLiteral(v) {
			continue
		}
		f, k := compileChoice(v, kinds)
		vt := v.Type()
		switch {
		case f == nil:
			return nil, nil, format.VectorNone, false
		case kind == format.VectorBytes && (k != kind || !gtypes.IsText(vt)):
			return nil, nil, format.VectorNone, false
		case kind != format.VectorBytes && (gtypes.IsDecimal(vt) || gtypes.IsUnsigned(vt) || !gtypes.IsNumber(vt) || !numeric(k)):
			return nil, nil, format.VectorNone, false
		case kind == format.VectorInt64 && k != kind, conv == keepValue && k != kind:
			// IFNULL keeps an integer an integer where a DOUBLE is chosen.
			return nil, nil, format.VectorNone, false
		}
		fs[i], mul[i] = f, 1
	}
	return fs, mul, kind, true
}

// compileChoice is compileVector, and string literals.
func compileChoice(e sql.Expression, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	if l, ok := e.(*expression.Literal); ok {
		if s, isStr := l.Value().(string); isStr {
			return constantString(s), format.VectorBytes
		}
	}
	return compileVector(e, kinds)
}

// constantString is a kernel of the string s in every row.
func constantString(s string) vexpr {
	return func(b *format.VectorBatch) (*format.Vector, error) {
		out := newVector(format.VectorBytes, b.Len)
		for i := range b.Len {
			out.Data = append(out.Data, s...)
			out.Offsets[i+1] = int32(len(out.Data))
		}
		return out, nil
	}
}

// pick makes the vector whose row i is row i of vals[choice[i]], NULL
// where the choice is -1 or a NULL; integers multiplied by mul (an
// overflow takes the row path).
func pick(k format.VectorKind, n int, vals []*format.Vector, mul []int64, choice []int32) (*format.Vector, error) {
	out := newVector(k, n)
	for i := range n {
		c := choice[i]
		if c < 0 || vals[c] == nil || vals[c].IsNull(i) {
			out.SetNull(i)
			switch k {
			case format.VectorInt64, format.VectorDecimal64:
				out.Int64[i] = 0
			case format.VectorFloat64:
				out.Float64[i] = 0
			case format.VectorBytes:
				out.Offsets[i+1] = int32(len(out.Data))
			}
			continue
		}
		v := vals[c]
		switch k {
		case format.VectorInt64, format.VectorDecimal64:
			x, ok := mulInt64(v.Int64[i], mul[c])
			if !ok {
				return nil, errRowPath
			}
			out.Int64[i] = x
		case format.VectorFloat64:
			out.Float64[i] = floatAt(v, i)
		case format.VectorBytes:
			out.Data = append(out.Data, v.Bytes(i)...)
			out.Offsets[i+1] = int32(len(out.Data))
		}
	}
	return out, nil
}

// evalAll evaluates kernels over a batch; a nil kernel gives nil.
func evalAll(fs []vexpr, b *format.VectorBatch) ([]*format.Vector, error) {
	out := make([]*format.Vector, len(fs))
	for i, f := range fs {
		if f == nil {
			continue
		}
		v, err := f(b)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// vectorCase is CASE WHEN c THEN v ... ELSE e END (and CASE x WHEN a
// THEN v ..., whose conditions are x = a): the value of the first branch
// whose condition is true, else ELSE's (NULL without one).
func vectorCase(x *expression.Case, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	conds := make([]vexpr, len(x.Branches))
	values := make([]sql.Expression, 0, len(x.Branches)+1)
	for i, br := range x.Branches {
		cond := br.Cond
		if x.Expr != nil {
			cond = expression.NewEquals(x.Expr, br.Cond)
		}
		f, k := compileVector(cond, kinds)
		if f == nil || k != format.VectorBool {
			return nil, format.VectorNone
		}
		conds[i] = f
		values = append(values, br.Value)
	}
	values = append(values, x.Else)
	fs, mul, kind, ok := choiceKernels(x.Type(), values, convertOrKeep, kinds)
	if !ok {
		return nil, format.VectorNone
	}
	return func(b *format.VectorBatch) (*format.Vector, error) {
		cs, err := evalAll(conds, b)
		if err != nil {
			return nil, err
		}
		vals, err := evalAll(fs, b)
		if err != nil {
			return nil, err
		}
		choice := make([]int32, b.Len)
		for i := range choice {
			choice[i] = int32(len(conds)) // ELSE
			for j, c := range cs {
				if c.Bool[i] && !c.IsNull(i) {
					choice[i] = int32(j)
					break
				}
			}
		}
		return pick(kind, b.Len, vals, mul, choice)
	}, kind
}

// vectorCoalesce is COALESCE(a, b, ...) and IFNULL(a, b): the first value
// that is not NULL.
func vectorCoalesce(t sql.Type, args []sql.Expression, conv conversion, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	if len(args) == 0 || gtypes.IsEnum(t) || gtypes.IsSet(t) {
		return nil, format.VectorNone
	}
	fs, mul, kind, ok := choiceKernels(t, args, conv, kinds)
	if !ok {
		return nil, format.VectorNone
	}
	return func(b *format.VectorBatch) (*format.Vector, error) {
		vals, err := evalAll(fs, b)
		if err != nil {
			return nil, err
		}
		choice := make([]int32, b.Len)
		for i := range choice {
			choice[i] = -1
			for j, v := range vals {
				if v != nil && !v.IsNull(i) {
					choice[i] = int32(j)
					break
				}
			}
		}
		return pick(kind, b.Len, vals, mul, choice)
	}, kind
}

// choiceOf splits CASE, COALESCE and IFNULL into their result type, the
// values they choose among and what go-mysql-server does with the chosen
// one; ok is false for other expressions.
func choiceOf(e sql.Expression) (t sql.Type, values []sql.Expression, conv conversion, ok bool) {
	switch x := e.(type) {
	case *expression.Case:
		for _, br := range x.Branches {
			values = append(values, br.Value)
		}
		return x.Type(), append(values, x.Else), convertOrKeep, true
	case *function.Coalesce:
		return x.Type(), x.Children(), convertOrFail, true
	case *function.IfNull:
		return x.Type(), []sql.Expression{x.LeftChild, x.RightChild}, keepValue, true
	}
	return nil, nil, 0, false
}
