package binrow

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Compare orders two rows field by field the way Paimon's generated key
// comparator does: NULL first, strings and binaries by unsigned bytes (UTF-8
// byte order, not UTF-16), numbers, decimals and times by value, false before
// true, floats by Java's Float/Double.compare (-0.0 < 0.0, NaN last).
// Rows must hold values of the given types (as Decode returns them); a value
// of another Go type panics, as it is a programming error.
func Compare(a, b []any, fieldTypes []types.DataType) int {
	for i, t := range fieldTypes {
		if c := compareValue(a[i], b[i], t); c != 0 {
			return c
		}
	}
	return 0
}

func compareValue(a, b any, t types.DataType) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	switch t.Kind {
	case types.Boolean:
		return cmp.Compare(rank(a.(bool)), rank(b.(bool)))
	case types.TinyInt:
		return cmp.Compare(a.(int8), b.(int8))
	case types.SmallInt:
		return cmp.Compare(a.(int16), b.(int16))
	case types.Int, types.Date, types.Time:
		return cmp.Compare(a.(int32), b.(int32))
	case types.BigInt:
		return cmp.Compare(a.(int64), b.(int64))
	case types.Float:
		return javaFloatCompare(float64(a.(float32)), float64(b.(float32)))
	case types.Double:
		return javaFloatCompare(a.(float64), b.(float64))
	case types.Char, types.VarChar:
		return cmp.Compare(a.(string), b.(string))
	case types.Binary, types.VarBinary:
		return bytes.Compare(a.([]byte), b.([]byte))
	case types.Decimal:
		return a.(decimal.Decimal).Cmp(b.(decimal.Decimal))
	case types.Timestamp, types.TimestampLTZ:
		return a.(time.Time).Compare(b.(time.Time))
	}
	panic(fmt.Sprintf("binrow: cannot compare values of type %s", t.SQL()))
}

// javaFloatCompare is Java's Double.compare: a total order with -0.0 < 0.0
// and NaN above +Inf, all NaNs equal.
func javaFloatCompare(x, y float64) int {
	xNaN, yNaN := math.IsNaN(x), math.IsNaN(y)
	switch {
	case xNaN || yNaN:
		return cmp.Compare(rank(xNaN), rank(yNaN))
	case x == 0 && y == 0:
		return cmp.Compare(rank(!math.Signbit(x)), rank(!math.Signbit(y)))
	}
	return cmp.Compare(x, y)
}

func rank(b bool) int {
	if b {
		return 1
	}
	return 0
}
