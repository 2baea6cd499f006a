package server

import (
	"context"
	"log/slog"
	"sync/atomic"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// Engine is the query engine a Server serves, without the network: the
// analyzer with the provider's rules, users and grants, the access checks,
// the file guard and the parser with Paimon's SQL. Tests run statements on
// it in-process (internal/sqltest) exactly as a connection would.
type Engine struct {
	*sqle.Engine
	wrap       func(*sql.BaseSession) sql.Session
	privileges *privilegeSync
	memory     *queryMemory
	tokens     *TokenAuthorizer
	nextConn   atomic.Uint32
}

// NewEngine builds the engine New serves, with the same configuration and
// options, and listens nowhere.
func NewEngine(cfg Config, provider sql.DatabaseProvider, opts Options) (*Engine, error) {
	opts = opts.from(provider)
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	return newEngine(cfg, provider, opts, log)
}

// NewSession is a session of user@host, as a connection of that account has
// after logging in, registered with the process list.
func (e *Engine) NewSession(user, host string) sql.Session {
	client := sql.Client{User: user, Address: host}
	sess := e.wrap(sql.NewBaseSessionWithClientServer("in-process", client, e.nextConn.Add(1)))
	e.ProcessList.ConnectionReady(sess)
	return sess
}

func newEngine(cfg Config, provider sql.DatabaseProvider, opts Options, log *slog.Logger) (*Engine, error) {
	wrap := opts.WrapSession
	if wrap == nil {
		wrap = NewSession
	}
	b := analyzer.NewBuilder(provider)
	for _, r := range opts.Rules {
		b.AddPostAnalyzeRule(r.Id, r.Apply)
	}
	a := b.Build()
	if opts.ExecBuilder != nil {
		a.ExecBuilder = opts.ExecBuilder
	}
	if opts.JoinCoster != nil {
		a.Coster = opts.JoinCoster(a.Coster)
	}
	acc := &access{mdb: a.Catalog.MySQLDb, provider: provider}
	files, err := newFileAccess(cfg.SecureFilePriv, append([]string{cfg.TLSCertFile, cfg.TLSKeyFile}, cfg.ProtectedPaths...), cfg.ReadOnly, acc)
	if err != nil {
		return nil, err
	}
	a.ExecBuilder = guardedExec{inner: a.ExecBuilder, files: files}
	a.Catalog.AuthHandler = authHandler{inner: a.Catalog.AuthHandler, access: acc}
	if err := filterInfoSchema(sql.NewEmptyContext(), a.Catalog.InfoSchema, acc); err != nil {
		return nil, err
	}
	a.Catalog.InfoSchema = columnKeys{a.Catalog.InfoSchema}
	engine := sqle.New(a, &sqle.Config{IsReadOnly: cfg.ReadOnly})
	engine.ProcessList = redactedProcessList{engine.ProcessList}
	memory := newQueryMemory(cfg.QueryMemoryLimit)
	engine.MemoryManager = sql.NewMemoryManager(memory)
	if err := sqlext.SetGlobals(sqlext.Globals{Version: cfg.Version, VersionComment: versionComment,
		MaxConnections: cfg.MaxConnections, WaitTimeout: cfg.ConnReadTimeout, MaxAllowedPacket: cfg.MaxAllowedPacket,
		ConnectTimeout: cfg.ConnectTimeout, MaxUserConnections: cfg.MaxUserConnections,
		RequireSecureTransport: cfg.RequireSecureTransport,
		SecureFilePriv:         files.dir, Functions: loadFileFunction{}, DDLDialect: cfg.DDLDialect,
		LocalInfile: cfg.LocalInfile}); err != nil {
		return nil, err
	}
	privileges, err := setupUsers(context.Background(), engine.Analyzer.Catalog.MySQLDb, opts.Privileges, cfg.RootPassword, log)
	if err != nil {
		return nil, err
	}
	engine.Parser = sqlext.NewParser(sqlext.ParserOptions{ProcedureParams: opts.ProcedureParams, Tables: opts.Tables,
		Check: func(ctx context.Context, stmt ast.Statement) error {
			return prepareAccountStatement(ctx, privileges, stmt)
		}})
	// Procedures and catalog-wide system tables check table privileges
	// themselves, with exact names: CALL only needs EXECUTE.
	if p, ok := provider.(interface {
		SetAccessCheck(func(ctx *sql.Context, db, table string, privs ...sql.PrivilegeType) bool)
	}); ok {
		p.SetAccessCheck(acc.allowed)
	}
	mdb := engine.Analyzer.Catalog.MySQLDb
	registerTokenProcedures(provider, &tokenProcedures{mdb: mdb, privileges: privileges, access: acc})
	tokens := &TokenAuthorizer{mdb: mdb, privileges: privileges, access: acc, log: log}
	return &Engine{Engine: engine, wrap: wrap, privileges: privileges, memory: memory, tokens: tokens}, nil
}
