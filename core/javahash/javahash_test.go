package javahash

import (
	"math"
	"math/big"
	"testing"
)

// The values are what JDK 17's jshell printed for
// new BigDecimal(new BigInteger(u), s).hashCode().
func TestBigDecimalHashMatchesJava(t *testing.T) {
	for _, c := range []struct {
		unscaled string
		scale    int
		want     int32
	}{
		{"1250", 2, 38752},
		{"-10", 2, -308},
		{"0", 0, 0},
		{"123456789012", 3, 344625547},              // compact form, two words
		{"-9223372036854775807", 0, -2147482656},    // compact form, negative
		{"1234567890123456789012345", 5, 292950210}, // inflated form
	} {
		u, _ := new(big.Int).SetString(c.unscaled, 10)
		if got := BigDecimalHash(u, c.scale); got != c.want {
			t.Errorf("BigDecimal(%s, %d).hashCode() = %d, Java %d", c.unscaled, c.scale, got, c.want)
		}
	}
}

func TestLongHashAndBits(t *testing.T) {
	if got := LongHash(-1); got != 0 {
		t.Errorf("Long.hashCode(-1) = %d, Java 0", got)
	}
	if got := LongHash(1 << 32); got != 1 {
		t.Errorf("Long.hashCode(1<<32) = %d, Java 1", got)
	}
	if FloatBits(float32(math.NaN())) != 0x7fc00000 || DoubleBits(math.NaN()) != 0x7ff8000000000000 {
		t.Error("NaN is not canonical")
	}
}
