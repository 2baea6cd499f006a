package mergefunc

import (
	"fmt"
	"slices"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// binaryRowKey is a nested key as the BinaryRow Java's projection builds:
// its bytes, hashed with BinaryRow.hashCode.
type binaryRowKey string

// nestedRows is the ARRAY<ROW> of nested_update and nested_partial_update
// with its optional 'fields.<f>.nested-key' columns.
type nestedRows struct {
	fields []types.DataField
	key    []int // indexes of the nested-key fields; nil without a key
}

func newNestedRows(field types.DataField, o tableOptions, name string) (nestedRows, error) {
	t := field.Type
	if t.Kind != types.Array || t.Element.Kind != types.Row {
		return nestedRows{}, fmt.Errorf("mergefunc: %s on %s needs an ARRAY<ROW> type, not %s", name, field.Name, t.SQL())
	}
	n := nestedRows{fields: t.Element.Fields}
	keys, ok := o.fieldOption(field.Name, options.FieldNestedKey)
	if !ok {
		return n, nil
	}
	for _, k := range splitJava(keys, true) {
		i := slices.IndexFunc(n.fields, func(f types.DataField) bool { return f.Name == k })
		if i < 0 {
			return n, fmt.Errorf("mergefunc: nested-key %q of %s is not a field of %s", k, field.Name, t.Element.SQL())
		}
		n.key = append(n.key, i)
	}
	return n, nil
}

// nonNullRows appends up to limit non-NULL rows of an array value.
func nonNullRows(rows []any, v any, limit int) ([]any, error) {
	a, err := arrayOf(v)
	if err != nil {
		return nil, err
	}
	for _, r := range a {
		if limit <= 0 {
			break
		}
		if r != nil {
			rows = append(rows, r)
			limit--
		}
	}
	return rows, nil
}

// keyOf is the BinaryRow of a nested row's key fields.
func (n nestedRows) keyOf(row any) (binaryRowKey, error) {
	r, ok := row.([]any)
	if !ok || len(r) != len(n.fields) {
		return "", fmt.Errorf("mergefunc: got %T, want a ROW of %d fields", row, len(n.fields))
	}
	vals := make([]any, len(n.key))
	typs := make([]types.DataType, len(n.key))
	for i, k := range n.key {
		vals[i], typs[i] = r[k], n.fields[k].Type
	}
	b, err := binrow.Encode(vals, typs)
	return binaryRowKey(b), err
}

// byKey replays rows into a Java HashMap by their key, combine folding a
// row into the one already stored (nil when the key is new).
func (n nestedRows) byKey(rows []any, combine func(old, row any) any) ([]any, error) {
	m := javaHashMap{}
	for _, r := range rows {
		k, err := n.keyOf(r)
		if err != nil {
			return nil, err
		}
		old, _ := m.get(k)
		m.put(k, combine(old, r))
	}
	out := []any{}
	for _, e := range m.iterate() {
		out = append(out, e.value)
	}
	return out, nil
}

// nestedUpdateAgg is FieldNestedUpdateAgg: the input's rows are appended
// (up to 'fields.<f>.count-limit' rows in all); with a nested key a later
// row replaces the earlier one of its key, in Java's HashMap order.
type nestedUpdateAgg struct {
	nestedRows
	countLimit int
}

func (u nestedUpdateAgg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	a, err := arrayOf(acc)
	if err != nil {
		return nil, err
	}
	if len(a) >= u.countLimit {
		return acc, nil
	}
	rows, err := nonNullRows(nil, a, len(a))
	if err != nil {
		return nil, err
	}
	if rows, err = nonNullRows(rows, in, u.countLimit-len(a)); err != nil {
		return nil, err
	}
	if u.key == nil {
		return append([]any{}, rows...), nil
	}
	return u.byKey(rows, func(_, row any) any { return row })
}

// retract removes the rows equal to a retracted row or, with a nested key,
// the rows of the retracted keys.
func (u nestedUpdateAgg) retract(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return acc, nil
	}
	rows, err := nonNullRows(nil, acc, maxInt)
	if err != nil {
		return nil, err
	}
	retracted, err := nonNullRows(nil, in, maxInt)
	if err != nil {
		return nil, err
	}
	if u.key == nil {
		rows = slices.DeleteFunc(rows, func(r any) bool {
			return slices.ContainsFunc(retracted, func(x any) bool { return javaEquals(r, x) })
		})
		return append([]any{}, rows...), nil
	}
	m := javaHashMap{}
	for _, r := range rows {
		k, err := u.keyOf(r)
		if err != nil {
			return nil, err
		}
		m.put(k, r)
	}
	for _, r := range retracted {
		k, err := u.keyOf(r)
		if err != nil {
			return nil, err
		}
		m.remove(k)
	}
	out := []any{}
	for _, e := range m.iterate() {
		out = append(out, e.value)
	}
	return out, nil
}

func (nestedUpdateAgg) reset() {}

const maxInt = int(^uint(0) >> 1)

// nestedPartialUpdateAgg is FieldNestedPartialUpdateAgg: rows of one
// nested key are merged field by field, a non-NULL field replacing the
// stored one; results in Java's HashMap order.
type nestedPartialUpdateAgg struct {
	noRetract
	nestedRows
}

func (p nestedPartialUpdateAgg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	rows, err := nonNullRows(nil, acc, maxInt)
	if err != nil {
		return nil, err
	}
	if rows, err = nonNullRows(rows, in, maxInt); err != nil {
		return nil, err
	}
	return p.byKey(rows, func(old, row any) any {
		merged, _ := old.([]any)
		if merged == nil {
			merged = make([]any, len(p.fields))
		}
		for i, v := range row.([]any) {
			if v != nil {
				merged[i] = v
			}
		}
		return merged
	})
}
