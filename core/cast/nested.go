package cast

import (
	"fmt"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// nestedToString is ArrayToStringCastRule ("[a, b]"), MapToStringCastRule
// ("{k -> v, ...}") and RowToStringCastRule ("{a, b}"): elements are cast
// to STRING, NULL prints as "null", and the target length is not applied.
func nestedToString(from types.DataType, loc *time.Location) (Func, error) {
	switch from.Kind {
	case types.Array:
		elem, err := elementToString(*from.Element, loc)
		if err != nil {
			return nil, err
		}
		return func(v any) (any, error) {
			a, ok := v.([]any)
			if !ok {
				return nil, typeError(v, "ARRAY")
			}
			return joinCast("[", "]", a, elem)
		}, nil
	case types.Row:
		fields := make([]Func, len(from.Fields))
		for i, f := range from.Fields {
			var err error
			if fields[i], err = elementToString(f.Type, loc); err != nil {
				return nil, err
			}
		}
		return func(v any) (any, error) {
			r, ok := v.([]any)
			if !ok || len(r) != len(fields) {
				return nil, typeError(v, "ROW")
			}
			parts := make([]string, len(r))
			for i, x := range r {
				s, err := castText(x, fields[i])
				if err != nil {
					return nil, err
				}
				parts[i] = s
			}
			return "{" + strings.Join(parts, ", ") + "}", nil
		}, nil
	}
	key, err := elementToString(*from.Key, loc)
	if err != nil {
		return nil, err
	}
	val, err := elementToString(*from.Value, loc)
	if err != nil {
		return nil, err
	}
	return func(v any) (any, error) {
		m, ok := v.(types.MapValue)
		if !ok || len(m.Keys) != len(m.Values) {
			return nil, typeError(v, "MAP")
		}
		parts := make([]string, len(m.Keys))
		for i := range m.Keys {
			k, err := castText(m.Keys[i], key)
			if err != nil {
				return nil, err
			}
			v, err := castText(m.Values[i], val)
			if err != nil {
				return nil, err
			}
			parts[i] = k + " -> " + v
		}
		return "{" + strings.Join(parts, ", ") + "}", nil
	}, nil
}

// elementToString resolves the STRING cast of a nested element. Java
// resolves it lazily and fails on the first non-null element; failing
// early is stricter but never reads a file Java could.
func elementToString(t types.DataType, loc *time.Location) (Func, error) {
	return Resolve(t, stringType, loc)
}

func joinCast(open, close string, items []any, f Func) (string, error) {
	parts := make([]string, len(items))
	for i, x := range items {
		s, err := castText(x, f)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	return open + strings.Join(parts, ", ") + close, nil
}

func castText(v any, f Func) (string, error) {
	if v == nil {
		return "null", nil
	}
	s, err := f(v)
	if err != nil {
		return "", err
	}
	if s == nil {
		return "null", nil
	}
	return s.(string), nil
}

// arrayToArray casts element-wise, as SchemaEvolutionUtil does for a column
// whose ARRAY element type was altered.
func arrayToArray(from, to types.DataType, loc *time.Location) (Func, error) {
	elem, err := Resolve(*from.Element, *to.Element, loc)
	if err != nil {
		return nil, err
	}
	return func(v any) (any, error) {
		a, ok := v.([]any)
		if !ok {
			return nil, typeError(v, "ARRAY")
		}
		out := make([]any, len(a))
		for i, x := range a {
			var err error
			if out[i], err = elem(x); err != nil {
				return nil, err
			}
		}
		return out, nil
	}, nil
}

// mapToMap casts MAP values, as SchemaEvolutionUtil does; the key types
// must be identical.
func mapToMap(from, to types.DataType, loc *time.Location) (Func, error) {
	if !from.Key.Equal(*to.Key) {
		return nil, fmt.Errorf("%w: map key types differ", ErrNoCast)
	}
	val, err := Resolve(*from.Value, *to.Value, loc)
	if err != nil {
		return nil, err
	}
	return func(v any) (any, error) {
		m, ok := v.(types.MapValue)
		if !ok || len(m.Keys) != len(m.Values) {
			return nil, typeError(v, "MAP")
		}
		out := types.MapValue{Keys: m.Keys, Values: make([]any, len(m.Values))}
		for i, x := range m.Values {
			var err error
			if out.Values[i], err = val(x); err != nil {
				return nil, err
			}
		}
		return out, nil
	}, nil
}
