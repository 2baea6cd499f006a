package clauses

import (
	"regexp"
	"strings"
)

// insertOverwrite matches the head of Flink's and Spark's
// INSERT OVERWRITE [TABLE] name [PARTITION (k = v, ...)], after leading
// comments and spaces. The name may be qualified and backtick-quoted.
var insertOverwrite = regexp.MustCompile(`(?is)^\s*(?:(?:/\*.*?\*/|--[^\n]*\n|#[^\n]*\n)\s*)*INSERT\s+OVERWRITE\s+(?:TABLE\s+)?((?:` + "`[^`]+`" + `|[\w$]+)(?:\s*\.\s*(?:` + "`[^`]+`" + `|[\w$]+))?)\s*(PARTITION\s*\(([^)]*)\))?`)

// Overwrite is a parsed INSERT OVERWRITE head.
type Overwrite struct {
	Table string // as written, possibly db.table and quoted
	// Partition is the static partition spec: column -> literal text
	// (quotes removed from string literals; NULL stays the bare word).
	Partition [][2]string
	// Rewritten is the statement as INSERT INTO, which the SQL parser reads.
	Rewritten string
}

// ParseInsertOverwrite recognises INSERT OVERWRITE statements.
func ParseInsertOverwrite(query string) (Overwrite, bool) {
	m := insertOverwrite.FindStringSubmatchIndex(query)
	if m == nil {
		return Overwrite{}, false
	}
	o := Overwrite{Table: query[m[2]:m[3]]}
	if m[6] >= 0 {
		for _, item := range strings.Split(query[m[6]:m[7]], ",") {
			k, v, ok := strings.Cut(item, "=")
			if !ok {
				return Overwrite{}, false
			}
			o.Partition = append(o.Partition, [2]string{strings.Trim(strings.TrimSpace(k), "`"), unquoteLiteral(strings.TrimSpace(v))})
		}
	}
	o.Rewritten = "INSERT INTO " + o.Table + " " + strings.TrimLeft(query[m[1]:], " \t\r\n")
	return o, true
}

func unquoteLiteral(s string) string {
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return strings.ReplaceAll(s[1:len(s)-1], string(s[0])+string(s[0]), string(s[0]))
	}
	return s
}
