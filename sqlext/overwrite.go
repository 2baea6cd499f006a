package sqlext

// go-mysql-server v0.20.0 lacks INSERT OVERWRITE (Flink, Spark); vitess has INSERT and REPLACE only.

import (
	"context"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/catalog/clauses"
)

// rewriteOverwrite reads Flink's and Spark's INSERT OVERWRITE as the INSERT
// INTO it runs as.
func rewriteOverwrite(q string) (rewritten, bool, error) {
	o, ok := clauses.ParseInsertOverwrite(q)
	if !ok {
		return rewritten{}, false, nil
	}
	return rewritten{
		text: o.Rewritten,
		// The rewrite changed the statement's head only.
		toQuery: func(i int) int { return i + len(q) - len(o.Rewritten) },
		bind: func(_ context.Context, stmt ast.Statement) error {
			asOverwrite(stmt, o)
			return nil
		},
	}, true, nil
}

// asOverwrite makes the INSERT INTO parsed from an INSERT OVERWRITE need
// the privileges of what it does: replacing the table's (or partitions')
// rows takes INSERT and DELETE, as REPLACE does.
func asOverwrite(stmt ast.Statement, o clauses.Overwrite) {
	if ins, ok := stmt.(*ast.Insert); ok {
		ins.Auth.AuthType = ast.AuthType_REPLACE
	}
	fillStaticPartition(stmt, o)
}

// fillStaticPartition adds the PARTITION (k = v) columns to an
// INSERT OVERWRITE that lists its columns without them (Flink's and Spark's
// form): each VALUES row and each SELECT gets the spec's literal, so that a
// NOT NULL partition column has its value before go-mysql-server checks it.
func fillStaticPartition(stmt ast.Statement, o clauses.Overwrite) {
	ins, ok := stmt.(*ast.Insert)
	if !ok || len(ins.Columns) == 0 {
		return
	}
	for _, kv := range o.Partition {
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

func listed(cols ast.Columns, name string) bool {
	for _, c := range cols {
		if c.EqualString(name) {
			return true
		}
	}
	return false
}
