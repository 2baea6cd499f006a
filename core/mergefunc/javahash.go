package mergefunc

import (
	"encoding/binary"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/javahash"
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
		return uint32(javahash.LongHash(x)), true
	case float32, float64:
		b := javaFloatBits(x)
		return uint32(b ^ b>>32), true
	case string:
		return murmurBytes([]byte(x)), true
	case binaryRowKey:
		return uint32(binrow.HashCode([]byte(x))), true
	case decimal.Decimal:
		return uint32(javahash.BigDecimalHash(x.Shift(int32(t.Scale)).BigInt(), t.Scale)), true
	case time.Time:
		ms := x.UnixMilli()
		nanoOfMilli := int32(x.Nanosecond() % 1_000_000)
		return uint32(31*(int32(ms)^int32(ms>>32)) + nanoOfMilli), true
	}
	return 0, false
}

// javaFloatBits is Float.floatToIntBits or Double.doubleToLongBits.
func javaFloatBits(v any) uint64 {
	switch x := v.(type) {
	case float32:
		return uint64(javahash.FloatBits(x))
	case float64:
		return javahash.DoubleBits(x)
	}
	return 0
}

// murmurBytes is BinaryString.hashCode: Murmur3 x86_32, seed 42, over the
// UTF-8 bytes as little-endian words, then each tail byte sign-extended.
func murmurBytes(b []byte) uint32 {
	h := uint32(42)
	aligned := len(b) - len(b)%4
	for i := 0; i < aligned; i += 4 {
		h = javahash.MixH(h, binary.LittleEndian.Uint32(b[i:]))
	}
	for _, c := range b[aligned:] {
		h = javahash.MixH(h, uint32(int32(int8(c))))
	}
	return javahash.Finish(h, len(b))
}
