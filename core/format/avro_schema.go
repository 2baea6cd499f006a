package format

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// avroSchemaOf is the Avro schema text Java Paimon 1.4.2 writes for fields
// (AvroSchemaConverter, printed as Avro's Schema.toString does): nullable
// types as ["null", T] with default null, TINYINT and SMALLINT as int,
// timestamps as (local-)timestamp-millis/micros longs, DECIMAL as bytes
// with the decimal logical type, maps with CHAR/VARCHAR keys as Avro maps
// and others as arrays of key/value records, no field ids.
func avroSchemaOf(fields []types.DataField) (string, error) {
	var b strings.Builder
	top := types.DataType{Kind: types.Row, Fields: fields}
	if err := writeAvroRecord(&b, top, "record", "org.apache.paimon.avro.generated"); err != nil {
		return "", err
	}
	return b.String(), nil
}

func writeAvroRecord(b *strings.Builder, t types.DataType, name, namespace string) error {
	b.WriteString(`{"type":"record","name":`)
	writeJSONString(b, name)
	if namespace != "" {
		b.WriteString(`,"namespace":`)
		writeJSONString(b, namespace)
	}
	b.WriteString(`,"fields":[`)
	for i, f := range t.Fields {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":`)
		writeJSONString(b, f.Name)
		b.WriteString(`,"type":`)
		if err := writeAvroType(b, f.Type, name+"_"+f.Name); err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
		if f.Type.Nullable {
			b.WriteString(`,"default":null`)
		}
		b.WriteByte('}')
	}
	b.WriteString("]}")
	return nil
}

// writeAvroType writes the schema of t; rowName names a record t may need.
func writeAvroType(b *strings.Builder, t types.DataType, rowName string) error {
	if t.Nullable {
		b.WriteString(`["null",`)
		defer b.WriteByte(']')
	}
	switch t.Kind {
	case types.Boolean:
		b.WriteString(`"boolean"`)
	case types.TinyInt, types.SmallInt, types.Int:
		b.WriteString(`"int"`)
	case types.BigInt:
		b.WriteString(`"long"`)
	case types.Float:
		b.WriteString(`"float"`)
	case types.Double:
		b.WriteString(`"double"`)
	case types.Char, types.VarChar:
		b.WriteString(`"string"`)
	case types.Binary, types.VarBinary:
		b.WriteString(`"bytes"`)
	case types.Timestamp, types.TimestampLTZ:
		if t.Precision > 6 {
			return fmt.Errorf("Avro does not support TIMESTAMP type with precision: %d, it only supports precision less than 6", t.Precision) //nolint:staticcheck // ST1005: Java's message, word for word
		}
		logical := "timestamp-"
		if t.Kind == types.TimestampLTZ {
			logical = "local-timestamp-"
		}
		if t.Precision <= 3 {
			logical += "millis"
		} else {
			logical += "micros"
		}
		fmt.Fprintf(b, `{"type":"long","logicalType":"%s"}`, logical)
	case types.Date:
		b.WriteString(`{"type":"int","logicalType":"date"}`)
	case types.Time:
		if t.Precision > 3 {
			return fmt.Errorf("Avro does not support TIME type with precision: %d, it only supports precision less than 3", t.Precision) //nolint:staticcheck // ST1005: Java's message, word for word
		}
		b.WriteString(`{"type":"int","logicalType":"time-millis"}`)
	case types.Decimal:
		fmt.Fprintf(b, `{"type":"bytes","logicalType":"decimal","precision":%d,"scale":%d}`, t.Precision, t.Scale)
	case types.Row:
		return writeAvroRecord(b, t, rowName[strings.LastIndexByte(rowName, '.')+1:], "")
	case types.Array, types.Vector:
		b.WriteString(`{"type":"array","items":`)
		if err := writeAvroType(b, *t.Element, rowName); err != nil {
			return err
		}
		b.WriteByte('}')
	case types.Map, types.Multiset:
		key, value := avroMapTypes(t)
		if !avroArrayMap(t) {
			b.WriteString(`{"type":"map","values":`)
			if err := writeAvroType(b, value, rowName); err != nil {
				return err
			}
			b.WriteByte('}')
			return nil
		}
		// Avro maps have string keys only: other keys make an array of
		// key/value records, marked with Iceberg's "map" logical type.
		entry := types.DataType{Kind: types.Row, Fields: []types.DataField{
			{Name: "key", Type: key}, {Name: "value", Type: value}}}
		b.WriteString(`{"type":"array","items":`)
		if err := writeAvroRecord(b, entry, rowName[strings.LastIndexByte(rowName, '.')+1:], ""); err != nil {
			return err
		}
		b.WriteString(`,"logicalType":"map"}`)
	default:
		// VARIANT and BLOB: Java refuses the first and writes blob
		// descriptors for the second, which paimon-sql does not.
		return fmt.Errorf("paimon-sql does not write %s in Avro files", t.Kind)
	}
	return nil
}

// avroMapTypes are the key and value types of a MAP, or of a MULTISET
// (its element and a nullable INT count).
func avroMapTypes(t types.DataType) (key, value types.DataType) {
	if t.Kind == types.Multiset {
		return *t.Element, types.DataType{Kind: types.Int, Nullable: true}
	}
	return *t.Key, *t.Value
}

// avroArrayMap tells whether a MAP or MULTISET is stored as an array of
// key/value records (keys other than CHAR/VARCHAR).
func avroArrayMap(t types.DataType) bool {
	key, _ := avroMapTypes(t)
	return !key.IsString()
}

func writeJSONString(b *strings.Builder, s string) {
	q, _ := json.Marshal(s)
	b.Write(q)
}

// ValidateFields refuses fields the format named (a 'file.format' value)
// cannot store, as Java's FileFormat.validateDataFields does when a schema
// is created or changed: Avro has no timestamps finer than microseconds
// nor times finer than milliseconds. Parquet and ORC store every type.
func ValidateFields(name string, fields []types.DataField) error {
	if !strings.EqualFold(name, avroFormat{}.Name()) {
		return nil
	}
	_, err := avroSchemaOf(fields)
	return err
}
