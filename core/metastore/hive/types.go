package hive

import (
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Hive's limits on CHAR and VARCHAR (HiveChar.MAX_CHAR_LENGTH, HiveVarchar.MAX_VARCHAR_LENGTH):
// longer ones are STRING, as Java's HiveTypeUtils maps them.
const (
	hiveMaxCharLength    = 255
	hiveMaxVarcharLength = 65535
)

// hiveTypeName is the Hive type name Java Paimon's HiveTypeUtils.toTypeInfo gives a Paimon
// type (paimon-hive-common), the column type HiveCatalog writes into the storage descriptor.
func hiveTypeName(t types.DataType) (string, error) {
	switch t.Kind {
	case types.Boolean:
		return "boolean", nil
	case types.TinyInt:
		return "tinyint", nil
	case types.SmallInt:
		return "smallint", nil
	case types.Int:
		return "int", nil
	case types.BigInt:
		return "bigint", nil
	case types.Float:
		return "float", nil
	case types.Double:
		return "double", nil
	case types.Decimal:
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale), nil
	case types.Char:
		if t.Length > hiveMaxCharLength {
			return "string", nil
		}
		return fmt.Sprintf("char(%d)", t.Length), nil
	case types.VarChar:
		if t.Length > hiveMaxVarcharLength {
			return "string", nil
		}
		return fmt.Sprintf("varchar(%d)", t.Length), nil
	case types.Binary, types.VarBinary, types.Blob:
		return "binary", nil
	case types.Date:
		return "date", nil
	case types.Time:
		// Hive has no TIME type; Java maps it to STRING.
		return "string", nil
	case types.Timestamp:
		return "timestamp", nil
	case types.TimestampLTZ:
		// TypeInfoFactory.timestampLocalTZTypeInfo, which Hive 3 and later have.
		return "timestamp with local time zone", nil
	case types.Variant:
		return "struct<value:binary,metadata:binary>", nil
	case types.Array:
		elem, err := hiveTypeName(*t.Element)
		return "array<" + elem + ">", err
	case types.Multiset:
		elem, err := hiveTypeName(*t.Element)
		return "map<" + elem + ",int>", err
	case types.Map:
		key, err := hiveTypeName(*t.Key)
		if err != nil {
			return "", err
		}
		value, err := hiveTypeName(*t.Value)
		return "map<" + key + "," + value + ">", err
	case types.Row:
		parts := make([]string, len(t.Fields))
		for i, f := range t.Fields {
			ft, err := hiveTypeName(f.Type)
			if err != nil {
				return "", err
			}
			parts[i] = f.Name + ":" + ft
		}
		return "struct<" + strings.Join(parts, ",") + ">", nil
	}
	// VECTOR: Java's visitor has no case for it and fails the same way.
	return "", fmt.Errorf("the Hive Metastore has no type for Paimon's %s", t.Kind)
}
