package read

import (
	"reflect"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/predicate"
)

// keyValues finds the values a kept row must hold in one column only where
// every row the predicate keeps holds one of them.
func TestKeyValues(t *testing.T) {
	eq := func(f string, v any) predicate.Leaf {
		return predicate.Leaf{Field: f, Op: predicate.Eq, Literals: []any{v}}
	}
	byName := map[string]int{"a": 0, "b": 1}
	for _, tc := range []struct {
		p     predicate.Predicate
		field string
		vals  []any
	}{
		{eq("a", 1), "a", []any{1}},
		{predicate.Leaf{Field: "b", Op: predicate.In, Literals: []any{"x", "y"}}, "b", []any{"x", "y"}},
		{predicate.And{predicate.Leaf{Field: "a", Op: predicate.Gt, Literals: []any{1}}, eq("b", "x")}, "b", []any{"x"}},
		{predicate.Or{predicate.And{eq("a", 1), eq("b", "x")}, predicate.And{eq("a", 2), eq("b", "y")}}, "a", []any{1, 2}},
		{predicate.Or{eq("a", 1), predicate.Leaf{Field: "a", Op: predicate.In, Literals: []any{5, 6}}}, "a", []any{1, 5, 6}},
		// No single column holds the kept rows' values.
		{predicate.Or{eq("a", 1), eq("b", "x")}, "", nil},
		{predicate.Or{eq("a", 1), predicate.Leaf{Field: "a", Op: predicate.Lt, Literals: []any{0}}}, "", nil},
		{eq("c", 1), "", nil},
		{predicate.Leaf{Field: "a", Op: predicate.NotEq, Literals: []any{1}}, "", nil},
		{predicate.Or{}, "", nil},
	} {
		field, vals, ok := keyValues(tc.p, byName)
		if ok != (tc.field != "") || field != tc.field || !reflect.DeepEqual(vals, tc.vals) {
			t.Errorf("%#v: %q %v %v, want %q %v", tc.p, field, vals, ok, tc.field, tc.vals)
		}
	}
}
