package cast

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func stringValue(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", typeError(v, "string")
	}
	return s, nil
}

// stringToNumber is StringToNumericPrimitiveCastRule.
func stringToNumber(to types.DataType) (Func, error) {
	return func(v any) (any, error) {
		s, err := stringValue(v)
		if err != nil {
			return nil, err
		}
		switch to.Kind {
		case types.TinyInt:
			n, err := parseJavaInt(s, math.MinInt32, math.MaxInt32)
			if err == nil && n != int64(int8(n)) {
				err = numberFormatError(s, "Overflow.")
			}
			return int8(n), err
		case types.SmallInt:
			n, err := parseJavaInt(s, math.MinInt32, math.MaxInt32)
			if err == nil && n != int64(int16(n)) {
				err = numberFormatError(s, "Overflow.")
			}
			return int16(n), err
		case types.Int:
			n, err := parseJavaInt(s, math.MinInt32, math.MaxInt32)
			return int32(n), err
		case types.BigInt:
			return parseJavaInt(s, math.MinInt64, math.MaxInt64)
		case types.Float:
			f, err := parseJavaFloat(s, 32)
			return float32(f), err
		}
		return parseJavaFloat(s, 64)
	}, nil
}

func numberFormatError(s, reason string) error {
	return fmt.Errorf("cast: for input string: '%s'. %s", s, reason)
}

// parseJavaInt is BinaryStringUtils.toInt/toLong: an optional sign, digits,
// and an optional '.' followed by digits that are checked but dropped. No
// whitespace is allowed; values outside [lo, hi] are errors.
func parseJavaInt(s string, lo, hi int64) (int64, error) {
	if s == "" {
		return 0, numberFormatError(s, "Input is empty.")
	}
	i := 0
	negative := s[0] == '-'
	if negative || s[0] == '+' {
		i++
		if len(s) == 1 {
			return 0, numberFormatError(s, "Input has only positive or negative symbol.")
		}
	}
	// Accumulate negatively so that the minimum value fits, as Java does.
	var n int64
	for ; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			i++
			break
		}
		if c < '0' || c > '9' {
			return 0, numberFormatError(s, "Invalid character found.")
		}
		d := int64(c - '0')
		if n < lo/10 || n*10 < lo+d {
			return 0, numberFormatError(s, "Overflow.")
		}
		n = n*10 - d
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, numberFormatError(s, "Invalid character found.")
		}
	}
	if !negative {
		if n < -hi {
			return 0, numberFormatError(s, "Overflow.")
		}
		n = -n
	}
	return n, nil
}

// javaFloatSyntax is the decimal and hexadecimal grammar of
// Double.parseDouble, after trimming and without the sign.
var javaFloatSyntax = regexp.MustCompile(
	`^(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?\d+)[fFdD]?$`)

// parseJavaFloat is Double.parseDouble / Float.parseFloat: surrounding
// control characters and spaces are ignored, "NaN" and "Infinity" are
// spelled exactly so, and a trailing f/F/d/D is allowed.
func parseJavaFloat(s string, bitSize int) (float64, error) {
	t := strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	body := strings.TrimLeft(t, "+-")
	if len(t)-len(body) > 1 {
		return 0, numberFormatError(s, "Invalid number.")
	}
	neg := strings.HasPrefix(t, "-")
	var f float64
	switch {
	case body == "NaN":
		f = math.NaN()
	case body == "Infinity":
		f = math.Inf(1)
	case javaFloatSyntax.MatchString(body):
		// Hexadecimal floats have a mandatory exponent, so a trailing
		// hex digit d/f cannot be mistaken for the suffix.
		body = strings.TrimRight(body, "fFdD")
		var err error
		f, err = strconv.ParseFloat(body, bitSize)
		if err != nil && !isRangeError(err) {
			return 0, numberFormatError(s, "Invalid number.")
		}
	default:
		return 0, numberFormatError(s, "Invalid number.")
	}
	if neg {
		f = -f
	}
	return f, nil
}

// isRangeError tells strconv's out-of-range result, which is the same
// ±Inf or ±0 that Java returns without complaint.
func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// javaDecimalSyntax is what new BigDecimal(String) accepts.
var javaDecimalSyntax = regexp.MustCompile(`^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$`)

// stringToDecimal is StringToDecimalCastRule: new BigDecimal(text), then
// fitted to the target like every DECIMAL cast.
func stringToDecimal(to types.DataType) Func {
	return func(v any) (any, error) {
		s, err := stringValue(v)
		if err != nil {
			return nil, err
		}
		if !javaDecimalSyntax.MatchString(s) {
			return nil, fmt.Errorf("cast: cannot parse '%s' as DECIMAL", s)
		}
		d, err := decimal.NewFromString(s)
		if err != nil {
			return nil, fmt.Errorf("cast: cannot parse '%s' as DECIMAL: %w", s, err)
		}
		return fitDecimal(d, to), nil
	}
}

// stringToBoolean is BinaryStringUtils.toBoolean.
func stringToBoolean(v any) (any, error) {
	s, err := stringValue(v)
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(s) {
	case "t", "true", "y", "yes", "1":
		return true, nil
	case "f", "false", "n", "no", "0":
		return false, nil
	}
	return nil, fmt.Errorf("cast: cannot parse '%s' as BOOLEAN", s)
}

// isJavaNumeric is StringUtils.isNumeric: an optional '-' then digits.
func isJavaNumeric(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// toBinaryString resolves casts to BINARY(n) and VARBINARY(n).
func toBinaryString(from, to types.DataType) (Func, error) {
	switch {
	case from.IsString():
		// StringToBinaryCastRule: the UTF-8 bytes.
		return func(v any) (any, error) {
			s, err := stringValue(v)
			if err != nil {
				return nil, err
			}
			return fitBytes([]byte(s), to), nil
		}, nil
	case from.Kind == types.Binary || from.Kind == types.VarBinary:
		// BinaryToBinaryCastRule.
		return func(v any) (any, error) {
			b, ok := v.([]byte)
			if !ok {
				return nil, typeError(v, "binary")
			}
			return fitBytes(b, to), nil
		}, nil
	}
	return nil, ErrNoCast
}

// fitBytes is BinaryStringUtils.toBinaryString: BINARY(n) is cut or padded
// with zero bytes to n, VARBINARY(n) is only cut.
func fitBytes(b []byte, t types.DataType) []byte {
	switch {
	case len(b) == t.Length:
		return b
	case len(b) > t.Length:
		return append([]byte(nil), b[:t.Length]...)
	case t.Kind == types.Binary:
		out := make([]byte, t.Length)
		copy(out, b)
		return out
	}
	return b
}
