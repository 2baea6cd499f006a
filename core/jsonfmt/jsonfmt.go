// Package jsonfmt writes JSON the way Java Paimon does (Jackson's
// DefaultPrettyPrinter): two-space indented objects, "key" : value, arrays on
// one line as [ a, b ], [ ] and { } when empty, no trailing newline. Java
// readers accept any JSON; the exact layout keeps files byte-identical to
// what a Java writer would produce.
package jsonfmt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Marshal encodes v with encoding/json (struct fields in declaration order,
// map keys sorted) and lays it out as Jackson does.
func Marshal(v any) ([]byte, error) {
	var compact bytes.Buffer
	enc := json.NewEncoder(&compact)
	enc.SetEscapeHTML(false) // Jackson does not escape <, > and &
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(&compact)
	dec.UseNumber()
	var out bytes.Buffer
	if err := write(&out, dec, 0); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// write copies one JSON value from dec to out at the given indent level.
func write(out *bytes.Buffer, dec *json.Decoder, level int) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			return writeObject(out, dec, level)
		case '[':
			return writeArray(out, dec, level)
		}
		return fmt.Errorf("jsonfmt: unexpected %v", t)
	default:
		return writeScalar(out, t)
	}
}

func writeObject(out *bytes.Buffer, dec *json.Decoder, level int) error {
	if !dec.More() {
		if _, err := dec.Token(); err != nil {
			return err
		}
		out.WriteString("{ }")
		return nil
	}
	out.WriteString("{\n")
	first := true
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		if !first {
			out.WriteString(",\n")
		}
		first = false
		out.WriteString(strings.Repeat("  ", level+1))
		if err := writeScalar(out, key); err != nil {
			return err
		}
		out.WriteString(" : ")
		if err := write(out, dec, level+1); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // '}'
		return err
	}
	out.WriteString("\n" + strings.Repeat("  ", level) + "}")
	return nil
}

func writeArray(out *bytes.Buffer, dec *json.Decoder, level int) error {
	if !dec.More() {
		if _, err := dec.Token(); err != nil {
			return err
		}
		out.WriteString("[ ]")
		return nil
	}
	out.WriteString("[ ")
	first := true
	for dec.More() {
		if !first {
			out.WriteString(", ")
		}
		first = false
		if err := write(out, dec, level); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // ']'
		return err
	}
	out.WriteString(" ]")
	return nil
}

func writeScalar(out *bytes.Buffer, tok json.Token) error {
	switch v := tok.(type) {
	case nil:
		out.WriteString("null")
	case bool, json.Number:
		fmt.Fprint(out, v)
	case string:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return err
		}
		out.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	default:
		return fmt.Errorf("jsonfmt: unexpected token %v", tok)
	}
	return nil
}
