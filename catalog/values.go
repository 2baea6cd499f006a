package catalog

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/cast"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// ToPaimon returns the function that turns a value go-mysql-server hands an
// inserter (already converted to the column's SQL type) into the core
// value of the Paimon type t. It is Converter read backwards; it refuses
// what Paimon cannot hold (a too long string, a NULL in a NOT NULL column)
// instead of changing the value. loc is the session time zone.
func ToPaimon(name string, t types.DataType, loc *time.Location) func(any) (any, error) {
	conv := toPaimon(t, loc)
	return func(v any) (any, error) {
		if v == nil {
			if !t.Nullable {
				return nil, fmt.Errorf("column '%s' is NOT NULL: give it a value", name)
			}
			return nil, nil
		}
		out, err := conv(v)
		if err != nil {
			return nil, fmt.Errorf("column '%s' (%s): %w", name, t.SQL(), err)
		}
		return out, nil
	}
}

func toPaimon(t types.DataType, loc *time.Location) func(any) (any, error) {
	switch t.Kind {
	case types.Boolean:
		return func(v any) (any, error) {
			n, err := toInt64(v)
			return n != 0, err
		}
	case types.TinyInt:
		return intOf(math.MinInt8, math.MaxInt8, func(n int64) any { return int8(n) })
	case types.SmallInt:
		return intOf(math.MinInt16, math.MaxInt16, func(n int64) any { return int16(n) })
	case types.Int:
		return intOf(math.MinInt32, math.MaxInt32, func(n int64) any { return int32(n) })
	case types.BigInt:
		return intOf(math.MinInt64, math.MaxInt64, func(n int64) any { return n })
	case types.Float:
		return func(v any) (any, error) {
			f, err := toFloat64(v)
			return float32(f), err
		}
	case types.Double:
		return func(v any) (any, error) { return toFloat64(v) }
	case types.Decimal:
		return func(v any) (any, error) {
			d, err := toDecimalValue(v)
			if err != nil {
				return nil, err
			}
			fit, ok := cast.FitDecimal(d, t.Precision, t.Scale)
			if !ok {
				return nil, fmt.Errorf("%s does not fit", d)
			}
			return fit, nil
		}
	case types.Char, types.VarChar:
		return func(v any) (any, error) {
			s, err := toText(v)
			if err != nil {
				return nil, err
			}
			if n := utf8.RuneCountInString(s); n > t.Length {
				return nil, fmt.Errorf("the value has %d characters, more than %d", n, t.Length)
			}
			return s, nil
		}
	case types.Binary, types.VarBinary, types.Blob:
		return func(v any) (any, error) {
			b, err := toBytes(v)
			if err != nil {
				return nil, err
			}
			if t.Kind != types.Blob && len(b) > t.Length {
				return nil, fmt.Errorf("the value has %d bytes, more than %d", len(b), t.Length)
			}
			return b, nil
		}
	case types.Date:
		return func(v any) (any, error) {
			tm, ok := v.(time.Time)
			if !ok {
				return nil, fmt.Errorf("%v is not a date", v)
			}
			return int32(math.Floor(float64(tm.Unix()) / 86400)), nil
		}
	case types.Time:
		return func(v any) (any, error) {
			ts, ok := v.(gtypes.Timespan)
			if !ok {
				return nil, fmt.Errorf("%v is not a time", v)
			}
			ms := int64(ts) / 1000
			if ms < 0 || ms >= 86400000 {
				return nil, fmt.Errorf("%v is not a time of day", v)
			}
			return int32(ms), nil
		}
	case types.Timestamp:
		return func(v any) (any, error) {
			tm, ok := v.(time.Time)
			if !ok {
				return nil, fmt.Errorf("%v is not a timestamp", v)
			}
			return truncate(tm.UTC(), t.Precision), nil
		}
	case types.TimestampLTZ:
		return func(v any) (any, error) {
			tm, ok := v.(time.Time)
			if !ok {
				return nil, fmt.Errorf("%v is not a timestamp", v)
			}
			// The client wrote a wall-clock time in its session zone.
			local := time.Date(tm.Year(), tm.Month(), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond(), loc)
			return truncate(local.UTC(), t.Precision), nil
		}
	}
	return func(v any) (any, error) {
		doc, err := jsonOf(v)
		if err != nil {
			return nil, err
		}
		return fromJSON(t, doc, loc)
	}
}

func truncate(t time.Time, precision int) time.Time {
	if precision >= 9 {
		return t
	}
	unit := time.Duration(math.Pow10(9 - precision))
	return t.Truncate(unit)
}

func intOf(lo, hi int64, make func(int64) any) func(any) (any, error) {
	return func(v any) (any, error) {
		n, err := toInt64(v)
		if err != nil {
			return nil, err
		}
		if n < lo || n > hi {
			return nil, fmt.Errorf("%d is out of range", n)
		}
		return make(n), nil
	}
}

func toInt64(v any) (int64, error) {
	if n, ok := exactInt(v); ok {
		return n, nil
	}
	switch x := v.(type) {
	case bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<63 {
			return int64(x), nil
		}
	case string:
		return strconv.ParseInt(x, 10, 64)
	}
	return 0, fmt.Errorf("%v is not an integer", v)
}

func toFloat64(v any) (float64, error) {
	switch x := v.(type) {
	case float32:
		return float64(x), nil
	case float64:
		return x, nil
	case decimal.Decimal:
		f, _ := x.Float64()
		return f, nil
	case string:
		return strconv.ParseFloat(x, 64)
	}
	if n, ok := exactInt(v); ok {
		return float64(n), nil
	}
	return 0, fmt.Errorf("%v is not a number", v)
}

func toDecimalValue(v any) (decimal.Decimal, error) {
	switch x := v.(type) {
	case decimal.Decimal:
		return x, nil
	case float32:
		return decimal.NewFromFloat32(x), nil
	case float64:
		return decimal.NewFromFloat(x), nil
	case string:
		return decimal.NewFromString(x)
	}
	if n, ok := exactInt(v); ok {
		return decimal.NewFromInt(n), nil
	}
	return decimal.Decimal{}, fmt.Errorf("%v is not a decimal", v)
}

func toText(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case []byte:
		return string(x), nil
	case sql.StringWrapper:
		return x.Unwrap(nil)
	}
	return "", fmt.Errorf("%v is not text", v)
}

func toBytes(v any) ([]byte, error) {
	switch x := v.(type) {
	case []byte:
		return x, nil
	case string:
		return []byte(x), nil
	case sql.BytesWrapper:
		return x.Unwrap(nil)
	}
	return nil, fmt.Errorf("%v is not binary", v)
}

// jsonOf returns the plain Go form of a JSON value (a JSON column's value or
// JSON text).
func jsonOf(v any) (any, error) {
	switch x := v.(type) {
	case sql.JSONWrapper:
		return x.ToInterface()
	case string:
		var doc any
		if err := json.Unmarshal([]byte(x), &doc); err != nil {
			return nil, fmt.Errorf("not JSON: %w", err)
		}
		return doc, nil
	}
	return v, nil
}

// fromJSON converts JSON into a nested Paimon value, the reverse of the
// JSON the server shows for ARRAY, MAP and ROW columns.
func fromJSON(t types.DataType, doc any, loc *time.Location) (any, error) {
	if doc == nil {
		return nil, nil
	}
	switch t.Kind {
	case types.Array, types.Vector:
		arr, ok := doc.([]any)
		if !ok {
			return nil, fmt.Errorf("%s takes a JSON array", t.SQL())
		}
		out := make([]any, len(arr))
		for i, e := range arr {
			var err error
			if out[i], err = fromJSON(*t.Element, e, loc); err != nil {
				return nil, err
			}
		}
		return out, nil
	case types.Map, types.Multiset:
		obj, ok := doc.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s takes a JSON object", t.SQL())
		}
		keyType, valueType := t.Key, t.Value
		if t.Kind == types.Multiset {
			keyType, valueType = t.Element, &types.DataType{Kind: types.Int}
		}
		m := types.MapValue{}
		for k, v := range obj {
			key, err := fromJSON(*keyType, k, loc)
			if err != nil {
				return nil, err
			}
			val, err := fromJSON(*valueType, v, loc)
			if err != nil {
				return nil, err
			}
			m.Keys, m.Values = append(m.Keys, key), append(m.Values, val)
		}
		return m, nil
	case types.Row:
		obj, ok := doc.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s takes a JSON object by field name", t.SQL())
		}
		row := make([]any, len(t.Fields))
		for i, f := range t.Fields {
			var err error
			if row[i], err = fromJSON(f.Type, obj[f.Name], loc); err != nil {
				return nil, err
			}
		}
		return row, nil
	case types.Binary, types.VarBinary, types.Blob:
		s, ok := doc.(string)
		if !ok {
			return nil, fmt.Errorf("%s in JSON is a base64 string", t.SQL())
		}
		return base64.StdEncoding.DecodeString(s)
	}
	// Atomic values inside JSON arrive as JSON numbers, strings or booleans:
	// read them as Java casts their text.
	text := fmt.Sprint(doc)
	if f, ok := doc.(float64); ok {
		text = strconv.FormatFloat(f, 'f', -1, 64)
	}
	c, err := cast.Resolve(types.NewString(), t, loc)
	if err != nil {
		return nil, err
	}
	return c(text)
}
