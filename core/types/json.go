package types

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// UnmarshalJSON reads a type as schema files hold it: a SQL string for
// atomic types, an object for ARRAY, MAP, MULTISET, ROW and VECTOR.
func (t *DataType) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		dt, err := ParseAtomic(s)
		if err != nil {
			return err
		}
		*t = dt
		return nil
	}
	var obj struct {
		Type    string          `json:"type"`
		Element *DataType       `json:"element"`
		Key     *DataType       `json:"key"`
		Value   *DataType       `json:"value"`
		Fields  []DataField     `json:"fields"`
		Length  *int            `json:"length"`
		Extra   json.RawMessage `json:"-"`
	}
	if err := json.Unmarshal(b, &obj); err != nil {
		return fmt.Errorf("data type %s: %w", b, err)
	}
	name, nullable := splitNotNull(obj.Type)
	dt := DataType{Nullable: nullable}
	switch strings.ToUpper(name) {
	case "ARRAY":
		dt.Kind, dt.Element = Array, obj.Element
	case "MULTISET":
		dt.Kind, dt.Element = Multiset, obj.Element
	case "VECTOR":
		dt.Kind, dt.Element = Vector, obj.Element
		if obj.Length != nil {
			dt.Length = *obj.Length
		}
	case "MAP":
		dt.Kind, dt.Key, dt.Value = Map, obj.Key, obj.Value
	case "ROW":
		dt.Kind, dt.Fields = Row, obj.Fields
		if dt.Fields == nil {
			dt.Fields = []DataField{}
		}
	default:
		return fmt.Errorf("unknown nested data type %q", obj.Type)
	}
	if (dt.Kind == Array || dt.Kind == Multiset || dt.Kind == Vector) && dt.Element == nil {
		return fmt.Errorf("data type %s: missing element", obj.Type)
	}
	if dt.Kind == Map && (dt.Key == nil || dt.Value == nil) {
		return fmt.Errorf("data type %s: missing key or value", obj.Type)
	}
	*t = dt
	return nil
}

// MarshalJSON writes the type as Java's serializeJson does.
func (t DataType) MarshalJSON() ([]byte, error) {
	suffix := ""
	if !t.Nullable {
		suffix = " NOT NULL"
	}
	switch t.Kind {
	case Array, Multiset:
		return json.Marshal(struct {
			Type    string    `json:"type"`
			Element *DataType `json:"element"`
		}{t.Kind.String() + suffix, t.Element})
	case Vector:
		return json.Marshal(struct {
			Type    string    `json:"type"`
			Element *DataType `json:"element"`
			Length  int       `json:"length"`
		}{t.Kind.String() + suffix, t.Element, t.Length})
	case Map:
		return json.Marshal(struct {
			Type  string    `json:"type"`
			Key   *DataType `json:"key"`
			Value *DataType `json:"value"`
		}{"MAP" + suffix, t.Key, t.Value})
	case Row:
		return json.Marshal(struct {
			Type   string      `json:"type"`
			Fields []DataField `json:"fields"`
		}{"ROW" + suffix, t.Fields})
	}
	return json.Marshal(t.SQL())
}

type dataFieldJSON struct {
	ID           int      `json:"id"`
	Name         string   `json:"name"`
	Type         DataType `json:"type"`
	Description  *string  `json:"description,omitempty"`
	DefaultValue *string  `json:"defaultValue,omitempty"`
}

// UnmarshalJSON reads a DataField object.
func (f *DataField) UnmarshalJSON(b []byte) error {
	var j dataFieldJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*f = DataField(j)
	return nil
}

// MarshalJSON writes a DataField in Java's key order.
func (f DataField) MarshalJSON() ([]byte, error) { return json.Marshal(dataFieldJSON(f)) }

func splitNotNull(s string) (string, bool) {
	s = strings.TrimSpace(s)
	up := strings.ToUpper(s)
	if strings.HasSuffix(up, " NOT NULL") {
		return strings.TrimSpace(s[:len(s)-len(" NOT NULL")]), false
	}
	if strings.HasSuffix(up, " NULL") {
		return strings.TrimSpace(s[:len(s)-len(" NULL")]), true
	}
	return s, true
}

var atomicPattern = regexp.MustCompile(`^([A-Z_ ]+?)\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?(\s+WITH(?:OUT)? (?:LOCAL )?TIME ZONE)?$`)

// ParseAtomic parses the SQL text of an atomic type, e.g. "DECIMAL(10, 2) NOT NULL".
func ParseAtomic(s string) (DataType, error) {
	name, nullable := splitNotNull(s)
	m := atomicPattern.FindStringSubmatch(strings.ToUpper(name))
	if m == nil {
		return DataType{}, fmt.Errorf("unknown data type %q", s)
	}
	base := strings.TrimSpace(m[1])
	hasArg := m[2] != ""
	arg1, _ := strconv.Atoi(m[2])
	arg2, _ := strconv.Atoi(m[3])
	zone := strings.TrimSpace(m[4])
	dt := DataType{Nullable: nullable}
	withDefault := func(def int) int {
		if hasArg {
			return arg1
		}
		return def
	}
	switch base {
	case "BOOLEAN", "BOOL":
		dt.Kind = Boolean
	case "TINYINT":
		dt.Kind = TinyInt
	case "SMALLINT":
		dt.Kind = SmallInt
	case "INT", "INTEGER":
		dt.Kind = Int
	case "BIGINT":
		dt.Kind = BigInt
	case "FLOAT":
		dt.Kind = Float
	case "DOUBLE", "DOUBLE PRECISION":
		dt.Kind = Double
	case "DATE":
		dt.Kind = Date
	case "STRING":
		dt.Kind, dt.Length = VarChar, MaxLength
	case "BYTES":
		dt.Kind, dt.Length = VarBinary, MaxLength
	case "CHAR", "CHARACTER":
		dt.Kind, dt.Length = Char, withDefault(1)
	case "VARCHAR", "CHARACTER VARYING":
		dt.Kind, dt.Length = VarChar, withDefault(1)
	case "BINARY":
		dt.Kind, dt.Length = Binary, withDefault(1)
	case "VARBINARY", "BINARY VARYING":
		dt.Kind, dt.Length = VarBinary, withDefault(1)
	case "DECIMAL", "DEC", "NUMERIC":
		dt.Kind, dt.Precision, dt.Scale = Decimal, withDefault(10), arg2
	case "TIME":
		dt.Kind, dt.Precision = Time, withDefault(0)
	case "TIMESTAMP":
		dt.Kind, dt.Precision = Timestamp, withDefault(6)
		if strings.HasPrefix(zone, "WITH LOCAL") {
			dt.Kind = TimestampLTZ
		}
	case "TIMESTAMP_LTZ":
		dt.Kind, dt.Precision = TimestampLTZ, withDefault(6)
	case "VARIANT":
		dt.Kind = Variant
	case "BLOB":
		dt.Kind = Blob
	default:
		return DataType{}, fmt.Errorf("unknown data type %q", s)
	}
	if zone != "" && !dt.IsTimestamp() && !(dt.Kind == Time && !strings.Contains(zone, "LOCAL")) {
		return DataType{}, fmt.Errorf("unknown data type %q", s)
	}
	return dt, nil
}
