// paimon-sql: ROUND's result type and value by MySQL 8's rules
// (Item_func_round): the type follows the argument's and the places when
// they are a constant, and the value is computed in that type.

package function

import (
	"math"

	"github.com/shopspring/decimal"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// roundMaxScale is DECIMAL's largest scale, which ROUND's places are cut
// to for a DECIMAL result.
const roundMaxScale = types.DecimalTypeMaxScale

// NewTruncate is TRUNCATE(x, d): x cut toward zero to d decimal places,
// typed as ROUND(x, d) but for the digit a rounding may add.
func NewTruncate(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("TRUNCATE", 2, len(args))
	}
	r, err := NewRound(args...)
	if err != nil {
		return nil, err
	}
	r.(*Round).truncate = true
	return r, nil
}

// roundPlaces is ROUND's second argument when it is a constant: its value
// (0 when there is none), whether it is NULL, and ok false when it is not
// a constant (a column, a parameter not bound yet, a subquery).
func (r *Round) roundPlaces() (places int64, isNull, ok bool) {
	if r.RightChild == nil {
		return 0, false, true
	}
	constant := true
	sql.Inspect(r.RightChild, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.Literal, *expression.UnaryMinus, *expression.Arithmetic, *expression.Convert:
		default:
			constant = false
		}
		return constant
	})
	if !constant {
		return 0, false, false
	}
	ctx := sql.NewEmptyContext()
	v, err := r.RightChild.Eval(ctx, nil)
	if err != nil {
		return 0, false, false
	}
	if v == nil {
		return 0, true, true
	}
	n, _, err := types.Int64.Convert(ctx, v)
	if err != nil {
		return 0, false, false
	}
	return n.(int64), false, true
}

// roundType is MySQL's type of ROUND(x, d): with d a constant, a DECIMAL
// x gives a DECIMAL of scale d (0 for a negative d, at most 30) and the
// precision that the digits kept need; an integer of fewer than 19
// digits a BIGINT (a BIGINT a DECIMAL, as its rounding can carry past 19
// digits); any other x a DOUBLE. With d not a constant: a DECIMAL x keeps
// its type, any other gives a DOUBLE. With d NULL: x's type when it is a
// number.
func (r *Round) roundType() sql.Type {
	arg := r.LeftChild.Type()
	if svt, ok := arg.(sql.SystemVariableType); ok {
		arg = svt.UnderlyingType()
	}
	places, isNull, constant := r.roundPlaces()
	dt, isDecimal := arg.(sql.DecimalType)
	switch {
	case !constant && isDecimal:
		return arg
	case !constant:
		return types.Float64
	case isNull && types.IsNumber(arg):
		return arg
	case isNull:
		return types.Float64
	}
	cutToInteger := r.truncate && places <= 0 // TRUNCATE keeps any integer an integer
	if types.IsInteger(arg) && (cutToInteger || arg != types.Int64 && arg != types.Uint64) {
		if types.IsUnsigned(arg) {
			return types.Uint64
		}
		return types.Int64
	}
	var precision, scale int64
	switch {
	case isDecimal:
		precision, scale = int64(dt.Precision()), int64(dt.Scale())
	case arg == types.Int64:
		precision = 19
	case arg == types.Uint64:
		precision = 20
	default:
		return types.Float64
	}
	kept := min(max(places, 0), roundMaxScale)
	precision -= scale - kept
	if scale > kept && !r.truncate {
		precision++ // rounding up may carry into a new digit
	}
	precision = min(max(precision, 1), types.DecimalTypeMaxPrecision)
	return types.MustCreateDecimalType(uint8(precision), uint8(kept))
}

// roundValue is ROUND(val, places), or TRUNCATE with truncate, computed in
// the result type typ.
func roundValue(ctx *sql.Context, typ sql.Type, val interface{}, places int64, truncate bool) (interface{}, error) {
	switch {
	case types.IsDecimal(typ):
		v, _, err := types.InternalDecimalType.Convert(ctx, val)
		if err != nil {
			return nil, err
		}
		scale := int64(typ.(sql.DecimalType).Scale())
		at := max(min(places, scale), -(types.DecimalTypeMaxPrecision + 1))
		// Rounded half away from zero at the places, shown at the type's scale.
		return cutDecimal(v.(decimal.Decimal), int32(at), truncate).Round(int32(scale)), nil
	case types.IsInteger(typ):
		v, _, err := types.InternalDecimalType.Convert(ctx, val)
		if err != nil {
			return nil, err
		}
		d := v.(decimal.Decimal)
		if places < 0 {
			d = cutDecimal(d, int32(max(places, -(types.DecimalTypeMaxPrecision+1))), truncate)
		}
		out, _, err := typ.Convert(ctx, d)
		return out, err
	default:
		v, _, err := types.Float64.Convert(ctx, val)
		if err != nil {
			return nil, err
		}
		if truncate {
			return truncateDouble(v.(float64), places), nil
		}
		return roundDouble(v.(float64), places), nil
	}
}

// cutDecimal is d rounded half away from zero, or cut toward zero with
// truncate, at places (negative: tens, hundreds ...).
func cutDecimal(d decimal.Decimal, places int32, truncate bool) decimal.Decimal {
	switch {
	case !truncate:
		return d.Round(places)
	case places >= 0:
		return d.Truncate(places)
	default:
		return d.Shift(places).Truncate(0).Shift(-places)
	}
}

// truncateDouble cuts f toward zero at places, as MySQL's
// my_double_round with truncate.
func truncateDouble(f float64, places int64) float64 {
	if places <= -309 {
		return 0
	}
	scale := math.Pow10(int(min(abs64(places), 400)))
	if places < 0 {
		return math.Trunc(f/scale) * scale
	}
	if scaled := f * scale; !math.IsInf(scaled, 0) && !math.IsNaN(scaled) {
		return math.Trunc(scaled) / scale
	}
	return f
}

// roundDouble rounds f to places decimal places as MySQL does a DOUBLE
// (my_double_round): scaled by a power of ten and rounded to the nearest
// integer, ties to even (rint), so ROUND(2.5e0) is 2 and ROUND(0.125e0, 2)
// is 0.12.
func roundDouble(f float64, places int64) float64 {
	if places <= -309 {
		return 0
	}
	scale := math.Pow10(int(min(abs64(places), 400)))
	if places < 0 {
		return math.RoundToEven(f/scale) * scale
	}
	if scaled := f * scale; !math.IsInf(scaled, 0) && !math.IsNaN(scaled) {
		return math.RoundToEven(scaled) / scale
	}
	return f
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}
