package types

import (
	"math"
	"testing"
)

func TestInt64Widens(t *testing.T) {
	for _, c := range []struct {
		v    any
		want int64
		ok   bool
	}{
		{int8(-8), -8, true}, {int16(-16), -16, true}, {int32(math.MinInt32), math.MinInt32, true},
		{int64(math.MaxInt64), math.MaxInt64, true}, {int(7), 7, true}, {uint8(255), 255, true},
		{uint16(65535), 65535, true}, {uint32(math.MaxUint32), math.MaxUint32, true},
		{uint64(math.MaxInt64), math.MaxInt64, true}, {uint64(math.MaxInt64 + 1), 0, false},
		{1.0, 0, false}, {"1", 0, false}, {true, 0, false}, {nil, 0, false},
	} {
		got, ok := Int64(c.v)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("Int64(%T %v) = %d, %v; want %d, %v", c.v, c.v, got, ok, c.want, c.ok)
		}
	}
}
