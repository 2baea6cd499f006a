package format

import (
	"bytes"
	"fmt"
	"math/big"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
	"github.com/shopspring/decimal"
)

// convertFunc appends to dst the Paimon values of the count non-null values
// held in v (typed page data of one physical type). One loop per type keeps
// the per-value cost to a type switch-free conversion and a boxing.
type convertFunc func(v encoding.Values, count int, dst []any) []any

// julianEpochDay is the Julian day number of 1970-01-01 (INT96 timestamps).
const julianEpochDay = 2440588

// converterFor picks the decoding of a leaf column as Paimon type t from its
// physical type and annotations (Paimon's mapping is docs/design/format.md §6.2).
func converterFor(e *format.SchemaElement, t types.DataType) (convertFunc, error) {
	phys := e.Type.V
	bad := func() (convertFunc, error) {
		return nil, fmt.Errorf("column %q: cannot read parquet %s as %s", e.Name, phys, t)
	}
	switch t.Kind {
	case types.Boolean:
		if phys == format.Boolean {
			return convertBoolean, nil
		}
	case types.TinyInt, types.SmallInt, types.Int, types.Date:
		if phys == format.Int32 {
			return convertInt32(t.Kind), nil
		}
	case types.Time:
		switch phys {
		case format.Int32:
			return convertInt32(t.Kind), nil
		case format.Int64:
			// Paimon writes TIME as INT32 millis; other writers use INT64
			// micros or nanos, which we bring to Paimon's millis.
			return convertTime64(timeUnitOf(e, 6)), nil
		}
	case types.BigInt:
		if phys == format.Int64 {
			return convertInt64, nil
		}
	case types.Float:
		if phys == format.Float {
			return convertFloat, nil
		}
	case types.Double:
		if phys == format.Double {
			return convertDouble, nil
		}
	case types.Char, types.VarChar:
		if phys == format.ByteArray || phys == format.FixedLenByteArray {
			return convertString, nil
		}
	case types.Binary, types.VarBinary, types.Blob:
		if phys == format.ByteArray || phys == format.FixedLenByteArray {
			return convertBytes, nil
		}
	case types.Decimal:
		exp := -int32(t.Scale)
		switch phys {
		case format.Int32:
			return convertDecimal32(exp), nil
		case format.Int64:
			return convertDecimal64(exp), nil
		case format.ByteArray, format.FixedLenByteArray:
			return convertDecimalBytes(exp), nil
		}
	case types.Timestamp, types.TimestampLTZ:
		switch phys {
		case format.Int64:
			return convertTimestamp64(timeUnitOf(e, t.Precision)), nil
		case format.Int96:
			return convertInt96, nil
		}
	}
	return bad()
}

// timeUnitOf is the unit of an INT64 TIME or TIMESTAMP column: from the
// logical type, else the converted type, else Paimon's precision rule.
func timeUnitOf(e *format.SchemaElement, precision int) time.Duration {
	switch lt := e.LogicalType.Value.(type) {
	case *format.TimestampType:
		if lt.Unit.Value != nil {
			return lt.Unit.Value.Duration()
		}
	case *format.TimeType:
		if lt.Unit.Value != nil {
			return lt.Unit.Value.Duration()
		}
	}
	if e.ConvertedType.Valid {
		switch e.ConvertedType.V {
		case deprecated.TimestampMillis, deprecated.TimeMillis:
			return time.Millisecond
		case deprecated.TimestampMicros, deprecated.TimeMicros:
			return time.Microsecond
		}
	}
	switch {
	case precision <= 3:
		return time.Millisecond
	case precision <= 6:
		return time.Microsecond
	}
	return time.Nanosecond
}

func convertBoolean(v encoding.Values, count int, dst []any) []any {
	bits := v.Boolean()
	for i := range count {
		dst = append(dst, bits[i>>3]&(1<<(i&7)) != 0)
	}
	return dst
}

func convertInt32(k types.Kind) convertFunc {
	switch k {
	case types.TinyInt:
		return func(v encoding.Values, _ int, dst []any) []any {
			for _, x := range v.Int32() {
				dst = append(dst, int8(x))
			}
			return dst
		}
	case types.SmallInt:
		return func(v encoding.Values, _ int, dst []any) []any {
			for _, x := range v.Int32() {
				dst = append(dst, int16(x))
			}
			return dst
		}
	}
	return func(v encoding.Values, _ int, dst []any) []any {
		for _, x := range v.Int32() {
			dst = append(dst, x)
		}
		return dst
	}
}

func convertInt64(v encoding.Values, _ int, dst []any) []any {
	for _, x := range v.Int64() {
		dst = append(dst, x)
	}
	return dst
}

func convertFloat(v encoding.Values, _ int, dst []any) []any {
	for _, x := range v.Float() {
		dst = append(dst, x)
	}
	return dst
}

func convertDouble(v encoding.Values, _ int, dst []any) []any {
	for _, x := range v.Double() {
		dst = append(dst, x)
	}
	return dst
}

func convertTime64(unit time.Duration) convertFunc {
	div := int64(time.Millisecond / unit)
	return func(v encoding.Values, _ int, dst []any) []any {
		for _, x := range v.Int64() {
			dst = append(dst, int32(x/div))
		}
		return dst
	}
}

// forEachBytes calls fn with each value of BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY
// data. The slices alias page memory, so fn must copy what it keeps.
func forEachBytes(v encoding.Values, fn func([]byte)) {
	if v.Kind() == encoding.FixedLenByteArray {
		data, size := v.FixedLenByteArray()
		for i := 0; i+size <= len(data) && size > 0; i += size {
			fn(data[i : i+size])
		}
		return
	}
	data, offsets := v.ByteArray()
	for i := 0; i+1 < len(offsets); i++ {
		fn(data[offsets[i]:offsets[i+1]])
	}
}

func convertString(v encoding.Values, _ int, dst []any) []any {
	forEachBytes(v, func(b []byte) { dst = append(dst, string(b)) })
	return dst
}

func convertBytes(v encoding.Values, _ int, dst []any) []any {
	forEachBytes(v, func(b []byte) { dst = append(dst, bytes.Clone(b)) })
	return dst
}

func convertDecimal32(exp int32) convertFunc {
	return func(v encoding.Values, _ int, dst []any) []any {
		for _, x := range v.Int32() {
			dst = append(dst, decimal.New(int64(x), exp))
		}
		return dst
	}
}

func convertDecimal64(exp int32) convertFunc {
	return func(v encoding.Values, _ int, dst []any) []any {
		for _, x := range v.Int64() {
			dst = append(dst, decimal.New(x, exp))
		}
		return dst
	}
}

// convertDecimalBytes reads big-endian two's complement unscaled values.
func convertDecimalBytes(exp int32) convertFunc {
	return func(v encoding.Values, _ int, dst []any) []any {
		forEachBytes(v, func(b []byte) {
			u := new(big.Int).SetBytes(b)
			if len(b) > 0 && b[0]&0x80 != 0 {
				u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
			}
			dst = append(dst, decimal.NewFromBigInt(u, exp))
		})
		return dst
	}
}

func convertTimestamp64(unit time.Duration) convertFunc {
	var conv func(int64) time.Time
	switch unit {
	case time.Millisecond:
		conv = time.UnixMilli
	case time.Microsecond:
		conv = time.UnixMicro
	default:
		conv = func(x int64) time.Time { return time.Unix(0, x) }
	}
	return func(v encoding.Values, _ int, dst []any) []any {
		for _, x := range v.Int64() {
			dst = append(dst, conv(x).UTC())
		}
		return dst
	}
}

// convertInt96 decodes 12 bytes: little-endian int64 nanos of the day, then
// int32 Julian day. Java may write a negative nanos-of-day for pre-1970
// values (truncating division); time.Unix normalises that.
func convertInt96(v encoding.Values, _ int, dst []any) []any {
	for _, x := range v.Int96() {
		nanos := int64(uint64(x[0]) | uint64(x[1])<<32)
		days := int64(int32(x[2])) - julianEpochDay
		dst = append(dst, time.Unix(days*86400, nanos).UTC())
	}
	return dst
}
