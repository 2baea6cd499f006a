package server

import (
	"context"
	"errors"

	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// Transactions commit or discard what a session's statements staged. The
// catalog implements it: go-mysql-server calls the session, the session
// calls this.
type Transactions interface {
	// Commit makes the session's staged writes durable (one snapshot per
	// table); it is a no-op when nothing is staged.
	Commit(ctx *sql.Context) error
	// Rollback discards the session's staged writes.
	Rollback(ctx *sql.Context) error
}

// Session is the per-connection state: go-mysql-server's session plus
// transactions over Transactions.
type Session struct {
	*sql.BaseSession
	txns Transactions
}

var (
	_ sql.TransactionSession    = (*Session)(nil)
	_ sql.LifecycleAwareSession = (*Session)(nil)
)

// NewSession is the default Options.WrapSession: a session without
// transactions (COMMIT and ROLLBACK do nothing).
func NewSession(base *sql.BaseSession) sql.Session {
	return &Session{BaseSession: base}
}

// NewTransactionalSession returns a WrapSession whose sessions commit and
// roll back through txns.
func NewTransactionalSession(txns Transactions) func(*sql.BaseSession) sql.Session {
	return func(base *sql.BaseSession) sql.Session { return &Session{BaseSession: base, txns: txns} }
}

// transaction is go-mysql-server's handle of a running transaction; the
// staged writes themselves live in Transactions, keyed by the session.
type transaction struct{ readOnly bool }

func (t *transaction) String() string   { return "paimon transaction" }
func (t *transaction) IsReadOnly() bool { return t.readOnly }

// StartTransaction implements sql.TransactionSession. go-mysql-server calls it
// before every statement outside a transaction, so it must stay cheap.
func (s *Session) StartTransaction(_ *sql.Context, c sql.TransactionCharacteristic) (sql.Transaction, error) {
	return &transaction{readOnly: c == sql.ReadOnly}, nil
}

// CommitTransaction implements sql.TransactionSession.
func (s *Session) CommitTransaction(ctx *sql.Context, _ sql.Transaction) error {
	if s.txns == nil {
		return nil
	}
	return s.txns.Commit(ctx)
}

// Rollback implements sql.TransactionSession.
func (s *Session) Rollback(ctx *sql.Context, _ sql.Transaction) error {
	if s.txns == nil {
		return nil
	}
	return s.txns.Rollback(ctx)
}

var errSavepoints = errors.New("savepoints are not supported: a Paimon transaction commits or rolls back as a whole")

// CreateSavepoint implements sql.TransactionSession.
func (s *Session) CreateSavepoint(*sql.Context, sql.Transaction, string) error { return errSavepoints }

// RollbackToSavepoint implements sql.TransactionSession.
func (s *Session) RollbackToSavepoint(*sql.Context, sql.Transaction, string) error {
	return errSavepoints
}

// ReleaseSavepoint implements sql.TransactionSession.
func (s *Session) ReleaseSavepoint(*sql.Context, sql.Transaction, string) error { return errSavepoints }

// CommandBegin implements sql.LifecycleAwareSession.
func (s *Session) CommandBegin() error { return nil }

// CommandEnd implements sql.LifecycleAwareSession.
func (s *Session) CommandEnd() {}

// SessionEnd implements sql.LifecycleAwareSession: a client that disconnects
// inside a transaction loses its staged writes, as in MySQL.
func (s *Session) SessionEnd() {
	if s.txns != nil {
		ctx := sql.NewContext(context.Background(), sql.WithSession(s))
		_ = s.txns.Rollback(ctx)
	}
}

// sessionBuilder creates the session of a connection from its authenticated
// user. wrap lets a caller (tests with GMS's memory tables) use its own type.
// The process list learns the user at once: go-mysql-server only tells it
// when the client chooses a database.
func sessionBuilder(wrap func(*sql.BaseSession) sql.Session, requireTLS bool, processes sql.ProcessList) server.SessionBuilder {
	return func(_ context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
		// The login refuses a plaintext client when TLS is required
		// (loginMethod); a session is refused too, in case.
		if requireTLS && !conn.TLSEnabled() {
			return nil, errInsecureTransport
		}
		client := sql.Client{Capabilities: conn.Capabilities}
		if u, ok := conn.UserData.(sql.MysqlConnectionUser); ok {
			client.User, client.Address = u.User, u.Host
		}
		sess := wrap(sql.NewBaseSessionWithClientServer(addr, client, conn.ConnectionID))
		processes.ConnectionReady(sess)
		conn.ClientData = sess // for what ConnectionClosed releases
		return sess, nil
	}
}
