// Package types holds Apache Paimon's data types, their JSON form in schema
// files, and the Go values that stand for them everywhere in core.
//
// Values (nil is SQL NULL):
//
//	BOOLEAN bool, TINYINT int8, SMALLINT int16, INT int32, BIGINT int64,
//	FLOAT float32, DOUBLE float64, CHAR/VARCHAR string,
//	BINARY/VARBINARY/BLOB []byte, DECIMAL decimal.Decimal,
//	DATE int32 (days since 1970-01-01), TIME int32 (milliseconds of the day),
//	TIMESTAMP time.Time in UTC holding the wall-clock value,
//	TIMESTAMP_LTZ time.Time in UTC holding the instant,
//	ARRAY []any, MAP and MULTISET MapValue, ROW []any (one value per field),
//	VARIANT VariantValue.
package types

import (
	"fmt"
	"strings"
)

// Kind is the root of a data type.
type Kind int

// The kinds, in the order of Paimon's DataTypeRoot.
const (
	Char Kind = iota
	VarChar
	Boolean
	Binary
	VarBinary
	Decimal
	TinyInt
	SmallInt
	Int
	BigInt
	Float
	Double
	Date
	Time
	Timestamp
	TimestampLTZ
	Variant
	Blob
	Array
	Vector
	Map
	Multiset
	Row
)

// MaxLength is the length of STRING (VARCHAR) and BYTES (VARBINARY).
const MaxLength = 2147483647

var kindNames = map[Kind]string{
	Char: "CHAR", VarChar: "VARCHAR", Boolean: "BOOLEAN", Binary: "BINARY",
	VarBinary: "VARBINARY", Decimal: "DECIMAL", TinyInt: "TINYINT",
	SmallInt: "SMALLINT", Int: "INT", BigInt: "BIGINT", Float: "FLOAT",
	Double: "DOUBLE", Date: "DATE", Time: "TIME", Timestamp: "TIMESTAMP",
	TimestampLTZ: "TIMESTAMP_LTZ", Variant: "VARIANT", Blob: "BLOB",
	Array: "ARRAY", Vector: "VECTOR", Map: "MAP", Multiset: "MULTISET", Row: "ROW",
}

func (k Kind) String() string { return kindNames[k] }

// DataType is one Paimon type. Only the fields that matter for its Kind are set.
type DataType struct {
	Kind     Kind
	Nullable bool
	// Length of CHAR, VARCHAR, BINARY, VARBINARY and VECTOR.
	Length int
	// Precision of DECIMAL, TIME, TIMESTAMP and TIMESTAMP_LTZ.
	Precision int
	// Scale of DECIMAL.
	Scale int
	// Element of ARRAY, MULTISET and VECTOR.
	Element *DataType
	// Key and Value of MAP.
	Key, Value *DataType
	// Fields of ROW.
	Fields []DataField
}

// DataField is a named column or ROW field with its stable id.
type DataField struct {
	ID           int
	Name         string
	Type         DataType
	Description  *string
	DefaultValue *string
}

// MapValue is the value of a MAP or MULTISET: parallel keys and values.
type MapValue struct {
	Keys   []any
	Values []any
}

// VariantValue is the value of a VARIANT: Parquet's variant encoding.
type VariantValue struct {
	Value    []byte
	Metadata []byte
}

// IsString tells CHAR and VARCHAR.
func (t DataType) IsString() bool { return t.Kind == Char || t.Kind == VarChar }

// IsBinary tells BINARY, VARBINARY and BLOB.
func (t DataType) IsBinary() bool {
	return t.Kind == Binary || t.Kind == VarBinary || t.Kind == Blob
}

// IsNested tells ARRAY, MAP, MULTISET, ROW, VECTOR and VARIANT.
func (t DataType) IsNested() bool {
	switch t.Kind {
	case Array, Map, Multiset, Row, Vector, Variant:
		return true
	}
	return false
}

// IsTimestamp tells TIMESTAMP and TIMESTAMP_LTZ.
func (t DataType) IsTimestamp() bool { return t.Kind == Timestamp || t.Kind == TimestampLTZ }

// WithNullable returns a copy with the given nullability.
func (t DataType) WithNullable(n bool) DataType { t.Nullable = n; return t }

// SQL is Paimon's SQL text of the type (asSQLString), e.g. "DECIMAL(10, 2) NOT NULL".
func (t DataType) SQL() string {
	s := t.sqlBase()
	if !t.Nullable {
		s += " NOT NULL"
	}
	return s
}

func (t DataType) sqlBase() string {
	switch t.Kind {
	case Char, Binary:
		return fmt.Sprintf("%s(%d)", t.Kind, t.Length)
	case VarChar:
		if t.Length == MaxLength {
			return "STRING"
		}
		return fmt.Sprintf("VARCHAR(%d)", t.Length)
	case VarBinary:
		if t.Length == MaxLength {
			return "BYTES"
		}
		return fmt.Sprintf("VARBINARY(%d)", t.Length)
	case Decimal:
		return fmt.Sprintf("DECIMAL(%d, %d)", t.Precision, t.Scale)
	case Time, Timestamp:
		return fmt.Sprintf("%s(%d)", t.Kind, t.Precision)
	case TimestampLTZ:
		return fmt.Sprintf("TIMESTAMP(%d) WITH LOCAL TIME ZONE", t.Precision)
	case Array, Multiset:
		return fmt.Sprintf("%s<%s>", t.Kind, t.Element.SQL())
	case Vector:
		return fmt.Sprintf("VECTOR<%s, %d>", t.Element.SQL(), t.Length)
	case Map:
		return fmt.Sprintf("MAP<%s, %s>", t.Key.SQL(), t.Value.SQL())
	case Row:
		parts := make([]string, len(t.Fields))
		for i, f := range t.Fields {
			parts[i] = fmt.Sprintf("`%s` %s", f.Name, f.Type.SQL())
			if f.Description != nil {
				parts[i] += fmt.Sprintf(" '%s'", strings.ReplaceAll(*f.Description, "'", "''"))
			}
		}
		return "ROW<" + strings.Join(parts, ", ") + ">"
	}
	return t.Kind.String()
}

func (t DataType) String() string { return t.SQL() }

// Equal compares two types, including nullability and nested field ids.
func (t DataType) Equal(o DataType) bool { return t.SQL() == o.SQL() && sameIDs(t, o) }

func sameIDs(a, b DataType) bool {
	if len(a.Fields) != len(b.Fields) {
		return false
	}
	for i := range a.Fields {
		if a.Fields[i].ID != b.Fields[i].ID || !sameIDs(a.Fields[i].Type, b.Fields[i].Type) {
			return false
		}
	}
	return true
}

// New is the nullable atomic type of kind k; the constructors below give the
// types with parameters.
func New(k Kind) DataType { return DataType{Kind: k, Nullable: true} }

// NewString is STRING, i.e. VARCHAR(2147483647).
func NewString() DataType { return DataType{Kind: VarChar, Length: MaxLength, Nullable: true} }

// NewDecimal is DECIMAL(p, s).
func NewDecimal(p, s int) DataType {
	return DataType{Kind: Decimal, Precision: p, Scale: s, Nullable: true}
}

// NewTimestamp is TIMESTAMP(p).
func NewTimestamp(p int) DataType { return DataType{Kind: Timestamp, Precision: p, Nullable: true} }
