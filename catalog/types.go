package catalog

import (
	"encoding/base64"
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/paimon-sql/paimon-sql/core/cast"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// MySQL's limits that decide between the sized and the LONG types.
const (
	maxCharLength    = 255
	maxVarcharLength = 16383 // utf8mb4 rows are at most 65535 bytes
	maxBinaryLength  = 255
	maxVarbinLength  = 65535
)

// SQLType maps a Paimon type to the MySQL type shown to clients (docs/sql.md
// "Type mapping"). TIMESTAMP_LTZ is a DATETIME holding the session's local
// time: MySQL's TIMESTAMP type cannot hold dates outside 1970-2038.
func SQLType(t types.DataType) sql.Type {
	switch t.Kind {
	case types.Boolean:
		return gtypes.Boolean
	case types.TinyInt:
		return gtypes.Int8
	case types.SmallInt:
		return gtypes.Int16
	case types.Int:
		return gtypes.Int32
	case types.BigInt:
		return gtypes.Int64
	case types.Float:
		return gtypes.Float32
	case types.Double:
		return gtypes.Float64
	case types.Decimal: // Paimon's precision is at most 38, within MySQL's 65
		return gtypes.MustCreateColumnDecimalType(uint8(t.Precision), uint8(t.Scale))
	case types.Char:
		if t.Length <= maxCharLength {
			return gtypes.MustCreateStringWithDefaults(sqltypes.Char, int64(t.Length))
		}
		return gtypes.LongText
	case types.VarChar:
		if t.Length <= maxVarcharLength {
			return gtypes.MustCreateStringWithDefaults(sqltypes.VarChar, int64(t.Length))
		}
		return gtypes.LongText
	case types.Binary:
		if t.Length <= maxBinaryLength {
			return gtypes.MustCreateBinary(sqltypes.Binary, int64(t.Length))
		}
		return gtypes.LongBlob
	case types.VarBinary:
		if t.Length <= maxVarbinLength {
			return gtypes.MustCreateBinary(sqltypes.VarBinary, int64(t.Length))
		}
		return gtypes.LongBlob
	case types.Blob:
		return gtypes.LongBlob
	case types.Date:
		return gtypes.Date
	case types.Time:
		return gtypes.Time
	case types.Timestamp, types.TimestampLTZ:
		return gtypes.MustCreateDatetimeType(sqltypes.Datetime, min(t.Precision, 6))
	}
	return gtypes.JSON
}

// Converter returns the function that turns a core value of type t into
// the Go value go-mysql-server expects for SQLType(t). loc is the session
// time zone for TIMESTAMP_LTZ. NULL stays NULL.
func Converter(t types.DataType, loc *time.Location) func(any) any {
	switch t.Kind {
	case types.Boolean:
		return nonNull(func(v any) any {
			if v.(bool) {
				return int8(1)
			}
			return int8(0)
		})
	case types.Date:
		return nonNull(func(v any) any { return time.Unix(int64(v.(int32))*86400, 0).UTC() })
	case types.Time:
		return nonNull(func(v any) any { return gtypes.Timespan(int64(v.(int32)) * 1000) })
	case types.TimestampLTZ:
		return nonNull(func(v any) any {
			wall := v.(time.Time).In(loc)
			return time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), wall.Nanosecond(), time.UTC)
		})
	case types.Array, types.Map, types.Multiset, types.Row, types.Vector, types.Variant:
		return nonNull(func(v any) any { return gtypes.JSONDocument{Val: jsonValue(t, v, loc)} })
	}
	return func(v any) any { return v }
}

// nonNull lifts a conversion of non-NULL values to one that keeps NULL.
func nonNull(f func(any) any) func(any) any {
	return func(v any) any {
		if v == nil {
			return nil
		}
		return f(v)
	}
}

// jsonValue turns a nested value into JSON-ready values: ROW as an object
// by field name, MAP as an object with stringified keys, ARRAY as a list,
// dates and times as their SQL text, binaries as base64.
func jsonValue(t types.DataType, v any, loc *time.Location) any {
	if v == nil {
		return nil
	}
	switch t.Kind {
	case types.Row:
		row := v.([]any)
		obj := make(map[string]any, len(row))
		for i, f := range t.Fields {
			if i < len(row) {
				obj[f.Name] = jsonValue(f.Type, row[i], loc)
			}
		}
		return obj
	case types.Array, types.Vector:
		arr := v.([]any)
		out := make([]any, len(arr))
		for i, e := range arr {
			out[i] = jsonValue(*t.Element, e, loc)
		}
		return out
	case types.Map, types.Multiset:
		m := v.(types.MapValue)
		keyType, valueType := t.Key, t.Value
		if t.Kind == types.Multiset {
			keyType, valueType = t.Element, &types.DataType{Kind: types.Int}
		}
		obj := make(map[string]any, len(m.Keys))
		for i, k := range m.Keys {
			obj[fmt.Sprint(jsonValue(*keyType, k, loc))] = jsonValue(*valueType, m.Values[i], loc)
		}
		return obj
	case types.Variant:
		vv := v.(types.VariantValue)
		return map[string]any{"value": base64.StdEncoding.EncodeToString(vv.Value), "metadata": base64.StdEncoding.EncodeToString(vv.Metadata)}
	case types.Date, types.Time, types.Timestamp, types.TimestampLTZ:
		s, err := cast.ToString(t, v, loc)
		if err != nil {
			return fmt.Sprint(v)
		}
		return s
	case types.Binary, types.VarBinary, types.Blob:
		return base64.StdEncoding.EncodeToString(v.([]byte))
	}
	return v
}
