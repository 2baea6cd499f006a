// Package procedures holds paimon-sql's CALL sys.* procedures: Paimon's
// maintenance and metadata operations with Java's names and arguments.
// Arguments are strings so that NULL (go-mysql-server hands an empty string
// for it) means "not given", as in Paimon; each procedure parses and checks
// its own arguments and names the bad one. Each procedure lives in a file
// named after it (create_tag.go for sys.create_tag); this file holds what
// they share: the registration, the argument binding and the results.
package procedures

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// Env is what procedures need from the server.
type Env struct {
	FS *fs.FS
	// Metastore is the catalog of the warehouse's tables (nil: the
	// filesystem catalog of FS).
	Metastore metastore.Metastore
	// Allowed tells whether the session's user holds every privilege of
	// privs on the table (nil: no user management, everything allowed).
	Allowed func(ctx *sql.Context, db, table string, privs ...sql.PrivilegeType) bool
	// Changed is told that a procedure changed a table's metadata, so that
	// caches drop it.
	Changed func(db, table string)
	// Progress, when set, is told how a long procedure advances (the
	// command line draws it; the server shows it in SHOW PROCESSLIST).
	Progress func(step string, done, total int)
	// Runtime is the state the tables' opens share in this process (the
	// provider's in the server; nil: each open has its own).
	Runtime *table.Runtime
}

// Procedure is one CALL sys.<Name>(...).
type Procedure struct {
	Name   string
	Params []string // Java's argument names, in order
	// Aliases are other names Java gives an argument (Spark's and Flink's
	// procedures differ for a few), by the name in Params.
	Aliases map[string][]string
	// Returns is the result's columns.
	Returns sql.Schema
	// ReadOnly procedures change nothing (allowed on a read-only server).
	ReadOnly bool
	Run      func(ctx *sql.Context, env *Env, args Args) ([]sql.Row, error)
}

// All lists the procedures.
func All() []Procedure {
	return []Procedure{createTag, deleteTag, rollbackTo, resetConsumer, expireSnapshots, expirePartitions, expireChangelogs, alterTableOptions, alterTableTag, compactProc, removeOrphanFiles,
		renameTag, replaceTag, expireTags, rollbackToTimestamp, createBranch, deleteBranch, fastForward, compactManifest}
}

// NamedParams are the parameter names for named arguments: each with its
// aliases after '|' ("tag|tagName").
func (p Procedure) NamedParams() []string {
	out := make([]string, len(p.Params))
	for i, name := range p.Params {
		out[i] = strings.Join(append([]string{name}, p.Aliases[name]...), "|")
	}
	return out
}

// Details turns a procedure into go-mysql-server's registration: a variadic
// string function, so NULL and missing arguments are told apart from values.
func (p Procedure) Details(env *Env) sql.ExternalStoredProcedureDetails {
	return sql.ExternalStoredProcedureDetails{
		Name:     p.Name,
		Schema:   p.Returns,
		ReadOnly: p.ReadOnly,
		Function: func(ctx *sql.Context, args ...string) (sql.RowIter, error) {
			rows, err := p.Call(ctx, env, args)
			if err != nil {
				return nil, mysqlerr.From(err)
			}
			return sql.RowsToRowIter(rows...), nil
		},
	}
}

// Call runs the procedure with arguments by position ("" for NULL).
func (p Procedure) Call(ctx *sql.Context, env *Env, args []string) ([]sql.Row, error) {
	if len(args) > len(p.Params) {
		return nil, mysqlerr.WrongArguments("sys.%s takes at most %d arguments (%s), got %d", p.Name, len(p.Params), strings.Join(p.Params, ", "), len(args))
	}
	return p.Run(ctx, env, Args{proc: p.Name, names: p.Params, values: args})
}

// Lookup finds a procedure by name, without regard to case, with or
// without "sys.", and with '-' for '_' (expire-tags is expire_tags).
func Lookup(name string) (Procedure, bool) {
	name = strings.ReplaceAll(strings.TrimPrefix(strings.ToLower(name), "sys."), "-", "_")
	for _, p := range All() {
		if p.Name == name {
			return p, true
		}
	}
	return Procedure{}, false
}

// BindNamed turns name=value arguments (the command line's form; the value
// may contain '=') into arguments by position, as CALL's named arguments:
// a name is a parameter or one of its aliases, given once.
func (p Procedure) BindNamed(args []string) ([]string, error) {
	out := make([]string, len(p.Params))
	given := make([]bool, len(p.Params))
	for _, arg := range args {
		name, value, ok := strings.Cut(arg, "=")
		if !ok {
			return nil, mysqlerr.WrongArguments("sys.%s: argument %q: write name=value (the arguments are: %s)", p.Name, arg, strings.Join(p.Params, ", "))
		}
		pos := -1
		for i, names := range p.NamedParams() {
			for _, n := range strings.Split(names, "|") {
				if strings.EqualFold(n, strings.TrimSpace(name)) {
					pos = i
				}
			}
		}
		switch {
		case pos < 0:
			return nil, mysqlerr.WrongArguments("sys.%s: unknown argument %q; the arguments are: %s", p.Name, name, strings.Join(p.Params, ", "))
		case given[pos]:
			return nil, mysqlerr.WrongArguments("sys.%s: argument %q is given twice", p.Name, p.Params[pos])
		}
		out[pos], given[pos] = value, true
	}
	return out, nil
}

// Args are a call's arguments by position; "" stands for NULL or absent.
type Args struct {
	proc   string
	names  []string
	values []string
}

func (a Args) raw(i int) string {
	if i < len(a.values) {
		return strings.TrimSpace(a.values[i])
	}
	return ""
}

// as is the arguments of p made of a's arguments at the positions idx, in
// order: a statement's procedure handing on to another.
func (a Args) as(p Procedure, idx ...int) Args {
	b := Args{proc: p.Name, names: p.Params, values: make([]string, len(idx))}
	for i, j := range idx {
		b.values[i] = a.raw(j)
	}
	return b
}

// Given tells whether argument i has a value.
func (a Args) Given(i int) bool { return a.raw(i) != "" }

// String returns argument i, or an error when a required one is missing.
func (a Args) String(i int, required bool) (string, error) {
	v := a.raw(i)
	if v == "" && required {
		return "", mysqlerr.WrongArguments("sys.%s: argument '%s' is required", a.proc, a.names[i])
	}
	return v, nil
}

// Int returns argument i as an integer (ok false when not given).
func (a Args) Int(i int) (n int64, ok bool, err error) {
	v := a.raw(i)
	if v == "" {
		return 0, false, nil
	}
	n, err = strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, false, mysqlerr.WrongArguments("sys.%s: argument '%s' = '%s' is not an integer", a.proc, a.names[i], v)
	}
	return n, true, nil
}

// Table opens the table named by argument i ('db.table', or 'table' in the
// current database; 'db.table$branch_x' for a branch) and checks that the
// user holds every privilege of privs on it (docs/sql.md, Security, lists
// them per procedure).
func (a Args) Table(ctx *sql.Context, env *Env, i int, privs ...sql.PrivilegeType) (*table.Table, error) {
	ident, err := a.String(i, true)
	if err != nil {
		return nil, err
	}
	db, name, ok := strings.Cut(ident, ".")
	if !ok {
		db, name = ctx.GetCurrentDatabase(), ident
		if db == "" {
			return nil, mysqlerr.WrongArguments("sys.%s: argument '%s' = '%s': write 'database.table' (no database is selected)", a.proc, a.names[i], ident)
		}
	}
	name, branch, _ := strings.Cut(name, "$branch_")
	if env.Allowed != nil && !env.Allowed(ctx, db, name, privs...) {
		return nil, sql.ErrTableAccessDeniedForUser.New(ctx.Client().User, name)
	}
	t, err := env.open(ctx, db, name, branch)
	if errors.Is(err, schema.ErrTableNotFound) {
		return nil, sql.ErrTableNotFound.New(ident)
	}
	return t, err
}

// open opens db.name on branch in env's catalog, with env's runtime.
func (env *Env) open(ctx context.Context, db, name, branch string) (*table.Table, error) {
	if env.Runtime == nil {
		return table.OpenIn(ctx, env.FS, env.Catalog(), db, name, branch)
	}
	return env.Runtime.OpenIn(ctx, env.FS, env.Catalog(), db, name, branch)
}

// Catalog is env's metastore: the filesystem catalog unless one is set.
func (env *Env) Catalog() metastore.Metastore {
	if env.Metastore == nil {
		return metastore.NewFilesystem(env.FS)
	}
	return env.Metastore
}

func changed(env *Env, t *table.Table) {
	if env.Changed != nil {
		env.Changed(t.Database, t.Name)
	}
}

// resultSchema is a one-column result.
func resultSchema(name string, typ sql.Type) sql.Schema {
	return sql.Schema{{Name: name, Type: typ, Nullable: false}}
}

// destructive is what a procedure that removes data or history needs: the
// privileges of INSERT OVERWRITE.
var destructive = []sql.PrivilegeType{sql.PrivilegeType_Insert, sql.PrivilegeType_Delete}

var (
	stringResult = gtypes.LongText
	bigintResult = gtypes.Int64
)

// CommitSchema commits schema changes to t and records the new schema in
// the catalog ms (the JDBC catalog keeps the table's options, Hive its
// columns); a branch's schema is the files' alone.
func CommitSchema(ctx context.Context, ms metastore.Metastore, t *table.Table, changes ...schema.Change) (*spec.TableSchema, error) {
	// Java's catalogs change a schema under the commit lock too.
	if t.Lock != nil {
		unlock, err := t.Lock(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: commit lock: %w", t.FullName(), err)
		}
		defer func() { _ = unlock() }()
	}
	s, err := t.Schemas.Commit(ctx, changes...)
	if err != nil || t.Branch != snapshot.MainBranch {
		return s, err
	}
	if err := ms.AlterTable(ctx, t.Database, t.Name, s); err != nil {
		return nil, fmt.Errorf("%s: the schema changed, but the catalog did not record it: %w", t.FullName(), err)
	}
	return s, nil
}
