package schema

import (
	"sort"
	"unicode/utf16"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// javaHashMap models the iteration order of a java.util.HashMap<String, ?>.
// Java keeps table options in HashMaps and writes them in iteration order,
// so reproducing that order is what makes our schema files byte-identical to
// Java's. Only the keys are tracked: the order is by bucket index
// (spread hash & (capacity-1)), and keys sharing a bucket stay in insertion
// order. Resizes split buckets without reordering them, which a stable sort
// by the new index reproduces.
type javaHashMap struct {
	keys     []string
	capacity int
}

// newJavaHashMap is `new HashMap<>()`: capacity 16 once the first key lands.
func newJavaHashMap() *javaHashMap { return &javaHashMap{capacity: 16} }

// copyJavaHashMap is `new HashMap<>(src)`, sized as JDK 8 to 17 do
// (tableSizeFor((int) (size / 0.75f + 1))); JDK 19+ size it with Math.ceil
// instead, which differs for some sizes (e.g. 3 or 6 keys).
func copyJavaHashMap(src []string) *javaHashMap {
	m := &javaHashMap{capacity: 16}
	if n := len(src); n > 0 {
		m.capacity = tableSizeFor(int(float32(n)/0.75 + 1))
	}
	for _, k := range src {
		m.put(k)
	}
	return m
}

func tableSizeFor(n int) int {
	c := 1
	for c < n {
		c <<= 1
	}
	return c
}

func (m *javaHashMap) has(key string) bool {
	for _, k := range m.keys {
		if k == key {
			return true
		}
	}
	return false
}

// put adds a key at the end of its bucket; replacing a value keeps the position.
func (m *javaHashMap) put(key string) {
	if m.has(key) {
		return
	}
	m.keys = append(m.keys, key)
	if float64(len(m.keys)) > 0.75*float64(m.capacity) {
		m.capacity <<= 1
	}
	m.sort()
}

func (m *javaHashMap) remove(key string) {
	for i, k := range m.keys {
		if k == key {
			m.keys = append(m.keys[:i:i], m.keys[i+1:]...)
			return
		}
	}
}

func (m *javaHashMap) sort() {
	sort.SliceStable(m.keys, func(i, j int) bool {
		return bucketIndex(m.keys[i], m.capacity) < bucketIndex(m.keys[j], m.capacity)
	})
}

func bucketIndex(key string, capacity int) uint32 {
	h := javaStringHash(key)
	return (h ^ h>>16) & uint32(capacity-1)
}

// javaStringHash is String.hashCode: 31*h + c over UTF-16 code units.
func javaStringHash(s string) uint32 {
	var h uint32
	for _, c := range utf16.Encode([]rune(s)) {
		h = 31*h + uint32(c)
	}
	return h
}

// createOptionOrder is the order Java writes the options of a new table in:
// the engine fills Schema.Builder's HashMap, and the Schema constructor
// copies it into a fresh one. The engine's own insertion order is unknown,
// so keys are inserted sorted, which only matters for keys sharing a bucket.
func createOptionOrder(options options.Options) []string {
	keys := make([]string, 0, len(options))
	for k := range options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	builder := newJavaHashMap()
	for _, k := range keys {
		builder.put(k)
	}
	return copyJavaHashMap(builder.keys).keys
}
