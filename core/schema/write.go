package schema

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Marshal encodes s exactly as Java's SchemaSerializer and Jackson's pretty
// printer write it. Java writes the options in HashMap iteration order, which
// Go maps do not keep: optionOrder gives the order (e.g. OptionOrder of the
// file s was read from); keys of s.Options it lacks follow in the order Java
// gives the options of a newly created table, and nil means that order for all.
func Marshal(s *spec.TableSchema, optionOrder []string) ([]byte, error) {
	return spec.MarshalTableSchema(s, completeOrder(s.Options, optionOrder))
}

// completeOrder keeps the keys of order that are options, then appends the
// remaining options in Java's creation order.
func completeOrder(options options.Options, order []string) []string {
	out := make([]string, 0, len(options))
	seen := make(map[string]bool, len(options))
	for _, k := range order {
		if _, ok := options[k]; ok && !seen[k] {
			out = append(out, k)
			seen[k] = true
		}
	}
	if len(out) == len(options) {
		return out
	}
	for _, k := range createOptionOrder(options) {
		if !seen[k] {
			out = append(out, k)
		}
	}
	return out
}

// OptionOrder returns the keys of a schema file's "options" object in file
// order: what Java's reader inserts into its HashMap, in that order.
func OptionOrder(data []byte) ([]string, error) {
	var doc struct {
		Options json.RawMessage `json:"options"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Options) == 0 || string(doc.Options) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(doc.Options))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("schema options are not a JSON object")
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("schema options: unexpected %v", tok)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
		keys = append(keys, key)
	}
	return keys, nil
}
