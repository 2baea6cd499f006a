package mergefunc

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// javaHashMap replays puts and removals on a Java HashMap (or HashSet) to
// iterate its entries in Java's order: by bucket (spread hash masked by the
// table size, which doubles from 16 whenever the map gets over three
// quarters full and never shrinks), then by insertion within a bucket. A
// key whose Java hash is not defined by its content (binaries, nested
// values) makes the whole map keep insertion order instead.
type javaHashMap struct {
	keyType   types.DataType
	entries   []hashEntry
	byHash    map[uint32][]int // entry indexes per hash
	size, max int
	unordered bool
}

type hashEntry struct {
	key, value any
	hash       uint32
	removed    bool
}

func (m *javaHashMap) find(key any) int {
	h, _ := javaHash(key, m.keyType)
	for _, i := range m.byHash[h] {
		if e := m.entries[i]; !e.removed && javaEquals(e.key, key) {
			return i
		}
	}
	return -1
}

func (m *javaHashMap) get(key any) (any, bool) {
	if i := m.find(key); i >= 0 {
		return m.entries[i].value, true
	}
	return nil, false
}

func (m *javaHashMap) put(key, value any) {
	if i := m.find(key); i >= 0 {
		m.entries[i].value = value
		return
	}
	h, ok := javaHash(key, m.keyType)
	m.unordered = m.unordered || !ok
	if m.byHash == nil {
		m.byHash = map[uint32][]int{}
	}
	m.byHash[h] = append(m.byHash[h], len(m.entries))
	m.entries = append(m.entries, hashEntry{key: key, value: value, hash: h})
	m.size++
	m.max = max(m.max, m.size)
}

func (m *javaHashMap) remove(key any) {
	if i := m.find(key); i >= 0 {
		m.entries[i].removed = true
		m.size--
	}
}

// iterate returns the live entries in iteration order.
func (m *javaHashMap) iterate() []hashEntry {
	var live []hashEntry
	for _, e := range m.entries {
		if !e.removed {
			live = append(live, e)
		}
	}
	if m.unordered {
		return live
	}
	size := uint32(16)
	for uint32(m.max) > size/4*3 {
		size *= 2
	}
	sort.SliceStable(live, func(x, y int) bool {
		return spread(live[x].hash)&(size-1) < spread(live[y].hash)&(size-1)
	})
	return live
}

// hashSet is a Java HashSet of values, in its iteration order.
func hashSet(values []any, t types.DataType) []any {
	m := javaHashMap{keyType: t}
	for _, v := range values {
		m.put(v, nil)
	}
	var out []any
	for _, e := range m.iterate() {
		out = append(out, e.key)
	}
	return out
}

func spread(h uint32) uint32 { return h ^ h>>16 }

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
	case binaryRowKey:
		return uint32(binrow.HashCode([]byte(x))), true
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
