package bucket

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/types"
)

var (
	intT    = types.DataType{Kind: types.Int}
	bigintT = types.DataType{Kind: types.BigInt}
	strT    = types.DataType{Kind: types.VarChar, Length: 100}
	bytesT  = types.DataType{Kind: types.VarBinary, Length: 100}
	dec104  = types.DataType{Kind: types.Decimal, Precision: 10, Scale: 4}
	dec52   = types.DataType{Kind: types.Decimal, Precision: 5, Scale: 2}
	tsT     = types.DataType{Kind: types.Timestamp, Precision: 3}
)

func bucketOf(t *testing.T, kind string, keyTypes []types.DataType, key []any, n int) int {
	t.Helper()
	f, err := New(kind, keyTypes)
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.Bucket(key, n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The expected buckets follow Java's algorithms by hand: HiveBucketFunctionTest's
// row (7, 'hello', x'010203', 12.3400) hashes to
// 31*(31*(31*7 + "hello".hashCode()) + 1026) + BigDecimal("12.34").hashCode()
// = 31*(31*(217 + 99162322) + 1026) + (31*1234 + 2) = 805989529, bucket 1 of 8.
func TestHiveBucket(t *testing.T) {
	d, _ := decimal.NewFromString("12.34")
	got := bucketOf(t, Hive, []types.DataType{intT, strT, bytesT, dec104},
		[]any{int32(7), "hello", []byte{1, 2, 3}, d}, 8)
	if got != 1 {
		t.Errorf("hive bucket of Java's test row = %d, want 1", got)
	}
	if got := bucketOf(t, Hive, []types.DataType{intT, strT}, []any{nil, nil}, 4); got != 0 {
		t.Errorf("hive bucket of nulls = %d, want 0", got)
	}
	// -0.50 at scale 2 normalizes to -0.5: 31 * BigInteger(-5).hashCode() + 1 = -154,
	// and -154 & MAX_INT = 2147483494, mod 16 = 6.
	neg, _ := decimal.NewFromString("-0.5")
	if got := bucketOf(t, Hive, []types.DataType{dec52}, []any{neg}, 16); got != 6 {
		t.Errorf("hive bucket of -0.50 = %d, want 6", got)
	}
	// Long.hashCode(2^40 + 5) = 261.
	if got := bucketOf(t, Hive, []types.DataType{bigintT}, []any{int64(1<<40 | 5)}, 1000); got != 261 {
		t.Errorf("hive bucket of 2^40+5 = %d, want 261", got)
	}
	if _, err := New(Hive, []types.DataType{tsT}); err == nil || !strings.Contains(err.Error(), "unsupported type") {
		t.Errorf("hive over TIMESTAMP: %v", err)
	}
}

// ModBucketFunction is Math.floorMod of the single INT or BIGINT key.
func TestModBucket(t *testing.T) {
	for _, tc := range []struct {
		typ  types.DataType
		v    any
		n    int
		want int
	}{
		{intT, int32(7), 4, 3}, {intT, int32(-7), 4, 1}, {intT, nil, 4, 0},
		{bigintT, int64(-1), 5, 4}, {bigintT, int64(1<<40 + 3), 10, 9},
	} {
		if got := bucketOf(t, Mod, []types.DataType{tc.typ}, []any{tc.v}, tc.n); got != tc.want {
			t.Errorf("mod %v of %d = %d, want %d", tc.v, tc.n, got, tc.want)
		}
	}
	for _, keys := range [][]types.DataType{{strT}, {intT, intT}} {
		if _, err := New(Mod, keys); err == nil {
			t.Errorf("mod over %v: no error", keys)
		}
	}
}

func TestDefaultBucketIsBinaryRowHash(t *testing.T) {
	key := []any{int32(42), "k"}
	keyTypes := []types.DataType{intT, strT}
	row, err := binrow.Encode(key, keyTypes)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := bucketOf(t, "", keyTypes, key, 7), binrow.Bucket(row, 7); got != want {
		t.Errorf("default bucket = %d, want %d", got, want)
	}
	if _, err := New("murmur", keyTypes); err == nil {
		t.Error("unknown bucket function accepted")
	}
}
