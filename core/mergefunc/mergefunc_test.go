package mergefunc

import (
	"math"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Ground truth: fixture pk_table_with_mor (deduplicate, sequence.field =
// s0,s1; snapshot 1 wrote sequence numbers 0.., snapshot 2 later ones).
func TestSequenceFieldFixture(t *testing.T) {
	fields := schema("k0", types.Int, "k1", types.Int, "p0", types.Int, "p1", types.Int,
		"s0", types.NewString(), "s1", types.NewString(), "v0", types.Double, "v1", types.Boolean)
	f := mustNew(t, fields, []string{"k0", "k1", "p0", "p1"}, map[string]string{"sequence.field": "s0,s1"})
	row := func(seq int64, vals ...any) KeyValue {
		return KeyValue{Key: vals[:4], Sequence: seq, Kind: Insert, Value: vals}
	}
	cases := []struct {
		name       string
		old, newer KeyValue
		want       []any
	}{
		{"(0,1,0,0): \"banana\" > \"abandon\" keeps the older record",
			row(1, int32(0), int32(1), int32(0), int32(0), "banana", "you", 11.1, false),
			row(5, int32(0), int32(1), int32(0), int32(0), "abandon", "new_you", 111.1, true),
			[]any{int32(0), int32(1), int32(0), int32(0), "banana", "you", 11.1, false}},
		{"(0,0,0,0): equal sequence fields, the later sequence number wins",
			row(0, int32(0), int32(0), int32(0), int32(0), "apple", "see", 10.0, true),
			row(4, int32(0), int32(0), int32(0), int32(0), "apple", "see", 110.0, false),
			[]any{int32(0), int32(0), int32(0), int32(0), "apple", "see", 110.0, false}},
		{"(1,0,0,0): s0 ties, s1 \"later\" > \"again\"",
			row(2, int32(1), int32(0), int32(0), int32(0), "car", "later", 12.2, true),
			row(6, int32(1), int32(0), int32(0), int32(0), "car", "again", 112.2, true),
			[]any{int32(1), int32(0), int32(0), int32(0), "car", "later", 12.2, true}},
		{"(0,1,0,1): \"zoo\" > \"mouse\"",
			row(0, int32(0), int32(1), int32(0), int32(1), "mouse", "you", 30.0, false),
			row(1, int32(0), int32(1), int32(0), int32(1), "zoo", "you", 130.0, false),
			[]any{int32(0), int32(1), int32(0), int32(1), "zoo", "you", 130.0, false}},
	}
	for _, c := range cases {
		for _, order := range [][]KeyValue{{c.old, c.newer}, {c.newer, c.old}} {
			kv, ok, err := merge(t, f, order...)
			if err != nil || !ok || kv.Kind != Insert || !sameRow(kv.Value, c.want) {
				t.Errorf("%s: got %v %v %v, want %v", c.name, kv, ok, err, c.want)
			}
		}
	}
}

// CompareSequence mirrors SortMergeReaderWithMinHeap's comparator with
// UserDefinedSeqComparator (NULL first in both directions).
func TestCompareSequence(t *testing.T) {
	fields := schema("k", types.Int, "s", types.BigInt, "f", types.Double)
	asc := mustNew(t, fields, []string{"k"}, map[string]string{"sequence.field": "s"})
	desc := mustNew(t, fields, []string{"k"}, map[string]string{
		"sequence.field": "s", "sequence.field.sort-order": "descending"})
	byFloat := mustNew(t, fields, []string{"k"}, map[string]string{"sequence.field": "f"})
	plain := mustNew(t, fields, []string{"k"}, nil)
	kv := func(seq int64, kind RowKind, s, f any) KeyValue {
		return KeyValue{Sequence: seq, Kind: kind, Value: []any{int32(1), s, f}}
	}
	cases := []struct {
		name string
		f    *Factory
		a, b KeyValue
		want int
	}{
		{"sequence field first", asc, kv(9, Insert, int64(1), nil), kv(1, Insert, int64(2), nil), -1},
		{"NULL sequence field is oldest", asc, kv(9, Insert, nil, nil), kv(1, Insert, int64(-5), nil), -1},
		{"both NULL: sequence number", asc, kv(9, Insert, nil, nil), kv(1, Insert, nil, nil), 1},
		{"equal: sequence number", asc, kv(1, Insert, int64(3), nil), kv(2, Insert, int64(3), nil), -1},
		{"descending reverses values", desc, kv(1, Insert, int64(1), nil), kv(2, Insert, int64(2), nil), 1},
		{"descending keeps NULL first", desc, kv(9, Insert, nil, nil), kv(1, Insert, int64(2), nil), -1},
		{"Double.compare: -0.0 before 0.0", byFloat, kv(9, Insert, nil, math.Copysign(0, -1)), kv(1, Insert, nil, 0.0), -1},
		{"Double.compare: NaN last", byFloat, kv(1, Insert, nil, math.NaN()), kv(9, Insert, nil, math.Inf(1)), 1},
		{"no sequence.field: sequence number", plain, kv(1, Insert, int64(9), nil), kv(2, Insert, int64(1), nil), -1},
		{"same number: retraction first", plain, kv(1, Insert, nil, nil), kv(1, Delete, nil, nil), 1},
		{"same number and kind class", plain, kv(1, Insert, nil, nil), kv(1, UpdateAfter, nil, nil), 0},
	}
	for _, c := range cases {
		if got := c.f.CompareSequence(c.a, c.b); got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, got, c.want)
		}
	}
}

// DeduplicateMergeFunction.
func TestDeduplicate(t *testing.T) {
	fields := schema("k", types.Int, "v", types.NewString())
	runMergeCases(t, fields, []string{"k"}, []mergeCase{
		{name: "last wins", recs: []KeyValue{rec(1, Insert, int32(1), "a"), rec(2, Insert, int32(1), "b")},
			want: []any{int32(1), "b"}, wantKind: Insert},
		{name: "last wins even with NULLs", recs: []KeyValue{rec(1, Insert, int32(1), "a"), rec(2, UpdateAfter, int32(1), nil)},
			want: []any{int32(1), nil}, wantKind: UpdateAfter},
		{name: "a newest -D removes the key", recs: []KeyValue{rec(1, Insert, int32(1), "a"), rec(2, Delete, int32(1), "a")},
			wantKind: Delete},
		{name: "ignore-delete drops -D", opts: map[string]string{"ignore-delete": "true"},
			recs: []KeyValue{rec(1, Insert, int32(1), "a"), rec(2, Delete, int32(1), "a")},
			want: []any{int32(1), "a"}, wantKind: Insert},
		{name: "fallback key deduplicate.ignore-delete", opts: map[string]string{"deduplicate.ignore-delete": "TRUE"},
			recs: []KeyValue{rec(1, Insert, int32(1), "a"), rec(2, UpdateBefore, int32(1), "a")},
			want: []any{int32(1), "a"}, wantKind: Insert},
		{name: "ignore-delete wins over its fallback keys", opts: map[string]string{"ignore-delete": "false", "partial-update.ignore-delete": "true"},
			recs: []KeyValue{rec(1, Insert, int32(1), "a"), rec(2, Delete, int32(1), "a")}, wantKind: Delete},
		{name: "only ignored records: no result", opts: map[string]string{"ignore-delete": "true"},
			recs: []KeyValue{rec(1, Delete, int32(1), "a")}, none: true},
	})
}

// FirstRowMergeFunction.
func TestFirstRow(t *testing.T) {
	fields := schema("k", types.Int, "v", types.NewString())
	first := map[string]string{"merge-engine": "first-row"}
	ignoring := map[string]string{"merge-engine": "First-Row", "first-row.ignore-delete": "true"}
	runMergeCases(t, fields, []string{"k"}, []mergeCase{
		{name: "first wins", opts: first, recs: []KeyValue{rec(1, Insert, int32(1), "a"), rec(2, Insert, int32(1), "b")},
			want: []any{int32(1), "a"}, wantKind: Insert},
		{name: "retraction is an error", opts: first, recs: []KeyValue{rec(1, Insert, int32(1), "a"), rec(2, Delete, int32(1), "a")},
			wantErr: true},
		{name: "first-row.ignore-delete", opts: ignoring,
			recs: []KeyValue{rec(1, Delete, int32(1), "x"), rec(2, Insert, int32(1), "a"), rec(3, UpdateBefore, int32(1), "a")},
			want: []any{int32(1), "a"}, wantKind: Insert},
	})
	if _, err := New(fields, []string{"k"}, map[string]string{"merge-engine": "first-row", "sequence.field": "v"}); err == nil {
		t.Error("SchemaValidation: first-row with sequence.field must fail")
	}
}

func TestNewErrors(t *testing.T) {
	fields := schema("k", types.Int, "v", types.Int, "s", types.NewString(),
		"arr", types.DataType{Kind: types.Array, Element: &types.DataType{Kind: types.Int, Nullable: true}, Nullable: true})
	cases := []struct {
		name string
		opts map[string]string
		want string
	}{
		{"unknown engine", map[string]string{"merge-engine": "latest"}, "option 'merge-engine' = 'latest' is not valid"},
		{"bad boolean", map[string]string{"ignore-delete": "yes"}, "not a boolean"},
		{"missing sequence field", map[string]string{"sequence.field": "nope"}, "no field"},
		{"repeated sequence field", map[string]string{"sequence.field": "v, v"}, "repeatedly"},
		{"aggregation on a sequence field", map[string]string{"sequence.field": "v", "fields.v.aggregate-function": "sum"}, "sequence field"},
		{"unorderable sequence field", map[string]string{"sequence.field": "arr"}, "cannot be ordered"},
		{"bad sort order", map[string]string{"sequence.field": "v", "sequence.field.sort-order": "up"}, "sort-order"},
	}
	for _, c := range cases {
		_, err := New(fields, []string{"k"}, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}
