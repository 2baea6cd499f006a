package mergefunc

import (
	"fmt"
	"math"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// seqComparator is UserDefinedSeqComparator: it orders rows by some of
// their columns, NULL before any value whatever the direction.
type seqComparator struct {
	fields     []int
	descending bool
}

func (c *seqComparator) compare(a, b []any) int {
	for _, i := range c.fields {
		x, y := a[i], b[i]
		switch {
		case x == nil && y == nil:
			continue
		case x == nil:
			return -1
		case y == nil:
			return 1
		}
		if r := compareValues(x, y); r != 0 {
			if c.descending {
				return -r
			}
			return r
		}
	}
	return 0
}

// newSequenceField reads 'sequence.field' and 'sequence.field.sort-order'
// with the checks of SchemaValidation.validateSequenceField.
func newSequenceField(fields []types.DataField, o tableOptions, e *Engine) (*seqComparator, error) {
	names := o.list(options.SequenceField, true)
	if len(names) == 0 {
		return nil, nil
	}
	if e.KeepsFirstRow() {
		return nil, fmt.Errorf("mergefunc: sequence.field is not supported with the first-row merge engine")
	}
	c := &seqComparator{}
	seen := map[string]bool{}
	for _, n := range names {
		i, err := fieldIndex(fields, n)
		if err != nil {
			return nil, fmt.Errorf("mergefunc: sequence field %q: %w", n, err)
		}
		if _, ok := o.fieldOption(n, options.FieldAggregateFunction); ok {
			return nil, fmt.Errorf("mergefunc: aggregation defined on sequence field %q", n)
		}
		if seen[n] {
			return nil, fmt.Errorf("mergefunc: sequence field %q is defined repeatedly", n)
		}
		if !isComparable(fields[i].Type) {
			return nil, fmt.Errorf("mergefunc: sequence field %q has type %s, which cannot be ordered", n, fields[i].Type.SQL())
		}
		seen[n] = true
		c.fields = append(c.fields, i)
	}
	order, err := options.SequenceFieldSortOrder.Get(o.opts())
	if err != nil {
		return nil, fmt.Errorf("mergefunc: %w", err)
	}
	c.descending = order == options.SortDescending
	return c, nil
}

func fieldIndex(fields []types.DataField, name string) (int, error) {
	for i, f := range fields {
		if f.Name == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no field %q in the table schema", name)
}

// isComparable is TypeCheckUtils.isComparable.
func isComparable(t types.DataType) bool {
	return !t.IsNested() && t.Kind != types.Blob
}

// compareValues orders two non-nil values of one type like Java's
// comparators (InternalRowUtils.compare): floats as Float.compare and
// Double.compare (-0.0 before 0.0, NaN last), strings and bytes unsigned.
func compareValues(a, b any) int {
	switch x := a.(type) {
	case float32:
		return compareFloat(float64(x), float64(b.(float32)))
	case float64:
		return compareFloat(x, b.(float64))
	}
	c, _ := types.Compare(a, b)
	return c
}

func compareFloat(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	// Equal, or one is NaN: order by the bits as Java does, which puts
	// -0.0 before 0.0 and NaN after everything.
	kx, ky := floatKey(x), floatKey(y)
	switch {
	case kx < ky:
		return -1
	case kx > ky:
		return 1
	}
	return 0
}

func floatKey(f float64) int64 {
	if math.IsNaN(f) {
		return math.MaxInt64
	}
	return int64(math.Float64bits(f))
}
