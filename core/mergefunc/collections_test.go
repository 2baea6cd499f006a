package mergefunc

import (
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func arrayType(elem types.DataType) types.DataType {
	return types.DataType{Kind: types.Array, Nullable: true, Element: &elem}
}

// tsm is Java's Timestamp.fromEpochMillis(ms, nanoOfMilli).
func tsm(ms int64, nanoOfMilli int) time.Time {
	return time.UnixMilli(ms).Add(time.Duration(nanoOfMilli)).UTC()
}

func ints(vs ...any) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		if v != nil {
			v = int32(v.(int))
		}
		out[i] = v
	}
	return out
}

// The distinct orders below are what Java Paimon 1.4.2's FieldCollectAgg
// returns for the same calls (run with the interop driver's classpath):
// HashSet iteration order, not insertion order.
func TestCollectAggDistinctOrderIsJavas(t *testing.T) {
	many := make([]any, 20)
	for i := range many {
		many[i] = (i * 37) % 101
	}
	d := func(s string) any { return decimal.RequireFromString(s) }
	cases := []struct {
		name    string
		elem    types.DataType
		acc, in []any
		want    []any
	}{
		{"INT", types.New(types.Int), ints(100, 3, 17, 3, 1), ints(16, 33, nil, 2), ints(16, nil, 17, 1, 33, 2, 3, 100)},
		{"INT over 12 elements resizes", types.New(types.Int), nil, ints(many...),
			ints(0, 97, 67, 3, 37, 40, 74, 10, 77, 13, 47, 50, 84, 20, 87, 23, 57, 60, 94, 30)},
		{"STRING", types.NewString(), []any{"banana", "a"}, []any{"cherry", "a", "dé"}, []any{"dé", "a", "cherry", "banana"}},
		{"BIGINT", types.New(types.BigInt), nil, []any{int64(-1), int64(5000000000), int64(7), int64(-1)},
			[]any{int64(-1), int64(5000000000), int64(7)}},
		{"DECIMAL", types.NewDecimal(5, 2), nil, []any{d("-1.25"), d("9.99"), d("0.01")}, []any{d("-1.25"), d("0.01"), d("9.99")}},
		{"TIMESTAMP(9)", types.DataType{Kind: types.Timestamp, Precision: 9, Nullable: true}, nil,
			[]any{tsm(1700000000123, 456789), tsm(-5, 0), tsm(86400000, 1), tsm(1, 0)},
			[]any{tsm(86400000, 1), tsm(1700000000123, 456789), tsm(-5, 0), tsm(1, 0)}},
		{"DOUBLE", types.New(types.Double), nil, []any{1.5, math.Copysign(0, -1), 0.0, 2.25, 1e300, math.NaN(), 1.5},
			[]any{math.Copysign(0, -1), 0.0, 2.25, 1e300, 1.5, math.NaN()}},
		{"BOOLEAN", types.New(types.Boolean), nil, []any{false, true, false}, []any{false, true}},
	}
	for _, c := range cases {
		a := collectAgg{elem: c.elem, distinct: true}
		var acc any
		if c.acc != nil {
			acc = c.acc
		}
		got, err := a.agg(acc, c.in)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %v %v, want %v", c.name, got, err, c.want)
		}
	}
}

func TestCollectAgg(t *testing.T) {
	intArray := arrayType(types.New(types.Int))
	rowArray := arrayType(types.DataType{Kind: types.Row, Nullable: true,
		Fields: []types.DataField{{Name: "x", Type: types.New(types.Int)}}})
	cases := []struct {
		name   string
		typ    types.DataType
		extra  []string
		values []KeyValue
		want   any
	}{
		{"concatenates in order, NULL skipped", intArray, nil,
			vals(Insert, ints(1), nil, ints(2, 3), ints(1)), ints(1, 2, 3, 1)},
		{"all NULL stays NULL", intArray, nil, vals(Insert, nil, nil), nil},
		{"retract removes one equal element each (Java's retract)", intArray, nil,
			append(vals(Insert, ints(1, 2, 2, 3, nil)), vals(UpdateBefore, ints(2, nil, 9))...), ints(1, 2, 3)},
		{"retract on nothing stays NULL", intArray, nil, vals(Delete, ints(1)), nil},
		{"ignore-retract", intArray, []string{"fields.v.ignore-retract", "true"},
			append(vals(Insert, ints(1)), vals(Delete, ints(1))...), ints(1)},
		{"distinct nested elements keep first-seen order", rowArray, []string{"fields.v.distinct", "true"},
			vals(Insert, []any{[]any{int32(5)}, []any{int32(1)}}, []any{[]any{int32(1)}, []any{int32(0)}}),
			[]any{[]any{int32(5)}, []any{int32(1)}, []any{int32(0)}}},
		{"distinct dedupes a single array", intArray, []string{"fields.v.distinct", "true"},
			vals(Insert, ints(2, 2)), ints(2)},
	}
	for _, c := range cases {
		fields := []types.DataField{{ID: 0, Name: "k", Type: types.New(types.Int).WithNullable(false)}, {ID: 1, Name: "v", Type: c.typ}}
		f, err := New(fields, []string{"k"}, aggOpts(append([]string{"fields.v.aggregate-function", "collect"}, c.extra...)...))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		kv, ok, err := merge(t, f, c.values...)
		if err != nil || !ok || !reflect.DeepEqual(kv.Value, []any{int32(1), c.want}) {
			t.Errorf("%s: got %v %v %v, want %v", c.name, kv.Value, ok, err, c.want)
		}
	}
}

func TestMergeMapAgg(t *testing.T) {
	key := types.NewString()
	mapType := types.DataType{Kind: types.Map, Nullable: true, Key: &key, Value: &key}
	m := func(kv ...any) any {
		v := types.MapValue{Keys: []any{}, Values: []any{}}
		for i := 0; i < len(kv); i += 2 {
			v.Keys, v.Values = append(v.Keys, kv[i]), append(v.Values, kv[i+1])
		}
		return v
	}
	cases := []struct {
		name   string
		values []KeyValue
		want   any
	}{
		// Entries in Java's HashMap order, as Java writes them.
		{"later values win, NULL values kept", vals(Insert, m("a", "1", "b", "2"), nil, m("b", "3", "c", nil)),
			m("a", "1", "c", nil, "b", "3")},
		{"retract removes keys", append(vals(Insert, m("a", "1", "b", "2")), vals(UpdateBefore, m("a", "9"))...),
			m("b", "2")},
		{"retract with an empty map keeps", append(vals(Insert, m("a", "1")), vals(Delete, m())...), m("a", "1")},
	}
	fields := []types.DataField{{ID: 0, Name: "k", Type: types.New(types.Int).WithNullable(false)}, {ID: 1, Name: "v", Type: mapType}}
	for _, c := range cases {
		f, err := New(fields, []string{"k"}, aggOpts("fields.v.aggregate-function", "merge_map"))
		if err != nil {
			t.Fatal(err)
		}
		kv, ok, err := merge(t, f, c.values...)
		if err != nil || !ok || !reflect.DeepEqual(kv.Value, []any{int32(1), c.want}) {
			t.Errorf("%s: got %v %v %v, want %v", c.name, kv.Value, ok, err, c.want)
		}
	}
}
