package server

import (
	"context"
	gosql "database/sql"
	"errors"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/memory"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/go-sql-driver/mysql"
)

// memStore is a PrivilegeStore in memory; it survives server restarts and
// may be shared by several servers.
type memStore struct {
	mu       sync.Mutex
	versions map[int64][]byte
	latest   int64
}

func (s *memStore) LatestVersion(context.Context) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.latest, nil
}

func (s *memStore) Latest(context.Context) (int64, []byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.latest, s.versions[s.latest], nil
}

func (s *memStore) Create(_ context.Context, v int64, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.versions[v]; ok {
		return os.ErrExist
	}
	if s.versions == nil {
		s.versions = map[int64][]byte{}
	}
	s.versions[v] = append([]byte(nil), data...)
	s.latest = max(s.latest, v)
	return nil
}

// testProvider is GMS's memory provider with databases db (table t) and sys,
// and one external procedure, sys.echo_args(table, retain_max, mode), which
// returns its arguments.
type testProvider struct {
	*memory.DbProvider
	procs sql.ExternalStoredProcedureRegistry
}

var echoParams = []string{"table", "retain_max", "mode"}

func echoArgs(_ *sql.Context, table string, retainMax int64, mode string) (sql.RowIter, error) {
	return sql.RowsToRowIter(sql.NewRow(table, retainMax, mode)), nil
}

// waitForCancel stands for a long maintenance call: it runs until its
// statement is cancelled.
func waitForCancel(ctx *sql.Context) (sql.RowIter, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func newTestProvider(t *testing.T) *testProvider {
	t.Helper()
	db := memory.NewDatabase("db")
	pro := memory.NewDBProvider(db, memory.NewDatabase("sys"))
	tbl := memory.NewTable(db, "t", sql.NewPrimaryKeySchema(sql.Schema{
		{Name: "id", Type: types.Int64, PrimaryKey: true, Source: "t"},
		{Name: "name", Type: types.Text, Nullable: true, Source: "t"},
	}), db.GetForeignKeyCollection())
	db.AddTable("t", tbl)
	ctx := sql.NewContext(context.Background(), sql.WithSession(memory.NewSession(sql.NewBaseSession(), pro)))
	for i, name := range []string{"a", "b", "c"} {
		if err := tbl.Insert(ctx, sql.NewRow(int64(i+1), name)); err != nil {
			t.Fatal(err)
		}
	}
	procs := sql.NewExternalStoredProcedureRegistry()
	procs.Register(sql.ExternalStoredProcedureDetails{
		Name: "echo_args",
		Schema: sql.Schema{
			{Name: "table", Type: types.LongText},
			{Name: "retain_max", Type: types.Int64},
			{Name: "mode", Type: types.LongText},
		},
		Function: echoArgs,
		ReadOnly: true,
	})
	procs.Register(sql.ExternalStoredProcedureDetails{
		Name:     "wait_for_cancel",
		Schema:   sql.Schema{{Name: "result", Type: types.LongText}},
		Function: waitForCancel,
		ReadOnly: true,
	})
	return &testProvider{DbProvider: pro, procs: procs}
}

func (p *testProvider) ExternalStoredProcedure(_ *sql.Context, name string, n int) (*sql.ExternalStoredProcedureDetails, error) {
	return p.procs.LookupByNameAndParamCount(name, n)
}

func (p *testProvider) ExternalStoredProcedures(_ *sql.Context, name string) ([]sql.ExternalStoredProcedureDetails, error) {
	return p.procs.LookupByName(name)
}

func (p *testProvider) procedureParams(name string) ([]string, bool) {
	if name == "echo_args" {
		return echoParams, true
	}
	return nil, false
}

// options are the Options of a test server over p.
func (p *testProvider) options(store PrivilegeStore) Options {
	return Options{
		ProcedureParams: p.procedureParams,
		Privileges:      store,
		// GMS's memory tables need their own session type.
		WrapSession: func(b *sql.BaseSession) sql.Session { return memory.NewSession(b, p.DbProvider) },
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

// start runs a server on a free loopback port until the test ends.
func start(t *testing.T, cfg Config, pro sql.DatabaseProvider, opts Options) *Server {
	t.Helper()
	if cfg.Listen == "" {
		cfg.Listen = "127.0.0.1:0"
	}
	s, err := New(cfg, pro, opts)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Start() }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.Shutdown(ctx)
		<-done
	})
	return s
}

// connect opens a database/sql pool to s as user without TLS, and checks
// the login.
func connect(t *testing.T, s *Server, user, password string) (*gosql.DB, error) {
	return connectTLS(t, s, user, password, "false")
}

// connectTLS is connect with go-sql-driver's tls parameter ("false",
// "skip-verify", "preferred").
func connectTLS(t *testing.T, s *Server, user, password, tls string) (*gosql.DB, error) {
	t.Helper()
	cfg := mysql.NewConfig()
	cfg.User, cfg.Passwd = user, password
	cfg.Net, cfg.Addr, cfg.TLSConfig = "tcp", s.Addr().String(), tls
	cfg.Timeout = 5 * time.Second
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		return nil, err
	}
	if err := db.Ping(); err != nil {
		_ = db.Close()
		return nil, err
	}
	t.Cleanup(func() { _ = db.Close() })
	return db, nil
}

func mustConnect(t *testing.T, s *Server, user, password string) *gosql.DB {
	t.Helper()
	db, err := connect(t, s, user, password)
	if err != nil {
		t.Fatalf("connect as %s: %v", user, err)
	}
	return db
}

// querier is a *sql.DB or a *sql.Conn.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*gosql.Rows, error)
}

// rows runs a query and returns its rows, values formatted with %v and
// joined by "|".
func rows(q querier, query string, args ...any) ([]string, error) {
	rs, err := q.QueryContext(context.Background(), query, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	cols, err := rs.Columns()
	if err != nil {
		return nil, err
	}
	var out []string
	for rs.Next() {
		vals := make([]gosql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			return nil, err
		}
		fields := make([]string, len(cols))
		for i, v := range vals {
			fields[i] = "NULL"
			if v.Valid {
				fields[i] = v.String
			}
		}
		out = append(out, strings.Join(fields, "|"))
	}
	return out, rs.Err()
}

func mustRows(t *testing.T, q querier, query string, args ...any) []string {
	t.Helper()
	out, err := rows(q, query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return out
}

func wantRows(t *testing.T, q querier, want string, query string, args ...any) {
	t.Helper()
	if got := strings.Join(mustRows(t, q, query, args...), "\n"); got != want {
		t.Errorf("%s:\n got %q\nwant %q", query, got, want)
	}
}

// wantErr checks that query fails with an error containing substr.
func wantErr(t *testing.T, q querier, substr string, query string, args ...any) {
	t.Helper()
	_, err := rows(q, query, args...)
	if err == nil {
		t.Fatalf("%s: no error, want %q", query, substr)
	}
	if !strings.Contains(err.Error(), substr) {
		t.Fatalf("%s: error %q, want %q", query, err, substr)
	}
}

// mysqlErrNumber is the MySQL error number of err, or 0.
func mysqlErrNumber(err error) uint16 {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number
	}
	return 0
}

func TestMain(m *testing.M) {
	RouteLibraryLogs(slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})))
	os.Exit(m.Run())
}

// waitFor polls cond for up to 10 s (the machine may be loaded).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 10 s")
		}
	}
}
