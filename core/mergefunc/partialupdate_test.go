package mergefunc

import (
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func opts(kv ...string) map[string]string {
	m := map[string]string{"merge-engine": "partial-update"}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// PartialUpdateMergeFunction without sequence groups.
func TestPartialUpdate(t *testing.T) {
	notNull := types.New(types.Int).WithNullable(false)
	fields := schema("k", notNull, "a", types.Int, "b", types.NewString(), "c", notNull)
	i := func(v int32) any { return v }
	runMergeCases(t, fields, []string{"k"}, []mergeCase{
		{name: "newer non-null values overwrite, NULLs never do", opts: opts(),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", i(5)), rec(2, Insert, i(1), nil, "y", i(6)), rec(3, UpdateAfter, i(1), i(30), nil, i(7))},
			want: []any{i(1), i(30), "y", i(7)}, wantKind: Insert},
		{name: "-D without options is an error", opts: opts(),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", i(5)), rec(2, Delete, i(1), i(10), "x", i(5))}, wantErr: true},
		{name: "-U without options is an error", opts: opts(),
			recs: []KeyValue{rec(1, UpdateBefore, i(1), i(10), "x", i(5))}, wantErr: true},
		{name: "ignore-delete skips retractions", opts: opts("ignore-delete", "true"),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", i(5)), rec(2, Delete, i(1), i(10), "x", i(5)), rec(3, Insert, i(1), nil, "z", i(5))},
			want: []any{i(1), i(10), "z", i(5)}, wantKind: Insert},
		{name: "partial-update.ignore-delete is a fallback key", opts: opts("partial-update.ignore-delete", "true"),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", i(5)), rec(2, Delete, i(1), i(10), "x", i(5))},
			want: []any{i(1), i(10), "x", i(5)}, wantKind: Insert},
		{name: "only retractions give a -D (meetInsert false)", opts: opts("ignore-delete", "true"),
			recs: []KeyValue{rec(1, Delete, i(1), i(10), "x", i(5))}, wantKind: Delete},
		{name: "a first retraction seeds the row", opts: opts("ignore-delete", "true"),
			recs: []KeyValue{rec(1, Delete, i(1), i(10), "x", i(5)), rec(2, Insert, i(1), nil, nil, i(6))},
			want: []any{i(1), i(10), "x", i(6)}, wantKind: Insert},
		{name: "remove-record-on-delete: -D removes the row", opts: opts("partial-update.remove-record-on-delete", "true"),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", i(5)), rec(2, Delete, i(1), nil, nil, i(5))}, wantKind: Delete},
		{name: "remove-record-on-delete: -U is ignored", opts: opts("partial-update.remove-record-on-delete", "true"),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", i(5)), rec(2, UpdateBefore, i(1), i(10), "x", i(5))},
			want: []any{i(1), i(10), "x", i(5)}, wantKind: Insert},
		{name: "remove-record-on-delete: an insert after -D starts from the -D row", opts: opts("partial-update.remove-record-on-delete", "true"),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", i(5)), rec(2, Delete, i(1), nil, nil, i(5)), rec(3, Insert, i(1), nil, "n", i(5))},
			want: []any{i(1), nil, "n", i(5)}, wantKind: Insert},
		{name: "NULL in a NOT NULL column is an error", opts: opts(),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", nil)}, wantErr: true},
		{name: "last_non_null_value needs no sequence group", opts: opts("fields.a.aggregate-function", "last_non_null_value"),
			recs: []KeyValue{rec(1, Insert, i(1), i(10), "x", i(5)), rec(2, Insert, i(1), nil, nil, i(5))},
			want: []any{i(1), i(10), "x", i(5)}, wantKind: Insert},
	})
}

// Sequence groups, with the examples of Paimon's partial-update docs.
func TestPartialUpdateSequenceGroups(t *testing.T) {
	i := func(v int32) any { return v }
	// docs: 'fields.g_1.sequence-group' = 'a,b', 'fields.g_2.sequence-group' = 'c,d'.
	docs1 := schema("k", types.Int, "a", types.Int, "b", types.Int, "g_1", types.Int,
		"c", types.Int, "d", types.Int, "g_2", types.Int)
	groups := opts("fields.g_1.sequence-group", "a,b", "fields.g_2.sequence-group", "c,d")
	runMergeCases(t, docs1, []string{"k"}, []mergeCase{
		{name: "docs: g_2 NULL leaves c,d", opts: groups,
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(1), i(1), i(1), i(1)), rec(2, Insert, i(1), i(2), i(2), i(2), i(2), i(2), nil)},
			want: []any{i(1), i(2), i(2), i(2), i(1), i(1), i(1)}, wantKind: Insert},
		{name: "docs: smaller g_1 leaves a,b", opts: groups,
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(1), i(1), i(1), i(1)), rec(2, Insert, i(1), i(2), i(2), i(2), i(2), i(2), nil),
				rec(3, Insert, i(1), i(3), i(3), i(1), i(3), i(3), i(3))},
			want: []any{i(1), i(2), i(2), i(2), i(3), i(3), i(3)}, wantKind: Insert},
		{name: "retraction with a newer group sequence clears the group", opts: groups,
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(1), i(1), i(1), i(1)), rec(2, UpdateBefore, i(1), i(1), i(1), i(2), nil, nil, nil)},
			want: []any{i(1), nil, nil, i(2), i(1), i(1), i(1)}, wantKind: Insert},
		{name: "retraction with an older group sequence changes nothing", opts: groups,
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(5), i(1), i(1), i(1)), rec(2, Delete, i(1), i(1), i(1), i(2), nil, nil, nil)},
			want: []any{i(1), i(1), i(1), i(5), i(1), i(1), i(1)}, wantKind: Insert},
		{name: "remove-record-on-sequence-group", opts: opts("fields.g_1.sequence-group", "a,b", "fields.g_2.sequence-group", "c,d",
			"partial-update.remove-record-on-sequence-group", "g_1"),
			recs:     []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(1), i(1), i(1), i(1)), rec(2, Delete, i(1), nil, nil, i(2), nil, nil, nil)},
			wantKind: Delete},
		{name: "remove-record-on-sequence-group: other group retracts only", opts: opts("fields.g_1.sequence-group", "a,b", "fields.g_2.sequence-group", "c,d",
			"partial-update.remove-record-on-sequence-group", "g_1"),
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(1), i(1), i(1), i(1)), rec(2, Delete, i(1), nil, nil, nil, nil, nil, i(2))},
			want: []any{i(1), i(1), i(1), i(1), nil, nil, i(2)}, wantKind: Insert},
	})

	// docs: a orders b (first_value), c orders d (sum).
	docs2 := schema("k", types.Int, "a", types.Int, "b", types.Int, "c", types.Int, "d", types.Int)
	runMergeCases(t, docs2, []string{"k"}, []mergeCase{
		{name: "docs: aggregation in sequence groups", opts: opts("fields.a.sequence-group", "b", "fields.b.aggregate-function", "first_value",
			"fields.c.sequence-group", "d", "fields.d.aggregate-function", "sum"),
			recs: []KeyValue{rec(1, Insert, i(1), i(1), i(1), nil, nil), rec(2, Insert, i(1), nil, nil, i(1), i(1)),
				rec(3, Insert, i(1), i(2), i(2), nil, nil), rec(4, Insert, i(1), nil, nil, i(2), i(2))},
			want: []any{i(1), i(2), i(1), i(2), i(3)}, wantKind: Insert},
		{name: "sum retracts in its group", opts: opts("fields.c.sequence-group", "d", "fields.d.aggregate-function", "sum"),
			recs: []KeyValue{rec(1, Insert, i(1), nil, nil, i(1), i(10)), rec(2, UpdateBefore, i(1), nil, nil, i(2), i(4))},
			want: []any{i(1), nil, nil, i(2), i(6)}, wantKind: Insert},
	})

	// An older record of a group feeds its aggregate through aggReversed:
	// listagg puts it first (FieldAggregator's default), collect keeps the
	// accumulator first (FieldCollectAgg overrides it).
	ints := arrayType(types.New(types.Int))
	older := schema("k", types.Int, "g", types.Int, "l", types.NewString(), "c", ints)
	runMergeCases(t, older, []string{"k"}, []mergeCase{
		{name: "aggReversed of listagg and collect", opts: opts("fields.g.sequence-group", "l,c",
			"fields.l.aggregate-function", "listagg", "fields.c.aggregate-function", "collect"),
			recs: []KeyValue{rec(1, Insert, i(1), i(2), "new", []any{i(1)}), rec(2, Insert, i(1), i(1), "old", []any{i(2)})},
			want: []any{i(1), i(2), "old,new", []any{i(1), i(2)}}, wantKind: Insert},
	})

	// docs: 'fields.g_1,g_3.sequence-group' = 'a' (sum), 'fields.g_2.sequence-group' = 'c'.
	docs3 := schema("k", types.Int, "a", types.Int, "b", types.Int, "g_1", types.Int,
		"c", types.NewString(), "g_2", types.Int, "g_3", types.Int)
	multi := opts("fields.a.aggregate-function", "sum", "fields.g_1,g_3.sequence-group", "a", "fields.g_2.sequence-group", "c")
	first := []KeyValue{rec(1, Insert, i(1), i(1), i(1), i(1), "1", i(1), i(1)), rec(2, Insert, i(1), i(2), i(2), i(2), "2", nil, i(2))}
	runMergeCases(t, docs3, []string{"k"}, []mergeCase{
		{name: "docs: multi-field group", opts: multi, recs: first,
			want: []any{i(1), i(3), i(2), i(2), "1", i(1), i(2)}, wantKind: Insert},
		{name: "docs: an older group still sums", opts: multi,
			recs: append(first, rec(3, Insert, i(1), i(3), i(3), i(2), "3", i(3), i(1))),
			want: []any{i(1), i(6), i(3), i(2), "3", i(3), i(2)}, wantKind: Insert},
	})
}

func TestPartialUpdateConfigErrors(t *testing.T) {
	fields := schema("k", types.Int, "a", types.Int, "b", types.Int, "g", types.Int, "h", types.Int)
	cases := []struct {
		name string
		opts map[string]string
		want string
	}{
		{"aggregation needs a sequence group", opts("fields.a.aggregate-function", "sum"), "sequence group"},
		{"default function needs a sequence group", opts("fields.default-aggregate-function", "max"), "sequence group"},
		{"primary key in a group", opts("fields.g.sequence-group", "k"), "primary key"},
		{"primary key ordering a group", opts("fields.k.sequence-group", "a"), "primary key"},
		{"field in two groups", opts("fields.g.sequence-group", "a", "fields.h.sequence-group", "a,b"), "repeatedly"},
		{"unknown group field", opts("fields.g.sequence-group", "zz"), "no field"},
		{"malformed group key", opts("fieldsg.sequence-group", "a"), "invalid sequence-group"},
		{"ignore-delete with remove-record-on-delete", opts("ignore-delete", "true", "partial-update.remove-record-on-delete", "true"), "conflict"},
		{"ignore-delete with remove-record-on-sequence-group", opts("ignore-delete", "true",
			"fields.g.sequence-group", "a", "partial-update.remove-record-on-sequence-group", "g"), "conflict"},
		{"sequence groups with remove-record-on-delete", opts("fields.g.sequence-group", "a",
			"partial-update.remove-record-on-delete", "true"), "conflict"},
		{"remove-record-on-sequence-group names a non-group field", opts("fields.g.sequence-group", "a",
			"partial-update.remove-record-on-sequence-group", "h"), "ordering field"},
		{"unsupported aggregate", opts("fields.g.sequence-group", "a", "fields.a.aggregate-function", "rbm64"), "not supported"},
	}
	for _, c := range cases {
		_, err := New(fields, []string{"k"}, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}
