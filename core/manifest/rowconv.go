package manifest

import (
	"fmt"
	"reflect"
	"sync"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// The Avro records of manifest rows (avroFileMeta, avroEntry,
// avroIndexEntry and what they nest) double as the in-between form of the
// other manifest formats: a rowConverter maps such a record to a generic
// row of the Java row type (rowtypes.go) and back, matching record fields
// to row fields by their avro tag, which is the Java field name. Reading
// and writing therefore share the Avro path's conversions to and from the
// manifest types.

// rowConverter converts records of type T.
type rowConverter[T any] struct {
	fields []types.DataField
}

func converterFor[T any](fields []types.DataField) (rowConverter[T], error) {
	var zero T
	if err := checkRecord(reflect.TypeOf(zero), fields); err != nil {
		return rowConverter[T]{}, err
	}
	return rowConverter[T]{fields: fields}, nil
}

// checkRecord makes sure every row field has a record field, so the
// conversions below cannot meet a missing one.
func checkRecord(t reflect.Type, fields []types.DataField) error {
	idx := tagIndex(t)
	for _, f := range fields {
		i, ok := idx[f.Name]
		if !ok {
			return fmt.Errorf("manifest: %s has no field %s", t, f.Name)
		}
		ft := t.Field(i).Type
		for ft.Kind() == reflect.Pointer || (ft.Kind() == reflect.Slice && ft.Elem().Kind() != reflect.Uint8) {
			ft = ft.Elem()
		}
		var nested []types.DataField
		switch f.Type.Kind {
		case types.Row:
			nested = f.Type.Fields
		case types.Array:
			if f.Type.Element.Kind == types.Row {
				nested = f.Type.Element.Fields
			}
		}
		if nested != nil {
			if err := checkRecord(ft, nested); err != nil {
				return err
			}
		}
	}
	return nil
}

var tagIndexes sync.Map // reflect.Type -> map[string]int

// tagIndex maps the avro tags of struct type t to field indexes.
func tagIndex(t reflect.Type) map[string]int {
	if m, ok := tagIndexes.Load(t); ok {
		return m.(map[string]int)
	}
	m := map[string]int{}
	for i := range t.NumField() {
		if tag := t.Field(i).Tag.Get("avro"); tag != "" {
			m[tag] = i
		}
	}
	tagIndexes.Store(t, m)
	return m
}

func (c rowConverter[T]) toRow(rec *T) ([]any, error) {
	return structToRow(reflect.ValueOf(rec).Elem(), c.fields)
}

func (c rowConverter[T]) fromRow(row []any, rec *T) error {
	return rowToStruct(row, reflect.ValueOf(rec).Elem(), c.fields)
}

func structToRow(v reflect.Value, fields []types.DataField) ([]any, error) {
	idx := tagIndex(v.Type())
	row := make([]any, len(fields))
	for i, f := range fields {
		x, err := toValue(v.Field(idx[f.Name]), f.Type)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		if x == nil && !f.Type.Nullable {
			return nil, fmt.Errorf("%s: null for a NOT NULL field", f.Name)
		}
		row[i] = x
	}
	return row, nil
}

// toValue converts a record field to the core/types value of t.
func toValue(v reflect.Value, t types.DataType) (any, error) {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil, nil
		}
		v = v.Elem()
	}
	switch t.Kind {
	case types.TinyInt:
		return int8(v.Int()), nil
	case types.Int:
		return int32(v.Int()), nil
	case types.BigInt:
		return v.Int(), nil
	case types.VarChar:
		return v.String(), nil
	case types.VarBinary:
		return v.Bytes(), nil
	case types.Timestamp:
		return time.UnixMilli(v.Int()).UTC(), nil
	case types.Array:
		if v.IsNil() {
			return nil, nil
		}
		out := make([]any, v.Len())
		for i := range out {
			x, err := toValue(v.Index(i), *t.Element)
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	case types.Row:
		return structToRow(v, t.Fields)
	}
	return nil, fmt.Errorf("unexpected manifest type %s", t.SQL())
}

func rowToStruct(row []any, v reflect.Value, fields []types.DataField) error {
	if len(row) != len(fields) {
		return fmt.Errorf("row has %d fields, want %d", len(row), len(fields))
	}
	idx := tagIndex(v.Type())
	for i, f := range fields {
		if err := fromValue(row[i], v.Field(idx[f.Name]), f.Type); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	return nil
}

// fromValue sets a record field from the core/types value x of t.
func fromValue(x any, dst reflect.Value, t types.DataType) error {
	if x == nil {
		switch dst.Kind() {
		case reflect.Pointer, reflect.Slice:
			dst.SetZero()
			return nil
		}
		return fmt.Errorf("null for a NOT NULL field")
	}
	if dst.Kind() == reflect.Pointer {
		p := reflect.New(dst.Type().Elem())
		if err := fromValue(x, p.Elem(), t); err != nil {
			return err
		}
		dst.Set(p)
		return nil
	}
	var ok bool
	switch t.Kind {
	case types.TinyInt:
		var n int8
		if n, ok = x.(int8); ok {
			dst.SetInt(int64(n))
		}
	case types.Int:
		var n int32
		if n, ok = x.(int32); ok {
			dst.SetInt(int64(n))
		}
	case types.BigInt:
		var n int64
		if n, ok = x.(int64); ok {
			dst.SetInt(n)
		}
	case types.VarChar:
		var s string
		if s, ok = x.(string); ok {
			dst.SetString(s)
		}
	case types.VarBinary:
		var b []byte
		if b, ok = x.([]byte); ok {
			dst.SetBytes(clip(b))
		}
	case types.Timestamp:
		var ts time.Time
		if ts, ok = x.(time.Time); ok {
			dst.SetInt(ts.UnixMilli())
		}
	case types.Array:
		var elems []any
		if elems, ok = x.([]any); ok {
			s := reflect.MakeSlice(dst.Type(), len(elems), len(elems))
			for i, e := range elems {
				if err := fromValue(e, s.Index(i), *t.Element); err != nil {
					return err
				}
			}
			dst.Set(s)
		}
	case types.Row:
		var fields []any
		if fields, ok = x.([]any); ok {
			return rowToStruct(fields, dst, t.Fields)
		}
	}
	if !ok {
		return fmt.Errorf("unexpected %T for %s", x, t.SQL())
	}
	return nil
}
