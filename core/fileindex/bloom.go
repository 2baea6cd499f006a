package fileindex

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Java's defaults for 'file-index.bloom-filter.<column>.items' and '.fpp'.
const (
	defaultBloomItems = 1_000_000
	defaultBloomFPP   = 0.1
	maxBloomHashes    = 1024
)

// bloom is Java's BloomFilter64: numHashes probes derived from one 64-bit
// hash, over a bit set whose bit i is bit (i & 7) of byte i >> 3.
type bloom struct {
	numHashes int32
	bits      []byte
}

// newBloom sizes a filter for items distinct values at false-positive
// probability fpp, rounding as Java does.
func newBloom(items int, fpp float64) (*bloom, error) {
	if items <= 0 || fpp <= 0 || fpp >= 1 {
		return nil, errors.New("bloom filter needs items > 0 and 0 < fpp < 1")
	}
	nb := javaIntCast(-float64(items) * math.Log(fpp) / (math.Ln2 * math.Ln2))
	numBits := nb + (8 - nb%8)
	k := int32(math.Floor(float64(numBits)/float64(items)*math.Ln2 + 0.5))
	return &bloom{numHashes: max(1, k), bits: make([]byte, numBits/8)}, nil
}

// javaIntCast is Java's (int) of a double: truncation, saturating.
func javaIntCast(f float64) int32 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

// positions calls visit with each bit the hash sets; visit returns false
// to stop.
func (b *bloom) positions(hash int64, visit func(int32) bool) {
	h1, h2 := int32(hash), int32(uint64(hash)>>32)
	numBits := int32(len(b.bits) * 8)
	for i := int32(1); i <= b.numHashes; i++ {
		c := h1 + i*h2
		if c < 0 {
			c = ^c
		}
		if !visit(c % numBits) {
			return
		}
	}
}

func (b *bloom) add(hash int64) {
	b.positions(hash, func(p int32) bool {
		b.bits[p>>3] |= 1 << (p & 7)
		return true
	})
}

func (b *bloom) mayContain(hash int64) bool {
	found := true
	b.positions(hash, func(p int32) bool {
		found = b.bits[p>>3]&(1<<(p&7)) != 0
		return found
	})
	return found
}

// bytes is the index body: the probe count, big-endian, then the bits.
func (b *bloom) bytes() []byte {
	out := binary.BigEndian.AppendUint32(make([]byte, 0, 4+len(b.bits)), uint32(b.numHashes))
	return append(out, b.bits...)
}

func decodeBloom(data []byte) (*bloom, error) {
	if len(data) < 5 {
		return nil, errors.New("bloom filter index too short")
	}
	k := int32(binary.BigEndian.Uint32(data))
	// Java derives k from the false-positive probability: 30 probes is
	// already fpp 1e-9, so thousands can only be a damaged index.
	if k < 1 || k > maxBloomHashes {
		return nil, fmt.Errorf("bloom filter index with %d hash functions", k)
	}
	return &bloom{numHashes: k, bits: data[4:]}, nil
}
