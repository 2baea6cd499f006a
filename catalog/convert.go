package catalog

// Conversion between go-mysql-server and Paimon, in one place: the types
// (SQLType, PaimonType) and the values in both directions (Converter for
// what a scan returns, ToPaimon for what an insert writes, exactPaimonValue
// for the literals a filter prunes with).

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/cast"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/sqlext"
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

// Paimon's limits.
const (
	maxDecimalPrecision   = 38
	maxTimestampPrecision = 9
)

// PaimonType maps a MySQL column type of CREATE TABLE or ALTER TABLE to the
// Paimon type it creates (docs/sql.md "Type mapping", read backwards).
// Unsigned integers widen to the next signed type, since Paimon has none.
func PaimonType(t sql.Type, nullable bool) (types.DataType, error) {
	dt, err := paimonType(t)
	if err != nil {
		return types.DataType{}, err
	}
	dt.Nullable = nullable
	return dt, nil
}

func paimonType(t sql.Type) (types.DataType, error) {
	if gtypes.IsBoolean(t) {
		return types.New(types.Boolean), nil
	}
	switch t.Type() {
	case sqltypes.Int8:
		return types.New(types.TinyInt), nil
	case sqltypes.Uint8, sqltypes.Int16:
		return types.New(types.SmallInt), nil
	case sqltypes.Uint16, sqltypes.Int24, sqltypes.Uint24, sqltypes.Int32:
		return types.New(types.Int), nil
	case sqltypes.Uint32, sqltypes.Int64:
		return types.New(types.BigInt), nil
	case sqltypes.Uint64:
		return types.NewDecimal(20, 0), nil
	case sqltypes.Float32:
		return types.New(types.Float), nil
	case sqltypes.Float64:
		return types.New(types.Double), nil
	case sqltypes.Decimal:
		d := t.(sql.DecimalType)
		if d.Precision() > maxDecimalPrecision {
			return types.DataType{}, fmt.Errorf("DECIMAL(%d, %d) is too wide: Paimon's DECIMAL holds at most %d digits", d.Precision(), d.Scale(), maxDecimalPrecision)
		}
		return types.NewDecimal(int(d.Precision()), int(d.Scale())), nil
	case sqltypes.Date:
		return types.New(types.Date), nil
	case sqltypes.Time:
		return types.DataType{Kind: types.Time, Nullable: true}, nil
	case sqltypes.Datetime:
		return types.NewTimestamp(t.(sql.DatetimeType).Precision()), nil
	case sqltypes.Timestamp:
		return types.DataType{Kind: types.TimestampLTZ, Precision: t.(sql.DatetimeType).Precision(), Nullable: true}, nil
	case sqltypes.Char:
		return types.DataType{Kind: types.Char, Length: int(t.(sql.StringType).MaxCharacterLength()), Nullable: true}, nil
	case sqltypes.VarChar:
		return types.DataType{Kind: types.VarChar, Length: int(t.(sql.StringType).MaxCharacterLength()), Nullable: true}, nil
	case sqltypes.Text:
		return types.NewString(), nil
	case sqltypes.Binary:
		return types.DataType{Kind: types.Binary, Length: int(t.(sql.StringType).MaxByteLength()), Nullable: true}, nil
	case sqltypes.VarBinary:
		return types.DataType{Kind: types.VarBinary, Length: int(t.(sql.StringType).MaxByteLength()), Nullable: true}, nil
	case sqltypes.Blob:
		return types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true}, nil
	}
	return types.DataType{}, fmt.Errorf("column type %s has no Paimon equivalent: use INT, BIGINT, DECIMAL, DOUBLE, VARCHAR, TEXT, VARBINARY, BLOB, DATE, TIME, DATETIME, TIMESTAMP or BOOLEAN", t.String())
}

// ToPaimon returns the function that turns a value go-mysql-server hands an
// inserter (already converted to the column's SQL type) into the core
// value of the Paimon type t. It is Converter read backwards; it refuses
// what Paimon cannot hold (a too long string, a NULL in a NOT NULL column)
// instead of changing the value. loc is the session time zone.
func ToPaimon(name string, t types.DataType, loc *time.Location) func(context.Context, any) (any, error) {
	conv := toPaimon(t, loc)
	return func(ctx context.Context, v any) (any, error) {
		if v == nil {
			if !t.Nullable {
				return nil, fmt.Errorf("column '%s' is NOT NULL: give it a value", name)
			}
			return nil, nil
		}
		out, err := conv(ctx, v)
		if err != nil {
			return nil, fmt.Errorf("column '%s' (%s): %w", name, t.SQL(), err)
		}
		return out, nil
	}
}

func toPaimon(t types.DataType, loc *time.Location) func(context.Context, any) (any, error) {
	switch t.Kind {
	case types.Boolean:
		return func(ctx context.Context, v any) (any, error) {
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
		// A value of the column's Go type passes as it is: boxing it again
		// was an allocation per value of a bulk INSERT.
		conv := intOf(math.MinInt64, math.MaxInt64, func(n int64) any { return n })
		return func(ctx context.Context, v any) (any, error) {
			if _, ok := v.(int64); ok {
				return v, nil
			}
			return conv(ctx, v)
		}
	case types.Float:
		return func(ctx context.Context, v any) (any, error) {
			f, err := toFloat64(v)
			return float32(f), err
		}
	case types.Double:
		return func(ctx context.Context, v any) (any, error) {
			if _, ok := v.(float64); ok {
				return v, nil // as BIGINT's
			}
			return toFloat64(v)
		}
	case types.Decimal:
		return func(ctx context.Context, v any) (any, error) {
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
		return func(ctx context.Context, v any) (any, error) {
			s, err := toText(ctx, v)
			if err != nil {
				return nil, err
			}
			if n := utf8.RuneCountInString(s); n > t.Length {
				return nil, fmt.Errorf("the value has %d characters, more than %d", n, t.Length)
			}
			return s, nil
		}
	case types.Binary, types.VarBinary, types.Blob:
		return func(ctx context.Context, v any) (any, error) {
			b, err := toBytes(ctx, v)
			if err != nil {
				return nil, err
			}
			if t.Kind != types.Blob && len(b) > t.Length {
				return nil, fmt.Errorf("the value has %d bytes, more than %d", len(b), t.Length)
			}
			return b, nil
		}
	case types.Date:
		return func(ctx context.Context, v any) (any, error) {
			tm, ok := v.(time.Time)
			if !ok {
				return nil, fmt.Errorf("%v is not a date", v)
			}
			return int32(math.Floor(float64(tm.Unix()) / 86400)), nil
		}
	case types.Time:
		return func(ctx context.Context, v any) (any, error) {
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
		return func(ctx context.Context, v any) (any, error) {
			tm, ok := v.(time.Time)
			if !ok {
				return nil, fmt.Errorf("%v is not a timestamp", v)
			}
			return truncate(tm.UTC(), t.Precision), nil
		}
	case types.TimestampLTZ:
		return func(ctx context.Context, v any) (any, error) {
			tm, ok := v.(time.Time)
			if !ok {
				return nil, fmt.Errorf("%v is not a timestamp", v)
			}
			// The client wrote a wall-clock time in its session zone.
			local := time.Date(tm.Year(), tm.Month(), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond(), loc)
			utc := truncate(local.UTC(), t.Precision)
			// An instant that is no DATETIME in UTC would make the table
			// unreadable in UTC sessions (and in the writer's, for rounding).
			if utc.Year() < 0 || utc.Year() > 9999 {
				return nil, fmt.Errorf("%s in time zone %s is %s UTC, outside the range of DATETIME (0000-01-01 to 9999-12-31)",
					local.Format("2006-01-02 15:04:05.999999999"), loc, utc.Format("2006-01-02 15:04:05.999999999"))
			}
			return utc, nil
		}
	}
	return func(ctx context.Context, v any) (any, error) {
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

func intOf(lo, hi int64, make func(int64) any) func(context.Context, any) (any, error) {
	return func(_ context.Context, v any) (any, error) {
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

func toText(ctx context.Context, v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case []byte:
		return string(x), nil
	case sql.StringWrapper:
		return x.Unwrap(ctx)
	}
	return "", fmt.Errorf("%v is not text", v)
}

func toBytes(ctx context.Context, v any) ([]byte, error) {
	switch x := v.(type) {
	case []byte:
		return x, nil
	case string:
		return []byte(x), nil
	case sql.BytesWrapper:
		return x.Unwrap(ctx)
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
		if err := exactJSONNumber(t, f); err != nil {
			return nil, err
		}
	}
	c, err := cast.Resolve(types.NewString(), t, loc)
	if err != nil {
		return nil, err
	}
	return c(text)
}

// exactJSONNumber refuses a JSON number for an integer or DECIMAL field
// that may not be the number the client wrote: go-mysql-server parses JSON
// numbers into doubles, which keep integers only below 2^53 and other
// numbers to 15 significant digits, so a larger value would be stored
// rounded. A JSON string holds any value exactly.
func exactJSONNumber(t types.DataType, f float64) error {
	exact := math.Abs(f) < 1<<53
	switch t.Kind {
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
	case types.Decimal:
		// A fraction may have been rounded however small the number.
		mantissa, _, _ := strings.Cut(strconv.FormatFloat(math.Abs(f), 'e', -1, 64), "e")
		exact = exact && len(strings.Replace(mantissa, ".", "", 1)) <= 15
	default:
		return nil
	}
	if exact {
		return nil
	}
	return fmt.Errorf("JSON number %s for a %s field may have lost digits (JSON numbers are read as doubles, exact to 2^53 "+
		"and 15 significant digits): write the value as a JSON string, e.g. \"9007199254740993\"", strconv.FormatFloat(f, 'g', -1, 64), t.SQL())
}

// exactPaimonValue converts a SQL literal to the core value of a column's type,
// exactly or not at all: a literal that does not convert exactly (1.5 for an
// INT column, say) gives no predicate, so it can never prune wrongly.
func exactPaimonValue(t types.DataType, v any) (any, bool) {
	if v == nil {
		return nil, true
	}
	switch t.Kind {
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
		n, ok := exactInt(v)
		if !ok {
			return nil, false
		}
		switch t.Kind {
		case types.TinyInt:
			return int8(n), n >= math.MinInt8 && n <= math.MaxInt8
		case types.SmallInt:
			return int16(n), n >= math.MinInt16 && n <= math.MaxInt16
		case types.Int:
			return int32(n), n >= math.MinInt32 && n <= math.MaxInt32
		}
		return n, true
	case types.Char, types.VarChar:
		s, ok := v.(string)
		return s, ok && t.Kind == types.VarChar // CHAR values are padded: compare only VARCHAR
	case types.Decimal:
		d, ok := exactDecimal(v)
		if !ok || !d.Equal(d.Round(int32(t.Scale))) {
			return nil, false
		}
		return d, true
	case types.Double:
		f, ok := v.(float64)
		return f, ok
	case types.Date:
		if tm, ok := v.(time.Time); ok && tm.Equal(tm.Truncate(24*time.Hour)) {
			return int32(tm.Unix() / 86400), true
		}
		if s, ok := v.(string); ok {
			if tm, err := time.Parse("2006-01-02", s); err == nil {
				return int32(tm.Unix() / 86400), true
			}
		}
	case types.Timestamp:
		if tm, ok := v.(time.Time); ok {
			return tm.UTC(), true
		}
		if s, ok := v.(string); ok {
			if tm, ok := sqlext.ParseInstant(s, time.UTC); ok {
				return tm, true
			}
		}
	}
	return nil, false
}

// exactInt is v as an int64 when it is an integer: a Go integer
// (types.Int64) or an integral DECIMAL of at most 18 digits.
func exactInt(v any) (int64, bool) {
	if n, ok := types.Int64(v); ok {
		return n, true
	}
	if d, ok := v.(decimal.Decimal); ok && d.IsInteger() && d.Abs().LessThan(decimal.New(1, 18)) {
		return d.IntPart(), true
	}
	return 0, false
}

func exactDecimal(v any) (decimal.Decimal, bool) {
	if d, ok := v.(decimal.Decimal); ok {
		return d, true
	}
	if n, ok := exactInt(v); ok {
		return decimal.NewFromInt(n), true
	}
	return decimal.Decimal{}, false
}
