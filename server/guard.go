package server

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// guardedExec checks, before go-mysql-server builds a statement's
// executor, what its own privilege checks leave out: server-file access
// (which go-mysql-server grants to everyone, without a directory),
// SET GLOBAL and KILL (open to every user). Every statement, prepared or not and
// including the ones the analyzer takes shortcuts for, is built here.
type guardedExec struct {
	inner sql.NodeExecBuilder
	files *fileAccess
}

// Build implements sql.NodeExecBuilder.
func (g guardedExec) Build(ctx *sql.Context, n sql.Node, row sql.Row) (sql.RowIter, error) {
	if k, ok := n.(*plan.Kill); ok {
		if err := g.files.access.killAllowed(ctx, k); err != nil {
			return nil, err
		}
	}
	n, err := g.guard(ctx, n)
	if err != nil {
		return nil, err
	}
	if iter, ok, err := g.dynamicGrants(ctx, n, row); ok {
		return iter, err
	}
	iter, err := g.inner.Build(ctx, n, row)
	if _, ok := n.(*plan.ShowDatabases); ok && err == nil {
		return g.visibleDatabases(ctx, iter)
	}
	if _, ok := n.(*plan.ShowProcessList); ok && err == nil {
		return g.processList(ctx, iter)
	}
	return iter, err
}

// processList is SHOW PROCESSLIST's rows as the user may see them
// (access.visibleProcesses), with the progress of procedure calls.
func (g guardedExec) processList(ctx *sql.Context, iter sql.RowIter) (sql.RowIter, error) {
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		return nil, err
	}
	return progressStates(ctx, g.files.access.visibleProcesses(ctx, rows, processListUserColumn))
}

// visibleDatabases keeps the databases the user holds some privilege in,
// with names compared exactly (go-mysql-server ignores case);
// information_schema and mysql stay, as go-mysql-server shows them.
func (g guardedExec) visibleDatabases(ctx *sql.Context, iter sql.RowIter) (sql.RowIter, error) {
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil || !g.files.access.mdb.Enabled() {
		return sql.RowsToRowIter(rows...), err
	}
	n := g.files.access.names(ctx)
	kept := rows[:0]
	for _, r := range rows {
		name, _ := r[0].(string)
		if strings.EqualFold(name, sql.InformationSchemaDatabaseName) || strings.EqualFold(name, "mysql") || n.grantsOn(name, "").any(false) {
			kept = append(kept, r)
		}
	}
	return sql.RowsToRowIter(kept...), nil
}

// guard checks the plan's file statements and global assignments, and puts
// the policy into its LOAD_FILE calls, subqueries included.
func (g guardedExec) guard(ctx *sql.Context, n sql.Node) (sql.Node, error) {
	n, _, err := transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n := n.(type) {
		case *plan.InsertInto:
			if err := g.loadDataTarget(ctx, n); err != nil {
				return nil, transform.SameTree, err
			}
			// The source is no child of the insert.
			src, err := g.guard(ctx, n.Source)
			if err != nil {
				return nil, transform.SameTree, err
			}
			return n.WithSource(src), transform.NewTree, nil
		case *plan.Into:
			return g.into(ctx, n)
		case *plan.LoadData:
			return g.loadData(ctx, n)
		case *plan.Set:
			return n, transform.SameTree, g.setGlobal(ctx, n)
		}
		return n, transform.SameTree, nil
	})
	if err != nil {
		return nil, err
	}
	n, _, err = transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch e := e.(type) {
		case *loadFile:
			if e.files == nil {
				return &loadFile{name: e.name, files: g.files}, transform.NewTree, nil
			}
		case *plan.Subquery:
			q, err := g.guard(ctx, e.Query)
			if err != nil {
				return nil, transform.SameTree, err
			}
			return e.WithQuery(q), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
	return n, err
}

// into checks SELECT ... INTO OUTFILE/DUMPFILE and writes to the resolved path.
func (g guardedExec) into(ctx *sql.Context, n *plan.Into) (sql.Node, transform.TreeIdentity, error) {
	target := &n.Outfile
	if n.Dumpfile != "" {
		target = &n.Dumpfile
	}
	if *target == "" {
		return n, transform.SameTree, nil // INTO @variables
	}
	if err := g.files.permit(ctx); err != nil {
		return nil, transform.SameTree, err
	}
	real, err := g.files.fresh(*target)
	if err != nil {
		return nil, transform.SameTree, err
	}
	nn := *n
	if n.Dumpfile != "" {
		nn.Dumpfile = real
	} else {
		nn.Outfile = real
	}
	return &nn, transform.NewTree, nil
}

// loadData checks LOAD DATA INFILE, which reads a server file; LOAD DATA
// LOCAL INFILE reads the client's file and needs no directory, but
// @@local_infile on and a client that allows it (MySQL's 3948 otherwise:
// asked for a file, a client that does not allow it answers with none, and
// the statement would load nothing).
func (g guardedExec) loadData(ctx *sql.Context, n *plan.LoadData) (sql.Node, transform.TreeIdentity, error) {
	if n.Local {
		_, on, _ := sql.SystemVariables.GetGlobal("local_infile")
		if on != int8(1) || !clientAllowsLocalFiles(ctx) {
			return nil, transform.SameTree, mysqlerr.LocalFilesDisabled()
		}
		return n, transform.SameTree, nil
	}
	if err := g.files.permit(ctx); err != nil {
		return nil, transform.SameTree, err
	}
	real, err := g.files.existing(n.File)
	if err != nil {
		return nil, transform.SameTree, sql.ErrLoadDataCannotOpen.New(err.Error())
	}
	nn := *n
	nn.File = real
	return &nn, transform.NewTree, nil
}

// loadDataTarget checks the table privileges of LOAD DATA, which
// go-mysql-server leaves out (it only checks FILE): INSERT on the table, and
// DELETE too with REPLACE, as in MySQL.
func (g guardedExec) loadDataTarget(ctx *sql.Context, n *plan.InsertInto) error {
	ld := findNode[*plan.LoadData](n.Source)
	rt := findNode[*plan.ResolvedTable](n.Destination)
	if ld == nil {
		return nil
	}
	privs := []sql.PrivilegeType{sql.PrivilegeType_Insert}
	if ld.IsReplace {
		privs = append(privs, sql.PrivilegeType_Delete)
	}
	if rt == nil || !g.files.access.allowed(ctx, rt.Database().Name(), rt.Name(), privs...) {
		return sql.ErrPrivilegeCheckFailed.New(userHost(ctx))
	}
	return nil
}

// findNode returns the first node of type T in the tree, or the zero T.
func findNode[T sql.Node](n sql.Node) T {
	var found T
	transform.Inspect(n, func(c sql.Node) bool {
		if t, ok := c.(T); ok {
			found = t
			return false
		}
		return true
	})
	return found
}

// setGlobal refuses SET GLOBAL and SET PERSIST to users without SUPER or
// SYSTEM_VARIABLES_ADMIN, as MySQL does.
func (g guardedExec) setGlobal(ctx *sql.Context, n *plan.Set) error {
	for _, e := range n.Exprs {
		sf, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		sv, ok := sf.LeftChild.(*expression.SystemVar)
		if !ok || sv.Scope.IsSessionOnly() {
			continue
		}
		if !g.files.access.hasGlobal(ctx, sql.PrivilegeType_Super, "system_variables_admin") {
			return mysql.NewSQLError(mysql.ERSpecifiedAccessDenied, mysql.SSAccessDeniedError,
				"Access denied; you need (at least one of) the SUPER or SYSTEM_VARIABLES_ADMIN privilege(s) for this operation")
		}
	}
	return nil
}

// loadFile is LOAD_FILE(name) under the server-file policy. The planner
// builds it without a policy (loadFileFunction) and guard gives it the
// server's: one the guard did not reach refuses to run.
type loadFile struct {
	name  sql.Expression
	files *fileAccess
}

// loadFileFunction replaces go-mysql-server's LOAD_FILE, which reads any
// file the process can, for every engine of the process.
type loadFileFunction struct{}

func (loadFileFunction) Function(_ *sql.Context, name string) (sql.Function, bool) {
	if !strings.EqualFold(name, "load_file") {
		return nil, false
	}
	return sql.Function1{Name: "load_file", Fn: func(e sql.Expression) sql.Expression {
		return &loadFile{name: e}
	}}, true
}

var errLoadFileUnguarded = errors.New("LOAD_FILE cannot run in this statement")

var (
	_ sql.FunctionExpression = (*loadFile)(nil)
	_ sql.CollationCoercible = (*loadFile)(nil)
)

func (l *loadFile) FunctionName() string { return "load_file" }
func (l *loadFile) Description() string  { return "returns the content of a server file." }
func (l *loadFile) Resolved() bool       { return l.name.Resolved() }
func (l *loadFile) String() string       { return fmt.Sprintf("load_file(%s)", l.name) }
func (l *loadFile) Type() sql.Type       { return types.LongBlob }
func (l *loadFile) IsNullable() bool     { return true }
func (l *loadFile) Children() []sql.Expression {
	return []sql.Expression{l.name}
}

func (l *loadFile) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (l *loadFile) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(l, len(children), 1)
	}
	return &loadFile{name: children[0], files: l.files}, nil
}

// Eval checks the policy on every call: the name may depend on the row.
func (l *loadFile) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if l.files == nil {
		return nil, errLoadFileUnguarded
	}
	if err := l.files.permit(ctx); err != nil {
		return nil, err
	}
	v, err := l.name.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	name, _, err := types.LongText.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	data, err := l.files.read(ctx, name.(string))
	if data == nil || err != nil {
		return nil, err
	}
	return data, nil
}

// clientCapabilitiesKey keys the client's capability flags in a
// statement's context (withClientCapabilities).
type clientCapabilitiesKey struct{}

// withClientCapabilities records what the client of c said it allows at
// its handshake, for the checks of its statements.
func withClientCapabilities(ctx context.Context, c *mysql.Conn) context.Context {
	return context.WithValue(ctx, clientCapabilitiesKey{}, c.Capabilities)
}

// clientAllowsLocalFiles tells whether the statement's client set
// CLIENT_LOCAL_FILES (mysql --local-infile, go-sql-driver's
// allowAllFiles or a registered file or reader); a statement without a
// client (in-process) has none to send.
func clientAllowsLocalFiles(ctx *sql.Context) bool {
	caps, ok := ctx.Value(clientCapabilitiesKey{}).(uint32)
	return ok && caps&mysql.CapabilityClientLocalFiles != 0
}
