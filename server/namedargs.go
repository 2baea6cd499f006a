package server

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// ProcedureParams returns the parameter names, in order, of a procedure
// given its lower-case name (without the `sys.` qualifier). An entry may
// list other accepted names after '|' ("tag|tagName": Paimon's Flink and
// Spark procedures name some arguments differently); names match without
// regard to case.
type ProcedureParams func(name string) (params []string, ok bool)

// bindNamedArgs rewrites `CALL p(name = value, ...)` (also what `name =>
// value` becomes) to positional arguments, in parameter order, the missing
// ones NULL. As in Paimon's Spark procedures, named and positional arguments
// cannot be mixed and an argument cannot be given twice.
func bindNamedArgs(call *ast.Call, lookup ProcedureParams) error {
	names := make([]string, len(call.Params))
	nNamed := 0
	for i, p := range call.Params {
		if name, ok := argName(p); ok {
			names[i] = name
			nNamed++
		}
	}
	if nNamed == 0 {
		return nil
	}
	proc := call.ProcName.Name.Lowered()
	if nNamed != len(call.Params) {
		return fmt.Errorf("CALL %s: named and positional arguments cannot be mixed", proc)
	}
	var params []string
	ok := false
	if lookup != nil {
		params, ok = lookup(proc)
	}
	if !ok {
		return fmt.Errorf("CALL %s: named arguments are only supported by the built-in procedures", proc)
	}
	args := make([]ast.Expr, len(params))
	for i, name := range names {
		pos := paramIndex(params, name)
		if pos < 0 {
			return fmt.Errorf("CALL %s: unknown argument %q; the arguments are: %s", proc, name, strings.ReplaceAll(strings.Join(params, ", "), "|", " or "))
		}
		if args[pos] != nil {
			return fmt.Errorf("CALL %s: argument %q is given twice", proc, name)
		}
		args[pos] = call.Params[i].(*ast.ComparisonExpr).Right
	}
	for i := range args {
		if args[i] == nil {
			args[i] = &ast.NullVal{}
		}
	}
	call.Params = args
	// The parser recorded the argument count for the privilege check and
	// procedure lookup.
	if len(call.Auth.TargetNames) == 3 {
		call.Auth.TargetNames[2] = strconv.Itoa(len(args))
	}
	return nil
}

// paramIndex is the position of the parameter called name, or -1.
func paramIndex(params []string, name string) int {
	return slices.IndexFunc(params, func(p string) bool {
		return slices.ContainsFunc(strings.Split(p, "|"), func(n string) bool { return strings.EqualFold(n, name) })
	})
}

// argName recognizes a named argument, `name = value` with an unqualified
// name, and returns the name in lower case. vitess parses @user and
// @@system variables as column names too: `@v = 1` stays a comparison.
func argName(e ast.Expr) (string, bool) {
	cmp, ok := e.(*ast.ComparisonExpr)
	if !ok || cmp.Operator != ast.EqualStr || cmp.Escape != nil {
		return "", false
	}
	col, ok := cmp.Left.(*ast.ColName)
	if !ok || !col.Qualifier.IsEmpty() || strings.HasPrefix(col.Name.String(), "@") {
		return "", false
	}
	return col.Name.Lowered(), true
}
