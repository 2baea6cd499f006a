package mergefunc

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// aggregator is Java's FieldAggregator: it folds one column's values.
// acc is the value so far (nil at the start of a key), in the record's.
type aggregator interface {
	agg(acc, in any) (any, error)
	retract(acc, in any) (any, error)
	reset()
}

// aggSpec describes one column's aggregator; make builds a fresh instance,
// since first_value and friends keep per-key state.
type aggSpec struct {
	name          string
	field         types.DataField
	delimiter     string // listagg
	distinct      bool   // listagg, collect
	ignoreRetract bool
	nested        nestedRows // nested_update, nested_partial_update
	countLimit    int        // nested_update
	tsIndex       int        // merge_map_with_keytime
}

// Aggregate function names (FieldAggregatorFactory identifiers).
const (
	aggPrimaryKey       = "primary-key"
	aggLastValue        = "last_value"
	aggLastNonNullValue = "last_non_null_value"
)

// unimplementedAggs are Java aggregate functions this package lacks.
var unimplementedAggs = map[string]bool{
	"rbm64": true, "hll_sketch": true, "theta_sketch": true,
}

// newAggSpec validates an aggregate function for a column, with the type
// checks of the Java factories and FieldAggregatorFactory.create.
func newAggSpec(name string, field types.DataField, o tableOptions, e *Engine) (aggSpec, error) {
	s := aggSpec{name: name, field: field}
	t := field.Type
	var err error
	if s.ignoreRetract, err = o.fieldFlag(field.Name, options.FieldIgnoreRetract); err != nil {
		return s, err
	}
	if e.aggRemoveOnDelete && s.ignoreRetract {
		return s, fmt.Errorf("mergefunc: %s and %s conflict and cannot both be set",
			options.AggregationRemoveRecordOnDelete.Key, options.FieldKey(field.Name, options.FieldIgnoreRetract))
	}
	switch name {
	case aggPrimaryKey, aggLastValue, aggLastNonNullValue, "first_value",
		"first_non_null_value", "first_not_null_value":
	case "sum", "product":
		if !isNumeric(t.Kind) {
			return s, fmt.Errorf("mergefunc: %s on %s needs a numeric type, not %s", name, field.Name, t.SQL())
		}
	case "min", "max":
		if !isComparable(t) {
			return s, fmt.Errorf("mergefunc: %s on %s needs a comparable type, not %s", name, field.Name, t.SQL())
		}
	case "bool_and", "bool_or":
		if t.Kind != types.Boolean {
			return s, fmt.Errorf("mergefunc: %s on %s needs BOOLEAN, not %s", name, field.Name, t.SQL())
		}
	case "listagg":
		// Java's FieldListaggAggFactory takes any VarCharType.
		if t.Kind != types.VarChar {
			return s, fmt.Errorf("mergefunc: listagg on %s needs VARCHAR or STRING, not %s", field.Name, t.SQL())
		}
		s.delimiter = ","
		if d, ok := o.fieldOption(field.Name, options.FieldListAggDelimiter); ok {
			s.delimiter = d
		}
		if s.distinct, err = o.fieldFlag(field.Name, options.FieldDistinct); err != nil {
			return s, err
		}
	case "collect":
		if t.Kind != types.Array {
			return s, fmt.Errorf("mergefunc: collect on %s needs an ARRAY type, not %s", field.Name, t.SQL())
		}
		if s.distinct, err = o.fieldFlag(field.Name, options.FieldDistinct); err != nil {
			return s, err
		}
	case "merge_map":
		if t.Kind != types.Map {
			return s, fmt.Errorf("mergefunc: merge_map on %s needs a MAP type, not %s", field.Name, t.SQL())
		}
	case "merge_map_with_keytime":
		if s.tsIndex, err = timeFieldIndex(field, o); err != nil {
			return s, err
		}
	case "nested_update", "nested_partial_update":
		return nestedSpec(s, o)
	case "rbm32":
		if t.Kind != types.VarBinary {
			return s, fmt.Errorf("mergefunc: rbm32 on %s needs a VARBINARY type, not %s", field.Name, t.SQL())
		}
	default:
		if unimplementedAggs[name] {
			return s, fmt.Errorf("mergefunc: aggregate function %q (field %s) is not supported", name, field.Name)
		}
		return s, fmt.Errorf("mergefunc: unknown aggregate function %q (field %s)", name, field.Name)
	}
	return s, nil
}

// timeFieldIndex checks merge_map_with_keytime's MAP<K, ROW> type and finds
// the ROW's time field: 'fields.<f>.ts-field', else the last field.
func timeFieldIndex(field types.DataField, o tableOptions) (int, error) {
	t := field.Type
	if t.Kind != types.Map || t.Value.Kind != types.Row || len(t.Value.Fields) < 2 {
		return 0, fmt.Errorf("mergefunc: merge_map_with_keytime on %s needs a MAP with ROW values "+
			"of at least 2 fields, not %s", field.Name, t.SQL())
	}
	rowFields := t.Value.Fields
	name, ok := o.fieldOption(field.Name, options.FieldTsField)
	if !ok {
		return len(rowFields) - 1, nil
	}
	for i, f := range rowFields {
		if f.Name == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("mergefunc: timestamp field %q not found in ROW type for field %s", name, field.Name)
}

// nestedSpec reads nested_update's and nested_partial_update's options:
// 'fields.<f>.nested-key' (required by nested_partial_update) and, for
// nested_update, 'fields.<f>.count-limit'.
func nestedSpec(s aggSpec, o tableOptions) (aggSpec, error) {
	var err error
	if s.nested, err = newNestedRows(s.field, o, s.name); err != nil {
		return s, err
	}
	if s.name == "nested_partial_update" && s.nested.key == nil {
		return s, fmt.Errorf("mergefunc: nested_partial_update on %s needs 'fields.%s.nested-key'", s.field.Name, s.field.Name)
	}
	s.countLimit = maxInt32
	if v, ok := o.fieldOption(s.field.Name, options.FieldCountLimit); ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 32)
		if err != nil {
			return s, fmt.Errorf("mergefunc: fields.%s.count-limit = %q is not an integer", s.field.Name, v)
		}
		s.countLimit = int(n)
	}
	return s, nil
}

const maxInt32 = 1<<31 - 1

func isNumeric(k types.Kind) bool {
	switch k {
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.Float, types.Double, types.Decimal:
		return true
	}
	return false
}

func (s aggSpec) make() aggregator {
	var a aggregator
	switch s.name {
	case aggPrimaryKey:
		a = primaryKeyAgg{}
	case aggLastValue:
		a = lastValueAgg{}
	case aggLastNonNullValue:
		a = lastNonNullAgg{}
	case "first_value", "first_non_null_value", "first_not_null_value":
		a = &firstValueAgg{noRetract: noRetract{s.name}, skipNull: s.name != "first_value"}
	case "sum":
		a = sumAgg{t: s.field.Type}
	case "product":
		a = productAgg{t: s.field.Type}
	case "min", "max":
		a = minMaxAgg{noRetract: noRetract{s.name}, max: s.name == "max"}
	case "bool_and", "bool_or":
		a = boolAgg{noRetract: noRetract{s.name}, or: s.name == "bool_or"}
	case "listagg":
		a = listAgg{noRetract: noRetract{s.name}, delimiter: s.delimiter, distinct: s.distinct}
	case "collect":
		a = collectAgg{elem: *s.field.Type.Element, distinct: s.distinct}
	case "merge_map":
		a = mergeMapAgg{key: *s.field.Type.Key}
	case "merge_map_with_keytime":
		a = mergeMapKeyTimeAgg{noRetract: noRetract{s.name}, key: *s.field.Type.Key, tsIndex: s.tsIndex}
	case "nested_update":
		a = nestedUpdateAgg{nestedRows: s.nested, countLimit: s.countLimit}
	case "nested_partial_update":
		a = nestedPartialUpdateAgg{noRetract: noRetract{s.name}, nestedRows: s.nested}
	case "rbm32":
		a = rbm32Agg{noRetract{s.name}}
	}
	if s.ignoreRetract {
		return ignoreRetractAgg{a}
	}
	return a
}

// reversedAggregator is an aggregator that overrides Java's aggReversed,
// which folds a record older than the accumulator.
type reversedAggregator interface {
	aggReversed(acc, in any) (any, error)
}

// aggReversed is FieldAggregator.aggReversed: by default the older record
// goes first.
func aggReversed(a aggregator, acc, in any) (any, error) {
	if r, ok := a.(reversedAggregator); ok {
		return r.aggReversed(acc, in)
	}
	return a.agg(in, acc)
}

// noRetract is the default of FieldAggregator: retraction is an error.
type noRetract struct{ name string }

func (n noRetract) retract(any, any) (any, error) {
	return nil, fmt.Errorf("mergefunc: aggregate function %q does not support retraction; "+
		"set 'fields.<field>.ignore-retract' to ignore retract messages", n.name)
}

func (noRetract) reset() {}

// primaryKeyAgg is FieldPrimaryKeyAgg: key columns take the record's value.
type primaryKeyAgg struct{}

func (primaryKeyAgg) agg(_, in any) (any, error)     { return in, nil }
func (primaryKeyAgg) retract(_, in any) (any, error) { return in, nil }
func (primaryKeyAgg) reset()                         {}

// lastValueAgg is FieldLastValueAgg; a retraction clears the value.
type lastValueAgg struct{}

func (lastValueAgg) agg(_, in any) (any, error)    { return in, nil }
func (lastValueAgg) retract(any, any) (any, error) { return nil, nil }
func (lastValueAgg) reset()                        {}

// lastNonNullAgg is FieldLastNonNullValueAgg; retracting a non-null value
// clears the value.
type lastNonNullAgg struct{}

func (lastNonNullAgg) agg(acc, in any) (any, error) {
	if in == nil {
		return acc, nil
	}
	return in, nil
}

func (lastNonNullAgg) retract(acc, in any) (any, error) {
	if in != nil {
		return nil, nil
	}
	return acc, nil
}

func (lastNonNullAgg) reset() {}

// firstValueAgg is FieldFirstValueAgg, or with skipNull
// FieldFirstNonNullValueAgg: the first (non-null) value of the key sticks.
type firstValueAgg struct {
	noRetract
	skipNull    bool
	initialized bool
}

func (f *firstValueAgg) agg(acc, in any) (any, error) {
	if f.initialized || (f.skipNull && in == nil) {
		return acc, nil
	}
	f.initialized = true
	return in, nil
}

func (f *firstValueAgg) reset() { f.initialized = false }

// minMaxAgg is FieldMinAgg / FieldMaxAgg; NULL never wins.
type minMaxAgg struct {
	noRetract
	max bool
}

func (m minMaxAgg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	if c := compareValues(acc, in); (c < 0) == m.max {
		return in, nil
	}
	return acc, nil
}

func nonNil(acc, in any) any {
	if acc == nil {
		return in
	}
	return acc
}

// boolAgg is FieldBoolAndAgg / FieldBoolOrAgg; NULL is skipped.
type boolAgg struct {
	noRetract
	or bool
}

func (b boolAgg) agg(acc, in any) (any, error) {
	if acc == nil || in == nil {
		return nonNil(acc, in), nil
	}
	x, ok1 := acc.(bool)
	y, ok2 := in.(bool)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("mergefunc: %s got %T and %T, want bool", b.name, acc, in)
	}
	if b.or {
		return x || y, nil
	}
	return x && y, nil
}

// listAgg is FieldListaggAgg: non-blank strings joined by the delimiter;
// with distinct, tokens already present are not appended again.
type listAgg struct {
	noRetract
	delimiter string
	distinct  bool
}

func (l listAgg) agg(acc, in any) (any, error) {
	s, _ := in.(string)
	if in == nil || isBlank(s) {
		return acc, nil
	}
	a, _ := acc.(string)
	if acc == nil || isBlank(a) {
		return in, nil
	}
	if !l.distinct {
		return a + l.delimiter + s, nil
	}
	seen := map[string]bool{}
	for _, tok := range l.split(a) {
		seen[tok] = true
	}
	var b strings.Builder
	b.WriteString(a)
	for _, tok := range l.split(s) {
		if isBlank(tok) || seen[tok] {
			continue
		}
		seen[tok] = true
		b.WriteString(l.delimiter)
		b.WriteString(tok)
	}
	return b.String(), nil
}

// split is splitByWholeSeparatorPreserveAllTokens: an empty delimiter
// splits on spaces.
func (l listAgg) split(s string) []string {
	sep := l.delimiter
	if sep == "" {
		sep = " "
	}
	return strings.Split(s, sep)
}

// isBlank is StringUtils.isBlank with Java's Character.isWhitespace, which
// excludes the no-break spaces and includes the information separators.
func isBlank(s string) bool {
	for _, r := range s {
		switch {
		case r >= 0x1c && r <= 0x1f:
		case r == 0x85 || r == 0xa0 || r == 0x2007 || r == 0x202f:
			return false
		case !unicode.IsSpace(r):
			return false
		}
	}
	return true
}

// ignoreRetractAgg is FieldIgnoreRetractAgg: retractions leave the value.
type ignoreRetractAgg struct{ aggregator }

func (i ignoreRetractAgg) retract(acc, _ any) (any, error) { return acc, nil }
