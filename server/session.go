package server

import (
	"context"
	"errors"

	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// Session is the per-connection state. It is the place for Paimon
// transactions (pinned snapshots, staged commits) when they come.
type Session struct {
	*sql.BaseSession
}

// NewSession is the default Options.WrapSession.
func NewSession(base *sql.BaseSession) sql.Session {
	return &Session{BaseSession: base}
}

var errInsecureTransport = errors.New("server requires secure transport: connect with TLS")

// sessionBuilder creates the session of a connection from its authenticated
// user. wrap lets a caller (tests with GMS's memory tables) use its own type.
func sessionBuilder(wrap func(*sql.BaseSession) sql.Session, requireTLS bool) server.SessionBuilder {
	return func(_ context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
		// vitess sends an error to a plaintext client when TLS is required
		// but does not stop the handshake; refuse such a session here too.
		if requireTLS && !conn.TLSEnabled() {
			return nil, errInsecureTransport
		}
		client := sql.Client{Capabilities: conn.Capabilities}
		if u, ok := conn.UserData.(sql.MysqlConnectionUser); ok {
			client.User, client.Address = u.User, u.Host
		}
		return wrap(sql.NewBaseSessionWithClientServer(addr, client, conn.ConnectionID)), nil
	}
}
