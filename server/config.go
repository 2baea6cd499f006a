package server

import (
	"cmp"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"time"
)

// Defaults applied by New to zero Config fields.
const (
	DefaultListen  = "127.0.0.1:3306"
	DefaultVersion = "8.0.31-paimon-sql"
	// DefaultMaxConnections is MySQL's default max_connections. Each client
	// streaming a large scan holds that scan's buffers (tens of MB, see
	// docs/performance.md) until it reads on or the write timeout cuts it
	// off, so a thousand could exhaust a machine's memory.
	DefaultMaxConnections = 151
	// DefaultMaxWaitConnections is how many clients may queue once
	// MaxConnections is reached; vitess rejects at once when it is 0.
	DefaultMaxWaitConnections = 100
	// DefaultMaxWaitTimeout bounds how long a queued client waits for a slot.
	DefaultMaxWaitTimeout = 30 * time.Second
	// DefaultConnReadTimeout matches MySQL's wait_timeout (8h). GMS uses the
	// read timeout both as the idle timeout and as the longest wait between
	// two result rows, so it must be long for BI workloads.
	DefaultConnReadTimeout = 8 * time.Hour
	// DefaultConnWriteTimeout cuts off a client that stopped reading its
	// result: a statement that cannot write for this long fails and the
	// connection closes, releasing what the statement holds.
	DefaultConnWriteTimeout = time.Minute
	versionComment          = "paimon-sql"
	// DefaultConnectTimeout is MySQL's connect_timeout: the longest a
	// client may take from connecting to logging in.
	DefaultConnectTimeout = 10 * time.Second
	// DefaultMaxHandshakes bounds the connections still in their handshake,
	// apart from MaxConnections (see admission).
	DefaultMaxHandshakes = 1000
	// The defaults of the login throttle (loginThrottle), as MySQL's
	// connection_control plugin: a delay from the fourth consecutive
	// failure on, growing by a second per failure, here up to 30 s.
	DefaultLoginFailuresBeforeDelay = 3
	DefaultLoginDelayMin            = time.Second
	DefaultLoginDelayMax            = 30 * time.Second
	// DefaultMaxAllowedPacket is MySQL's default max_allowed_packet: the
	// largest statement and the largest string a function returns.
	DefaultMaxAllowedPacket = 64 << 20
	// MaxMaxAllowedPacket is the largest max_allowed_packet, as in MySQL.
	MaxMaxAllowedPacket = 1 << 30
)

// Config is how the MySQL front end listens and who may connect.
type Config struct {
	// Listen is the TCP address, host:port (port 0 picks a free port).
	Listen string
	// ReadOnly rejects every write (DML, DDL, non-read-only procedures).
	ReadOnly bool
	// RootPassword is the password of root@'%'; required unless Listen is a
	// loopback address. See setupUsers for how it meets stored privileges.
	RootPassword string
	// TLSCertFile and TLSKeyFile are the TLS certificate, when both are
	// set; otherwise a self-signed one is generated (autoCertificate).
	TLSCertFile string
	TLSKeyFile  string
	// RequireSecureTransport refuses clients that do not use TLS.
	RequireSecureTransport bool
	// MaxConnections limits concurrent clients; MaxWaitConnections more may
	// wait up to MaxWaitTimeout for a slot before being rejected.
	MaxConnections     uint64
	MaxWaitConnections uint32
	MaxWaitTimeout     time.Duration
	// ConnectTimeout closes a connection that has not logged in this long
	// after it connected (MySQL's connect_timeout); MaxHandshakes bounds
	// the connections not logged in yet, which never take one of
	// MaxConnections (see admission).
	ConnectTimeout time.Duration
	MaxHandshakes  int
	// MaxUserConnections bounds each account's connections (MySQL's
	// max_user_connections); 0 means no bound.
	MaxUserConnections uint64
	// LoginFailuresBeforeDelay consecutive failed logins of a user from a
	// host make the next ones wait LoginDelayMin more per failure, up to
	// LoginDelayMax (see loginThrottle); 0 means the default, a negative
	// number no throttling.
	LoginFailuresBeforeDelay     int
	LoginDelayMin, LoginDelayMax time.Duration
	// ConnReadTimeout is also the idle timeout (see DefaultConnReadTimeout).
	ConnReadTimeout  time.Duration
	ConnWriteTimeout time.Duration
	// QueryMemoryLimit is the live heap in bytes above which statements
	// that ask for more memory fail (see queryMemory); 0 means
	// DefaultQueryMemoryLimit().
	QueryMemoryLimit uint64
	// MaxAllowedPacket is @@max_allowed_packet (see
	// DefaultMaxAllowedPacket); 0 means the default.
	MaxAllowedPacket uint64
	// Version is @@version and the handshake banner.
	Version string
	// SecureFilePriv is the only directory LOAD_FILE, SELECT ... INTO
	// OUTFILE/DUMPFILE and LOAD DATA INFILE may reach (with the FILE
	// privilege, never on a read-only server); "" disables them, as
	// MySQL's secure_file_priv = NULL.
	SecureFilePriv string
	// LocalInfile is the initial @@local_infile: LOAD DATA LOCAL INFILE
	// reads a file the client sends, from clients that allow it, with the
	// INSERT privilege on the table. Off by default, as in MySQL 8.
	LocalInfile bool
	// DDLDialect is the global default of @@ddl_dialect, how CREATE and
	// ALTER TABLE read TIMESTAMP (sqlext.DialectMySQL, DialectFlink,
	// DialectSpark); "" is mysql.
	DDLDialect string
	// ProtectedPaths are never reachable through those statements, even
	// inside SecureFilePriv: the warehouse (hence the privileges store).
	// The TLS files are added to them.
	ProtectedPaths []string
}

func (c Config) withDefaults() Config {
	c.Listen = cmp.Or(c.Listen, DefaultListen)
	c.Version = cmp.Or(c.Version, DefaultVersion)
	c.MaxConnections = cmp.Or(c.MaxConnections, DefaultMaxConnections)
	c.MaxWaitConnections = cmp.Or(c.MaxWaitConnections, DefaultMaxWaitConnections)
	c.MaxWaitTimeout = cmp.Or(c.MaxWaitTimeout, DefaultMaxWaitTimeout)
	c.ConnReadTimeout = cmp.Or(c.ConnReadTimeout, DefaultConnReadTimeout)
	c.ConnWriteTimeout = cmp.Or(c.ConnWriteTimeout, DefaultConnWriteTimeout)
	c.ConnectTimeout = cmp.Or(c.ConnectTimeout, DefaultConnectTimeout)
	c.MaxHandshakes = cmp.Or(c.MaxHandshakes, DefaultMaxHandshakes)
	c.LoginFailuresBeforeDelay = cmp.Or(c.LoginFailuresBeforeDelay, DefaultLoginFailuresBeforeDelay)
	c.LoginDelayMin = cmp.Or(c.LoginDelayMin, DefaultLoginDelayMin)
	c.LoginDelayMax = cmp.Or(c.LoginDelayMax, DefaultLoginDelayMax)
	if c.QueryMemoryLimit == 0 {
		c.QueryMemoryLimit = DefaultQueryMemoryLimit()
	}
	c.MaxAllowedPacket = cmp.Or(c.MaxAllowedPacket, DefaultMaxAllowedPacket)
	return c
}

func (c Config) validate() error {
	host, _, err := net.SplitHostPort(c.Listen)
	if err != nil {
		return fmt.Errorf("listen address %q: %w", c.Listen, err)
	}
	if c.RootPassword == "" && !isLoopback(host) {
		return fmt.Errorf("listening on %q (not a loopback address) requires a root password: "+
			"set --root-password, --root-password-file or PAIMON_SQL_ROOT_PASSWORD", c.Listen)
	}
	if c.MaxAllowedPacket < 1024 || c.MaxAllowedPacket > MaxMaxAllowedPacket {
		return fmt.Errorf("max allowed packet %d: want 1KiB to 1GiB", c.MaxAllowedPacket)
	}
	if (c.TLSCertFile == "") != (c.TLSKeyFile == "") {
		return errors.New("TLS needs both a certificate and a key file")
	}
	if c.ConnectTimeout < 0 || c.MaxHandshakes < 0 || c.LoginDelayMin < 0 || c.LoginDelayMax < c.LoginDelayMin {
		return errors.New("connect timeout, handshake connections and login delays cannot be negative, " +
			"and the longest login delay cannot be shorter than the shortest")
	}
	if c.RequireSecureTransport && c.TLSCertFile == "" {
		return errors.New("requiring secure transport needs a TLS certificate and key")
	}
	return nil
}

// isLoopback tells whether host only accepts local connections. An empty
// host, a wildcard or any other name listens beyond this machine.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// tlsConfig serves the configured certificate, or a generated one.
func (c Config) tlsConfig() (*tls.Config, error) {
	var cert tls.Certificate
	var err error
	if c.TLSCertFile == "" {
		cert, err = autoCertificate()
	} else if cert, err = tls.LoadX509KeyPair(c.TLSCertFile, c.TLSKeyFile); err != nil {
		err = fmt.Errorf("load TLS certificate: %w", err)
	}
	if err != nil {
		return nil, err
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}
