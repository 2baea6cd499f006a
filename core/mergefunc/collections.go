package mergefunc

import (
	"fmt"
	"reflect"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// collectAgg is FieldCollectAgg: arrays are concatenated; with distinct,
// duplicates are dropped and the elements come out in the order Java's
// HashSet iterates them (by hash), except for nested elements, which Java
// dedupes in a list and so keep their first-seen order.
type collectAgg struct {
	elem     types.DataType
	distinct bool
}

func (c collectAgg) agg(acc, in any) (any, error) {
	if acc == nil && in == nil {
		return nil, nil
	}
	if (acc == nil || in == nil) && !c.distinct {
		return nonNil(acc, in), nil
	}
	a, err := arrayOf(acc)
	if err != nil {
		return nil, err
	}
	b, err := arrayOf(in)
	if err != nil {
		return nil, err
	}
	all := append(append([]any{}, a...), b...)
	if !c.distinct {
		return all, nil
	}
	return hashSet(all, c.elem), nil
}

// aggReversed keeps the accumulator first, as Java's does: its elements
// are already distinct.
func (c collectAgg) aggReversed(acc, in any) (any, error) { return c.agg(acc, in) }

// retract removes, for each retracted element, one equal element of the
// accumulator; an absent accumulator stays absent.
func (c collectAgg) retract(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return acc, nil
	}
	a, err := arrayOf(acc)
	if err != nil {
		return nil, err
	}
	r, err := arrayOf(in)
	if err != nil {
		return nil, err
	}
	if len(r) == 0 {
		return acc, nil
	}
	pending := append([]any{}, r...)
	kept := []any{}
	for _, x := range a {
		if i := indexOf(pending, x); i >= 0 {
			pending = append(pending[:i], pending[i+1:]...)
			continue
		}
		kept = append(kept, x)
	}
	return kept, nil
}

func (collectAgg) reset() {}

// mergeMapAgg is FieldMergeMapAgg: the input's entries are put over the
// accumulator's; a retraction removes the retracted keys. Entries come out
// in Java's HashMap order.
type mergeMapAgg struct{ key types.DataType }

func (m mergeMapAgg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	a, err := mapOf(acc)
	if err != nil {
		return nil, err
	}
	b, err := mapOf(in)
	if err != nil {
		return nil, err
	}
	keys := append(append([]any{}, a.Keys...), b.Keys...)
	values := append(append([]any{}, a.Values...), b.Values...)
	return m.hashMap(keys, values), nil
}

func (m mergeMapAgg) retract(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return acc, nil
	}
	a, err := mapOf(acc)
	if err != nil {
		return nil, err
	}
	r, err := mapOf(in)
	if err != nil {
		return nil, err
	}
	if len(r.Keys) == 0 {
		return acc, nil
	}
	var keys, values []any
	for i, k := range a.Keys {
		if indexOf(r.Keys, k) < 0 {
			keys, values = append(keys, k), append(values, a.Values[i])
		}
	}
	return m.hashMap(keys, values), nil
}

func (mergeMapAgg) reset() {}

// hashMap puts the entries in order into a Java HashMap: a later entry's
// value replaces an earlier one of the same key.
func (m mergeMapAgg) hashMap(keys, values []any) types.MapValue {
	h := javaHashMap{keyType: m.key}
	for i, k := range keys {
		h.put(k, values[i])
	}
	return h.mapValue()
}

// mapValue is the map's entries in iteration order.
func (m *javaHashMap) mapValue() types.MapValue {
	out := types.MapValue{Keys: []any{}, Values: []any{}}
	for _, e := range m.iterate() {
		out.Keys, out.Values = append(out.Keys, e.key), append(out.Values, e.value)
	}
	return out
}

func arrayOf(v any) ([]any, error) {
	if v == nil {
		return nil, nil
	}
	a, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("mergefunc: got %T, want an ARRAY value", v)
	}
	return a, nil
}

func mapOf(v any) (types.MapValue, error) {
	m, ok := v.(types.MapValue)
	if !ok {
		return m, fmt.Errorf("mergefunc: got %T, want a MAP value", v)
	}
	return m, nil
}

func indexOf(list []any, x any) int {
	for i, y := range list {
		if javaEquals(x, y) {
			return i
		}
	}
	return -1
}

// javaEquals is equals of Java's internal values: NULL equals NULL, floats
// compare by bits (Float.equals), binaries by identity, so two byte arrays
// are never equal, and nested values field by field (RecordEqualiser).
func javaEquals(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch a.(type) {
	case []byte:
		return false
	case float32, float64:
		return javaFloatBits(a) == javaFloatBits(b)
	}
	if c, ok := types.Compare(a, b); ok {
		return c == 0
	}
	return reflect.DeepEqual(a, b)
}

// mergeMapKeyTimeAgg is FieldMergeMapWithKeyTimeAgg: MAP<K, ROW> values
// whose ROW carries a time field (compared as strings); an input entry
// replaces the stored one of its key when its time is later or the stored
// time is NULL, is skipped when its own time is NULL, and removes the key
// when the entry's ROW is NULL.
type mergeMapKeyTimeAgg struct {
	noRetract
	key     types.DataType
	tsIndex int
}

func (m mergeMapKeyTimeAgg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	a, err := mapOf(acc)
	if err != nil {
		return nil, err
	}
	b, err := mapOf(in)
	if err != nil {
		return nil, err
	}
	h := javaHashMap{keyType: m.key}
	for i, k := range a.Keys {
		h.put(k, a.Values[i])
	}
	for i, k := range b.Keys {
		if err := m.merge(&h, k, b.Values[i]); err != nil {
			return nil, err
		}
	}
	return h.mapValue(), nil
}

func (m mergeMapKeyTimeAgg) merge(h *javaHashMap, key, value any) error {
	if value == nil {
		h.remove(key)
		return nil
	}
	newTs, err := m.timeOf(value)
	if err != nil || newTs == nil {
		return err
	}
	old, _ := h.get(key)
	if old == nil {
		h.put(key, value)
		return nil
	}
	oldTs, err := m.timeOf(old)
	if err != nil {
		return err
	}
	if oldTs == nil || *newTs > *oldTs {
		h.put(key, value)
	}
	return nil
}

// timeOf is the ROW's time field as text (nil when NULL).
func (m mergeMapKeyTimeAgg) timeOf(row any) (*string, error) {
	r, ok := row.([]any)
	if !ok || m.tsIndex >= len(r) {
		return nil, fmt.Errorf("mergefunc: merge_map_with_keytime got %T, want a ROW value", row)
	}
	if r[m.tsIndex] == nil {
		return nil, nil
	}
	s, ok := r[m.tsIndex].(string)
	if !ok {
		return nil, fmt.Errorf("mergefunc: merge_map_with_keytime time field holds %T, want a string", r[m.tsIndex])
	}
	return &s, nil
}
