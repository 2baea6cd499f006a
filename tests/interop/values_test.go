package interop

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// A column type is Paimon's type as its schema file writes it: a string
// for atomic types ("DECIMAL(20, 3) NOT NULL"), an object for nested ones
// ({"type": "ARRAY", "element": "INT"}).
type column struct {
	name string
	typ  any
}

// kind is how cells of a type are compared.
type kind struct {
	name      string // bool, int, float, double, decimal, string, binary, date, time, timestamp, nested
	precision int    // of timestamps
	typ       any    // the type of nested kinds
}

var precisionRE = regexp.MustCompile(`\((\d+)\)`)

func kindOf(typ any) kind {
	s, ok := typ.(string)
	if !ok {
		return kind{name: "nested", typ: typ}
	}
	s = strings.ToUpper(strings.TrimSpace(strings.TrimSuffix(s, " NOT NULL")))
	switch {
	case strings.HasPrefix(s, "TIMESTAMP"):
		p := 6
		if m := precisionRE.FindStringSubmatch(s); m != nil {
			p, _ = strconv.Atoi(m[1])
		}
		return kind{name: "timestamp", precision: p}
	case strings.HasPrefix(s, "TIME"):
		return kind{name: "time"}
	case s == "BOOLEAN":
		return kind{name: "bool"}
	case s == "FLOAT":
		return kind{name: "float"}
	case s == "DOUBLE":
		return kind{name: "double"}
	case strings.HasPrefix(s, "DECIMAL"):
		return kind{name: "decimal"}
	case strings.HasPrefix(s, "CHAR"), strings.HasPrefix(s, "VARCHAR"), s == "STRING":
		return kind{name: "string"}
	case strings.HasPrefix(s, "BINARY"), strings.HasPrefix(s, "VARBINARY"), s == "BYTES":
		return kind{name: "binary"}
	case s == "DATE":
		return kind{name: "date"}
	case s == "VARIANT": // shown as JSON of its raw encoding
		return kind{name: "nested"}
	}
	return kind{name: "int"}
}

// fromNeutral renders a cell read by Java or pypaimon (neutral JSON form)
// for comparison.
func (k kind) fromNeutral(raw json.RawMessage) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "bad JSON " + string(raw)
	}
	switch x := v.(type) {
	case nil:
		return "NULL"
	case bool:
		if x {
			return "1"
		}
		return "0"
	case json.Number:
		return k.fromText(x.String())
	case string:
		return k.fromText(x)
	}
	return canonicalNested(k.typ, v)
}

// fromSQL renders a cell read over the MySQL protocol for comparison.
func (k kind) fromSQL(cell *string) string {
	if cell == nil {
		return "NULL"
	}
	switch k.name {
	case "binary":
		return base64.StdEncoding.EncodeToString([]byte(*cell))
	case "nested":
		dec := json.NewDecoder(strings.NewReader(*cell))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			return "bad JSON " + *cell
		}
		return canonicalNested(k.typ, v)
	}
	return k.fromText(*cell)
}

// fromText normalises a scalar's text form.
func (k kind) fromText(s string) string {
	switch k.name {
	case "float", "double":
		bits := 64
		if k.name == "float" {
			bits = 32
		}
		f, err := strconv.ParseFloat(s, bits)
		if err != nil {
			return s
		}
		return strconv.FormatFloat(f, 'g', -1, bits)
	case "time":
		return trimFraction(s)
	case "timestamp":
		if k.precision > 6 {
			s = roundToMicros(s)
		}
		return trimFraction(s)
	}
	return s
}

// trimFraction drops trailing zeros of fractional seconds: MySQL pads
// DATETIME(p) and TIME(p) to p digits, Paimon's text form does not.
func trimFraction(s string) string {
	dot := strings.LastIndexByte(s, '.')
	if dot < 0 || strings.ContainsAny(s[dot:], " -:") {
		return s
	}
	frac := strings.TrimRight(s[dot+1:], "0")
	if frac == "" {
		return s[:dot]
	}
	return s[:dot+1] + frac
}

// roundToMicros rounds a timestamp's nanoseconds half up to microseconds,
// as paimon-sql sends TIMESTAMP(7..9) values (docs/sql.md 3.1).
func roundToMicros(s string) string {
	dot := strings.LastIndexByte(s, '.')
	if dot < 0 || len(s)-dot-1 <= 6 {
		return s
	}
	frac := (s[dot+1:] + "000000000")[:9]
	nanos, err := strconv.Atoi(frac)
	if err != nil {
		return s
	}
	micros := int(math.Round(float64(nanos) / 1000))
	if micros < 1_000_000 {
		return fmt.Sprintf("%s.%06d", s[:dot], micros)
	}
	return s + " (rounds into the next second)"
}

// canonicalNested renders a decoded JSON value of a nested type with
// sorted keys and every leaf in its kind's normal text form, quoted: inside
// JSON, paimon-sql writes decimals and doubles as numbers and timestamps
// padded to their precision (docs/sql.md 3.2), the neutral form as text.
func canonicalNested(typ any, v any) string {
	t, _ := typ.(map[string]any)
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ":" + canonicalNested(childType(t, k), x[k])
		}
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = canonicalNested(childType(t, ""), e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case json.Number:
		return strconv.Quote(leafText(typ, x.String()))
	case string:
		return strconv.Quote(leafText(typ, x))
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// childType is the type of an element (ARRAY), a value (MAP) or the field
// named name (ROW) of a nested type.
func childType(t map[string]any, name string) any {
	if t == nil {
		return nil
	}
	switch strings.Fields(t["type"].(string))[0] {
	case "ARRAY":
		return t["element"]
	case "MAP":
		return t["value"]
	case "ROW":
		for _, f := range t["fields"].([]any) {
			if field := f.(map[string]any); field["name"] == name {
				return field["type"]
			}
		}
	}
	return nil
}

// leafText normalises an atomic value inside a nested one.
func leafText(typ any, s string) string {
	k := kindOf(typ)
	if k.name == "decimal" {
		if d, err := decimal.NewFromString(s); err == nil {
			return d.String() // no trailing zeros
		}
	}
	return k.fromText(s)
}

// sqlLiteral renders a neutral value as a SQL literal of the column's type.
func sqlLiteral(typ any, v any) string {
	if v == nil {
		return "NULL"
	}
	k := kindOf(typ)
	switch k.name {
	case "bool":
		if v.(bool) {
			return "TRUE"
		}
		return "FALSE"
	case "int", "float", "double":
		return fmt.Sprint(v)
	case "decimal":
		return fmt.Sprint(v)
	case "binary":
		b, err := base64.StdEncoding.DecodeString(v.(string))
		if err != nil {
			panic(err)
		}
		return "X'" + hex.EncodeToString(b) + "'"
	case "nested":
		b, err := json.Marshal(namedRows(typ, v))
		if err != nil {
			panic(err)
		}
		return quote(string(b))
	}
	return quote(fmt.Sprint(v))
}

// namedRows turns the positional ROW values of the neutral form into
// objects by field name, the JSON form paimon-sql takes for nested columns.
func namedRows(typ any, v any) any {
	t, ok := typ.(map[string]any)
	if !ok || v == nil {
		return v
	}
	switch strings.Fields(t["type"].(string))[0] {
	case "ARRAY":
		items := v.([]any)
		out := make([]any, len(items))
		for i, e := range items {
			out[i] = namedRows(t["element"], e)
		}
		return out
	case "MAP":
		out := map[string]any{}
		for k, e := range v.(map[string]any) {
			out[k] = namedRows(t["value"], e)
		}
		return out
	case "ROW":
		out := map[string]any{}
		for i, f := range t["fields"].([]any) {
			field := f.(map[string]any)
			out[field["name"].(string)] = namedRows(field["type"], v.([]any)[i])
		}
		return out
	}
	return v
}

func quote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(s) + "'"
}
