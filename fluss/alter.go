package fluss

import (
	"errors"
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/schema"
)

// ErrUnsupportedAlter is wrapped by every ALTER TABLE change this package
// refuses on a Fluss lake table.
var ErrUnsupportedAlter = errors.New("unsupported change to a Fluss lake table")

// AlterChanges vets the changes of an ALTER TABLE and returns the changes to
// commit. Plain Paimon tables get their changes back unchanged.
//
// Fluss writes a lake table's columns by position and only ever evolves it
// by adding nullable columns at the end; anything else done from outside
// breaks its tiering or its next schema change. So on a Fluss lake table:
//
//   - ADD COLUMN must be nullable, top-level, not named like a Fluss reserved
//     column (ignoring case, as SQL names are), and placed last (no position,
//     or AFTER the last user column). It is committed as Fluss would: at the
//     end of a CLEAN table, right before __bucket in a LEGACY one. Either way
//     the new column's id is the schema's highest field id + 1, which
//     core/schema assigns.
//   - Table and top-level column comments may change; Fluss ignores them.
//   - Options may change, except those Fluss owns, Paimon's immutable ones and
//     the fluss.* mirrors of Fluss properties.
//   - Every other change is refused, and so is any change to a system column.
func (t *Table) AlterChanges(changes []schema.Change) ([]schema.Change, error) {
	if !t.fluss {
		return changes, nil
	}
	users := make([]string, t.users)
	for i, f := range t.UserFields() {
		users[i] = f.Name
	}
	out := make([]schema.Change, 0, len(changes))
	for _, c := range changes {
		add, ok := c.(schema.AddColumn)
		if !ok {
			if err := t.vet(c); err != nil {
				return nil, err
			}
			out = append(out, c)
			continue
		}
		add, err := t.addColumn(add, users)
		if err != nil {
			return nil, err
		}
		users = append(users, add.FieldNames[0])
		out = append(out, add)
	}
	return out, nil
}

// vet refuses a change other than ADD COLUMN that a Fluss lake table cannot take.
func (t *Table) vet(c schema.Change) error {
	switch c := c.(type) {
	case schema.SetOption:
		if why := optionError(c.Key); why != "" {
			return refuse("cannot set option '%s': %s", c.Key, why)
		}
	case schema.RemoveOption:
		if why := optionError(c.Key); why != "" {
			return refuse("cannot reset option '%s': %s", c.Key, why)
		}
	case schema.UpdateComment:
	case schema.UpdateColumnComment:
		if err := t.checkColumnChange("change the comment of", c.FieldNames); err != nil {
			return err
		}
		if len(c.FieldNames) > 1 {
			// Fluss compares nested field comments when it checks the table.
			return refuse("cannot change the comment of nested field `%s`: Fluss requires nested fields unchanged", strings.Join(c.FieldNames, "."))
		}
	case schema.DropColumn:
		return t.columnChange("drop", c.FieldNames)
	case schema.RenameColumn:
		return t.columnChange("rename", c.FieldNames)
	case schema.UpdateColumnType:
		return t.columnChange("change the type of", c.FieldNames)
	case schema.UpdateColumnNullability:
		return t.columnChange("change the nullability of", c.FieldNames)
	case schema.UpdateColumnPosition:
		return t.columnChange("move", []string{c.Move.FieldName})
	default:
		return refuse("%T is not supported", c)
	}
	return nil
}

// addColumn vets one ADD COLUMN; users are the user columns as the earlier
// changes of the same ALTER leave them.
func (t *Table) addColumn(c schema.AddColumn, users []string) (schema.AddColumn, error) {
	if len(c.FieldNames) != 1 {
		return c, refuse("cannot add nested field `%s`: Fluss lake tables only get new top-level columns", strings.Join(c.FieldNames, "."))
	}
	name := c.FieldNames[0]
	if r, ok := reservedName(name); ok {
		return c, refuse("cannot add column `%s`: `%s` is reserved by Fluss (reserved names: %s)", name, r, quoteList(reservedNames))
	}
	if !c.Type.Nullable {
		return c, refuse("cannot add column `%s` as NOT NULL: Fluss lake tables only get nullable columns, since existing rows and Fluss records have no value for it", name)
	}
	if mv := c.Move; mv != nil && mv.Type != schema.MoveLast &&
		!(mv.Type == schema.MoveAfter && len(users) > 0 && strings.EqualFold(mv.Reference, users[len(users)-1])) {
		return c, refuse("cannot add column `%s` %s: Fluss maps the columns of a lake table by position, so new columns go after the last column", name, placement(*mv))
	}
	// An explicit position, even for CLEAN, so that Paimon's
	// add-column-before-partition option cannot place it elsewhere.
	c.Move = &schema.Move{FieldName: name, Type: schema.MoveLast}
	if t.layout == Legacy {
		c.Move = &schema.Move{FieldName: name, Type: schema.MoveBefore, Reference: BucketColumn}
	}
	return c, nil
}

func placement(mv schema.Move) string {
	switch mv.Type {
	case schema.MoveFirst:
		return "FIRST"
	case schema.MoveBefore:
		return fmt.Sprintf("BEFORE `%s`", mv.Reference)
	}
	return fmt.Sprintf("AFTER `%s`", mv.Reference)
}

// checkColumnChange refuses any change to a system column of a LEGACY table.
func (t *Table) checkColumnChange(verb string, path []string) error {
	if t.layout == Legacy && len(path) > 0 && isSystemColumn(path[0]) {
		return refuse("cannot %s column `%s`: it is a system column of this legacy-layout Fluss lake table", verb, path[0])
	}
	return nil
}

// columnChange refuses a change Fluss does not make to lake tables.
func (t *Table) columnChange(verb string, path []string) error {
	if err := t.checkColumnChange(verb, path); err != nil {
		return err
	}
	return refuse("cannot %s column `%s`: Fluss writes lake tables by column position and only adds nullable columns at the end; other column changes would break its tiering", verb, strings.Join(path, "."))
}

func refuse(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnsupportedAlter, fmt.Sprintf(format, args...))
}
