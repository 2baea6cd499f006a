package server

import (
	"crypto/tls"
	"errors"
	"log/slog"
	"net"
	"sync"
	"syscall"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/netutil"
)

// admission decides which connections the server keeps, so that clients
// that never log in cannot lock out the ones that do:
//   - a connection still in its handshake (TLS, authentication) holds one
//     of maxHandshakes slots, separate from the logged-in ones, and is
//     closed when its handshake takes longer than connectTimeout (MySQL's
//     connect_timeout); beyond maxHandshakes, new connections are closed
//     at once;
//   - a logged-in connection takes one of maxConnections slots, or waits
//     up to maxWaitTimeout for one (at most maxWait clients wait), else it
//     is refused with MySQL's 1040 "Too many connections"; as in MySQL,
//     one connection more is kept for an account with SUPER, so an admin
//     can always log in;
//   - an account holds at most maxUserConnections connections (0: no
//     limit), else 1203, as MySQL's max_user_connections.
//
// vitess counts connections from accept to close, handshakes included, so
// its limit is left off and this one applies.
type admission struct {
	connectTimeout     time.Duration
	maxHandshakes      int
	maxConnections     int
	maxWait            int
	maxWaitTimeout     time.Duration
	maxUserConnections int

	log       *slog.Logger
	lastAlarm time.Time // of the warning that handshakes are at their bound

	mu         sync.Mutex
	handshakes int
	conns      int
	waiting    int
	perAccount map[string]int
	admitted   map[*mysql.Conn]string // logged-in connections, by account
	freed      chan struct{}          // closed and replaced when a slot frees
}

func newAdmission(cfg Config, log *slog.Logger) *admission {
	return &admission{log: log,
		connectTimeout: cfg.ConnectTimeout, maxHandshakes: cfg.MaxHandshakes,
		maxConnections: int(cfg.MaxConnections), maxWait: int(cfg.MaxWaitConnections), maxWaitTimeout: cfg.MaxWaitTimeout,
		maxUserConnections: int(cfg.MaxUserConnections),
		perAccount:         map[string]int{}, admitted: map[*mysql.Conn]string{}, freed: make(chan struct{}),
	}
}

var (
	errTooManyConnections = mysql.NewSQLError(mysql.ERConCount, mysql.SSUnknownSQLState, "Too many connections")
	// erTooManyUserConnections is MySQL's ER_TOO_MANY_USER_CONNECTIONS.
	erTooManyUserConnections = 1203
)

// handshakeListener hands out connections that hold a handshake slot and
// time out, both until their login succeeds (admission.loggedIn).
type handshakeListener struct {
	net.Listener
	adm *admission
}

func (l handshakeListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		l.adm.mu.Lock()
		full := l.adm.handshakes >= l.adm.maxHandshakes
		if !full {
			l.adm.handshakes++
		}
		alarm := full && time.Since(l.adm.lastAlarm) >= time.Minute
		if alarm {
			l.adm.lastAlarm = time.Now()
		}
		l.adm.mu.Unlock()
		if alarm {
			l.adm.log.Warn("connections logging in reached --max-handshake-connections; closing new ones until some log in or time out",
				"max_handshake_connections", l.adm.maxHandshakes, "connect_timeout", l.adm.connectTimeout)
		}
		if full {
			_ = c.Close()
			continue
		}
		hc := &handshakeConn{Conn: c, adm: l.adm, deadline: time.Now().Add(l.adm.connectTimeout)}
		_ = c.SetDeadline(hc.deadline)
		return hc, nil
	}
}

// handshakeConn is a connection whose reads and writes cannot be given a
// deadline past the end of its handshake, until it logs in.
type handshakeConn struct {
	net.Conn
	adm      *admission
	deadline time.Time

	mu   sync.Mutex
	done bool // logged in or closed: the slot is released

	read int // bytes read before the login; only the reading goroutine reads
}

// maxHandshakeBytes bounds what a client may send before it logs in, TLS
// handshake included (a login takes a few KiB): vitess reads a handshake
// packet of any length whole, so a client that never logs in could make
// the server hold as much as it sends.
const maxHandshakeBytes = 1 << 20

var errHandshakeTooLarge = errors.New("the client sent more than 1 MiB before logging in")

func (c *handshakeConn) Read(p []byte) (int, error) {
	c.mu.Lock()
	open := !c.done
	c.mu.Unlock()
	if open {
		if c.read >= maxHandshakeBytes {
			return 0, errHandshakeTooLarge
		}
		p = p[:min(len(p), maxHandshakeBytes-c.read)]
	}
	n, err := c.Conn.Read(p)
	c.read += n
	return n, err
}

func (c *handshakeConn) clamp(t time.Time) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.done && (t.IsZero() || t.After(c.deadline)) {
		return c.deadline
	}
	return t
}

func (c *handshakeConn) SetDeadline(t time.Time) error     { return c.Conn.SetDeadline(c.clamp(t)) }
func (c *handshakeConn) SetReadDeadline(t time.Time) error { return c.Conn.SetReadDeadline(c.clamp(t)) }
func (c *handshakeConn) SetWriteDeadline(t time.Time) error {
	return c.Conn.SetWriteDeadline(c.clamp(t))
}

// extend moves the end of the handshake d later: the server's own wait
// (loginThrottle) is no slowness of the client's.
func (c *handshakeConn) extend(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.done {
		c.deadline = c.deadline.Add(d)
		_ = c.Conn.SetDeadline(c.deadline)
	}
}

// endHandshake releases the handshake slot once; loggedIn also lifts the
// handshake's deadline.
func (c *handshakeConn) endHandshake(loggedIn bool) {
	c.mu.Lock()
	was := c.done
	c.done = true
	c.mu.Unlock()
	if was {
		return
	}
	c.adm.mu.Lock()
	c.adm.handshakes--
	c.adm.mu.Unlock()
	if loggedIn {
		_ = c.Conn.SetDeadline(time.Time{})
	}
}

// SyscallConn gives the socket to clientClosed, which peeks at it to see
// whether the client of a running statement went away.
func (c *handshakeConn) SyscallConn() (syscall.RawConn, error) {
	sc, ok := c.Conn.(syscall.Conn)
	if !ok {
		return nil, errors.New("not a socket")
	}
	return sc.SyscallConn()
}

func (c *handshakeConn) Close() error {
	c.endHandshake(false)
	return c.Conn.Close()
}

// handshakeOf finds the handshakeConn under vitess's wrappers.
func handshakeOf(c net.Conn) *handshakeConn {
	for {
		switch x := c.(type) {
		case *handshakeConn:
			return x
		case *tls.Conn:
			c = x.NetConn()
		case netutil.ConnWithTimeouts:
			c = x.Conn
		case *netutil.ConnWithTimeouts:
			c = x.Conn
		default:
			return nil
		}
	}
}

// loggedIn admits c, which logged in to account u, or returns the error
// to refuse it with. It ends c's handshake either way.
func (a *admission) loggedIn(c *mysql.Conn, u *mysql_db.User) error {
	if hc := handshakeOf(c.Conn); hc != nil {
		hc.endHandshake(true)
	}
	account := u.UserHostToString("'")
	superuser := u.PrivilegeSet.Has(sql.PrivilegeType_Super)
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.maxUserConnections > 0 && a.perAccount[account] >= a.maxUserConnections {
		return mysql.NewSQLError(erTooManyUserConnections, "42000",
			"User %s already has more than 'max_user_connections' active connections", u.User)
	}
	limit := a.maxConnections
	if superuser {
		limit++ // MySQL's extra connection for an administrator
	}
	if a.conns >= limit {
		if a.waiting >= a.maxWait || !a.waitForSlot(limit) {
			return errTooManyConnections
		}
	}
	a.conns++
	a.perAccount[account]++
	a.admitted[c] = account
	return nil
}

// waitForSlot waits, with a.mu held (it is released while waiting), up to
// maxWaitTimeout for fewer than limit connections.
func (a *admission) waitForSlot(limit int) bool {
	a.waiting++
	defer func() { a.waiting-- }()
	timeout := time.NewTimer(a.maxWaitTimeout)
	defer timeout.Stop()
	for a.conns >= limit {
		freed := a.freed
		a.mu.Unlock()
		select {
		case <-freed:
			a.mu.Lock()
		case <-timeout.C:
			a.mu.Lock()
			return a.conns < limit
		}
	}
	return true
}

// closed releases what c held.
func (a *admission) closed(c *mysql.Conn) {
	a.mu.Lock()
	defer a.mu.Unlock()
	account, ok := a.admitted[c]
	if !ok {
		return
	}
	delete(a.admitted, c)
	a.conns--
	if a.perAccount[account]--; a.perAccount[account] == 0 {
		delete(a.perAccount, account)
	}
	close(a.freed)
	a.freed = make(chan struct{})
}
