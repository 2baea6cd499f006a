package write

import (
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// rowKindColumn is the index of the 'rowkind.field' column, or -1: a
// string column whose value ('+I', '-U', '+U', '-D') is the row kind of
// each written row, as Java's RowKindGenerator reads it; it replaces the
// kind the statement gives.
func rowKindColumn(sch *spec.TableSchema) (int, error) {
	name := options.RowkindField.Text(sch.Options)
	if name == "" {
		return -1, nil
	}
	f, i, ok := sch.Field(name)
	if !ok {
		return 0, fmt.Errorf("can not find rowkind %s in table schema", name)
	}
	if f.Type.Kind != types.Char && f.Type.Kind != types.VarChar {
		return 0, fmt.Errorf("only support string type for rowkind, but %s is %s", name, f.Type)
	}
	return i, nil
}

// rowKindOf reads the row kind from the value of the rowkind column.
func rowKindOf(v any) (mergefunc.RowKind, error) {
	s, ok := v.(string)
	if !ok {
		return 0, fmt.Errorf("row kind cannot be null")
	}
	for _, k := range []mergefunc.RowKind{mergefunc.Insert, mergefunc.UpdateBefore, mergefunc.UpdateAfter, mergefunc.Delete} {
		if s == k.String() {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unsupported short string '%s' for row kind (use +I, -U, +U or -D)", s)
}
