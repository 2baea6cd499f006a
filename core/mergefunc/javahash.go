package mergefunc

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// javaHashOrder adds values in order to a Java HashSet (or the keys of a
// HashMap) and returns the indexes of the values it keeps, in the order it
// iterates them: by bucket (spread hash masked by the table size, which
// doubles from 16 whenever the set is over three quarters full), then by
// insertion within a bucket. Values whose Java hash is not defined by their
// content (binaries, nested values) keep their first-seen order.
func javaHashOrder(values []any, t types.DataType) []int {
	kept := firstSeen(values)
	hashes := make([]uint32, len(kept))
	for i, k := range kept {
		h, ok := javaHash(values[k], t)
		if !ok {
			return kept
		}
		hashes[i] = h
	}
	size := uint32(16)
	for uint32(len(kept)) > size/4*3 {
		size *= 2
	}
	order := make([]int, len(kept))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		return spread(hashes[order[x]])&(size-1) < spread(hashes[order[y]])&(size-1)
	})
	for i, o := range order {
		order[i] = kept[o]
	}
	return order
}

func spread(h uint32) uint32 { return h ^ h>>16 }

func firstSeen(values []any) []int {
	var kept []int
	var seen []any
	for i, v := range values {
		if indexOf(seen, v) < 0 {
			kept, seen = append(kept, i), append(seen, v)
		}
	}
	return kept
}

// javaHash is hashCode of the Java object Paimon holds for an atomic value
// (Integer, Long, BinaryString, Decimal, Timestamp, ...); NULL hashes to 0
// in a HashSet.
func javaHash(v any, t types.DataType) (uint32, bool) {
	switch x := v.(type) {
	case nil:
		return 0, true
	case bool:
		if x {
			return 1231, true
		}
		return 1237, true
	case int8:
		return uint32(int32(x)), true
	case int16:
		return uint32(int32(x)), true
	case int32:
		return uint32(x), true
	case int64:
		return uint32(x ^ int64(uint64(x)>>32)), true
	case float32, float64:
		b := javaFloatBits(x)
		return uint32(b ^ b>>32), true
	case string:
		return murmurBytes([]byte(x)), true
	case decimal.Decimal:
		return bigDecimalHash(x.Shift(int32(t.Scale)).BigInt(), t.Scale), true
	case time.Time:
		ms := x.UnixMilli()
		nanoOfMilli := int32(x.Nanosecond() % 1_000_000)
		return uint32(31*(int32(ms)^int32(ms>>32)) + nanoOfMilli), true
	}
	return 0, false
}

// javaFloatBits is Float.floatToIntBits or Double.doubleToLongBits: every
// NaN is the canonical one.
func javaFloatBits(v any) uint64 {
	switch x := v.(type) {
	case float32:
		if x != x {
			return 0x7fc00000
		}
		return uint64(math.Float32bits(x))
	case float64:
		if x != x {
			return 0x7ff8000000000000
		}
		return math.Float64bits(x)
	}
	return 0
}

// murmurBytes is BinaryString.hashCode: Murmur3 x86_32, seed 42, over the
// UTF-8 bytes as little-endian words, then each tail byte sign-extended.
func murmurBytes(b []byte) uint32 {
	h := uint32(42)
	mix := func(k uint32) {
		k *= 0xcc9e2d51
		k = bits.RotateLeft32(k, 15)
		k *= 0x1b873593
		h ^= k
		h = bits.RotateLeft32(h, 13)
		h = h*5 + 0xe6546b64
	}
	aligned := len(b) - len(b)%4
	for i := 0; i < aligned; i += 4 {
		mix(binary.LittleEndian.Uint32(b[i:]))
	}
	for _, c := range b[aligned:] {
		mix(uint32(int32(int8(c))))
	}
	h ^= uint32(len(b))
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

// bigDecimalHash is BigDecimal.hashCode of unscaled × 10^-scale: the
// compact form when the unscaled value fits a long, else BigInteger's.
func bigDecimalHash(unscaled *big.Int, scale int) uint32 {
	if unscaled.IsInt64() && unscaled.Int64() != math.MinInt64 {
		v := unscaled.Int64()
		abs := uint64(v)
		if v < 0 {
			abs = uint64(-v)
		}
		temp := uint32(abs>>32)*31 + uint32(abs)
		if v < 0 {
			temp = -temp
		}
		return 31*temp + uint32(scale)
	}
	var h uint32
	mag := new(big.Int).Abs(unscaled).Bytes()
	for len(mag)%4 != 0 {
		mag = append([]byte{0}, mag...)
	}
	for i := 0; i < len(mag); i += 4 {
		h = 31*h + binary.BigEndian.Uint32(mag[i:])
	}
	if unscaled.Sign() < 0 {
		h = -h
	}
	return 31*h + uint32(scale)
}
