package sqlext

// go-mysql-server v0.20.0 lacks INSERT OVERWRITE (Flink, Spark); vitess has INSERT and REPLACE only.

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// rewriteOverwrite reads Flink's and Spark's INSERT OVERWRITE as the INSERT
// INTO it runs as.
func rewriteOverwrite(ctx context.Context, q string) (rewritten, bool, error) {
	o, ok := parseInsertOverwrite(q)
	if !ok {
		return rewritten{}, false, nil
	}
	return rewritten{
		text: o.Rewritten,
		// The rewrite changed the statement's head only.
		toQuery: func(i int) int { return i + len(q) - len(o.Rewritten) },
		bind: func(side *Statement, stmt ast.Statement) error {
			ins, ok := stmt.(*ast.Insert)
			if !ok {
				return fmt.Errorf("INSERT OVERWRITE: not an INSERT")
			}
			asOverwrite(ins, o)
			side.Overwrite = &Overwrite{Database: ins.Table.DbQualifier.String(), Table: ins.Table.Name.String(), Partition: o.Partition, Spark: o.Spark, Dynamic: side.dynamicOverwrite}
			return nil
		},
	}, true, nil
}

// asOverwrite makes the INSERT INTO parsed from an INSERT OVERWRITE need
// the privileges of what it does: replacing the table's (or partitions')
// rows takes INSERT and DELETE, as REPLACE does.
func asOverwrite(ins *ast.Insert, o overwriteHead) {
	ins.Auth.AuthType = ast.AuthType_REPLACE
	fillStaticPartition(ins, o.Partition)
}

// fillStaticPartition adds the PARTITION (k = v) columns to an
// INSERT OVERWRITE that lists its columns without them (Flink's and Spark's
// form): each VALUES row and each SELECT gets the spec's literal, so that a
// NOT NULL partition column has its value before go-mysql-server checks it.
func fillStaticPartition(ins *ast.Insert, partition [][2]string) {
	if len(ins.Columns) == 0 {
		return
	}
	for _, kv := range partition {
		if listed(ins.Columns, kv[0]) || strings.EqualFold(kv[1], "null") {
			continue
		}
		lit := ast.NewStrVal([]byte(kv[1]))
		switch rows := ins.Rows.(type) {
		case *ast.AliasedValues:
			for i := range rows.Values {
				rows.Values[i] = append(rows.Values[i], lit)
			}
		case *ast.Select:
			rows.SelectExprs = append(rows.SelectExprs, &ast.AliasedExpr{Expr: lit})
		default:
			return // a UNION or other form: left as written
		}
		ins.Columns = append(ins.Columns, ast.NewColIdent(kv[0]))
	}
}

// leaveOutStatic reads an INSERT OVERWRITE t PARTITION (k = v) without a
// column list as Flink and Spark do when its rows have the other columns
// only: the columns become the table's others, k taken from the spec.
// Rows of all the columns (paimon-sql's first form) are left as they are;
// so is a row source whose width is not known before planning (SELECT *,
// UNION).
func (p *Parser) leaveOutStatic(ctx context.Context, ins *ast.Insert, o *Overwrite) {
	sqlCtx, ok := ctx.(*sql.Context)
	if !ok || p.tables == nil {
		return
	}
	static := map[string]bool{}
	for _, kv := range o.Partition {
		if !strings.EqualFold(kv[1], "null") {
			static[strings.ToLower(kv[0])] = true
		}
	}
	if len(static) == 0 {
		return
	}
	width := -1
	switch rows := ins.Rows.(type) {
	case *ast.AliasedValues:
		if len(rows.Values) > 0 {
			width = len(rows.Values[0])
		}
	case *ast.Select:
		width = len(rows.SelectExprs)
		for _, e := range rows.SelectExprs {
			if _, star := e.(*ast.StarExpr); star {
				return
			}
		}
	}
	all, ok := p.tables.TableColumns(sqlCtx, o.Database, o.Table)
	if !ok || width != len(all)-len(static) {
		return
	}
	for _, c := range all {
		if !static[strings.ToLower(c)] {
			ins.Columns = append(ins.Columns, ast.NewColIdent(c))
		}
	}
	fillStaticPartition(ins, o.Partition)
}

func listed(cols ast.Columns, name string) bool {
	for _, c := range cols {
		if c.EqualString(name) {
			return true
		}
	}
	return false
}

// insertOverwrite matches the head of Flink's and Spark's
// INSERT OVERWRITE [TABLE] name [PARTITION (k = v, ...)], after leading
// comments and spaces. The name may be qualified and backtick-quoted.
var insertOverwrite = regexp.MustCompile(`(?is)^\s*(?:(?:/\*.*?\*/|--[^\n]*\n|#[^\n]*\n)\s*)*INSERT\s+OVERWRITE\s+(TABLE\s+)?((?:` + "`[^`]+`" + `|[\w$]+)(?:\s*\.\s*(?:` + "`[^`]+`" + `|[\w$]+))?)\s*(PARTITION\s*\(([^)]*)\))?`)

// overwriteHead is a parsed INSERT OVERWRITE head.
type overwriteHead struct {
	Table string // as written, possibly db.table and quoted
	// Partition is the static partition spec: column -> literal text
	// (quotes removed from string literals; NULL stays the bare word).
	Partition [][2]string
	// Rewritten is the statement as INSERT INTO, which the SQL parser reads.
	Rewritten string
	// Spark is set when the syntax is Spark's alone: INSERT OVERWRITE
	// TABLE, or PARTITION (k) naming a column without a value.
	Spark bool
}

// parseInsertOverwrite recognises INSERT OVERWRITE statements.
func parseInsertOverwrite(query string) (overwriteHead, bool) {
	m := insertOverwrite.FindStringSubmatchIndex(query)
	if m == nil {
		return overwriteHead{}, false
	}
	o := overwriteHead{Table: query[m[4]:m[5]], Spark: m[2] >= 0}
	if m[8] >= 0 {
		for _, item := range strings.Split(query[m[8]:m[9]], ",") {
			k, v, ok := strings.Cut(item, "=")
			if !ok {
				// Spark's PARTITION (k): a dynamic partition column, which
				// the rows carry.
				o.Spark = true
				continue
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
