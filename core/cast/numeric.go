package cast

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// toNumber resolves casts to TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE.
func toNumber(from, to types.DataType) (Func, error) {
	switch {
	case isIntegerKind(from.Kind):
		// NumericPrimitiveCastRule: Number.xxxValue(), i.e. Java narrowing.
		return func(v any) (any, error) {
			n, err := intValue(v)
			if err != nil {
				return nil, err
			}
			return fromInt64(n, to.Kind), nil
		}, nil
	case isFloatKind(from.Kind):
		return func(v any) (any, error) {
			f, err := floatValue(v)
			if err != nil {
				return nil, err
			}
			return fromFloat64(f, to.Kind), nil
		}, nil
	case from.Kind == types.Decimal:
		return decimalToNumber(from, to), nil
	case from.Kind == types.Boolean:
		// BooleanToNumericCastRule: true is 1, false is 0.
		return func(v any) (any, error) {
			b, ok := v.(bool)
			if !ok {
				return nil, typeError(v, "BOOLEAN")
			}
			var n int64
			if b {
				n = 1
			}
			return fromInt64(n, to.Kind), nil
		}, nil
	case from.IsString():
		return stringToNumber(to)
	case from.IsTimestamp() && (to.Kind == types.Int || to.Kind == types.BigInt):
		// TimestampToNumericPrimitiveCastRule: epoch seconds, truncated
		// toward zero; the LTZ variant ignores the time zone as well.
		return func(v any) (any, error) {
			t, ok := v.(time.Time)
			if !ok {
				return nil, typeError(v, "TIMESTAMP")
			}
			return fromInt64(t.UnixMilli()/1000, to.Kind), nil
		}, nil
	}
	return nil, ErrNoCast
}

// fromInt64 narrows or widens like Java's (byte), (short), (int), (float)
// and (double) casts of a long.
func fromInt64(n int64, k types.Kind) any {
	switch k {
	case types.TinyInt:
		return int8(n)
	case types.SmallInt:
		return int16(n)
	case types.Int:
		return int32(n)
	case types.Float:
		return float32(n)
	case types.Double:
		return float64(n)
	}
	return n
}

// fromFloat64 converts like Double.byteValue() etc.: integral targets go
// through Java's saturating (int) or (long) conversion first, NaN becomes 0.
func fromFloat64(f float64, k types.Kind) any {
	switch k {
	case types.TinyInt:
		return int8(javaD2I(f))
	case types.SmallInt:
		return int16(javaD2I(f))
	case types.Int:
		return javaD2I(f)
	case types.BigInt:
		return javaD2L(f)
	case types.Float:
		return float32(f)
	}
	return f
}

func javaD2I(f float64) int32 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

func javaD2L(f float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

func intValue(v any) (int64, error) {
	if n, ok := types.Int64(v); ok {
		return n, nil
	}
	return 0, typeError(v, "integer")
}

func floatValue(v any) (float64, error) {
	switch f := v.(type) {
	case float32:
		return float64(f), nil
	case float64:
		return f, nil
	}
	return 0, typeError(v, "FLOAT or DOUBLE")
}

// decimalToNumber is DecimalToNumericPrimitiveCastRule.
func decimalToNumber(from, to types.DataType) Func {
	return func(v any) (any, error) {
		d, ok := v.(decimal.Decimal)
		if !ok {
			return nil, typeError(v, "DECIMAL")
		}
		if isIntegerKind(to.Kind) {
			// DecimalUtils.castToIntegral: round toward zero, then
			// BigDecimal.longValue keeps the low 64 bits.
			return fromInt64(low64(d.Truncate(0).BigInt()), to.Kind), nil
		}
		f, err := decimalDouble(d, from)
		if err != nil {
			return nil, err
		}
		return fromFloat64(f, to.Kind), nil
	}
}

var mask64 = new(big.Int).SetUint64(math.MaxUint64)

func low64(b *big.Int) int64 {
	return int64(new(big.Int).And(b, mask64).Uint64())
}

// decimalDouble is DecimalUtils.doubleValue: compact decimals (precision up
// to 18) divide the unscaled long by a power of ten in double arithmetic,
// wider ones round correctly like BigDecimal.doubleValue.
func decimalDouble(d decimal.Decimal, t types.DataType) (float64, error) {
	if t.Precision <= maxCompactPrecision {
		unscaled := d.Shift(int32(t.Scale)).Truncate(0).BigInt()
		return float64(unscaled.Int64()) / math.Pow10(t.Scale), nil
	}
	return strconv.ParseFloat(d.String(), 64)
}

const maxCompactPrecision = 18

// toDecimal resolves casts to DECIMAL(p, s).
func toDecimal(from, to types.DataType) (Func, error) {
	switch {
	case from.Kind == types.Decimal:
		// DecimalToDecimalCastRule.
		return func(v any) (any, error) {
			d, ok := v.(decimal.Decimal)
			if !ok {
				return nil, typeError(v, "DECIMAL")
			}
			return fitDecimal(d, to), nil
		}, nil
	case isIntegerKind(from.Kind):
		// NumericPrimitiveToDecimalCastRule via BigDecimal.valueOf(long).
		return func(v any) (any, error) {
			n, err := intValue(v)
			if err != nil {
				return nil, err
			}
			return fitDecimal(decimal.NewFromInt(n), to), nil
		}, nil
	case isFloatKind(from.Kind):
		// BigDecimal.valueOf(double) starts from Double.toString, i.e. the
		// shortest decimal that round-trips the (widened) double.
		return func(v any) (any, error) {
			f, err := floatValue(v)
			if err != nil {
				return nil, err
			}
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, fmt.Errorf("cast: %v cannot be a DECIMAL", f)
			}
			d, err := decimal.NewFromString(strconv.FormatFloat(f, 'g', -1, 64))
			if err != nil {
				return nil, err
			}
			return fitDecimal(d, to), nil
		}, nil
	case from.Kind == types.Boolean:
		return func(v any) (any, error) {
			b, ok := v.(bool)
			if !ok {
				return nil, typeError(v, "BOOLEAN")
			}
			if b {
				return fitDecimal(decimal.NewFromInt(1), to), nil
			}
			return fitDecimal(decimal.Zero, to), nil
		}, nil
	case from.IsString():
		return stringToDecimal(to), nil
	}
	return nil, ErrNoCast
}

// fitDecimal fits d to DECIMAL(p, s); nil (NULL) when it overflows.
func fitDecimal(d decimal.Decimal, t types.DataType) any {
	r, ok := FitDecimal(d, t.Precision, t.Scale)
	if !ok {
		return nil
	}
	return r
}

// FitDecimal is Java's Decimal.fromBigDecimal: d rounded HALF_UP (half
// away from zero) to scale, and ok false when the digits then exceed
// precision, which Java turns into NULL.
func FitDecimal(d decimal.Decimal, precision, scale int) (r decimal.Decimal, ok bool) {
	r = d.Round(int32(scale))
	digits := len(r.Coefficient().String())
	if r.Sign() < 0 {
		digits-- // the minus sign
	}
	return r, digits <= precision
}

// toBoolean resolves casts to BOOLEAN.
func toBoolean(from types.DataType) (Func, error) {
	switch {
	case isIntegerKind(from.Kind):
		// NumericToBooleanCastRule: non-zero is true.
		return func(v any) (any, error) {
			n, err := intValue(v)
			return n != 0, err
		}, nil
	case from.IsString():
		return stringToBoolean, nil
	}
	return nil, ErrNoCast
}
