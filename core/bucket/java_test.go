package bucket

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// The buckets Java Paimon 1.4.2 computes for these keys with 997 buckets
// (its HiveBucketFunction and ModBucketFunction, through the interop
// driver's buckets op in tests/interop/java). Decimal keys are DECIMAL(38, 10)
// columns: the hash strips the trailing zeros of the value at that scale.
func TestBucketFunctionsMatchJava(t *testing.T) {
	dec := decimal.RequireFromString
	cases := []struct {
		function string
		kind     types.Kind
		keys     []any
		want     []int
	}{
		{"hive", types.Int, []any{int32(1), int32(-1), int32(2147483647), int32(-2147483648)}, []int{1, 482, 482, 0}},
		{"hive", types.BigInt, []any{int64(1), int64(-1), int64(9223372036854775807), int64(-9223372036854775808)}, []int{1, 0, 0, 0}},
		{"hive", types.VarChar, []any{"abc", "", "éß€"}, []int{642, 0, 195}},
		{"hive", types.Decimal, []any{dec("12.50"), dec("-0.10"), dec("0.00"), dec("12345678.99")}, []int{885, 453, 0, 928}},
		{"hive", types.Decimal, []any{dec("1234567890123456789012.34567"), dec("-1.00000")}, []int{336, 452}},
		{"hive", types.Boolean, []any{true, false}, []int{1, 0}},
		{"hive", types.Double, []any{1.5, 0.0, -3962.3125}, []int{874, 0, 131}},
		{"hive", types.VarBinary, []any{[]byte{0, 0xff}, []byte{}}, []int{482, 0}},
		{"hive", types.Date, []any{int32(1), int32(-27785)}, []int{1, 614}},
		{"mod", types.Int, []any{int32(-1), int32(-2147483648), int32(1000)}, []int{996, 514, 3}},
		{"mod", types.BigInt, []any{int64(-1), int64(-9223372036854775808), int64(123456789012)}, []int{996, 18, 831}},
	}
	for _, c := range cases {
		keyTypes := []types.DataType{{Kind: c.kind}}
		if c.kind == types.Decimal {
			keyTypes[0].Precision, keyTypes[0].Scale = 38, 10
		}
		fn, err := New(c.function, keyTypes)
		if err != nil {
			t.Fatalf("%s %s: %v", c.function, c.kind, err)
		}
		for i, k := range c.keys {
			got, err := fn.Bucket([]any{k}, 997)
			if err != nil {
				t.Fatalf("%s %s %v: %v", c.function, c.kind, k, err)
			}
			if got != c.want[i] {
				t.Errorf("%s %s %v: bucket %d, Java %d", c.function, c.kind, k, got, c.want[i])
			}
		}
	}
}

// Java refuses these keys when it writes; paimon-sql refuses the table's
// writer with the reason.
func TestBucketFunctionsRefuseWhatJavaRefuses(t *testing.T) {
	for _, c := range []struct {
		function string
		kinds    []types.Kind
	}{
		{"hive", []types.Kind{types.Timestamp}},
		{"mod", []types.Kind{types.VarChar}},
		{"mod", []types.Kind{types.Int, types.Int}},
		{"nosuch", []types.Kind{types.Int}},
	} {
		keyTypes := make([]types.DataType, len(c.kinds))
		for i, k := range c.kinds {
			keyTypes[i] = types.DataType{Kind: k}
		}
		if _, err := New(c.function, keyTypes); err == nil {
			t.Errorf("%s over %v: no error", c.function, c.kinds)
		}
	}
}
