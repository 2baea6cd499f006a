package binrow

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Serialize encodes a row and prefixes it with its arity, the form stored in
// manifests (_PARTITION, _MIN_KEY, stats rows).
func Serialize(values []any, fieldTypes []types.DataType) ([]byte, error) {
	row, err := Encode(values, fieldTypes)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 4, 4+len(row))
	binary.BigEndian.PutUint32(out, uint32(len(values)))
	return append(out, row...), nil
}

// Empty returns the serialized row with no fields (arity 0 and an 8-byte
// header), which Java writes as the partition of unpartitioned tables and
// as the keys of append-table files. Each call returns a new slice.
func Empty() []byte { return make([]byte, 4+fixedSize(0)) }

// Encode builds the bytes Java's BinaryRowWriter produces for values (row
// kind +I). Byte-exactness matters because the bucket hash runs over them:
// unused slot bytes and padding are zero, and a NULL non-compact DECIMAL or
// TIMESTAMP still reserves its variable-part space with the slot pointing at
// it, as Java's writeDecimal/writeTimestamp do.
func Encode(values []any, fieldTypes []types.DataType) ([]byte, error) {
	if len(values) != len(fieldTypes) {
		return nil, fmt.Errorf("binrow: %d values for %d types", len(values), len(fieldTypes))
	}
	hs := headerSize(len(values))
	row := make([]byte, fixedSize(len(values)), fixedSize(len(values))+varSizeHint(values))
	for i, v := range values {
		var err error
		row, err = encodeField(row, hs+8*i, i, v, fieldTypes[i])
		if err != nil {
			return nil, fmt.Errorf("binrow: field %d (%s): %w", i, fieldTypes[i].SQL(), err)
		}
	}
	return row, nil
}

func varSizeHint(values []any) int {
	n := 0
	for _, v := range values {
		if s, ok := v.(string); ok && len(s) > maxInline {
			n += roundUp8(len(s))
		}
	}
	return n
}

func setNull(row []byte, i int) {
	b, bit := nullByteBit(i)
	row[b] |= bit
}

// appendVar appends zero-padded data to the variable part and points the slot
// at it.
func appendVar(row []byte, off int, data []byte, reserve int) []byte {
	start := len(row)
	row = append(row, make([]byte, reserve)...)
	copy(row[start:], data)
	binary.LittleEndian.PutUint64(row[off:], uint64(start)<<32|uint64(len(data)))
	return row
}

func encodeField(row []byte, off, i int, v any, t types.DataType) ([]byte, error) {
	if v == nil {
		setNull(row, i)
		switch {
		case t.Kind == types.Decimal && !compactDecimal(t):
			return appendVar(row, off, nil, 16), nil
		case t.IsTimestamp() && !compactTimestamp(t):
			return appendVar(row, off, nil, 8), nil
		}
		return row, nil
	}
	slot := row[off : off+8]
	switch t.Kind {
	case types.Boolean:
		b, ok := v.(bool)
		if !ok {
			return nil, wrongType(v, "bool")
		}
		if b {
			slot[0] = 1
		}
	case types.TinyInt:
		x, ok := v.(int8)
		if !ok {
			return nil, wrongType(v, "int8")
		}
		slot[0] = byte(x)
	case types.SmallInt:
		x, ok := v.(int16)
		if !ok {
			return nil, wrongType(v, "int16")
		}
		binary.LittleEndian.PutUint16(slot, uint16(x))
	case types.Int, types.Date, types.Time:
		x, ok := v.(int32)
		if !ok {
			return nil, wrongType(v, "int32")
		}
		binary.LittleEndian.PutUint32(slot, uint32(x))
	case types.BigInt:
		x, ok := v.(int64)
		if !ok {
			return nil, wrongType(v, "int64")
		}
		binary.LittleEndian.PutUint64(slot, uint64(x))
	case types.Float:
		x, ok := v.(float32)
		if !ok {
			return nil, wrongType(v, "float32")
		}
		binary.LittleEndian.PutUint32(slot, math.Float32bits(x))
	case types.Double:
		x, ok := v.(float64)
		if !ok {
			return nil, wrongType(v, "float64")
		}
		binary.LittleEndian.PutUint64(slot, math.Float64bits(x))
	case types.Char, types.VarChar:
		s, ok := v.(string)
		if !ok {
			return nil, wrongType(v, "string")
		}
		return putBytes(row, off, []byte(s)), nil
	case types.Binary, types.VarBinary:
		b, ok := v.([]byte)
		if !ok {
			return nil, wrongType(v, "[]byte")
		}
		return putBytes(row, off, b), nil
	case types.Decimal:
		d, ok := v.(decimal.Decimal)
		if !ok {
			return nil, wrongType(v, "decimal.Decimal")
		}
		unscaled, err := unscaledValue(d, t)
		if err != nil {
			return nil, err
		}
		if compactDecimal(t) {
			binary.LittleEndian.PutUint64(slot, uint64(unscaled.Int64()))
			return row, nil
		}
		return appendVar(row, off, toTwosComplement(unscaled), 16), nil
	case types.Timestamp, types.TimestampLTZ:
		ts, ok := v.(time.Time)
		if !ok {
			return nil, wrongType(v, "time.Time")
		}
		if compactTimestamp(t) {
			binary.LittleEndian.PutUint64(slot, uint64(ts.UnixMilli()))
			return row, nil
		}
		var millis [8]byte
		binary.LittleEndian.PutUint64(millis[:], uint64(ts.UnixMilli()))
		row = appendVar(row, off, millis[:], 8)
		// The slot's low word is the nano-of-millisecond, not a length.
		binary.LittleEndian.PutUint32(row[off:], uint32(ts.Nanosecond()%1_000_000))
		return row, nil
	default:
		return nil, fmt.Errorf("type not supported in BinaryRow keys and stats")
	}
	return row, nil
}

// putBytes stores string/binary data inline when it fits in 7 bytes,
// otherwise in the variable part padded to 8 bytes.
func putBytes(row []byte, off int, b []byte) []byte {
	if len(b) <= maxInline {
		copy(row[off:], b)
		row[off+7] = 0x80 | byte(len(b))
		return row
	}
	return appendVar(row, off, b, roundUp8(len(b)))
}

// unscaledValue rounds d half-up to the type's scale (Java's
// Decimal.fromBigDecimal) and checks it fits the precision.
func unscaledValue(d decimal.Decimal, t types.DataType) (*big.Int, error) {
	u := d.Round(int32(t.Scale)).Shift(int32(t.Scale)).BigInt()
	if digits := len(new(big.Int).Abs(u).String()); digits > t.Precision {
		return nil, fmt.Errorf("value %s does not fit DECIMAL(%d, %d)", d, t.Precision, t.Scale)
	}
	return u, nil
}

// toTwosComplement is Java's BigInteger.toByteArray: minimal big-endian
// two's complement, at least one byte.
func toTwosComplement(x *big.Int) []byte {
	if x.Sign() >= 0 {
		b := x.Bytes()
		if len(b) == 0 || b[0]&0x80 != 0 {
			b = append([]byte{0}, b...)
		}
		return b
	}
	// -x-1 has the same bytes as x with every bit flipped.
	b := new(big.Int).Sub(new(big.Int).Neg(x), big.NewInt(1)).Bytes()
	for i := range b {
		b[i] = ^b[i]
	}
	if len(b) == 0 || b[0]&0x80 == 0 {
		b = append([]byte{0xff}, b...)
	}
	return b
}

func wrongType(v any, want string) error {
	return fmt.Errorf("want %s, got %T", want, v)
}
