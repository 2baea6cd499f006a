package clauses

import (
	"encoding/json"
	"fmt"
	"strings"
)

// An OPTIONS hint (`t /*+ OPTIONS('scan.snapshot-id'='1') */`, as Flink and
// Spark take it) is a comment to the MySQL parser, so the server rewrites it
// into `t AS OF '<hintMarker>{...}'` and the catalog decodes the options
// when it resolves the AS OF value. The marker holds '/', which no tag name
// holds, so it cannot be mistaken for a tag.
const hintMarker = "/*+OPTIONS*/"

// EncodeHint is the AS OF string carrying the options of one hint.
func EncodeHint(opts map[string]string) string {
	data, _ := json.Marshal(opts) // a map of strings always marshals
	return hintMarker + string(data)
}

// DecodeHint returns the options of an AS OF string made by EncodeHint;
// ok is false for any other AS OF value.
func DecodeHint(s string) (opts map[string]string, ok bool, err error) {
	rest, ok := strings.CutPrefix(s, hintMarker)
	if !ok {
		return nil, false, nil
	}
	if err := json.Unmarshal([]byte(rest), &opts); err != nil {
		return nil, true, fmt.Errorf("OPTIONS hint: %w", err)
	}
	return opts, true, nil
}
