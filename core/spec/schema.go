package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// TableSchema is one schema/schema-N file (Java's TableSchema, as its
// SchemaSerializer writes it).
type TableSchema struct {
	Version        int               `json:"version"`
	ID             int64             `json:"id"`
	Fields         []types.DataField `json:"fields"`
	HighestFieldID int               `json:"highestFieldId"`
	PartitionKeys  []string          `json:"partitionKeys"`
	PrimaryKeys    []string          `json:"primaryKeys"`
	Options        options.Options   `json:"options"`
	Comment        *string           `json:"comment,omitempty"`
	TimeMillis     int64             `json:"timeMillis"`
	// Unknown keeps the fields of a newer Java that this codec does not
	// know, written back at their places.
	Unknown Unknown `json:"-"`
}

var schemaKeys = jsonKeys(reflect.TypeFor[TableSchema]())

// ParseTableSchema decodes a schema file. A missing version means 1
// (Paimon <= 0.7). Schemas of Paimon 0.8 and before (version <= 2)
// without file.format get file.format = orc, their default then, as
// Java's SchemaSerializer does.
func ParseTableSchema(data []byte) (*TableSchema, error) {
	s := &TableSchema{Version: 1}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	if s.Options == nil {
		s.Options = options.Options{}
	}
	if !options.FileFormat.IsSet(s.Options) && s.Version <= 2 {
		s.Options[options.FileFormat.Key] = "orc"
	}
	u, err := keepUnknown(data, schemaKeys, nil)
	if err != nil {
		return nil, err
	}
	s.Unknown = u
	return s, nil
}

// MarshalTableSchema encodes s as Java's SchemaSerializer and Jackson's
// pretty printer write it, with the options in the order of optionKeys,
// which lists each key of s.Options once: Java writes its HashMap's
// iteration order, which core/schema works out.
func MarshalTableSchema(s *TableSchema, optionKeys []string) ([]byte, error) {
	if len(optionKeys) != len(s.Options) {
		return nil, fmt.Errorf("schema %d: %d option keys in order for %d options", s.ID, len(optionKeys), len(s.Options))
	}
	for _, k := range optionKeys {
		if _, ok := s.Options[k]; !ok {
			return nil, fmt.Errorf("schema %d: option %q in order is not an option", s.ID, k)
		}
	}
	j := schemaJSON{
		Version:        s.Version,
		ID:             s.ID,
		Fields:         s.Fields,
		HighestFieldID: s.HighestFieldID,
		PartitionKeys:  s.PartitionKeys,
		PrimaryKeys:    s.PrimaryKeys,
		Options:        orderedOptions{keys: optionKeys, values: s.Options},
		Comment:        s.Comment,
		TimeMillis:     s.TimeMillis,
	}
	// Java writes empty lists as [ ], never null.
	if j.Fields == nil {
		j.Fields = []types.DataField{}
	}
	if j.PartitionKeys == nil {
		j.PartitionKeys = []string{}
	}
	if j.PrimaryKeys == nil {
		j.PrimaryKeys = []string{}
	}
	ms, err := membersOf(j)
	if err != nil {
		return nil, err
	}
	return writeMembers(s.Unknown.layout(ms, nil))
}

// schemaJSON is TableSchema in the key order of Java's SchemaSerializer,
// its options in a given order.
type schemaJSON struct {
	Version        int               `json:"version"`
	ID             int64             `json:"id"`
	Fields         []types.DataField `json:"fields"`
	HighestFieldID int               `json:"highestFieldId"`
	PartitionKeys  []string          `json:"partitionKeys"`
	PrimaryKeys    []string          `json:"primaryKeys"`
	Options        orderedOptions    `json:"options"`
	Comment        *string           `json:"comment,omitempty"`
	TimeMillis     int64             `json:"timeMillis"`
}

// orderedOptions writes an option map with its keys in a given order.
type orderedOptions struct {
	keys   []string
	values map[string]string
}

func (o orderedOptions) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		val, err := json.Marshal(o.values[k])
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Field returns the field with the given name (exact match) and its index.
func (s *TableSchema) Field(name string) (types.DataField, int, bool) {
	for i, f := range s.Fields {
		if f.Name == name {
			return f, i, true
		}
	}
	return types.DataField{}, -1, false
}

// FieldNames lists the top-level column names in order.
func (s *TableSchema) FieldNames() []string {
	names := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		names[i] = f.Name
	}
	return names
}

// BucketKeys is Java's TableSchema.bucketKeys: the 'bucket-key' option,
// else the trimmed primary key.
func (s *TableSchema) BucketKeys() []string {
	if raw := options.BucketKey.Text(s.Options); strings.TrimSpace(raw) != "" {
		return strings.Split(raw, ",")
	}
	return s.TrimmedPrimaryKeys()
}

// TrimmedPrimaryKeys is the primary key minus the partition keys: the LSM key.
func (s *TableSchema) TrimmedPrimaryKeys() []string {
	var out []string
	for _, k := range s.PrimaryKeys {
		if !slices.Contains(s.PartitionKeys, k) {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return s.PrimaryKeys
	}
	return out
}

// Project returns the fields with the given names, in that order.
func (s *TableSchema) Project(names []string) ([]types.DataField, error) {
	out := make([]types.DataField, len(names))
	for i, n := range names {
		f, _, ok := s.Field(n)
		if !ok {
			return nil, fmt.Errorf("schema %d has no field %q", s.ID, n)
		}
		out[i] = f
	}
	return out, nil
}
