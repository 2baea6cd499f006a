package fluss

import (
	"fmt"
	"slices"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Table is the layout of one schema of a table: what users see of it and how
// their rows map to the stored ones. It is immutable; analyse each schema the
// catalog reads or writes with (time travel may pick an older one).
type Table struct {
	fluss  bool
	layout Layout
	fields []types.DataField // physical, in schema order
	// users is the number of user columns. They are always the first
	// columns: Fluss puts new ones before the system columns.
	users int
	// tsPrecision is the precision of __timestamp in a LEGACY table.
	tsPrecision int
}

// Of analyses a table schema. A plain Paimon table (see IsFlussLakeTable) is
// a Table whose columns are all user columns, whatever their names. A Fluss
// lake table is detected (see Detect); an invalid layout is a *LayoutError,
// and so is a LEGACY table whose primary or partition keys name a system
// column, which Fluss never creates: the keys would be invisible to users.
func Of(s *spec.TableSchema) (*Table, error) {
	t := &Table{fluss: IsFlussLakeTable(s.Options), fields: s.Fields, users: len(s.Fields)}
	if !t.fluss {
		return t, nil
	}
	l, err := Detect(s.Fields)
	if err != nil {
		return nil, err
	}
	if l == Clean {
		return t, nil
	}
	var keys []string
	for _, k := range append(slices.Clone(s.PrimaryKeys), s.PartitionKeys...) {
		if isSystemColumn(k) && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	if len(keys) > 0 {
		return nil, &LayoutError{Rule: RuleKeys, Columns: keys, Fields: s.Fields,
			Reason: fmt.Sprintf("system columns %s must not be primary-key or partition columns", quoteList(keys))}
	}
	t.layout = Legacy
	t.users = len(s.Fields) - len(systemColumns)
	t.tsPrecision = s.Fields[len(s.Fields)-1].Type.Precision
	return t, nil
}

// Fluss tells whether the table is a Fluss lake table, subject to the rules
// of this package.
func (t *Table) Fluss() bool { return t.fluss }

// Layout is the table's layout; Clean for a plain Paimon table.
func (t *Table) Layout() Layout { return t.layout }

// UserFields are the columns users see, in order: all columns but the
// system columns of a LEGACY table. Nested ROW types are whole: only
// top-level columns are ever hidden. The slice shares the schema's fields:
// do not modify it.
func (t *Table) UserFields() []types.DataField { return t.fields[:t.users:t.users] }

// PhysicalProjection maps a projection over UserFields (indexes, any subset,
// order or repetition) to indexes of the schema's fields. A nil projection
// means every user column, so a reader given the result never returns a
// system column. An index outside UserFields is an error: system columns
// cannot be selected.
func (t *Table) PhysicalProjection(user []int) ([]int, error) {
	if user == nil {
		all := make([]int, t.users)
		for i := range all {
			all[i] = i
		}
		return all, nil
	}
	out := make([]int, len(user))
	for i, u := range user {
		if u < 0 || u >= t.users {
			return nil, fmt.Errorf("projection index %d is not a user column (the table has %d)", u, t.users)
		}
		// User columns are the physical prefix, in the same order.
		out[i] = u
	}
	return out, nil
}
