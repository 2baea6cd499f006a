package types

import (
	"bytes"
	"math"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Compare orders two non-nil values of the same atomic type as Paimon's
// comparators do: numbers numerically (floats as Java's Double.compare:
// -0.0 < 0.0, NaN last), strings and binaries by unsigned bytes, false
// before true. ok is false for values it cannot order
// (nested types or mismatched Go types).
func Compare(a, b any) (c int, ok bool) {
	switch x := a.(type) {
	case bool:
		y, ok := b.(bool)
		return cmpBool(x, y), ok
	case int8:
		y, ok := b.(int8)
		return cmpOrdered(x, y), ok
	case int16:
		y, ok := b.(int16)
		return cmpOrdered(x, y), ok
	case int32:
		y, ok := b.(int32)
		return cmpOrdered(x, y), ok
	case int64:
		y, ok := b.(int64)
		return cmpOrdered(x, y), ok
	case float32:
		y, ok := b.(float32)
		return javaFloatCompare(float64(x), float64(y)), ok
	case float64:
		y, ok := b.(float64)
		return javaFloatCompare(x, y), ok
	case string:
		y, ok := b.(string)
		return strings.Compare(x, y), ok
	case []byte:
		y, ok := b.([]byte)
		return bytes.Compare(x, y), ok
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		if !ok {
			return 0, false
		}
		return x.Cmp(y), true
	case time.Time:
		y, ok := b.(time.Time)
		return x.Compare(y), ok
	}
	return 0, false
}

// CompareNullsFirst orders values with nil before everything, as Paimon's
// key and sequence comparators do. Values Compare cannot order are equal.
func CompareNullsFirst(a, b any) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	c, _ := Compare(a, b)
	return c
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// javaFloatCompare is Java's Double.compare: a total order with -0.0 < 0.0
// and NaN above +Inf, all NaNs equal.
func javaFloatCompare(x, y float64) int {
	xNaN, yNaN := math.IsNaN(x), math.IsNaN(y)
	switch {
	case xNaN || yNaN:
		return cmpBool(xNaN, yNaN)
	case x == 0 && y == 0:
		return cmpBool(!math.Signbit(x), !math.Signbit(y))
	}
	return cmpOrdered(x, y)
}

func cmpOrdered[T int8 | int16 | int32 | int64 | float32 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
