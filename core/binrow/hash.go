package binrow

import (
	"encoding/binary"
	"math/bits"
)

// HashCode is Java's BinaryRow.hashCode: Murmur3 x86_32 with seed 42 over the
// whole row read as little-endian 32-bit words (rows are 8-byte aligned, so
// there is no tail).
func HashCode(row []byte) int32 {
	h := uint32(42)
	for i := 0; i+4 <= len(row); i += 4 {
		k := binary.LittleEndian.Uint32(row[i:])
		k *= 0xcc9e2d51
		k = bits.RotateLeft32(k, 15)
		k *= 0x1b873593
		h ^= k
		h = bits.RotateLeft32(h, 13)
		h = h*5 + 0xe6546b64
	}
	h ^= uint32(len(row))
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return int32(h)
}

// Bucket is the default fixed-bucket function: Math.abs(hash % numBuckets)
// with Java's truncating remainder, over the row of bucket-key values.
func Bucket(row []byte, numBuckets int) int {
	r := int(HashCode(row)) % numBuckets
	if r < 0 {
		r = -r
	}
	return r
}
