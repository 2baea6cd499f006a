package sqlext

// go-mysql-server v0.20.0 lacks a check of AS OF ?: the planner evaluates AS OF while preparing and panics on a placeholder.

import (
	"errors"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// errAsOfPlaceholder replaces a GMS v0.20.0 panic: the planner evaluates AS
// OF while preparing, when a `?` has no value yet, and vitess then drops the
// connection.
var errAsOfPlaceholder = errors.New("AS OF does not accept a ? placeholder: write the snapshot id, tag or " +
	"timestamp as a literal (AS OF 5, AS OF 'tag', AS OF '2024-01-01 00:00:00'), " +
	"or let the client interpolate parameters")

// checkAsOfPlaceholders rejects a statement with `AS OF ?` anywhere.
func checkAsOfPlaceholders(stmt ast.Statement) error {
	return ast.Walk(func(node ast.SQLNode) (bool, error) {
		var exprs []ast.Expr
		switch n := node.(type) {
		case *ast.AsOf:
			if n != nil {
				exprs = []ast.Expr{n.Time, n.Start, n.End}
			}
		case *ast.Call:
			if n != nil {
				exprs = []ast.Expr{n.AsOf}
			}
		case *ast.ShowTablesOpt:
			if n != nil {
				exprs = []ast.Expr{n.AsOf}
			}
		}
		for _, e := range exprs {
			if v, ok := e.(*ast.SQLVal); ok && v.Type == ast.ValArg {
				return false, errAsOfPlaceholder
			}
		}
		return true, nil
	}, stmt)
}
