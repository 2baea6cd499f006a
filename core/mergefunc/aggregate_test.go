package mergefunc

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func aggOpts(kv ...string) map[string]string {
	m := map[string]string{"merge-engine": "aggregation"}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// AggregateMergeFunction with each Field*Agg, one column at a time.
func TestAggregateFunctions(t *testing.T) {
	i := func(v int32) any { return v }
	d := func(s string) any { return decimal.RequireFromString(s) }
	cases := []struct {
		name   string
		typ    types.DataType
		fn     string
		extra  []string
		values []KeyValue // values of column v, k = 1
		want   any
		err    bool
	}{
		{"FieldSumAgg", types.New(types.Int), "sum", nil,
			vals(Insert, i(1), nil, i(5)), i(6), false},
		{"FieldSumAgg retract", types.New(types.Int), "sum", nil,
			append(vals(Insert, i(10)), vals(UpdateBefore, i(3))...), i(7), false},
		{"FieldSumAgg retract into NULL negates", types.New(types.BigInt), "sum", nil,
			vals(Delete, int64(3)), int64(-3), false},
		{"FieldSumAgg overflow", types.New(types.TinyInt), "sum", nil,
			vals(Insert, int8(100), int8(100)), nil, true},
		{"FieldSumAgg double", types.New(types.Double), "sum", nil,
			vals(Insert, 1.5, 2.25), 3.75, false},
		{"FieldSumAgg decimal", types.NewDecimal(5, 2), "sum", nil,
			vals(Insert, d("1.10"), d("2.25")), d("3.35"), false},
		{"FieldSumAgg wide decimal overflow is NULL", types.NewDecimal(20, 0), "sum", nil,
			vals(Insert, d("99999999999999999999"), d("1")), nil, false},
		{"FieldProductAgg", types.New(types.Int), "product", nil,
			vals(Insert, i(2), nil, i(-3)), i(-6), false},
		{"FieldProductAgg retract divides", types.New(types.Int), "product", nil,
			append(vals(Insert, i(12)), vals(UpdateBefore, i(4))...), i(3), false},
		{"FieldProductAgg decimal rounds HALF_UP", types.NewDecimal(5, 2), "product", nil,
			vals(Insert, d("1.15"), d("0.50")), d("0.58"), false},
		{"FieldMinAgg", types.NewString(), "min", nil,
			vals(Insert, "b", nil, "a", "c"), "a", false},
		{"FieldMaxAgg", types.New(types.Int), "max", nil,
			vals(Insert, i(2), i(9), nil, i(3)), i(9), false},
		{"FieldMaxAgg has no retraction", types.New(types.Int), "max", nil,
			append(vals(Insert, i(2)), vals(Delete, i(2))...), nil, true},
		{"FieldIgnoreRetractAgg", types.New(types.Int), "max", []string{"fields.v.ignore-retract", "true"},
			append(vals(Insert, i(2)), vals(Delete, i(2))...), i(2), false},
		{"FieldLastValueAgg", types.New(types.Int), "last_value", nil,
			vals(Insert, i(2), nil), nil, false},
		{"FieldLastValueAgg retract clears", types.New(types.Int), "last_value", nil,
			append(vals(Insert, i(2)), vals(UpdateBefore, i(7))...), nil, false},
		{"FieldLastNonNullValueAgg", types.New(types.Int), "last_non_null_value", nil,
			vals(Insert, i(2), nil), i(2), false},
		{"FieldLastNonNullValueAgg retract of NULL keeps", types.New(types.Int), "last_non_null_value", nil,
			append(vals(Insert, i(2)), vals(UpdateBefore, nil)...), i(2), false},
		{"FieldFirstValueAgg", types.New(types.Int), "first_value", nil,
			vals(Insert, nil, i(2), i(3)), nil, false},
		{"FieldFirstNonNullValueAgg", types.New(types.Int), "first_non_null_value", nil,
			vals(Insert, nil, i(2), i(3)), i(2), false},
		{"FieldFirstNonNullValueAggLegacyFactory", types.New(types.Int), "first_not_null_value", nil,
			vals(Insert, nil, i(2), i(3)), i(2), false},
		{"FieldBoolAndAgg", types.New(types.Boolean), "bool_and", nil,
			vals(Insert, true, nil, false, true), false, false},
		{"FieldBoolOrAgg", types.New(types.Boolean), "bool_or", nil,
			vals(Insert, false, nil, true), true, false},
		{"FieldListaggAgg", types.NewString(), "listagg", nil,
			vals(Insert, "a", nil, " ", "b"), "a,b", false},
		{"FieldListaggAgg delimiter", types.NewString(), "listagg", []string{"fields.v.list-agg-delimiter", "|"},
			vals(Insert, "a", "b"), "a|b", false},
		{"FieldListaggAgg distinct", types.NewString(), "listagg", []string{"fields.v.distinct", "true"},
			vals(Insert, "a,b", "b,c", "a"), "a,b,c", false},
	}
	for _, c := range cases {
		fields := []types.DataField{{ID: 0, Name: "k", Type: types.New(types.Int).WithNullable(false)}, {ID: 1, Name: "v", Type: c.typ}}
		o := aggOpts(append([]string{"fields.v.aggregate-function", c.fn}, c.extra...)...)
		f, err := New(fields, []string{"k"}, o)
		if err != nil {
			t.Errorf("%s: New: %v", c.name, err)
			continue
		}
		kv, ok, err := merge(t, f, c.values...)
		switch {
		case c.err:
			if err == nil {
				t.Errorf("%s: got %v, want an error", c.name, kv.Value)
			}
		case err != nil || !ok:
			t.Errorf("%s: %v %v", c.name, ok, err)
		case kv.Kind != Insert || !sameRow(kv.Value, []any{int32(1), c.want}):
			t.Errorf("%s: got %v %v, want %v", c.name, kv.Kind, kv.Value, c.want)
		}
	}
}

// vals makes records of (k = 1, v) with increasing sequence numbers; the
// helper keeps a package counter so appended slices stay in order.
func vals(kind RowKind, vs ...any) []KeyValue {
	var out []KeyValue
	for _, v := range vs {
		seqCounter++
		out = append(out, KeyValue{Key: []any{int32(1)}, Sequence: seqCounter, Kind: kind, Value: []any{int32(1), v}})
	}
	return out
}

var seqCounter int64

// AggregateMergeFunction-level behaviour: function choice and deletes.
func TestAggregateEngine(t *testing.T) {
	i := func(v int32) any { return v }
	fields := schema("k", types.Int, "s", types.Int, "a", types.Int, "b", types.Int)
	runMergeCases(t, fields, []string{"k"}, []mergeCase{
		{name: "default last_non_null_value, key kept", opts: aggOpts("fields.a.aggregate-function", "sum"),
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(7)), rec(2, Insert, i(1), nil, i(2), nil)},
			want: []any{i(1), i(1), i(3), i(7)}, wantKind: Insert},
		{name: "fields.default-aggregate-function", opts: aggOpts("fields.default-aggregate-function", "max", "fields.b.aggregate-function", "min"),
			recs: []KeyValue{rec(1, Insert, i(1), i(5), i(1), i(7)), rec(2, Insert, i(1), i(3), i(2), i(6))},
			want: []any{i(1), i(5), i(2), i(6)}, wantKind: Insert},
		{name: "sequence.field takes last_value despite the default", opts: aggOpts("sequence.field", "s", "fields.default-aggregate-function", "sum"),
			recs: []KeyValue{rec(1, Insert, i(1), i(9), i(1), i(1)), rec(2, Insert, i(1), i(3), i(2), i(2))},
			want: []any{i(1), i(9), i(3), i(3)}, wantKind: Insert},
		{name: "aggregation.remove-record-on-delete", opts: aggOpts("aggregation.remove-record-on-delete", "true", "fields.a.aggregate-function", "sum"),
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(1)), rec(2, Delete, i(1), nil, nil, nil)}, wantKind: Delete},
		{name: "an insert after a removing -D restarts from the -D row", opts: aggOpts("aggregation.remove-record-on-delete", "true", "fields.a.aggregate-function", "sum"),
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(5), i(1)), rec(2, Delete, i(1), nil, nil, nil), rec(3, Insert, i(1), nil, i(2), nil)},
			want: []any{i(1), nil, i(2), nil}, wantKind: Insert},
		{name: "-U retracts; default last_non_null_value clears on non-null", opts: aggOpts("fields.a.aggregate-function", "sum"),
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(5), i(1)), rec(2, UpdateBefore, i(1), i(1), i(2), nil)},
			want: []any{i(1), nil, i(3), i(1)}, wantKind: Insert},
		{name: "ignore-delete is not applied by Java's aggregate function", opts: aggOpts("ignore-delete", "true", "fields.a.aggregate-function", "max"),
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(5), i(1)), rec(2, Delete, i(1), i(1), i(5), i(1))}, wantErr: true},
	})
}

func TestAggregateConfigErrors(t *testing.T) {
	fields := schema("k", types.Int, "n", types.Int, "s", types.NewString(),
		"vc", types.DataType{Kind: types.VarChar, Length: 10, Nullable: true})
	cases := []struct {
		name string
		opts map[string]string
		want string
	}{
		{"unknown function", aggOpts("fields.n.aggregate-function", "median"), "unknown aggregate function"},
		{"unimplemented function", aggOpts("fields.n.aggregate-function", "rbm64"), "not supported"},
		{"rbm32 on INT", aggOpts("fields.n.aggregate-function", "rbm32"), "VARBINARY"},
		{"nested_update on INT", aggOpts("fields.n.aggregate-function", "nested_update"), "ARRAY<ROW>"},
		{"merge_map_with_keytime on INT", aggOpts("fields.n.aggregate-function", "merge_map_with_keytime"), "ROW values"},
		{"collect on INT", aggOpts("fields.n.aggregate-function", "collect"), "ARRAY"},
		{"merge_map on INT", aggOpts("fields.n.aggregate-function", "merge_map"), "MAP"},
		{"sum on STRING", aggOpts("fields.s.aggregate-function", "sum"), "numeric"},
		{"bool_and on INT", aggOpts("fields.n.aggregate-function", "bool_and"), "BOOLEAN"},
		{"listagg on INT", aggOpts("fields.n.aggregate-function", "listagg"), "VARCHAR"},
		{"ignore-retract with remove-record-on-delete", aggOpts("aggregation.remove-record-on-delete", "true",
			"fields.n.ignore-retract", "true"), "conflict"},
	}
	for _, c := range cases {
		_, err := New(fields, []string{"k"}, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}
