// Package sqltest runs SQL against paimon-sql in-process, for the unit tests
// of the SQL packages (catalog, systables, procedures, sqlext): the server's
// engine (server.NewEngine, with its users, grants, access checks and
// parser) over the catalog's provider on a copy of a fixture warehouse of
// testdata/, with no network and no external tool. Statements run as a
// given user, in one session per user, and come back as text rows, as a
// MySQL client shows them, or as the MySQL error a client would receive.
package sqltest

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/server"
)

// Root is the superuser every DB starts with.
const Root = "root"

// DB is one in-process server over one warehouse.
type DB struct {
	t testing.TB
	// Dir is the warehouse directory: tests look at its files.
	Dir string
	// Provider is the catalog the engine serves.
	Provider *catalog.Provider
	// Engine is the server's engine.
	Engine   *server.Engine
	sessions map[string]sql.Session
	lastPid  uint64
}

// Open serves a fresh copy of the fixture warehouse fixture
// (testfixture.JavaWritten, ...): writes and maintenance change the copy only.
func Open(t testing.TB, fixture string) *DB {
	t.Helper()
	return OpenDir(t, testfixture.CopyWarehouse(t, fixture))
}

// OpenTables serves a warehouse holding copies of the named tables of the
// Java-written fixture (each in its database of the same name): cheaper
// than Open when a test needs few.
func OpenTables(t testing.TB, tables ...string) *DB {
	t.Helper()
	dir := t.TempDir()
	for _, table := range tables {
		testfixture.CopyTable(t, dir, table)
	}
	return OpenDir(t, dir)
}

// OpenDir serves the warehouse in dir as it is, with users and grants in
// memory.
func OpenDir(t testing.TB, dir string) *DB {
	t.Helper()
	return openDir(t, dir, false)
}

// OpenShared serves the warehouse in dir with its privileges store, as the
// server does: users, grants and tokens are saved in the warehouse, so a
// DB opened later on dir (a restart) or beside this one (another server)
// sees them.
func OpenShared(t testing.TB, dir string) *DB {
	t.Helper()
	return openDir(t, dir, true)
}

func openDir(t testing.TB, dir string, shared bool) *DB {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := catalog.NewProvider(ctx, fsys)
	if err != nil {
		t.Fatal(err)
	}
	opts := server.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if shared {
		opts.Privileges = server.WarehousePrivileges(fsys)
	}
	e, err := server.NewEngine(server.Config{}, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Close() })
	return &DB{t: t, Dir: dir, Provider: p, Engine: e, sessions: map[string]sql.Session{}}
}

// Result is what a statement returned, as text: each value as a MySQL
// client receives it, NULL as "NULL". A statement that returns no result
// set (INSERT, CREATE, GRANT) has no columns and its RowsAffected.
type Result struct {
	Columns      []string
	Rows         [][]string
	RowsAffected uint64
}

// String renders the rows one a line, values separated by "|".
func (r Result) String() string {
	var b strings.Builder
	for _, row := range r.Rows {
		b.WriteString(strings.Join(row, "|"))
		b.WriteByte('\n')
	}
	return b.String()
}

// Column is the values of the column named name, in row order; the test
// fails when there is no such column.
func (db *DB) Column(r Result, name string) []string {
	db.t.Helper()
	for i, c := range r.Columns {
		if strings.EqualFold(c, name) {
			out := make([]string, len(r.Rows))
			for j, row := range r.Rows {
				out[j] = row[i]
			}
			return out
		}
	}
	db.t.Fatalf("no column %q in %v", name, r.Columns)
	return nil
}

// Query runs q as root and fails the test on an error.
func (db *DB) Query(q string) Result {
	db.t.Helper()
	r, err := db.Exec(Root, q)
	if err != nil {
		db.t.Fatalf("%s: %v", q, err)
	}
	return r
}

// Fails runs q as user and fails the test unless q fails with the MySQL
// error number code; it returns the error's message.
func (db *DB) Fails(user string, code int, q string) string {
	db.t.Helper()
	_, err := db.Exec(user, q)
	if err == nil {
		db.t.Fatalf("%s as %s: no error, want MySQL error %d", short(q), user, code)
	}
	if got := Code(err); got != code {
		db.t.Fatalf("%s as %s: %v (error %d), want MySQL error %d", short(q), user, err, got, code)
	}
	return err.Error()
}

// Exec runs q as user (in that user's session, so USE and SET carry over)
// and returns its rows, or the error as a MySQL client receives it
// (a *mysql.SQLError).
func (db *DB) Exec(user, q string) (Result, error) {
	// As go-mysql-server's handler does for a connection: a context per
	// statement, registered with the process list while it runs.
	db.lastPid++
	ctx := sql.NewContext(context.Background(), sql.WithSession(db.session(user)), sql.WithPid(db.lastPid),
		sql.WithQuery(q), sql.WithProcessList(db.Engine.ProcessList))
	ctx, err := db.Engine.ProcessList.BeginQuery(ctx, q)
	if err != nil {
		return Result{}, err
	}
	defer db.Engine.ProcessList.EndQuery(ctx)
	sch, iter, _, err := db.Engine.Query(ctx, q)
	if err != nil {
		return Result{}, asMySQL(err)
	}
	var r Result
	if !gtypes.IsOkResultSchema(sch) {
		for _, c := range sch {
			r.Columns = append(r.Columns, c.Name)
		}
	}
	for {
		row, err := iter.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			_ = iter.Close(ctx)
			return Result{}, asMySQL(err)
		}
		if gtypes.IsOkResult(row) {
			r.RowsAffected += row[0].(gtypes.OkResult).RowsAffected
			continue
		}
		text, err := render(ctx, sch, row)
		if err != nil {
			_ = iter.Close(ctx)
			return Result{}, err
		}
		r.Rows = append(r.Rows, text)
	}
	if err := iter.Close(ctx); err != nil {
		return Result{}, asMySQL(err)
	}
	return r, nil
}

// render turns row into the text a MySQL client receives.
func render(ctx *sql.Context, sch sql.Schema, row sql.Row) ([]string, error) {
	out := make([]string, len(row))
	for i, v := range row {
		if v == nil {
			out[i] = "NULL"
			continue
		}
		val, err := sch[i].Type.SQL(ctx, nil, v)
		if err != nil {
			return nil, err
		}
		if val.IsNull() {
			out[i] = "NULL"
			continue
		}
		out[i] = val.ToString()
	}
	return out, nil
}

// User creates the account name@'%' with no password and grants it each of
// grants ("SELECT ON db.*", "EXECUTE ON *.*", ...).
func (db *DB) User(name string, grants ...string) {
	db.t.Helper()
	db.Query("CREATE USER '" + name + "'@'%'")
	for _, g := range grants {
		db.Query("GRANT " + g + " TO '" + name + "'@'%'")
	}
}

func (db *DB) session(user string) sql.Session {
	if s, ok := db.sessions[user]; ok {
		return s
	}
	s := db.Engine.NewSession(user, "%")
	db.sessions[user] = s
	return s
}

// asMySQL turns err into the error a client receives, as the server's
// handler does: go-mysql-server's handler casts it to a *mysql.SQLError
// (by its error kind) and the server's handler gives it MySQL's number.
func asMySQL(err error) error {
	return mysqlerr.From(sql.CastSQLError(err))
}

// short is q cut to a length a test log can show.
func short(q string) string {
	const max = 200
	if len(q) <= max {
		return q
	}
	return q[:max] + "..."
}

// Code is the MySQL error number of err, 0 when it has none.
func Code(err error) int {
	var e *mysql.SQLError
	if errors.As(err, &e) {
		return e.Num
	}
	return 0
}
