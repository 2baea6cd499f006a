package binrow

import (
	"math"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func TestCompare(t *testing.T) {
	cases := []struct {
		typ  types.DataType
		a, b any
		want int
	}{
		{intT, nil, int32(math.MinInt32), -1},
		{intT, int32(5), nil, 1},
		{intT, nil, nil, 0},
		{intT, int32(-1), int32(2), -1},
		{types.New(types.BigInt), int64(3), int64(3), 0},
		{boolT, false, true, -1},
		// UTF-8 byte order: U+FFFF sorts before U+1F600, unlike UTF-16.
		{strT, "\uffff", "😀", -1},
		{strT, "Alice", "Alex", 1},
		{strT, "abc", "abcd", -1},
		{types.New(types.VarBinary), []byte{0x7f}, []byte{0x80}, -1},
		{types.New(types.Double), math.Copysign(0, -1), 0.0, -1},
		{types.New(types.Double), math.NaN(), math.Inf(1), 1},
		{types.New(types.Double), math.NaN(), math.NaN(), 0},
		{types.New(types.Float), float32(-1), float32(1), -1},
		{dec(10, 2), decimal.New(-5, -2), decimal.New(-4, -2), -1},
		{ts9, time.Unix(0, 1).UTC(), time.Unix(0, 0).UTC(), 1},
	}
	for _, c := range cases {
		if got := Compare([]any{c.a}, []any{c.b}, []types.DataType{c.typ}); got != c.want {
			t.Errorf("Compare(%v, %v) as %s = %d, want %d", c.a, c.b, c.typ.SQL(), got, c.want)
		}
	}
	two := []types.DataType{strT, intT}
	if got := Compare([]any{"Bob", int32(2)}, []any{"Bob", int32(10)}, two); got != -1 {
		t.Errorf("second field ignored: %d", got)
	}
}
