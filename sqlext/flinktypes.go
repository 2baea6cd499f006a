package sqlext

// go-mysql-server v0.20.0 lacks Flink's and Spark's column types (STRING,
// BYTES, TIMESTAMP_LTZ(p), TIMESTAMP(p) WITH LOCAL TIME ZONE, Spark's
// TIMESTAMP_NTZ, TIME(p)) and
// Flink's PRIMARY KEY ... NOT ENFORCED in CREATE TABLE: vitess reads none of
// them. A column of such a type is declared to GMS with a MySQL type it
// accepts, and the catalog takes the Paimon type the user wrote from the
// side channel (CreateClauses.ColumnTypes), so nothing is rounded (a
// TIMESTAMP_LTZ(9) stays 9, where MySQL stops at 6).

import (
	"context"
	"fmt"
	"strings"
)

// rewriteColumns rewrites the items of a CREATE TABLE column list.
func rewriteColumns(ctx context.Context, list string, c *CreateClauses) (string, bool, error) {
	var out []string
	changed := false
	stop := canceller{ctx: ctx}
	read := 0 // of list, by the items before
	for _, item := range splitTopLevel(list) {
		if err := stop.at(read); err != nil {
			return "", false, err
		}
		read += len(item) + 1
		rw, ok, err := rewriteColumn(item, c)
		if err != nil {
			return "", false, err
		}
		changed = changed || ok
		out = append(out, rw)
	}
	return strings.Join(out, ","), changed, nil
}

// splitTopLevel splits s at the commas outside parentheses, strings and
// comments.
func splitTopLevel(s string) []string {
	var items []string
	start, depth := 0, 0
	for i := 0; i < len(s); {
		if n := skipNonCode(s, i); n > i {
			i = n
			continue
		}
		switch s[i] {
		case '(', '<':
			depth++
		case ')', '>':
			depth--
		case ',':
			if depth == 0 {
				items = append(items, s[start:i])
				start = i + 1
			}
		}
		i++
	}
	return append(items, s[start:])
}

// rewriteColumn rewrites one column definition or constraint.
func rewriteColumn(item string, c *CreateClauses) (string, bool, error) {
	at := skipSpace(item, 0)
	first, firstEnd := identAt(item, at)
	switch strings.ToUpper(first) {
	case "PRIMARY", "CONSTRAINT", "UNIQUE":
		rw, dropped, err := dropNotEnforced(item)
		c.Flink = c.Flink || dropped
		return rw, dropped, err
	case "WATERMARK":
		return "", false, fmt.Errorf("WATERMARK is a Flink streaming clause with no meaning here: leave it out (the column is read as it is)")
	}
	// The column's name, bare or quoted.
	name, nameEnd := first, firstEnd
	if at < len(item) && item[at] == '`' {
		nameEnd = skipQuoted(item, at)
		name = unquoteIdent(item[at:nameEnd])
	}
	if name == "" {
		return item, false, nil
	}
	typeAt := skipSpace(item, nameEnd)
	typeWord, typeEnd := identAt(item, typeAt)
	if strings.EqualFold(typeWord, "AS") {
		return "", false, fmt.Errorf("column %s: computed columns (name AS expression) are not supported: compute the value in the query or in a view", name)
	}
	up := strings.ToUpper(typeWord)
	if typeEnd < len(item) && item[typeEnd] == '<' || (up == "ROW" && strings.HasPrefix(item[skipSpace(item, typeEnd):], "(")) {
		return "", false, fmt.Errorf("column %s: %s types cannot be declared by paimon-sql: create the table with Flink or Spark; paimon-sql reads and writes such columns as JSON (docs/sql.md section 3.2)", name, up)
	}
	end := typeEnd
	if p := skipSpace(item, end); p < len(item) && item[p] == '(' {
		if close := matchParen(item, p); close > 0 {
			end = close + 1
		}
	}
	// WITH LOCAL TIME ZONE, WITHOUT TIME ZONE.
	if w, wEnd := identAt(item, skipSpace(item, end)); strings.EqualFold(w, "with") || strings.EqualFold(w, "without") {
		zone := wEnd
		for _, want := range []string{"local", "time", "zone"} {
			got, gEnd := identAt(item, skipSpace(item, zone))
			if strings.EqualFold(got, want) {
				zone = gEnd
			} else if want != "local" {
				return "", false, fmt.Errorf("column %s: expected %s TIME ZONE", name, strings.ToUpper(w))
			}
		}
		end = zone
	}
	typeText := strings.Join(strings.Fields(item[typeAt:end]), " ")
	placeholder, ok := flinkType(up, typeText)
	if !ok {
		rw, dropped, err := dropNotEnforced(item)
		c.Flink = c.Flink || dropped
		return rw, dropped, err
	}
	if c.ColumnTypes == nil {
		c.ColumnTypes = map[string]string{}
	}
	if up == "TIMESTAMP_NTZ" {
		typeText = "TIMESTAMP(6)" // Spark's, in Paimon's words
	}
	c.ColumnTypes[strings.ToLower(name)] = typeText
	rest, dropped, err := dropNotEnforced(item[end:])
	c.Flink = c.Flink || dropped
	return item[:typeAt] + placeholder + rest, true, err
}

// flinkType tells whether a column type is one vitess does not read (or
// reads as something else), and the MySQL type declared to GMS in its
// place.
func flinkType(head, typeText string) (string, bool) {
	switch {
	case head == "STRING":
		return "VARCHAR(255)", true
	case head == "BYTES":
		return "VARBINARY(255)", true
	case head == "TIMESTAMP_LTZ", head == "TIMESTAMP_NTZ" && typeText == head,
		head == "TIMESTAMP" && strings.Contains(strings.ToUpper(typeText), " TIME ZONE"):
		return "DATETIME(6)", true
	case head == "TIME" && strings.Contains(typeText, "("):
		return "TIME", true
	}
	return "", false
}

// dropNotEnforced removes Flink's NOT ENFORCED (of PRIMARY KEY) from a
// column definition or constraint.
func dropNotEnforced(item string) (string, bool, error) {
	for i := 0; i < len(item); {
		if n := skipNonCode(item, i); n > i {
			i = n
			continue
		}
		w, end := identAt(item, i)
		if w == "" {
			i++
			continue
		}
		if strings.EqualFold(w, "not") {
			if e, eEnd := identAt(item, skipSpace(item, end)); strings.EqualFold(e, "enforced") {
				return item[:i] + item[eEnd:], true, nil
			}
		}
		i = end
	}
	return item, false, nil
}

// likeOptions reads Flink's LIKE options: INCLUDING/EXCLUDING ALL,
// OPTIONS, PARTITIONS, CONSTRAINTS, WATERMARKS, GENERATED, METADATA, and
// OVERWRITING OPTIONS (the default for options).
func (c *CreateClauses) likeOptions(items []string) error {
	for _, item := range items {
		for _, opt := range strings.Split(item, "\n") {
			f := strings.Fields(strings.ToUpper(opt))
			for len(f) >= 2 {
				mode, what := f[0], f[1]
				f = f[2:]
				switch {
				case mode == "OVERWRITING" && what == "OPTIONS":
				case mode != "INCLUDING" && mode != "EXCLUDING":
					return fmt.Errorf("LIKE option %s %s: write INCLUDING or EXCLUDING", mode, what)
				case what == "ALL":
					c.LikeWithoutOptions, c.LikeWithoutPartitions = mode == "EXCLUDING", mode == "EXCLUDING"
				case what == "OPTIONS":
					c.LikeWithoutOptions = mode == "EXCLUDING"
				case what == "PARTITIONS":
					c.LikeWithoutPartitions = mode == "EXCLUDING"
				case what == "CONSTRAINTS" && mode == "EXCLUDING":
					return fmt.Errorf("LIKE (EXCLUDING CONSTRAINTS): the copy keeps the primary key; create the table with its columns instead")
				case what == "CONSTRAINTS", what == "WATERMARKS", what == "GENERATED", what == "METADATA":
					// Nothing of these but the primary key exists here.
				default:
					return fmt.Errorf("LIKE option %s %s is not known", mode, what)
				}
			}
			if len(f) != 0 {
				return fmt.Errorf("LIKE option %s: write INCLUDING or EXCLUDING followed by ALL, OPTIONS, PARTITIONS or CONSTRAINTS", opt)
			}
		}
	}
	return nil
}
