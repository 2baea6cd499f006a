package binrow

import (
	"encoding/binary"

	"github.com/paimon-sql/paimon-sql/core/javahash"
)

// HashCode is Java's BinaryRow.hashCode: Murmur3 x86_32 with seed 42 over the
// whole row read as little-endian 32-bit words (rows are 8-byte aligned, so
// there is no tail).
func HashCode(row []byte) int32 {
	h := uint32(42)
	for i := 0; i+4 <= len(row); i += 4 {
		h = javahash.MixH(h, binary.LittleEndian.Uint32(row[i:]))
	}
	return int32(javahash.Finish(h, len(row)))
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
