package sqlext

// go-mysql-server v0.20.0 reads every DDL as MySQL: TIMESTAMP is MySQL's
// (an instant, Paimon's TIMESTAMP WITH LOCAL TIME ZONE), where Flink's
// TIMESTAMP is a wall-clock value without time zone.

import (
	"context"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// The DDL dialects: how a column type of CREATE and ALTER TABLE is read
// where the dialects differ (TIMESTAMP).
const (
	DialectMySQL = "mysql" // TIMESTAMP(p): TIMESTAMP(p) WITH LOCAL TIME ZONE; TIMESTAMP: p = 0
	DialectFlink = "flink" // TIMESTAMP(p): TIMESTAMP(p), without time zone; TIMESTAMP: p = 6
	DialectSpark = "spark" // TIMESTAMP: TIMESTAMP(6) WITH LOCAL TIME ZONE, as Paimon's Spark catalog
)

// DDLDialectVariable is the session (and global) variable that names the
// dialect; the server's --ddl-dialect is its global default.
const DDLDialectVariable = "ddl_dialect"

// CheckDialect refuses a name that is not a dialect.
func CheckDialect(name string) error {
	switch strings.ToLower(name) {
	case DialectMySQL, DialectFlink, DialectSpark:
		return nil
	}
	return fmt.Errorf("DDL dialect %q: use mysql, flink or spark", name)
}

// declareDDLDialect declares @@ddl_dialect with its global default.
func declareDDLDialect(def string) {
	if def == "" {
		def = DialectMySQL
	}
	sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
		Name:    DDLDialectVariable,
		Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Both),
		Dynamic: true,
		Type:    types.NewSystemEnumType(DDLDialectVariable, DialectMySQL, DialectFlink, DialectSpark),
		Default: strings.ToLower(def),
	}})
}

// DDLDialect is the session's DDL dialect (mysql when unset).
func DDLDialect(ctx *sql.Context) string {
	if v, err := ctx.GetSessionVariable(ctx, DDLDialectVariable); err == nil {
		if s, ok := v.(string); ok && s != "" {
			return strings.ToLower(s)
		}
	}
	return DialectMySQL
}

// noteBareTimestamps notes the columns of CREATE and ALTER TABLE declared
// TIMESTAMP without a precision, which GMS's types cannot tell from
// TIMESTAMP(0): MySQL's is TIMESTAMP(0), Flink's and Spark's TIMESTAMP(6).
// The text is left as it is.
func noteBareTimestamps(ctx context.Context, q string) (rewritten, bool, error) {
	words := codeWords(q, 2)
	if len(words) < 2 || !strings.EqualFold(words[1].text, "table") ||
		!strings.EqualFold(words[0].text, "create") && !strings.EqualFold(words[0].text, "alter") {
		return rewritten{}, false, nil
	}
	var names []string
	prev := "" // the identifier just before, if any
	stop := canceller{ctx: ctx}
	for i := 0; i < len(q); {
		if err := stop.at(i); err != nil {
			return rewritten{}, false, err
		}
		if n := skipNonCode(q, i); n > i {
			prev = ""
			if q[i] == '`' {
				prev = unquoteIdent(q[i:n])
			}
			i = n
			continue
		}
		w, end := identAt(q, i)
		if w == "" {
			if strings.IndexByte(" \t\r\n", q[i]) < 0 {
				prev = ""
			}
			i++
			continue
		}
		if strings.EqualFold(w, "timestamp") && prev != "" {
			next := skipSpace(q, end)
			zone, _ := identAt(q, next)
			if (next >= len(q) || q[next] != '(') && !strings.EqualFold(zone, "with") && !strings.EqualFold(zone, "without") {
				names = append(names, strings.ToLower(prev))
			}
		}
		prev, i = w, end
	}
	if len(names) == 0 {
		return rewritten{}, false, nil
	}
	return rewritten{text: q, bind: func(side *Statement, _ ast.Statement) error {
		side.BareTimestamps = names
		return nil
	}}, true, nil
}
