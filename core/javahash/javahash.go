// Package javahash holds the hash functions of Java's standard library and
// of Paimon's Murmur3 that paimon-sql must reproduce bit for bit: bucket
// ids (BinaryRow, Hive), HashMap iteration orders (aggregate functions)
// and the entropy directories of external paths.
package javahash

import (
	"math"
	"math/big"
	"math/bits"
)

// MixK is Murmur3 x86_32's scrambling of one 32-bit block.
func MixK(k uint32) uint32 {
	k *= 0xcc9e2d51
	k = bits.RotateLeft32(k, 15)
	return k * 0x1b873593
}

// MixH folds one block into the Murmur3 x86_32 state h.
func MixH(h, k uint32) uint32 {
	h ^= MixK(k)
	h = bits.RotateLeft32(h, 13)
	return h*5 + 0xe6546b64
}

// Finish is Murmur3 x86_32's finalisation of h over n input bytes.
func Finish(h uint32, n int) uint32 {
	h ^= uint32(n)
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

// LongHash is Long.hashCode.
func LongHash(x int64) int32 { return int32(x ^ int64(uint64(x)>>32)) }

// FloatBits is Float.floatToIntBits: every NaN is the canonical one.
func FloatBits(x float32) uint32 {
	if x != x {
		return 0x7fc00000
	}
	return math.Float32bits(x)
}

// DoubleBits is Double.doubleToLongBits: every NaN is the canonical one.
func DoubleBits(x float64) uint64 {
	if x != x {
		return 0x7ff8000000000000
	}
	return math.Float64bits(x)
}

// BigIntegerHash is BigInteger.hashCode: the magnitude's 32-bit words, most
// significant first, folded by 31, times the sign.
func BigIntegerHash(x *big.Int) int32 {
	mag := new(big.Int).Abs(x).Bytes()
	for len(mag)%4 != 0 {
		mag = append([]byte{0}, mag...)
	}
	var h int32
	for i := 0; i < len(mag); i += 4 {
		w := uint32(mag[i])<<24 | uint32(mag[i+1])<<16 | uint32(mag[i+2])<<8 | uint32(mag[i+3])
		h = 31*h + int32(w)
	}
	return h * int32(x.Sign())
}

// BigDecimalHash is BigDecimal.hashCode of unscaled × 10^-scale. Java uses a
// compact formula when the unscaled value fits a long; it equals
// BigInteger's hash of the same value modulo 2^32, so one formula serves.
func BigDecimalHash(unscaled *big.Int, scale int) int32 {
	return 31*BigIntegerHash(unscaled) + int32(scale)
}
