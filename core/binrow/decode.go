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

// Arity returns the field count of a serialized row (4-byte big-endian prefix).
func Arity(serialized []byte) (int, error) {
	if len(serialized) < 4 {
		return 0, fmt.Errorf("binrow: serialized row of %d bytes has no arity prefix", len(serialized))
	}
	n := int32(binary.BigEndian.Uint32(serialized))
	if n < 0 {
		return 0, fmt.Errorf("binrow: negative arity %d", n)
	}
	return int(n), nil
}

// Decode reads a serialized row (arity prefix + row) as manifests store it.
// The arity must equal len(fieldTypes).
func Decode(serialized []byte, fieldTypes []types.DataType) ([]any, error) {
	n, err := Arity(serialized)
	if err != nil {
		return nil, err
	}
	if n != len(fieldTypes) {
		return nil, fmt.Errorf("binrow: row has %d fields, %d types given", n, len(fieldTypes))
	}
	return DecodeRow(serialized[4:], fieldTypes)
}

// DecodeRow reads a bare row with one value per field type; nil is NULL.
func DecodeRow(row []byte, fieldTypes []types.DataType) ([]any, error) {
	if len(row) < fixedSize(len(fieldTypes)) {
		return nil, fmt.Errorf("binrow: row of %d bytes too short for %d fields", len(row), len(fieldTypes))
	}
	out := make([]any, len(fieldTypes))
	for i, t := range fieldTypes {
		if IsNullAt(row, i) {
			continue
		}
		v, err := decodeField(row, headerSize(len(fieldTypes))+8*i, t)
		if err != nil {
			return nil, fmt.Errorf("binrow: field %d (%s): %w", i, t.SQL(), err)
		}
		out[i] = v
	}
	return out, nil
}

// IsNullAt reports field i's null bit. The row must hold at least i+1 fields.
func IsNullAt(row []byte, i int) bool {
	b, bit := nullByteBit(i)
	return row[b]&bit != 0
}

func decodeField(row []byte, off int, t types.DataType) (any, error) {
	slot := row[off : off+8]
	word := binary.LittleEndian.Uint64(slot)
	switch t.Kind {
	case types.Boolean:
		return slot[0] != 0, nil
	case types.TinyInt:
		return int8(slot[0]), nil
	case types.SmallInt:
		return int16(binary.LittleEndian.Uint16(slot)), nil
	case types.Int, types.Date, types.Time:
		return int32(binary.LittleEndian.Uint32(slot)), nil
	case types.BigInt:
		return int64(word), nil
	case types.Float:
		return math.Float32frombits(binary.LittleEndian.Uint32(slot)), nil
	case types.Double:
		return math.Float64frombits(word), nil
	case types.Char, types.VarChar:
		b, err := varBytes(row, slot, word)
		return string(b), err
	case types.Binary, types.VarBinary:
		b, err := varBytes(row, slot, word)
		return append([]byte{}, b...), err
	case types.Decimal:
		if compactDecimal(t) {
			return decimal.New(int64(word), -int32(t.Scale)), nil
		}
		b, err := varPart(row, word)
		if err != nil {
			return nil, err
		}
		return decimal.NewFromBigInt(fromTwosComplement(b), -int32(t.Scale)), nil
	case types.Timestamp, types.TimestampLTZ:
		if compactTimestamp(t) {
			return time.UnixMilli(int64(word)).UTC(), nil
		}
		offset := int(word >> 32)
		if offset < 0 || offset+8 > len(row) {
			return nil, fmt.Errorf("timestamp offset %d out of row of %d bytes", offset, len(row))
		}
		millis := int64(binary.LittleEndian.Uint64(row[offset:]))
		nanoOfMilli := int64(uint32(word))
		return time.UnixMilli(millis).Add(time.Duration(nanoOfMilli)).UTC(), nil
	}
	return nil, fmt.Errorf("type not supported in BinaryRow keys and stats")
}

// varBytes returns the data of a string/binary slot, inline or in the
// variable part.
func varBytes(row, slot []byte, word uint64) ([]byte, error) {
	if word&inlineMark != 0 {
		n := int(slot[7] & 0x7f)
		if n > maxInline {
			return nil, fmt.Errorf("inline length %d > %d", n, maxInline)
		}
		return slot[:n], nil
	}
	return varPart(row, word)
}

// varPart returns the bytes addressed by a slot holding offset<<32 | length.
func varPart(row []byte, word uint64) ([]byte, error) {
	offset, n := int(word>>32), int(uint32(word))
	if offset+n > len(row) || offset < 0 {
		return nil, fmt.Errorf("variable part [%d,+%d) out of row of %d bytes", offset, n, len(row))
	}
	return row[offset : offset+n], nil
}

// fromTwosComplement reads a big-endian two's-complement integer (Java's
// BigInteger.toByteArray form).
func fromTwosComplement(b []byte) *big.Int {
	x := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return x
}
