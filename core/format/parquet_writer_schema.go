package format

import (
	"fmt"
	"reflect"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
)

// parquetMessageName is the name of the root of every Paimon Parquet schema.
const parquetMessageName = "paimon_schema"

// Ids of the parts of nested types (Paimon's SpecialFields): an array element,
// a map key and a map value carry ids derived from the column's id and the
// nesting depth, so that readers can match them across schema changes.
const structuredTypeFieldIDBase = 536870911 // Integer.MAX_VALUE / 4

func arrayElementID(id, depth int) int { return structuredTypeFieldIDBase + 1024*id + depth }
func mapKeyID(id, depth int) int       { return structuredTypeFieldIDBase - 1024*id - depth }
func mapValueID(id, depth int) int     { return structuredTypeFieldIDBase + 1024*id + depth }

// annotatedType is a physical Parquet type with the annotations parquet-mr
// writes for Paimon's types. parquet-go's own logical types do not produce
// the same footer (e.g. no converted type for TIMESTAMP with
// isAdjustedToUTC=false, no MAP_KEY_VALUE), so we carry both explicitly.
type annotatedType struct {
	parquet.Type
	logical   *format.LogicalType
	converted *deprecated.ConvertedType
}

func (t annotatedType) LogicalType() *format.LogicalType         { return t.logical }
func (t annotatedType) ConvertedType() *deprecated.ConvertedType { return t.converted }

// Length is only declared for FIXED_LEN_BYTE_ARRAY: parquet-go reports the
// bit width of every primitive and would write it as type_length, which
// parquet-mr leaves unset for the other types.
func (t annotatedType) Length() int {
	if pt := t.PhysicalType(); pt != nil && *pt == format.FixedLenByteArray {
		return t.Type.Length()
	}
	return 0
}

func annotate(base parquet.Type, lt *format.LogicalType, ct deprecated.ConvertedType) annotatedType {
	return annotatedType{Type: base, logical: lt, converted: &ct}
}

// wnode is one element of the Parquet schema we write, implementing
// parquet.Field. parquet.Group orders fields by name; Paimon's column order
// is the schema order, so groups keep their fields as given.
type wnode struct {
	name     string
	id       int
	rep      format.FieldRepetitionType
	typ      parquet.Type // annotatedType, or a group type for groups
	fields   []parquet.Field
	encoding encoding.Encoding
}

func (n *wnode) ID() int                           { return n.id }
func (n *wnode) String() string                    { return n.name }
func (n *wnode) Type() parquet.Type                { return n.typ }
func (n *wnode) Optional() bool                    { return n.rep == format.Optional }
func (n *wnode) Repeated() bool                    { return n.rep == format.Repeated }
func (n *wnode) Required() bool                    { return n.rep == format.Required }
func (n *wnode) Leaf() bool                        { return n.fields == nil }
func (n *wnode) Fields() []parquet.Field           { return n.fields }
func (n *wnode) Encoding() encoding.Encoding       { return n.encoding }
func (n *wnode) Compression() compress.Codec       { return nil }
func (n *wnode) GoType() reflect.Type              { return reflect.TypeFor[any]() }
func (n *wnode) Name() string                      { return n.name }
func (n *wnode) Value(reflect.Value) reflect.Value { return reflect.Value{} }

var groupBase = parquet.Group{}.Type()

func group(name string, id int, rep format.FieldRepetitionType, lt *format.LogicalType, ct *deprecated.ConvertedType, fields ...parquet.Field) *wnode {
	return &wnode{name: name, id: id, rep: rep, typ: annotatedType{Type: groupBase, logical: lt, converted: ct}, fields: fields}
}

func repetitionOf(t types.DataType) format.FieldRepetitionType {
	if t.Nullable {
		return format.Optional
	}
	return format.Required
}

// parquetSchemaOf builds the Parquet schema Java's ParquetSchemaConverter
// produces for fields (docs/design/format.md §6.2).
func parquetSchemaOf(fields []types.DataField) (*parquet.Schema, error) {
	root, err := rowFields(fields)
	if err != nil {
		return nil, err
	}
	return parquet.NewSchema(parquetMessageName, group(parquetMessageName, 0, format.Required, nil, nil, root...)), nil
}

func rowFields(fields []types.DataField) ([]parquet.Field, error) {
	out := make([]parquet.Field, len(fields))
	for i, f := range fields {
		n, err := parquetNode(f.Name, f.Type, f.ID, 0)
		if err != nil {
			return nil, fmt.Errorf("field %q: %w", f.Name, err)
		}
		out[i] = n
	}
	return out, nil
}

// parquetNode converts one type. Like Java, the parts of an array or map are
// converted with the column's id and depth+1, then given their derived ids.
func parquetNode(name string, t types.DataType, id, depth int) (*wnode, error) {
	rep := repetitionOf(t)
	switch t.Kind {
	case types.Array:
		elem, err := parquetNode("element", *t.Element, id, depth+1)
		if err != nil {
			return nil, err
		}
		elem.id = arrayElementID(id, depth+1)
		list := group("list", 0, format.Repeated, nil, nil, elem)
		return group(name, id, rep, &format.LogicalType{Value: &format.ListType{}}, convertedPtr(deprecated.List), list), nil
	case types.Map, types.Multiset:
		keyType, valueType := t.Key, t.Value
		if t.Kind == types.Multiset {
			count := types.New(types.Int).WithNullable(false)
			keyType, valueType = t.Element, &count
		}
		// Parquet map keys cannot be null: Java declares them REQUIRED.
		key, err := parquetNode("key", keyType.WithNullable(false), id, depth+1)
		if err != nil {
			return nil, err
		}
		key.id = mapKeyID(id, depth+1)
		value, err := parquetNode("value", *valueType, id, depth+1)
		if err != nil {
			return nil, err
		}
		value.id = mapValueID(id, depth+1)
		kv := group("key_value", 0, format.Repeated, nil, convertedPtr(deprecated.MapKeyValue), key, value)
		return group(name, id, rep, &format.LogicalType{Value: &format.MapType{}}, convertedPtr(deprecated.Map), kv), nil
	case types.Row:
		children, err := rowFields(t.Fields)
		if err != nil {
			return nil, err
		}
		return group(name, id, rep, nil, nil, children...), nil
	case types.Variant:
		bin := annotatedType{Type: parquet.ByteArrayType}
		return group(name, id, rep, nil, nil,
			&wnode{name: "value", id: 0, rep: format.Required, typ: bin},
			&wnode{name: "metadata", id: 1, rep: format.Required, typ: bin}), nil
	}
	typ, err := leafType(t)
	if err != nil {
		return nil, err
	}
	return &wnode{name: name, id: id, rep: rep, typ: typ}, nil
}

func convertedPtr(c deprecated.ConvertedType) *deprecated.ConvertedType { return &c }

// leafType maps a primitive Paimon type to its physical type and the
// logical/converted annotations parquet-mr writes for it.
func leafType(t types.DataType) (parquet.Type, error) {
	switch t.Kind {
	case types.Boolean:
		return annotatedType{Type: parquet.BooleanType}, nil
	case types.TinyInt, types.SmallInt:
		bits, ct := int8(8), deprecated.Int8
		if t.Kind == types.SmallInt {
			bits, ct = 16, deprecated.Int16
		}
		return annotate(parquet.Int32Type, &format.LogicalType{Value: &format.IntType{BitWidth: bits, IsSigned: true}}, ct), nil
	case types.Int:
		return annotatedType{Type: parquet.Int32Type}, nil
	case types.BigInt:
		return annotatedType{Type: parquet.Int64Type}, nil
	case types.Float:
		return annotatedType{Type: parquet.FloatType}, nil
	case types.Double:
		return annotatedType{Type: parquet.DoubleType}, nil
	case types.Char, types.VarChar:
		return annotate(parquet.ByteArrayType, &format.LogicalType{Value: &format.StringType{}}, deprecated.UTF8), nil
	case types.Binary, types.VarBinary, types.Blob:
		return annotatedType{Type: parquet.ByteArrayType}, nil
	case types.Decimal:
		lt := &format.LogicalType{Value: &format.DecimalType{Scale: int32(t.Scale), Precision: int32(t.Precision)}}
		switch {
		case t.Precision <= 9:
			return annotate(parquet.Int32Type, lt, deprecated.Decimal), nil
		case t.Precision <= 18:
			return annotate(parquet.Int64Type, lt, deprecated.Decimal), nil
		}
		return signedFLBA{annotate(parquet.FixedLenByteArrayType(decimalBytes(t.Precision)), lt, deprecated.Decimal)}, nil
	case types.Date:
		return annotate(parquet.Int32Type, &format.LogicalType{Value: &format.DateType{}}, deprecated.Date), nil
	case types.Time:
		unit := format.TimeUnit{Value: &format.MilliSeconds{}}
		return annotate(parquet.Int32Type, &format.LogicalType{Value: &format.TimeType{IsAdjustedToUTC: true, Unit: unit}}, deprecated.TimeMillis), nil
	case types.Timestamp, types.TimestampLTZ:
		utc := t.Kind == types.TimestampLTZ
		switch {
		case t.Precision <= 3:
			unit := format.TimeUnit{Value: &format.MilliSeconds{}}
			return annotate(parquet.Int64Type, &format.LogicalType{Value: &format.TimestampType{IsAdjustedToUTC: utc, Unit: unit}}, deprecated.TimestampMillis), nil
		case t.Precision <= 6:
			unit := format.TimeUnit{Value: &format.MicroSeconds{}}
			return annotate(parquet.Int64Type, &format.LogicalType{Value: &format.TimestampType{IsAdjustedToUTC: utc, Unit: unit}}, deprecated.TimestampMicros), nil
		}
		return annotatedType{Type: parquet.Int96Type}, nil
	}
	return nil, fmt.Errorf("type %s cannot be written to parquet", t)
}

// decimalBytes is the FIXED_LEN_BYTE_ARRAY length of a DECIMAL(p > 18): the
// fewest bytes whose two's complement range holds 10^p.
func decimalBytes(precision int) int {
	n := 1
	for float64Pow2(8*n-1) < float64Pow10(precision) {
		n++
	}
	return n
}

func float64Pow2(e int) float64 {
	x := 1.0
	for range e {
		x *= 2
	}
	return x
}

func float64Pow10(e int) float64 {
	x := 1.0
	for range e {
		x *= 10
	}
	return x
}
