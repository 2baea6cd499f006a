package predicate

import "testing"

func i32(v int32) any { return v }

func TestLeafMayMatch(t *testing.T) {
	one := int64(1)
	zero := int64(0)
	stats := Stats{Min: i32(10), Max: i32(20), NullCount: &zero, RowCount: 5}
	for _, c := range []struct {
		leaf Leaf
		want bool
	}{
		{Leaf{"a", Eq, []any{i32(15)}}, true},
		{Leaf{"a", Eq, []any{i32(25)}}, false},
		{Leaf{"a", Lt, []any{i32(10)}}, false},
		{Leaf{"a", LtEq, []any{i32(10)}}, true},
		{Leaf{"a", Gt, []any{i32(20)}}, false},
		{Leaf{"a", GtEq, []any{i32(20)}}, true},
		{Leaf{"a", In, []any{i32(1), i32(30)}}, false},
		{Leaf{"a", In, []any{i32(1), i32(12)}}, true},
		{Leaf{"a", IsNull, nil}, false},
		{Leaf{"a", IsNotNull, nil}, true},
		{Leaf{"b", Eq, []any{i32(99)}}, true}, // no stats: may match
	} {
		got := c.leaf.MayMatch(func(f string) (Stats, bool) { return stats, f == "a" })
		if got != c.want {
			t.Errorf("%+v: got %v want %v", c.leaf, got, c.want)
		}
	}
	withNull := Stats{Min: i32(10), Max: i32(20), NullCount: &one, RowCount: 5}
	if !(Leaf{"a", IsNull, nil}).MayMatch(func(string) (Stats, bool) { return withNull, true }) {
		t.Error("IsNull pruned a file with nulls")
	}
	unknownMin := Stats{Max: i32(20), RowCount: 5}
	if !(Leaf{"a", Eq, []any{i32(1)}}).MayMatch(func(string) (Stats, bool) { return unknownMin, true }) {
		t.Error("unknown min pruned")
	}
}

func TestTestAndOnly(t *testing.T) {
	p := And{Leaf{"pt", Eq, []any{i32(1)}}, Or{Leaf{"x", Gt, []any{i32(3)}}, Leaf{"pt", Eq, []any{i32(2)}}}}
	get := func(f string) (any, bool) {
		if f == "pt" {
			return i32(1), true
		}
		return nil, false
	}
	if !p.Test(get) {
		t.Fatal("unknown field x must not prune")
	}
	only := Only(p, map[string]bool{"pt": true})
	if _, ok := only.(And); !ok || len(only.(And)) != 1 {
		t.Fatalf("Only kept %#v", only)
	}
	if only.Test(func(string) (any, bool) { return i32(2), true }) {
		t.Fatal("pt=2 matched pt=1")
	}
	if (Leaf{"pt", Eq, []any{i32(1)}}).Test(func(string) (any, bool) { return nil, true }) {
		t.Fatal("NULL = 1 is not true")
	}
}
