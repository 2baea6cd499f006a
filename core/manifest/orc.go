package manifest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/format/orc"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// ORC manifests (manifest.format = orc) hold the rows of the Avro ones with
// the same field names; each ORC row is mapped onto the Avro row struct by
// its avro tags, so the rest of the package reads both alike. Fields a
// file lacks (older Paimon versions) stay zero, as with Avro.

// eachORCRow decodes the ORC manifest file data row by row into T.
func eachORCRow[T any](data []byte, what string, want int32, version func(*T) int32, fn func(*T) error) error {
	probe, err := orc.Open(bytes.NewReader(data), int64(len(data)), nil, orc.ReadOptions{})
	if err != nil {
		return fmt.Errorf("manifest: read %s: %w", what, err)
	}
	fields, err := probe.FileFields()
	probe.Close()
	if err != nil {
		return fmt.Errorf("manifest: read %s: %w", what, err)
	}
	r, err := orc.Open(bytes.NewReader(data), int64(len(data)), fields, orc.ReadOptions{})
	if err != nil {
		return fmt.Errorf("manifest: read %s: %w", what, err)
	}
	defer r.Close()
	for {
		b, err := r.Next(context.Background())
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("manifest: read %s: %w", what, err)
		}
		for _, vals := range b.Rows {
			row := new(T)
			if err := assignRecord(reflect.ValueOf(row).Elem(), fields, vals); err != nil {
				return fmt.Errorf("manifest: decode %s row: %w", what, err)
			}
			if v := version(row); v != want {
				return fmt.Errorf("manifest: %s row has _VERSION %d, expected %d (written by an unsupported Paimon version; recreate the table)", what, v, want)
			}
			if err := fn(row); err != nil {
				return err
			}
		}
	}
}

// assignRecord sets the fields of struct dst from the values of a row of
// fields, matching avro tags to field names.
func assignRecord(dst reflect.Value, fields []types.DataField, vals []any) error {
	byName := make(map[string]int, len(fields))
	for i, f := range fields {
		byName[f.Name] = i
	}
	t := dst.Type()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("avro"), ",")
		j, ok := byName[name]
		if !ok || j >= len(vals) {
			continue
		}
		if err := assign(dst.Field(i), fields[j].Type, vals[j]); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// assign sets dst from v, a value of Paimon type dt.
func assign(dst reflect.Value, dt types.DataType, v any) error {
	if dst.Kind() == reflect.Pointer {
		if v == nil {
			dst.SetZero()
			return nil
		}
		p := reflect.New(dst.Type().Elem())
		if err := assign(p.Elem(), dt, v); err != nil {
			return err
		}
		dst.Set(p)
		return nil
	}
	if v == nil {
		dst.SetZero()
		return nil
	}
	switch dst.Kind() {
	case reflect.Int32, reflect.Int64:
		switch x := v.(type) {
		case int8:
			dst.SetInt(int64(x))
		case int16:
			dst.SetInt(int64(x))
		case int32:
			dst.SetInt(int64(x))
		case int64:
			dst.SetInt(x)
		case time.Time: // _CREATION_TIME: milliseconds, as Avro's timestamp-millis
			dst.SetInt(x.UnixMilli())
		default:
			return fmt.Errorf("%T is not an integer", v)
		}
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("%T is not a string", v)
		}
		dst.SetString(s)
	case reflect.Slice:
		if dst.Type().Elem().Kind() == reflect.Uint8 {
			b, ok := v.([]byte)
			if !ok {
				return fmt.Errorf("%T is not bytes", v)
			}
			dst.SetBytes(bytes.Clone(b))
			return nil
		}
		vs, ok := v.([]any)
		if !ok || dt.Element == nil {
			return fmt.Errorf("%T is not an array", v)
		}
		s := reflect.MakeSlice(dst.Type(), len(vs), len(vs))
		for i, e := range vs {
			if err := assign(s.Index(i), *dt.Element, e); err != nil {
				return err
			}
		}
		dst.Set(s)
	case reflect.Struct:
		vs, ok := v.([]any)
		if !ok || dt.Kind != types.Row {
			return fmt.Errorf("%T is not a row", v)
		}
		return assignRecord(dst, dt.Fields, vs)
	default:
		return fmt.Errorf("cannot set a %s", dst.Type())
	}
	return nil
}
