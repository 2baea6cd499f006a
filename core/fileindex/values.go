package fileindex

import (
	"math"
	"time"

	"github.com/cespare/xxhash/v2"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Java's indexes see a column's values as its Java objects; these helpers
// give the Go values (core/types) the same identity.

// timestampLong is Java's Timestamp.getMillisecond for precision up to 3,
// else toMicros: the long both the bitmap and the BSI index store.
func timestampLong(t types.DataType, v time.Time) int64 {
	if t.Precision <= 3 {
		return v.UnixMilli()
	}
	return v.UnixMicro()
}

// bloomHasher is Java's FastHash for type t: xxHash64 of the bytes of
// strings and binaries, Thomas Wang's 64-bit hash of numbers, dates, times
// and timestamps. ok is false for the types Java's bloom filter refuses.
func bloomHasher(t types.DataType) (hash func(any) (int64, bool), ok bool) {
	switch t.Kind {
	case types.Char, types.VarChar:
		return func(v any) (int64, bool) {
			s, ok := v.(string)
			return int64(xxhash.Sum64String(s)), ok
		}, true
	case types.Binary, types.VarBinary:
		return func(v any) (int64, bool) {
			b, ok := v.([]byte)
			return int64(xxhash.Sum64(b)), ok
		}, true
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.Date, types.Time:
		return func(v any) (int64, bool) {
			n, ok := integer(v)
			return wangHash(n), ok
		}, true
	case types.Float:
		return func(v any) (int64, bool) {
			f, ok := v.(float32)
			bits := math.Float32bits(f)
			if math.IsNaN(float64(f)) {
				bits = 0x7fc00000 // Float.floatToIntBits: one NaN
			}
			return wangHash(int64(int32(bits))), ok
		}, true
	case types.Double:
		return func(v any) (int64, bool) {
			f, ok := v.(float64)
			bits := math.Float64bits(f)
			if math.IsNaN(f) {
				bits = 0x7ff8000000000000
			}
			return wangHash(int64(bits)), ok
		}, true
	case types.Timestamp, types.TimestampLTZ:
		return func(v any) (int64, bool) {
			ts, ok := v.(time.Time)
			return wangHash(timestampLong(t, ts)), ok
		}, true
	}
	return nil, false
}

// wangHash is Thomas Wang's 64-bit integer hash with Java's signed shifts.
func wangHash(key int64) int64 {
	key = ^key + key<<21
	key ^= key >> 24
	key = key + key<<3 + key<<8
	key ^= key >> 14
	key = key + key<<2 + key<<4
	key ^= key >> 28
	key += key << 31
	return key
}

// integer widens the Go values of the integer, date and time types.
func integer(v any) (int64, bool) { return types.Int64(v) }

// bitmapSupported lists the types of Java's BitmapTypeVisitor.
func bitmapSupported(t types.DataType) bool {
	switch t.Kind {
	case types.Char, types.VarChar, types.Boolean, types.TinyInt, types.SmallInt, types.Int, types.BigInt,
		types.Float, types.Double, types.Date, types.Time, types.Timestamp, types.TimestampLTZ:
		return true
	}
	return false
}

// bitmapKey is the bitmap identifier of value v of type t: the value
// itself, timestamps as their long. ok is false for a value of another Go
// type (never indexed).
func bitmapKey(t types.DataType, v any) (any, bool) {
	switch t.Kind {
	case types.Char, types.VarChar:
		_, ok := v.(string)
		return v, ok
	case types.Boolean:
		_, ok := v.(bool)
		return v, ok
	case types.TinyInt:
		_, ok := v.(int8)
		return v, ok
	case types.SmallInt:
		_, ok := v.(int16)
		return v, ok
	case types.Int, types.Date, types.Time:
		_, ok := v.(int32)
		return v, ok
	case types.BigInt:
		_, ok := v.(int64)
		return v, ok
	case types.Float:
		_, ok := v.(float32)
		return v, ok
	case types.Double:
		_, ok := v.(float64)
		return v, ok
	case types.Timestamp, types.TimestampLTZ:
		ts, ok := v.(time.Time)
		if !ok {
			return nil, false
		}
		return timestampLong(t, ts), true
	}
	return nil, false
}

// bsiSupported lists the types of Java's BSI value mapper (decimals only
// when their unscaled value is a long).
func bsiSupported(t types.DataType) bool {
	switch t.Kind {
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.Date, types.Time,
		types.Timestamp, types.TimestampLTZ:
		return true
	case types.Decimal:
		return t.Precision <= 18
	}
	return false
}

// bsiValue is the long the BSI index stores for v of type t: integers
// widened, timestamps as their long, decimals unscaled.
func bsiValue(t types.DataType, v any) (int64, bool) {
	switch x := v.(type) {
	case time.Time:
		return timestampLong(t, x), t.IsTimestamp()
	case decimal.Decimal:
		if t.Kind != types.Decimal {
			return 0, false
		}
		u := x.Shift(int32(t.Scale))
		if !u.Equal(u.Truncate(0)) || !u.BigInt().IsInt64() {
			return 0, false // not a value of the column's scale
		}
		return u.BigInt().Int64(), true
	}
	if t.Kind == types.Decimal || t.IsTimestamp() {
		return 0, false
	}
	return integer(v)
}
