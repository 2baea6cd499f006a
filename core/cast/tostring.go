package cast

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// toCharString resolves casts to CHAR(n) and VARCHAR(n).
func toCharString(from, to types.DataType, loc *time.Location) (Func, error) {
	fit := func(s string) any { return fitChars(s, to) }
	switch {
	case from.IsString():
		// StringToStringCastRule.
		return func(v any) (any, error) {
			s, ok := v.(string)
			if !ok {
				return nil, typeError(v, "string")
			}
			return fit(s), nil
		}, nil
	case isNumericKind(from.Kind):
		// NumericToStringCastRule: Java's toString of the boxed number.
		return func(v any) (any, error) {
			s, err := numberString(v, from)
			if err != nil {
				return nil, err
			}
			return fit(s), nil
		}, nil
	case from.Kind == types.Boolean:
		// BooleanToStringCastRule: Boolean.toString.
		return func(v any) (any, error) {
			b, ok := v.(bool)
			if !ok {
				return nil, typeError(v, "BOOLEAN")
			}
			return fit(strconv.FormatBool(b)), nil
		}, nil
	case from.Kind == types.Binary || from.Kind == types.VarBinary:
		// BinaryToStringCastRule: the bytes as they are, whatever the
		// target length.
		return func(v any) (any, error) {
			b, ok := v.([]byte)
			if !ok {
				return nil, typeError(v, "binary")
			}
			return string(b), nil
		}, nil
	case from.Kind == types.Array || from.Kind == types.Map || from.Kind == types.Row:
		return nestedToString(from, loc)
	case from.IsTimestamp() || from.Kind == types.Date || from.Kind == types.Time:
		// TimestampToStringCastRule, DateToStringCastRule and
		// TimeToStringCastRule are registered for exactly the type STRING
		// (nullable VARCHAR(2147483647)); Java finds no rule for any other
		// character type, NOT NULL STRING included.
		if !isStringType(to) {
			return nil, ErrNoCast
		}
		return datetimeToString(from, loc), nil
	}
	return nil, ErrNoCast
}

func isStringType(t types.DataType) bool {
	return t.Kind == types.VarChar && t.Length == types.MaxLength && t.Nullable
}

// stringType is VarCharType.STRING_TYPE, the target of element casts.
var stringType = types.NewString()

// fitChars is BinaryStringUtils.toCharacterString: cut to the target length
// in characters, and pad CHAR(n) with spaces.
func fitChars(s string, t types.DataType) string {
	n := utf8.RuneCountInString(s)
	switch {
	case n > t.Length:
		cut := 0
		for i := 0; i < t.Length; i++ {
			_, size := utf8.DecodeRuneInString(s[cut:])
			cut += size
		}
		return s[:cut]
	case n < t.Length && t.Kind == types.Char:
		return s + strings.Repeat(" ", t.Length-n)
	}
	return s
}

// numberString is Java's Byte/Short/Integer/Long/Float/Double/Decimal
// toString.
func numberString(v any, t types.DataType) (string, error) {
	switch n := v.(type) {
	case int8, int16, int32, int64:
		i, _ := intValue(n)
		return strconv.FormatInt(i, 10), nil
	case float32:
		return JavaFloatString(float64(n), 32), nil
	case float64:
		return JavaFloatString(n, 64), nil
	case decimal.Decimal:
		// Decimal.toString is BigDecimal.toPlainString at the type's scale.
		return n.StringFixed(int32(t.Scale)), nil
	}
	return "", typeError(v, "numeric")
}

// JavaFloatString formats like Double.toString (bitSize 64) or
// Float.toString (bitSize 32): the shortest round-tripping digits, plain
// for magnitudes in [1e-3, 1e7) and "d.dddE±n" otherwise, always with at
// least one fractional digit.
func JavaFloatString(f float64, bitSize int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// 'e' with precision -1 gives "d.ddde±xx" with the shortest digits.
	e := strconv.FormatFloat(f, 'e', -1, bitSize)
	mant, expText, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expText)
	if f >= 1e-3 && f < 1e7 {
		var s string
		if exp >= 0 {
			for len(digits) <= exp {
				digits += "0"
			}
			s = digits[:exp+1] + "." + digits[exp+1:]
		} else {
			s = "0." + strings.Repeat("0", -exp-1) + digits
		}
		if strings.HasSuffix(s, ".") {
			s += "0"
		}
		return sign + s
	}
	frac := digits[1:]
	if frac == "" {
		frac = "0"
	}
	return sign + digits[:1] + "." + frac + "E" + strconv.Itoa(exp)
}
