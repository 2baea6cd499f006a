package mergefunc

import (
	"encoding/hex"
	"reflect"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func rowType(names ...string) types.DataType {
	t := types.DataType{Kind: types.Row, Nullable: true}
	for i := 0; i < len(names); i += 2 {
		ft := types.New(types.Int)
		if names[i+1] == "STRING" {
			ft = types.NewString()
		}
		t.Fields = append(t.Fields, types.DataField{ID: i / 2, Name: names[i], Type: ft})
	}
	return t
}

func r(vs ...any) []any {
	for i, v := range vs {
		if n, ok := v.(int); ok {
			vs[i] = int32(n)
		}
	}
	return vs
}

// mergeColumn folds the values of column v of (k INT, v typ) through the
// aggregation engine with the given options.
func mergeColumn(t *testing.T, typ types.DataType, opts []string, values ...KeyValue) any {
	t.Helper()
	fields := []types.DataField{{ID: 0, Name: "k", Type: types.New(types.Int).WithNullable(false)}, {ID: 1, Name: "v", Type: typ}}
	f, err := New(fields, []string{"k"}, aggOpts(opts...))
	if err != nil {
		t.Fatal(err)
	}
	kv, ok, err := merge(t, f, values...)
	if err != nil || !ok {
		t.Fatalf("merge: %v %v", ok, err)
	}
	return kv.Value[1]
}

// The expected values below are what Java Paimon 1.4.2's aggregators
// return for the same inputs (FieldNestedUpdateAgg, ...PartialUpdateAgg,
// FieldMergeMapWithKeyTimeAgg, FieldRoaringBitmap32Agg, run with the
// interop driver's class path): HashMap orders included.
func TestNestedUpdateAgg(t *testing.T) {
	typ := arrayType(rowType("k", "INT", "v", "STRING"))
	got := mergeColumn(t, typ, []string{"fields.v.aggregate-function", "nested_update", "fields.v.nested-key", "k"},
		vals(Insert, []any{r(5, "a"), r(1, "b"), r(17, "c")}, []any{r(1, "x"), r(33, "y"), nil, r(2, "z")})...)
	if want := []any{r(33, "y"), r(2, "z"), r(17, "c"), r(5, "a"), r(1, "x")}; !reflect.DeepEqual(got, want) {
		t.Errorf("with nested-key: got %v, want %v", got, want)
	}
	got = mergeColumn(t, typ, []string{"fields.v.aggregate-function", "nested_update", "fields.v.count-limit", "3"},
		vals(Insert, []any{r(5, "a"), nil}, []any{nil, r(1, "x"), r(33, "y")})...)
	if want := []any{r(5, "a"), r(1, "x")}; !reflect.DeepEqual(got, want) {
		t.Errorf("count-limit: got %v, want %v", got, want)
	}
	got = mergeColumn(t, typ, []string{"fields.v.aggregate-function", "nested_update", "fields.v.nested-key", "k"},
		append(vals(Insert, []any{r(5, "a"), r(1, "b")}), vals(UpdateBefore, []any{r(5, "other")})...)...)
	if want := []any{r(1, "b")}; !reflect.DeepEqual(got, want) {
		t.Errorf("retract by key: got %v, want %v", got, want)
	}
	got = mergeColumn(t, typ, []string{"fields.v.aggregate-function", "nested_update"},
		append(vals(Insert, []any{r(5, "a"), r(1, "b"), r(5, "a")}), vals(Delete, []any{r(5, "a"), r(1, "x")})...)...)
	if want := []any{r(1, "b")}; !reflect.DeepEqual(got, want) {
		t.Errorf("retract equal rows: got %v, want %v", got, want)
	}
}

func TestNestedPartialUpdateAgg(t *testing.T) {
	typ := arrayType(rowType("k", "INT", "a", "STRING", "b", "INT"))
	got := mergeColumn(t, typ, []string{"fields.v.aggregate-function", "nested_partial_update", "fields.v.nested-key", "k"},
		vals(Insert, []any{r(1, "a", nil), r(2, nil, 5)}, []any{r(1, nil, 7), r(3, "c", nil), r(2, "b", nil)})...)
	if want := []any{r(3, "c", nil), r(2, "b", 5), r(1, "a", 7)}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	fields := []types.DataField{{ID: 0, Name: "k", Type: types.New(types.Int).WithNullable(false)}, {ID: 1, Name: "v", Type: typ}}
	if _, err := New(fields, []string{"k"}, aggOpts("fields.v.aggregate-function", "nested_partial_update")); err == nil {
		t.Error("nested_partial_update without nested-key accepted")
	}
}

func TestMergeMapWithKeyTimeAgg(t *testing.T) {
	key, val := types.NewString(), rowType("v", "INT", "ts", "STRING")
	typ := types.DataType{Kind: types.Map, Nullable: true, Key: &key, Value: &val}
	m := func(kv ...any) types.MapValue {
		out := types.MapValue{Keys: []any{}, Values: []any{}}
		for i := 0; i < len(kv); i += 2 {
			out.Keys, out.Values = append(out.Keys, kv[i]), append(out.Values, kv[i+1])
		}
		return out
	}
	got := mergeColumn(t, typ, []string{"fields.v.aggregate-function", "merge_map_with_keytime"},
		vals(Insert, m("a", r(1, "2024-01-01"), "b", r(2, nil), "c", r(3, "2024-05-05")),
			m("a", r(9, "2024-02-01"), "b", r(8, "2023"), "c", nil, "d", r(4, nil), "e", r(5, "x")))...)
	if want := m("a", r(9, "2024-02-01"), "e", r(5, "x"), "b", r(8, "2023")); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	fields := []types.DataField{{ID: 0, Name: "k", Type: types.New(types.Int).WithNullable(false)}, {ID: 1, Name: "v", Type: typ}}
	if _, err := New(fields, []string{"k"}, aggOpts("fields.v.aggregate-function", "merge_map_with_keytime", "fields.v.ts-field", "nope")); err == nil {
		t.Error("an unknown ts-field was accepted")
	}
}

func TestRoaringBitmap32Agg(t *testing.T) {
	b := func(s string) []byte {
		out, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	// {1, 2, 3, 100000} OR {4..2999, 70000}, as Java serializes them.
	got := mergeColumn(t, types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true},
		[]string{"fields.v.aggregate-function", "rbm32"},
		vals(Insert, b("3a300000020000000000020001000000180000001e000000010002000300a086"), nil,
			b("3b300100010000b30b0100000001000400b30b7011"))...)
	if want := b("3b300100010000b60b0100010001000100b60b7011a086"); !reflect.DeepEqual(got, want) {
		t.Errorf("got %x, want %x", got, want)
	}
}
