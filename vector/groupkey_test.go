package vector

import (
	"math"
	"testing"
)

// Catches: intGroupMap losing or confusing keys as it grows (keys placed
// again in the wrong slot, a probe that stops early), for consecutive
// keys, keys that collide in the low bits, 0 and the extremes of int64.
func TestIntGroupMap(t *testing.T) {
	var m intGroupMap
	want := map[int64]int32{}
	add := func(k int64) {
		if _, ok := want[k]; ok {
			return
		}
		g := int32(len(want))
		want[k] = g
		if _, ok := m.find(k); ok {
			t.Fatalf("key %d found before it was added", k)
		}
		m.add(k, g)
	}
	for _, k := range []int64{0, -1, 1, math.MinInt64, math.MaxInt64} {
		add(k)
	}
	for i := int64(0); i < 50_000; i++ {
		add(i * 4)        // consecutive keys of a sorted table
		add(i << 40)      // equal in the low bits
		add(-i*7919 - 13) // negative
	}
	for k, g := range want {
		if got, ok := m.find(k); !ok || got != g {
			t.Fatalf("key %d: group %d, %v; want %d", k, got, ok, g)
		}
	}
	for _, k := range []int64{3, 5, -2, 1<<41 + 1} {
		if _, ok := want[k]; !ok {
			if g, ok := m.find(k); ok {
				t.Fatalf("key %d never added: found group %d", k, g)
			}
		}
	}
	if m.n != len(want) {
		t.Fatalf("%d keys, want %d", m.n, len(want))
	}
}
