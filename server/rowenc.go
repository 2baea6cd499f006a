package server

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// rowEncoder turns result rows into wire values, as GMS's RowToSQL does,
// with shortcuts for the values a scan of Paimon columns returns most: an
// integer, float or string whose Go type is the one its column's type
// holds is appended to the buffer with the same strconv call (or copy) its
// type's SQL method ends in, skipping that method's conversion switch, its
// per-value lookup of character_set_results and, for strings, its copy
// through the result character set's encoder, which is the identity for
// valid utf8mb4. Every other value goes through the type's SQL method, so
// the bytes are GMS's either way (rowenc_test.go compares them).
type rowEncoder struct {
	schema sql.Schema
	projs  []sql.Expression // GMS's deferred projections, nil when there are none
	fast   []appendFunc     // per column; nil when the column has no shortcut
	wire   []querypb.Type   // per column
}

// appendFunc appends the wire text of v to dst; false when v is not of the
// Go type the shortcut handles.
type appendFunc func(dst []byte, v any) ([]byte, bool)

func newRowEncoder(ctx *sql.Context, schema sql.Schema, projs []sql.Expression) *rowEncoder {
	e := &rowEncoder{schema: schema, projs: projs, fast: make([]appendFunc, len(schema)), wire: make([]querypb.Type, len(schema))}
	results := ctx.GetCharacterSetResults()
	for i, col := range schema {
		e.fast[i] = shortcut(col.Type, results)
		e.wire[i] = col.Type.Type()
	}
	return e
}

// shortcut is the appendFunc for values of type t, nil for types that
// have none. results is the session's character_set_results.
func shortcut(t sql.Type, results sql.CharacterSetID) appendFunc {
	switch t := t.(type) {
	case types.NumberTypeImpl_:
		return numberShortcut(t.Type())
	case types.StringType:
		if types.IsBinaryType(t) {
			return nil
		}
		switch t.Type() {
		case sqltypes.Char, sqltypes.VarChar, sqltypes.Text:
		default:
			return nil
		}
		// StringType.SQL encodes into character_set_results, or into the
		// column's character set when that is unset or binary.
		if results == sql.CharacterSet_Unspecified || results == sql.CharacterSet_binary {
			results = t.CharacterSet()
		}
		if results != sql.CharacterSet_utf8mb4 {
			return nil
		}
		return appendUTF8
	}
	return nil
}

// numberShortcut appends integers as NumberTypeImpl_.SQLInt* and floats as
// SQLFloat64/SQLFloat32 do; a value of its own column's Go type needs none
// of their conversions or clamps, except a FLOAT's infinities.
func numberShortcut(t querypb.Type) appendFunc {
	switch t {
	case sqltypes.Int8:
		return func(dst []byte, v any) ([]byte, bool) {
			x, ok := v.(int8)
			if !ok {
				return dst, false
			}
			return strconv.AppendInt(dst, int64(x), 10), true
		}
	case sqltypes.Int16:
		return func(dst []byte, v any) ([]byte, bool) {
			x, ok := v.(int16)
			if !ok {
				return dst, false
			}
			return strconv.AppendInt(dst, int64(x), 10), true
		}
	case sqltypes.Int32:
		return func(dst []byte, v any) ([]byte, bool) {
			x, ok := v.(int32)
			if !ok {
				return dst, false
			}
			return strconv.AppendInt(dst, int64(x), 10), true
		}
	case sqltypes.Int64:
		return func(dst []byte, v any) ([]byte, bool) {
			x, ok := v.(int64)
			if !ok {
				return dst, false
			}
			return strconv.AppendInt(dst, x, 10), true
		}
	case sqltypes.Float64:
		return func(dst []byte, v any) ([]byte, bool) {
			x, ok := v.(float64)
			if !ok {
				return dst, false
			}
			if out, ok := appendShortDecimal(dst, x); ok {
				return out, true
			}
			return strconv.AppendFloat(dst, x, 'g', -1, 64), true
		}
	case sqltypes.Float32:
		return func(dst []byte, v any) ([]byte, bool) {
			x, ok := v.(float32)
			if !ok || math.IsInf(float64(x), 0) {
				return dst, false // SQLFloat32 clamps infinities to ±MaxFloat32
			}
			return strconv.AppendFloat(dst, float64(x), 'g', -1, 32), true
		}
	}
	return nil
}

// decimalScales are the powers of ten appendShortDecimal tries.
var decimalScales = [...]float64{1, 10, 100, 1000, 10000}

// appendShortDecimal appends x as strconv.AppendFloat(x, 'g', -1, 64) does
// when x is the double nearest to a decimal of at most 4 fraction digits
// below 1e6 in magnitude (prices, measures: what DOUBLE columns mostly
// hold), at a fraction of the cost of the shortest-digits search; false
// for other values. Such a decimal m/10^d has at most 10 significant
// digits, and two decimals of at most 15 cannot be nearest to the same
// double, so it is the shortest decimal that reads back as x; 'g' writes
// it without exponent as its exponent is within -4 .. 5.
func appendShortDecimal(dst []byte, x float64) ([]byte, bool) {
	if !(x > -1e6 && x < 1e6) {
		return dst, false // NaN too
	}
	for _, scale := range decimalScales {
		m := math.Round(x * scale)
		if m/scale != x {
			continue
		}
		if math.Signbit(x) {
			dst = append(dst, '-') // -0 too
		}
		u, unit := uint64(math.Abs(m)), uint64(scale)
		dst = strconv.AppendUint(dst, u/unit, 10)
		if frac := u % unit; frac != 0 {
			dst = append(dst, '.')
			for unit /= 10; unit > 0 && frac != 0; unit /= 10 {
				dst = append(dst, byte('0'+frac/unit))
				frac %= unit
			}
		}
		return dst, true
	}
	return dst, false
}

// appendUTF8 appends a valid UTF-8 string as it is; StringType.SQL refuses
// or re-decodes invalid ones.
func appendUTF8(dst []byte, v any) ([]byte, bool) {
	s, ok := v.(string)
	if !ok || !utf8.ValidString(s) {
		return dst, false
	}
	return append(dst, s...), true
}

// encode converts row into out (one value per column), writing the text
// into buf.
func (e *rowEncoder) encode(ctx *sql.Context, row sql.Row, out []sqltypes.Value, buf *sql.ByteBuffer) error {
	for i, col := range e.schema {
		var v any
		if e.projs == nil {
			v = row[i]
		} else {
			// row is the projections' input, not of the schema's width.
			var err error
			if v, err = e.projs[i].Eval(ctx, row); err != nil {
				return err
			}
		}
		if v == nil {
			out[i] = sqltypes.NULL
			continue
		}
		if f := e.fast[i]; f != nil {
			dst := buf.Get()
			if text, ok := f(dst, v); ok {
				out[i] = sqltypes.MakeTrusted(e.wire[i], text)
				buf.Grow(len(text))
				continue
			}
		}
		val, err := col.Type.SQL(ctx, buf.Get(), v)
		if err != nil {
			return err
		}
		buf.Grow(val.Len())
		out[i] = val
	}
	return nil
}
