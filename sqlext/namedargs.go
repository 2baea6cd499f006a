package sqlext

// go-mysql-server v0.20.0 lacks named CALL arguments (Paimon's `name => value`); GMS binds arguments by position only.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// wrongArguments is MySQL's 1210 ER_WRONG_ARGUMENTS for a CALL's
// arguments, as mysqlerr maps the procedures' own argument errors
// (sqlext cannot import it: mysqlerr reaches sqlext through systables).
func wrongArguments(format string, args ...any) error {
	return mysql.NewSQLError(mysql.ERWrongArguments, mysql.SSUnknownSQLState, format, args...)
}

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
	if err := applyAliases(call, lookup); err != nil {
		return err
	}
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
		return wrongArguments("CALL %s: named and positional arguments cannot be mixed", proc)
	}
	var params []string
	ok := false
	if lookup != nil {
		params, ok = lookup(proc)
	}
	if !ok {
		// The built-in procedures are the only ones (CREATE PROCEDURE is
		// refused): this one does not exist, as GMS says of an unknown
		// procedure called with positional arguments.
		return sql.ErrStoredProcedureDoesNotExist.New(proc)
	}
	args := make([]ast.Expr, len(params))
	for i, name := range names {
		pos := paramIndex(params, name)
		if pos < 0 {
			return wrongArguments("CALL %s: unknown argument %q; the arguments are: %s", proc, name, strings.ReplaceAll(strings.Join(params, ", "), "|", " or "))
		}
		if args[pos] != nil {
			return wrongArguments("CALL %s: argument %q is given twice", proc, name)
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

// procedureAlias is a Spark or Flink procedure that one of ours does.
type procedureAlias struct {
	target string
	// params are the alias's own arguments in order, for positional calls.
	params []string
}

// procedureAliases are Paimon's Spark and Flink procedure names for ours
// (docs/content/spark/procedures.md, flink/procedures.md of Paimon 1.4).
var procedureAliases = map[string]procedureAlias{
	// Spark: rollback(table, version, tag, snapshot); version is a tag
	// name or a snapshot id, as rollback_to's tag argument takes it.
	"rollback": {target: "rollback_to", params: []string{"table", "version", "tag", "snapshot"}},
}

// unsupportedProcedures are Flink's and Spark's procedures paimon-sql does
// not have, with what to do instead.
var unsupportedProcedures = map[string]string{
	"rollback_to_watermark":     "find the snapshot in t$snapshots (by watermark) and CALL sys.rollback_to(`table` => 'db.t', snapshot_id => n)",
	"create_tag_from_timestamp": "find the snapshot in t$snapshots (SELECT max(snapshot_id) FROM t$snapshots WHERE commit_time <= '...') and CALL sys.create_tag(`table` => 'db.t', tag => 'name', snapshot_id => n)",
	"create_tag_from_watermark": "find the snapshot in t$snapshots (by watermark) and CALL sys.create_tag(`table` => 'db.t', tag => 'name', snapshot_id => n)",
	"purge_files":               "TRUNCATE TABLE t",
	"clear_consumers":           "CALL sys.reset_consumer(`table` => 'db.t', consumer_id => 'id') for each consumer of t$consumers",
	"rename_branch":             "branches are read (t$branch_name) but not renamed by paimon-sql: use Flink or Spark",
	"compact_database":          "CALL sys.compact(`table` => 'db.t') for each table",
	"mark_partition_done":       "use Flink or Spark",
	"remove_unexisting_files":   "CALL sys.remove_orphan_files for the opposite case; missing files need Flink or Spark",
	"repair":                    "nothing: paimon-sql keeps no metastore to repair",
	"rescale":                   "ALTER TABLE ... SET ('bucket' = 'n') then INSERT OVERWRITE t SELECT * FROM t",
	"migrate_table":             "use Flink or Spark",
	"migrate_database":          "use Flink or Spark",
	"migrate_file":              "use Flink or Spark",
	"copy":                      "CREATE TABLE t2 LIKE t, then INSERT INTO t2 SELECT * FROM t",
	"rewrite_file_index":        "use Flink or Spark",
}

// applyAliases turns a call of a Spark or Flink name into ours, or refuses
// a procedure paimon-sql does not have with what to do instead.
func applyAliases(call *ast.Call, lookup ProcedureParams) error {
	q := call.ProcName.Qualifier.String()
	if q != "" && !strings.EqualFold(q, "sys") {
		return nil
	}
	proc := call.ProcName.Name.Lowered()
	if lookup != nil {
		if _, ours := lookup(proc); ours {
			return nil
		}
	}
	if instead, ok := unsupportedProcedures[proc]; ok {
		return fmt.Errorf("CALL sys.%s is a Flink/Spark procedure paimon-sql does not have: %s", proc, instead)
	}
	a, ok := procedureAliases[proc]
	if !ok {
		return nil
	}
	positional := 0
	for _, p := range call.Params {
		if _, named := argName(p); !named {
			positional++
		}
	}
	if positional == len(call.Params) && len(call.Params) > 0 {
		if len(call.Params) > len(a.params) {
			return wrongArguments("CALL %s takes at most %d arguments (%s), got %d", proc, len(a.params), strings.Join(a.params, ", "), len(call.Params))
		}
		// Named by the alias's own order, then bound as ours.
		for i, p := range call.Params {
			call.Params[i] = &ast.ComparisonExpr{Operator: ast.EqualStr, Left: &ast.ColName{Name: ast.NewColIdent(a.params[i])}, Right: p}
		}
	}
	call.ProcName.Name = ast.NewColIdent(a.target)
	if len(call.Auth.TargetNames) == 3 {
		call.Auth.TargetNames[1] = a.target
	}
	return nil
}
