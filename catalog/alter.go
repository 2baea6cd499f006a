package catalog

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/fluss"
	"github.com/paimon-sql/paimon-sql/procedures"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

var _ sql.AlterableTable = (*Table)(nil)

// AddColumn implements sql.AlterableTable: the next schema-N with the new
// column (id highestFieldId + 1).
func (t *Table) AddColumn(ctx *sql.Context, column *sql.Column, order *sql.ColumnOrder) error {
	f, err := dataField(ctx, column, sqlext.DDLDialect(ctx))
	if err != nil {
		return err
	}
	return t.alter(ctx, schema.AddColumn{FieldNames: []string{f.Name}, Type: f.Type, Description: f.Description, Move: move(f.Name, order)})
}

// DropColumn implements sql.AlterableTable.
func (t *Table) DropColumn(ctx *sql.Context, columnName string) error {
	return t.alter(ctx, schema.DropColumn{FieldNames: []string{t.fieldName(columnName)}})
}

// ModifyColumn implements sql.AlterableTable: MODIFY, CHANGE and RENAME
// COLUMN become Paimon's rename, type, nullability, comment and position
// changes, committed together as one schema.
func (t *Table) ModifyColumn(ctx *sql.Context, columnName string, column *sql.Column, order *sql.ColumnOrder) error {
	name := t.fieldName(columnName)
	cur, _, ok := t.schema.Field(name)
	if !ok {
		return sql.ErrTableColumnNotFound.New(t.Name(), columnName)
	}
	want, err := dataField(ctx, column, sqlext.DDLDialect(ctx))
	if err != nil {
		return err
	}
	var changes []schema.Change
	if want.Type.WithNullable(true).SQL() != cur.Type.WithNullable(true).SQL() {
		changes = append(changes, schema.UpdateColumnType{FieldNames: []string{name}, Type: want.Type, KeepNullability: true})
	}
	if want.Type.Nullable != cur.Type.Nullable {
		changes = append(changes, schema.UpdateColumnNullability{FieldNames: []string{name}, Nullable: want.Type.Nullable})
	}
	if desc(want.Description) != desc(cur.Description) {
		changes = append(changes, schema.UpdateColumnComment{FieldNames: []string{name}, Comment: want.Description})
	}
	if order != nil {
		changes = append(changes, schema.UpdateColumnPosition{Move: *move(name, order)})
	}
	// Rename last: the changes above name the column as it is now.
	if want.Name != name {
		changes = append(changes, schema.RenameColumn{FieldNames: []string{name}, NewName: want.Name})
	}
	if len(changes) == 0 {
		return nil
	}
	return t.alter(ctx, changes...)
}

func (t *Table) alter(ctx *sql.Context, changes ...schema.Change) error {
	if why := t.pin.readOnly(); why != "" {
		return fmt.Errorf("%s: cannot alter a table %s", t.t.FullName(), why)
	}
	if t.unusable != nil {
		return t.unusable
	}
	// Fluss lake tables take only the changes Fluss's tiering survives, and
	// a legacy table's new columns go before its system columns.
	if lay, err := fluss.Of(t.schema); err == nil {
		if changes, err = lay.AlterChanges(changes); err != nil {
			return fmt.Errorf("alter %s: %w", t.t.FullName(), err)
		}
	}
	// Commit's errors name the table already.
	_, err := procedures.CommitSchema(ctx, t.db.p.ms, t.t, changes...)
	return err
}

func move(name string, order *sql.ColumnOrder) *schema.Move {
	switch {
	case order == nil:
		return nil
	case order.First:
		return &schema.Move{FieldName: name, Type: schema.MoveFirst}
	}
	return &schema.Move{FieldName: name, Type: schema.MoveAfter, Reference: order.AfterColumn}
}

func desc(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
