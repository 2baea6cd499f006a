package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/paimon-sql/paimon-sql/core/jsonfmt"
)

// member is one "key" : value of a JSON object, the value kept raw.
type member struct {
	key   string
	value json.RawMessage
}

// Unknown is what a JSON codec of this package kept from the file a value
// was read from: the order of the file's keys and the members it does not
// know. The zero value (a value built in Go) writes the known members in
// Java's order.
type Unknown struct {
	order   []string
	members map[string]json.RawMessage
}

// readMembers splits a JSON object into its members, in file order.
func readMembers(data []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var out []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		out = append(out, member{key, raw})
	}
	return out, nil
}

// keepUnknown records the members of data whose keys are not in known, and
// the order of all its keys; with none unknown it keeps nothing, and the
// value is written in Java's order. Members in drop are neither known nor
// kept (fields an older Java wrote that the current one no longer writes).
func keepUnknown(data []byte, known, drop []string) (Unknown, error) {
	ms, err := readMembers(data)
	if err != nil {
		return Unknown{}, err
	}
	u := Unknown{order: make([]string, 0, len(ms))}
	for _, m := range ms {
		u.order = append(u.order, m.key)
		if slices.Contains(known, m.key) || slices.Contains(drop, m.key) {
			continue
		}
		if u.members == nil {
			u.members = map[string]json.RawMessage{}
		}
		u.members[m.key] = m.value
	}
	if u.members == nil {
		return Unknown{}, nil
	}
	return u, nil
}

// layout orders the known members (in Java's order, absent ones left out)
// and the trailing ones (a subclass's own, after all its parent's: a tag's
// after a snapshot's) with the unknown ones kept: the file's keys in the
// file's order, each known member the file lacked right after the known
// member before it, and each trailing one the file lacked at the end.
func (u Unknown) layout(known, trailing []member) []member {
	if len(u.order) == 0 {
		return append(known, trailing...)
	}
	byKey := make(map[string]member, len(known)+len(trailing))
	for _, m := range append(slices.Clip(known), trailing...) {
		byKey[m.key] = m
	}
	out := make([]member, 0, len(u.order)+len(known)+len(trailing))
	placed := map[string]bool{}
	for _, k := range u.order {
		if m, ok := byKey[k]; ok {
			out = append(out, m)
			placed[k] = true
		} else if v, ok := u.members[k]; ok {
			out = append(out, member{k, v})
		}
	}
	for i, m := range known {
		if placed[m.key] {
			continue
		}
		at := 0
		for j := i - 1; j >= 0 && at == 0; j-- {
			if p := slices.IndexFunc(out, func(o member) bool { return o.key == known[j].key }); p >= 0 {
				at = p + 1
			}
		}
		out = slices.Insert(out, at, m)
		placed[m.key] = true
	}
	for _, m := range trailing {
		if !placed[m.key] {
			out = append(out, m)
		}
	}
	return out
}

// membersOf encodes v (a struct whose fields are in Java's order) and
// returns its members without the null ones: Java leaves its nullable
// properties out when null (JsonInclude NON_NULL).
func membersOf(v any) ([]member, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	ms, err := readMembers(data)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(ms, func(m member) bool { return string(m.value) == "null" }), nil
}

// writeMembers lays out an object of members as Java's Jackson writes it.
func writeMembers(ms []member) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	return jsonfmt.Marshal(json.RawMessage(b.Bytes()))
}
