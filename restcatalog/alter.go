package restcatalog

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// schemaChangeJSON is one of Java's SchemaChange objects: "action" names
// the kind, the other fields are those of that kind.
type schemaChangeJSON struct {
	Action          string          `json:"action"`
	Key             string          `json:"key"`
	Value           string          `json:"value"`
	Comment         *string         `json:"comment"`
	FieldNames      []string        `json:"fieldNames"`
	DataType        *types.DataType `json:"dataType"`
	Move            *moveJSON       `json:"move"`
	NewName         string          `json:"newName"`
	NewDataType     *types.DataType `json:"newDataType"`
	KeepNullability bool            `json:"keepNullability"`
	NewNullability  *bool           `json:"newNullability"`
	NewComment      *string         `json:"newComment"`
	NewDefaultValue *string         `json:"newDefaultValue"`
}

type moveJSON struct {
	FieldName          string `json:"fieldName"`
	ReferenceFieldName string `json:"referenceFieldName"`
	Type               string `json:"type"`
}

func (m *moveJSON) toMove() (*schema.Move, error) {
	if m == nil {
		return nil, nil
	}
	mv := &schema.Move{FieldName: m.FieldName, Reference: m.ReferenceFieldName}
	switch m.Type {
	case "FIRST":
		mv.Type = schema.MoveFirst
	case "AFTER":
		mv.Type = schema.MoveAfter
	case "BEFORE":
		mv.Type = schema.MoveBefore
	case "LAST":
		mv.Type = schema.MoveLast
	default:
		return nil, badRequest("move type %q: want FIRST, AFTER, BEFORE or LAST", m.Type)
	}
	return mv, nil
}

// toChange maps a Java SchemaChange to ours; what we do not implement is
// refused (501) before anything is changed.
func (j schemaChangeJSON) toChange() (schema.Change, error) {
	needType := func(t *types.DataType) error {
		if t == nil {
			return badRequest("%s: no data type", j.Action)
		}
		return nil
	}
	switch j.Action {
	case "setOption":
		return schema.SetOption{Key: j.Key, Value: j.Value}, nil
	case "removeOption":
		return schema.RemoveOption{Key: j.Key}, nil
	case "updateComment":
		return schema.UpdateComment{Comment: j.Comment}, nil
	case "addColumn":
		if err := needType(j.DataType); err != nil {
			return nil, err
		}
		mv, err := j.Move.toMove()
		if err != nil {
			return nil, err
		}
		return schema.AddColumn{FieldNames: j.FieldNames, Type: *j.DataType, Description: j.Comment, Move: mv}, nil
	case "renameColumn":
		return schema.RenameColumn{FieldNames: j.FieldNames, NewName: j.NewName}, nil
	case "dropColumn":
		return schema.DropColumn{FieldNames: j.FieldNames}, nil
	case "updateColumnType":
		if err := needType(j.NewDataType); err != nil {
			return nil, err
		}
		return schema.UpdateColumnType{FieldNames: j.FieldNames, Type: *j.NewDataType, KeepNullability: j.KeepNullability}, nil
	case "updateColumnNullability":
		if j.NewNullability == nil {
			return nil, badRequest("updateColumnNullability: no newNullability")
		}
		return schema.UpdateColumnNullability{FieldNames: j.FieldNames, Nullable: *j.NewNullability}, nil
	case "updateColumnComment":
		return schema.UpdateColumnComment{FieldNames: j.FieldNames, Comment: j.NewComment}, nil
	case "updateColumnPosition":
		mv, err := j.Move.toMove()
		if err != nil {
			return nil, err
		}
		if mv == nil {
			return nil, badRequest("updateColumnPosition: no move")
		}
		return schema.UpdateColumnPosition{Move: *mv}, nil
	}
	return nil, notImplemented("schema change %q is not supported", j.Action)
}

func (h *Handler) alterTable(c *call, db, object string) error {
	var req struct {
		Changes []json.RawMessage `json:"changes"`
	}
	if err := decode(c, &req); err != nil {
		return err
	}
	t, err := h.openTable(c, db, object, PrivAlter)
	if err != nil {
		return err
	}
	var changes []schema.Change
	set := map[string]string{}
	for _, raw := range req.Changes {
		var j schemaChangeJSON
		if err := json.Unmarshal(raw, &j); err != nil {
			return badRequest("schema change: %v", err)
		}
		ch, err := j.toChange()
		if err != nil {
			return err
		}
		if so, ok := ch.(schema.SetOption); ok {
			set[so.Key] = so.Value
		}
		changes = append(changes, ch)
	}
	// Data locations are held to the roots the operator allows, as
	// sys.alter_table_options holds them.
	if err := write.CheckLocationOptions(set); err != nil {
		return badRequest("alter %s.%s: %v", db, object, err)
	}
	if _, err := t.Schemas.Commit(c.ctx, changes...); err != nil {
		return alterError(err)
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

// alterError answers a refused schema change with the error Java's client
// maps to the matching exception.
func alterError(err error) error {
	msg := err.Error()
	switch {
	case errors.Is(err, schema.ErrColumnNotFound):
		return &apiError{code: http.StatusNotFound, resourceType: resourceColumn, resourceName: quotedName(msg), msg: msg}
	case errors.Is(err, schema.ErrColumnExists):
		return &apiError{code: http.StatusConflict, resourceType: resourceColumn, resourceName: quotedName(msg), msg: msg}
	}
	return badRequest("%s", msg)
}

// quotedName is the first '...' quoted name of a message (the column
// core/schema names), best effort.
func quotedName(msg string) string {
	_, rest, ok := strings.Cut(msg, "'")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "'")
	return name
}
