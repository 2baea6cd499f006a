package schema

import "github.com/paimon-sql/paimon-sql/core/types"

// Change is one step of an ALTER TABLE (Java's SchemaChange). Column paths
// are field names from the top level down: {"col"} for a column, {"col",
// "sub"} for a field of a ROW column; "element" and "value" step into ARRAY
// elements and MAP values, as Java's engines spell them.
type Change interface{ isChange() }

// SetOption sets a table option (ALTER TABLE ... SET).
type SetOption struct{ Key, Value string }

// RemoveOption removes a table option (ALTER TABLE ... RESET).
type RemoveOption struct{ Key string }

// UpdateComment sets (or, with nil, removes) the table comment.
type UpdateComment struct{ Comment *string }

// AddColumn adds a nullable column; Move places it (nil: at the end).
type AddColumn struct {
	FieldNames  []string
	Type        types.DataType
	Description *string
	Move        *Move
}

// RenameColumn renames a column or nested field.
type RenameColumn struct {
	FieldNames []string
	NewName    string
}

// DropColumn drops a column or nested field.
type DropColumn struct{ FieldNames []string }

// UpdateColumnType changes a column's type; KeepNullability keeps the old
// nullability instead of taking the new type's.
type UpdateColumnType struct {
	FieldNames      []string
	Type            types.DataType
	KeepNullability bool
}

// UpdateColumnNullability makes a column nullable or NOT NULL.
type UpdateColumnNullability struct {
	FieldNames []string
	Nullable   bool
}

// UpdateColumnComment sets (or, with nil, removes) a column comment.
type UpdateColumnComment struct {
	FieldNames []string
	Comment    *string
}

// UpdateColumnPosition moves a top-level column.
type UpdateColumnPosition struct{ Move Move }

// MoveType says where a Move puts a column.
type MoveType int

// The move types of Java's SchemaChange.Move.
const (
	MoveFirst MoveType = iota
	MoveAfter
	MoveBefore
	MoveLast
)

// Move places FieldName first, last, or after/before Reference.
type Move struct {
	FieldName string
	Type      MoveType
	Reference string
}

func (SetOption) isChange()               {}
func (RemoveOption) isChange()            {}
func (UpdateComment) isChange()           {}
func (AddColumn) isChange()               {}
func (RenameColumn) isChange()            {}
func (DropColumn) isChange()              {}
func (UpdateColumnType) isChange()        {}
func (UpdateColumnNullability) isChange() {}
func (UpdateColumnComment) isChange()     {}
func (UpdateColumnPosition) isChange()    {}
