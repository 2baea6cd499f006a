package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// authServer checks logins in place of GMS's, which tells an unknown user
// ("No authentication methods available") from a wrong password, offers
// caching_sha2_password only over TLS, has no cache for it and reads no
// privileges written by other servers.
//
// Every failure is the same "Access denied for user '<name>'", whether the
// account is missing, locked, a role or the password is wrong; an unknown
// user is taken through caching_sha2_password, like the accounts created
// with the default plugin (MySQL does the same). An empty user name is no
// account. mysql_native_password accounts log in as before.
// caching_sha2_password accounts log in as in MySQL: the first login of an
// account needs TLS (the password then travels in clear inside TLS), after
// which the server caches SHA256(SHA256(password)) in memory and further
// logins use the scramble, over TLS or not. Vitess has no RSA key exchange,
// so a full authentication without TLS is refused (sha2Method explains).
type authServer struct {
	db         *mysql_db.MySQLDb
	privileges *privilegeSync
	log        *slog.Logger
	methods    []mysql.AuthMethod
	// status is the server's status line (handler.statusLine), set once
	// the handler exists, before the first connection.
	status func() string
	// prepareError is the syntax error of a statement to prepare
	// (handler.prepareError), set with status.
	prepareError func(ctx context.Context, c *mysql.Conn, query string) *mysql.SQLError
	// admission admits logged-in connections; throttle delays guessing.
	admission *admission
	throttle  *loginThrottle

	mu sync.Mutex
	// sha2Cache holds SHA256(SHA256(password)) of accounts that logged in
	// with caching_sha2_password, valid while their auth string is unchanged.
	sha2Cache map[mysql_db.UserPrimaryKey]sha2CacheEntry
}

type sha2CacheEntry struct {
	authString string
	hash       []byte
}

var _ mysql.AuthServer = (*authServer)(nil)

// newAuthServer checks logins against db; cfg.RequireSecureTransport
// refuses connections without TLS, and cfg's limits admit connections
// (admission) and throttle failed logins (loginThrottle).
func newAuthServer(db *mysql_db.MySQLDb, privileges *privilegeSync, log *slog.Logger, cfg Config, adm *admission) *authServer {
	a := &authServer{db: db, privileges: privileges, log: log, sha2Cache: map[mysql_db.UserPrimaryKey]sha2CacheEntry{},
		admission: adm, throttle: newLoginThrottle(cfg)}
	sha2Accounts := accountsOf{a, mysql.CachingSha2Password}
	a.methods = []mysql.AuthMethod{
		loginMethod{mysql.NewMysqlNativeAuthMethod(nativeStorage{a}, accountsOf{a, mysql.MysqlNativePassword}), cfg.RequireSecureTransport, a},
		loginMethod{sha2Method{mysql.NewSha2CachingAuthMethod(sha2Cache{a}, sha2Storage{a}, sha2Accounts), sha2Accounts}, cfg.RequireSecureTransport, a},
	}
	return a
}

// erSecureTransportRequired is MySQL's ER_SECURE_TRANSPORT_REQUIRED, which
// vitess does not name.
const erSecureTransportRequired = 3159

// errInsecureTransport is MySQL's refusal of a plaintext client under
// --require-secure-transport. vitess's own (with RequireSecureTransport)
// is "unknown error: Code: UNAVAILABLE", and it goes on with the handshake.
var errInsecureTransport = mysql.NewSQLError(erSecureTransportRequired, mysql.SSUnknownSQLState,
	"Connections using insecure transport are prohibited while --require-secure-transport is on: connect with TLS")

// listenerWithAuth makes GMS's MySQL listener check logins with auth.
func listenerWithAuth(auth *authServer) gmsserver.ProtocolListenerFunc {
	return func(cfg gmsserver.Config, lc mysql.ListenerConfig, sel gmsserver.ServerEventListener) (gmsserver.ProtocolListener, error) {
		lc.AuthServer = auth
		return gmsserver.MySQLProtocolListenerFactory(cfg, lc, sel)
	}
}

func (a *authServer) AuthMethods() []mysql.AuthMethod { return a.methods }

// DefaultAuthMethodDescription is what the handshake proposes: old clients
// know mysql_native_password; caching_sha2_password accounts are switched.
func (a *authServer) DefaultAuthMethodDescription() mysql.AuthMethodDescription {
	return mysql.MysqlNativePassword
}

func accessDenied(user string) error {
	return mysql.NewSQLError(mysql.ERAccessDeniedError, mysql.SSAccessDeniedError, "Access denied for user '%v'", user)
}

// account is the account user logs in to from addr, or nil: no account,
// an empty name (no anonymous accounts), a role or a locked account.
func (a *authServer) account(user string, addr net.Addr) *mysql_db.User {
	if user == "" {
		return nil
	}
	host := "localhost"
	if addr.Network() != "unix" {
		h, _, err := net.SplitHostPort(addr.String())
		if err != nil {
			return nil
		}
		host = h
	}
	rd := a.db.Reader()
	defer rd.Close()
	u := a.db.GetUser(rd, user, host, false)
	if u == nil || u.User != user || u.IsRole || u.Locked {
		return nil
	}
	return u
}

// connectionUser is what GMS's sessions are built from.
func connectionUser(u *mysql_db.User) mysql.Getter {
	return sql.MysqlConnectionUser{User: u.User, Host: u.Host}
}

// accountsOf tells vitess which accounts a method logs in: those of its
// plugin; unknown users go through caching_sha2_password and fail like an
// account of it.
type accountsOf struct {
	a      *authServer
	plugin mysql.AuthMethodDescription
}

func (v accountsOf) HandleUser(user string, addr net.Addr) bool {
	// A login sees the accounts and passwords other servers changed.
	if err := v.a.privileges.refresh(context.Background(), loginPrivilegesAge); err != nil {
		v.a.log.Warn("cannot read the privileges store; using the loaded privileges", "err", err)
	}
	if u := v.a.account(user, addr); u != nil {
		return u.Plugin == string(v.plugin)
	}
	// As in MySQL, an unknown user looks like an account of the default
	// plugin of new accounts.
	return v.plugin == mysql.CachingSha2Password
}

// nativeStorage checks mysql_native_password scrambles.
type nativeStorage struct{ a *authServer }

func (s nativeStorage) UserEntryWithHash(_ []*x509.Certificate, salt []byte, user string, reply []byte, addr net.Addr) (mysql.Getter, error) {
	u := s.a.account(user, addr)
	if u == nil || u.Plugin != string(mysql.MysqlNativePassword) {
		return nil, accessDenied(user)
	}
	if u.AuthString == "" {
		if len(reply) > 0 {
			return nil, accessDenied(user)
		}
		return connectionUser(u), nil
	}
	hash, err := hex.DecodeString(strings.TrimPrefix(u.AuthString, "*"))
	if err != nil || !mysql.VerifyHashedMysqlNativePassword(reply, salt, hash) {
		return nil, accessDenied(user)
	}
	return connectionUser(u), nil
}

// statusLine answers COM_STATISTICS.
func (a *authServer) statusLine() string {
	if a.status == nil {
		return ""
	}
	return a.status()
}

// loginMethod is every login's last step, around an authentication
// method: with requireTLS, it refuses a connection without TLS; it
// throttles repeated failures (loginThrottle) and admits the connection
// (admission); and it makes the connection read server-side prepared
// CALLs in Paimon's syntax (sqlext.ReadPreparedCalls): authentication is
// where a connection is past its switch to TLS and its client waits.
type loginMethod struct {
	mysql.AuthMethod
	requireTLS bool
	a          *authServer
}

func (m loginMethod) HandleAuthPluginData(c *mysql.Conn, user string, serverData, clientData []byte, addr net.Addr) (mysql.Getter, error) {
	if m.requireTLS && !c.TLSEnabled() {
		return nil, errInsecureTransport
	}
	c.PrepareContext = func(ctx context.Context) (context.Context, context.CancelFunc) { return clientContext(ctx, c) }
	sqlext.ReadPreparedCalls(c, m.a.statusLine, func(ctx context.Context, query string) *mysql.SQLError {
		if m.a.prepareError == nil {
			return nil
		}
		return m.a.prepareError(ctx, c, query)
	}, sqlext.MaxAllowedPacket)
	var g mysql.Getter
	extend := func(d time.Duration) {
		if hc := handshakeOf(c.Conn); hc != nil {
			hc.extend(d)
		}
	}
	err := m.a.throttle.attempt(throttleKey(user, addr), extend, func() (err error) {
		g, err = m.AuthMethod.HandleAuthPluginData(c, user, serverData, clientData, addr)
		return err
	})
	if err != nil {
		return nil, err
	}
	u := m.a.account(user, addr)
	if u == nil {
		return nil, accessDenied(user) // dropped while logging in
	}
	if err := m.a.admission.loggedIn(c, u); err != nil {
		return nil, err
	}
	return g, nil
}

// sha2Method is vitess's caching_sha2_password, offered on connections
// without TLS too (vitess offers it only with TLS) so that the fast path of
// a cached account works there.
type sha2Method struct {
	mysql.AuthMethod
	accounts accountsOf
}

func (m sha2Method) HandleUser(c *mysql.Conn, user string) bool {
	return m.accounts.HandleUser(user, c.RemoteAddr())
}

// HandleAuthPluginData explains vitess's refusal of a full authentication
// without TLS, where MySQL would offer an RSA key exchange.
func (m sha2Method) HandleAuthPluginData(c *mysql.Conn, user string, serverData, clientData []byte, addr net.Addr) (mysql.Getter, error) {
	g, err := m.AuthMethod.HandleAuthPluginData(c, user, serverData, clientData, addr)
	var se *mysql.SQLError
	if errors.As(err, &se) && strings.Contains(se.Message, "not using TLS") {
		return nil, mysql.NewSQLError(mysql.ERAccessDeniedError, mysql.SSAccessDeniedError,
			"Access denied for user '%v': caching_sha2_password needs a TLS connection to check a password "+
				"this server has not cached yet (connect with TLS once; the server offers no RSA key exchange)", user)
	}
	return g, err
}

// sha2Cache is caching_sha2_password's fast path. The scramble is checked
// against the salt and against the salt with the NUL that ends it in an
// auth switch request: PyMySQL scrambles with that NUL after a switch
// (which every caching_sha2_password account of a client proposing
// mysql_native_password gets), and would never log in without TLS. The
// reply proves knowledge of the password for this connection's salt
// either way.
type sha2Cache struct{ a *authServer }

func (s sha2Cache) UserEntryWithCacheHash(_ []*x509.Certificate, salt []byte, user string, reply []byte, addr net.Addr) (mysql.Getter, mysql.CacheState, error) {
	u := s.a.account(user, addr)
	if len(reply) == 0 || len(reply) == 1 && reply[0] == 0 {
		if u != nil && u.AuthString == "" {
			return connectionUser(u), mysql.AuthAccepted, nil
		}
		return nil, mysql.AuthRejected, nil
	}
	if u == nil {
		return nil, mysql.AuthNeedMoreData, nil // as for an account not cached
	}
	s.a.mu.Lock()
	e, ok := s.a.sha2Cache[userKey(u)]
	s.a.mu.Unlock()
	if ok && e.authString == u.AuthString && (mysql.VerifyHashedCachingSha2Password(reply, salt, e.hash) ||
		mysql.VerifyHashedCachingSha2Password(reply, append(salt[:len(salt):len(salt)], 0), e.hash)) {
		return connectionUser(u), mysql.AuthAccepted, nil
	}
	return nil, mysql.AuthNeedMoreData, nil
}

// sha2Storage checks a caching_sha2_password sent in clear over TLS against
// the account's salted hash, and caches it for the fast path.
type sha2Storage struct{ a *authServer }

func (s sha2Storage) UserEntryWithPassword(_ []*x509.Certificate, user, password string, addr net.Addr) (mysql.Getter, error) {
	u := s.a.account(user, addr)
	if u == nil || u.Plugin != string(mysql.CachingSha2Password) || !sha2PasswordMatches(u.AuthString, password) {
		return nil, accessDenied(user)
	}
	h1 := sha256.Sum256([]byte(password))
	h2 := sha256.Sum256(h1[:])
	s.a.mu.Lock()
	s.a.sha2Cache[userKey(u)] = sha2CacheEntry{authString: u.AuthString, hash: h2[:]}
	s.a.mu.Unlock()
	return connectionUser(u), nil
}

// sha2PasswordMatches checks password against a caching_sha2_password
// authentication string ($A$iterations$salt digest; empty: no password).
func sha2PasswordMatches(authString, password string) bool {
	if authString == "" {
		return password == ""
	}
	digest, iterations, salt, _, err := mysql.DeserializeCachingSha2PasswordAuthString([]byte(authString))
	if err != nil || digest != "SHA256" {
		return false
	}
	got, err := mysql.SerializeCachingSha2PasswordAuthString(password, salt, iterations)
	return err == nil && subtle.ConstantTimeCompare(got, []byte(authString)) == 1
}
