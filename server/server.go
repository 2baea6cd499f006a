// Package server is the MySQL front end of paimon-sql: go-mysql-server over
// any sql.DatabaseProvider, with users and grants, access checks, logging
// and a graceful shutdown. Paimon's SQL and the fixes for MySQL clients are
// package sqlext's.
package server

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"net"
	"time"

	sqle "github.com/dolthub/go-mysql-server"
	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/memo"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// Options are what the caller plugs into the engine. Unset ones are taken
// from the provider when it offers them (PushdownRules, ExecBuilder,
// JoinCoster, ProcedureParams, Tables, and Commit/Rollback for
// transactions).
type Options struct {
	// Rules run after analysis, in order (e.g. the catalog's filter pushdown).
	Rules []analyzer.Rule
	// ExecBuilder, when set, builds the executors of plan nodes (the catalog
	// decorates SHOW CREATE TABLE); nil keeps the engine's own.
	ExecBuilder sql.NodeExecBuilder
	// JoinCoster, when set, wraps the join planner's coster (the catalog
	// prices lookups into its tables); nil keeps the engine's own.
	JoinCoster func(memo.Coster) memo.Coster
	// ProcedureParams enables named CALL arguments.
	ProcedureParams sqlext.ProcedureParams
	// Tables gives the parser table metadata (sqlext.Tables).
	Tables sqlext.Tables
	// Privileges keeps users and grants; nil keeps them in memory only.
	Privileges PrivilegeStore
	// WrapSession makes the session of a connection; nil means NewSession.
	WrapSession func(*sql.BaseSession) sql.Session
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// SlowQuery logs the statements that run at least this long; 0 logs none.
	SlowQuery time.Duration
	// Metrics, when set, counts connections and statements and answers
	// /readyz.
	Metrics *Metrics
}

// from fills the options left unset from what the provider offers (the
// Paimon catalog offers all of them), so callers need not wire each one.
func (o Options) from(provider sql.DatabaseProvider) Options {
	if p, ok := provider.(interface{ PushdownRules() []analyzer.Rule }); ok && o.Rules == nil {
		o.Rules = p.PushdownRules()
	}
	if p, ok := provider.(interface{ ExecBuilder() sql.NodeExecBuilder }); ok && o.ExecBuilder == nil {
		o.ExecBuilder = p.ExecBuilder()
	}
	if p, ok := provider.(interface{ JoinCoster(memo.Coster) memo.Coster }); ok && o.JoinCoster == nil {
		o.JoinCoster = p.JoinCoster
	}
	if p, ok := provider.(interface {
		ProcedureParams(string) ([]string, bool)
	}); ok && o.ProcedureParams == nil {
		o.ProcedureParams = p.ProcedureParams
	}
	if p, ok := provider.(sqlext.Tables); ok && o.Tables == nil {
		o.Tables = p
	}
	if p, ok := provider.(Transactions); ok && o.WrapSession == nil {
		o.WrapSession = NewTransactionalSession(p)
	}
	return o
}

// Server is a MySQL server over a provider.
type Server struct {
	cfg      Config
	engine   *sqle.Engine
	gms      *gmsserver.Server
	handler  *handler
	listener *retryListener
	log      *slog.Logger
	metrics  *Metrics
	tokens   *TokenAuthorizer
	// provider is closed by Shutdown when it has Close(ctx) (the catalog
	// waits for its background maintenance).
	provider sql.DatabaseProvider
}

// New builds the engine (NewEngine) and listens on cfg.Listen; Start serves.
func New(cfg Config, provider sql.DatabaseProvider, opts Options) (*Server, error) {
	opts = opts.from(provider)
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	tlsConfig, err := cfg.tlsConfig()
	if err != nil {
		return nil, err
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	e, err := newEngine(cfg, provider, opts, log)
	if err != nil {
		return nil, err
	}
	engine, privileges, memory, wrap := e.Engine, e.privileges, e.memory, e.wrap

	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return nil, err
	}
	adm := newAdmission(cfg, log)
	s := &Server{cfg: cfg, engine: engine, listener: &retryListener{Listener: ln, log: log}, log: log, metrics: opts.Metrics,
		tokens: e.tokens, provider: provider}
	auth := newAuthServer(engine.Analyzer.Catalog.MySQLDb, privileges, log, cfg, adm)
	s.gms, err = gmsserver.NewServerWithHandler(gmsserver.Config{
		Protocol:         "tcp",
		Address:          cfg.Listen,
		Listener:         handshakeListener{Listener: s.listener, adm: adm},
		Version:          cfg.Version,
		ConnReadTimeout:  cfg.ConnReadTimeout,
		ConnWriteTimeout: cfg.ConnWriteTimeout,
		// admission bounds connections once they log in, and handshakes
		// apart: vitess's bound counts both alike.
		MaxConnections: 0,
		TLSConfig:      tlsConfig,
		// The login refuses plaintext clients with MySQL's error
		// (newAuthServer); vitess's check sends an internal code.
		RequireSecureTransport:  false,
		ProtocolListenerFactory: listenerWithAuth(auth),
	}, engine, sql.NewContext, sessionBuilder(wrap, cfg.RequireSecureTransport, engine.ProcessList), nil,
		func(h mysql.Handler) (mysql.Handler, error) {
			s.handler = newHandler(h, log, engine.ProcessList.Kill, privileges, adm)
			auth.status = s.handler.statusLine
			auth.prepareError = s.handler.prepareError
			s.handler.stmts = statementLog{log: log, slow: opts.SlowQuery, metrics: opts.Metrics}
			return s.handler, nil
		})
	if err != nil {
		_ = ln.Close()
		return nil, err
	}
	s.handler.results = &resultPath{engine: engine, sessions: s.gms.SessionManager(),
		readTimeout: cfg.ConnReadTimeout, memory: memory}
	if li, ok := provider.(LiteralInserter); ok {
		s.handler.results.literals = li
	}
	return s, nil
}

// Addr is the address the server listens on.
func (s *Server) Addr() net.Addr { return s.listener.Addr() }

// Start serves until Shutdown.
func (s *Server) Start() error {
	s.log.Info("serving MySQL protocol", "addr", s.Addr().String(), "read_only", s.cfg.ReadOnly,
		"tls_cert", cmp.Or(s.cfg.TLSCertFile, "self-signed"), "version", s.cfg.Version)
	s.metrics.setReady(true)
	return s.gms.Start()
}

// drainPoll is how often Shutdown looks for connections that became idle;
// drainGrace is how long a connection must have been idle to be closed.
const (
	drainPoll  = 20 * time.Millisecond
	drainGrace = 50 * time.Millisecond
)

// Shutdown stops accepting, refuses new commands, closes connections as
// soon as they are idle and waits for them until ctx is done; then it
// closes the rest, cancelling their queries, and returns ctx.Err().
func (s *Server) Shutdown(ctx context.Context) error {
	s.log.Info("shutting down", "addr", s.Addr().String())
	s.metrics.setReady(false)
	_ = s.gms.Close()
	s.handler.drain()

	closed := make(chan struct{})
	go func() {
		s.gms.SessionManager().WaitForClosedConnections()
		close(closed)
	}()
	tick := time.NewTicker(drainPoll)
	defer tick.Stop()
	var err error
wait:
	for {
		s.handler.closeIdle(drainGrace)
		select {
		case <-closed:
			break wait
		case <-ctx.Done():
			s.log.Warn("shutdown deadline reached, closing busy connections")
			s.handler.closeAll()
			err = ctx.Err()
			break wait
		case <-tick.C:
		}
	}
	if c, ok := s.provider.(interface{ Close(context.Context) error }); ok {
		if cerr := c.Close(ctx); cerr != nil {
			s.log.Warn("shutdown deadline reached during background maintenance", "err", cerr)
			err = errors.Join(err, cerr)
		}
	}
	// GMS's engine Close always reports the cancellation of its background
	// threads.
	if cerr := s.engine.Close(); cerr != nil && !errors.Is(cerr, context.Canceled) {
		err = errors.Join(err, cerr)
	}
	return err
}
