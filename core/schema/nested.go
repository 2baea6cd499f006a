package schema

import (
	"strings"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// lastColumnFunc changes the field list that holds the last element of a
// column path; depth is that element's index in the path.
type lastColumnFunc func(depth int, fields *[]types.DataField, name string) error

// walkColumn follows path down through ROW fields, ARRAY elements and MAP
// values as Java's SchemaManager.NestedColumnModifier does, calls last on
// the innermost field list, and rebuilds the enclosing types around the
// result. A path that ends inside an ARRAY or MAP of a non-ROW type (e.g.
// {"v", "element"}) hands the ARRAY/MAP column itself to last, with the
// depth of that column.
func walkColumn(fields *[]types.DataField, path []string, notFound func(path []string) error, last lastColumnFunc) error {
	return walkColumnAt(fields, fields, 0, 0, path, notFound, last)
}

func walkColumnAt(cur, prev *[]types.DataField, depth, prevDepth int, path []string, notFound func([]string) error, last lastColumnFunc) error {
	if depth == len(path)-1 {
		return last(depth, cur, path[depth])
	}
	if depth >= len(path) {
		return last(prevDepth, prev, path[prevDepth])
	}
	for i := range *cur {
		if (*cur)[i].Name != path[depth] {
			continue
		}
		nested, steps := rowFieldsOf((*cur)[i].Type)
		if err := walkColumnAt(&nested, cur, depth+steps, depth, path, notFound, last); err != nil {
			return err
		}
		f := (*cur)[i]
		f.Type = withRowFields(f.Type, nested)
		(*cur)[i] = f
		return nil
	}
	return notFound(path[:depth+1])
}

// rowFieldsOf returns a copy of the fields of the ROW reached through
// ARRAY elements and MAP values, and how many path steps reach them.
func rowFieldsOf(t types.DataType) ([]types.DataField, int) {
	switch t.Kind {
	case types.Row:
		return append([]types.DataField(nil), t.Fields...), 1
	case types.Array:
		f, n := rowFieldsOf(*t.Element)
		return f, n + 1
	case types.Map:
		f, n := rowFieldsOf(*t.Value)
		return f, n + 1
	}
	return nil, 1
}

// withRowFields returns t with the ROW found by rowFieldsOf holding fields;
// the ARRAY/MAP wrappers are copied, never shared with the old schema.
func withRowFields(t types.DataType, fields []types.DataField) types.DataType {
	switch t.Kind {
	case types.Row:
		t.Fields = fields
	case types.Array:
		e := withRowFields(*t.Element, fields)
		t.Element = &e
	case types.Map:
		v := withRowFields(*t.Value, fields)
		t.Value = &v
	}
	return t
}

// typeAtDepth is Java's getRootType: the type a path of length maxDepth
// designates inside t, stepping through ARRAY elements and MAP values.
func typeAtDepth(t types.DataType, depth, maxDepth int) types.DataType {
	if depth == maxDepth-1 {
		return t
	}
	switch t.Kind {
	case types.Array:
		return typeAtDepth(*t.Element, depth+1, maxDepth)
	case types.Map:
		return typeAtDepth(*t.Value, depth+1, maxDepth)
	}
	return t
}

// replaceAtDepth is Java's getArrayMapTypeWithTargetTypeRoot: t with the
// type typeAtDepth finds replaced by target.
func replaceAtDepth(t, target types.DataType, depth, maxDepth int) types.DataType {
	if depth == maxDepth-1 {
		return target
	}
	switch t.Kind {
	case types.Array:
		e := replaceAtDepth(*t.Element, target, depth+1, maxDepth)
		t.Element = &e
		return t
	case types.Map:
		v := replaceAtDepth(*t.Value, target, depth+1, maxDepth)
		t.Value = &v
		return t
	}
	return target
}

// reassignIDs gives every ROW field inside t a fresh id from *next, as
// Java's ReassignFieldId does: a ROW field's own nested fields are numbered
// before it (RowType.Builder.field takes the id after its type argument was
// visited). Only top-level columns are numbered before their nested fields,
// by the callers.
func reassignIDs(t types.DataType, next *int) types.DataType {
	switch t.Kind {
	case types.Row:
		fields := make([]types.DataField, len(t.Fields))
		for i, f := range t.Fields {
			f.Type = reassignIDs(f.Type, next)
			*next++
			f.ID = *next
			fields[i] = f
		}
		t.Fields = fields
	case types.Array, types.Multiset, types.Vector:
		e := reassignIDs(*t.Element, next)
		t.Element = &e
	case types.Map:
		k := reassignIDs(*t.Key, next)
		v := reassignIDs(*t.Value, next)
		t.Key, t.Value = &k, &v
	}
	return t
}

// highestFieldID is the largest id among fields and their nested ROW fields
// (RowType.currentHighestFieldId), -1 when there is none.
func highestFieldID(fields []types.DataField) int {
	hi := -1
	for _, f := range fields {
		if f.ID > hi {
			hi = f.ID
		}
		if n := highestInType(f.Type); n > hi {
			hi = n
		}
	}
	return hi
}

func highestInType(t types.DataType) int {
	switch t.Kind {
	case types.Row:
		return highestFieldID(t.Fields)
	case types.Array, types.Multiset, types.Vector:
		return highestInType(*t.Element)
	case types.Map:
		return max(highestInType(*t.Key), highestInType(*t.Value))
	}
	return -1
}

func joinPath(path []string) string { return strings.Join(path, ".") }
