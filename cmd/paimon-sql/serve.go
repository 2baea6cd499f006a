package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/format"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/server"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// shutdownTimeout is how long running queries get to finish after SIGTERM
// (procedure calls are cancelled at once, see server.Shutdown).
const shutdownTimeout = 30 * time.Second

func serve(ctx context.Context, args []string) error {
	f := newEnvFlags("serve")
	warehouse := f.String("warehouse", "", "warehouse URL: a path, file://, mem://, s3://bucket/prefix?region=..., gs://, azblob://\n"+
		"(default: a demo warehouse in $HOME/.paimon-sql/warehouse)")
	listen := f.String("listen", server.DefaultListen, "MySQL protocol address, host:port")
	readOnly := f.Bool("read-only", false, "reject every write")
	rootPassword := f.String("root-password", "", "password of root@'%' (required unless listening on loopback)")
	rootPasswordFile := f.String("root-password-file", "", "file holding the root password")
	tlsCert := f.String("tls-cert", "", "TLS certificate file (PEM); without it a self-signed certificate is generated at start")
	tlsKey := f.String("tls-key", "", "TLS private key file (PEM)")
	requireTLS := f.Bool("require-secure-transport", false, "refuse clients without TLS")
	logLevel := f.String("log-level", "info", "debug, info, warn or error")
	ops := defineServiceFlags(f)
	rest := defineRESTFlags(f)
	catalogs := defineCatalogFlags(f)
	maxConns := f.Uint64("max-connections", server.DefaultMaxConnections, "maximum concurrent clients")
	maxWait := f.Uint64("max-wait-connections", server.DefaultMaxWaitConnections, "clients that may wait for a connection slot when max-connections are busy")
	maxWaitTimeout := f.Duration("max-wait-timeout", server.DefaultMaxWaitTimeout, "how long a waiting client waits for a slot")
	connectTimeout := f.Duration("connect-timeout", server.DefaultConnectTimeout, "close a connection that has not logged in this long after connecting (MySQL's connect_timeout)")
	maxHandshakes := f.Int("max-handshake-connections", server.DefaultMaxHandshakes, "connections still logging in that are kept, apart from max-connections (more are closed at once)")
	maxUserConns := f.Uint64("max-user-connections", 0, "maximum concurrent connections of one account (MySQL's max_user_connections; 0: no limit)")
	loginFailures := f.Int("login-failures-before-delay", server.DefaultLoginFailuresBeforeDelay,
		"consecutive failed logins of a user from a host after which each attempt waits (0: no throttling)")
	loginDelayMin := f.Duration("login-delay-min", server.DefaultLoginDelayMin, "the wait added per failed login beyond login-failures-before-delay")
	loginDelayMax := f.Duration("login-delay-max", server.DefaultLoginDelayMax, "the longest wait of a throttled login")
	readTimeout := f.Duration("conn-read-timeout", server.DefaultConnReadTimeout, "close a connection idle this long (also the longest wait for a client's next packet)")
	writeTimeout := f.Duration("conn-write-timeout", server.DefaultConnWriteTimeout, "cut off a client that does not read its results for this long (its statement stops)")
	queryMemory := f.String("query-memory-limit", "", "bound on the rows statements keep (sorts, GROUP BY, joins, windows: counted) and on the live heap;\n"+
		"past it statements fail with 1041, e.g. 2GiB; also the Go runtime's soft memory limit unless GOMEMLIMIT is set (default: half the machine's or container's memory)")
	maxPacket := f.String("max-allowed-packet", "64MiB", "@@max_allowed_packet: the largest statement, and the largest string a function returns\n"+
		"(larger results are NULL with warning 1301, as in MySQL); 1KiB to 1GiB")
	pageCache := f.String("page-cache-size", fmt.Sprintf("%dMiB", format.DefaultPageCacheBytes>>20),
		"memory for decoded Parquet pages that key lookups read, kept for the next lookups (0: off)")
	secureFilePriv := f.String("secure-file-priv", "", "the only directory LOAD_FILE, SELECT ... INTO OUTFILE/DUMPFILE and LOAD DATA INFILE may use\n"+
		"(users also need the FILE privilege; the warehouse and TLS files stay out of reach; unset: those statements are disabled)")
	localInfile := f.Bool("local-infile", false, "take LOAD DATA LOCAL INFILE (the client sends its file; the user needs INSERT on the table), from clients that allow it;\n"+
		"the initial @@local_infile, which SET GLOBAL changes (off by default, as in MySQL 8)")
	ddlDialect := f.String("ddl-dialect", "mysql", "how CREATE and ALTER TABLE read TIMESTAMP, the global default of @@ddl_dialect:\n"+
		"mysql and spark (an instant: TIMESTAMP WITH LOCAL TIME ZONE) or flink (without time zone)")
	externalRoots := f.List("allow-external-path", "a location (file:/dir, s3://bucket/prefix?region=...) under which tables may put "+
		"data files (data-file.external-paths); none by default")
	if err := f.Parse(args); err != nil {
		return err
	}
	if err := paimonfs.AllowExternalRoots(*externalRoots); err != nil {
		return err
	}
	if err := sqlext.CheckDialect(*ddlDialect); err != nil {
		return fmt.Errorf("--ddl-dialect: %w", err)
	}

	log, err := newLogger(*logLevel, *ops.logFormat)
	if err != nil {
		return err
	}
	password, err := readRootPassword(*rootPassword, *rootPasswordFile)
	if err != nil {
		return err
	}
	if *loginFailures == 0 {
		*loginFailures = -1 // server.Config's "off"
	}
	packet, err := humanize.ParseBytes(*maxPacket)
	if err != nil {
		return fmt.Errorf("--max-allowed-packet %q: want a size such as 64MiB", *maxPacket)
	}
	memoryLimit, err := queryMemoryLimit(*queryMemory)
	if err != nil {
		return err
	}
	cacheBytes, err := humanize.ParseBytes(*pageCache)
	if err != nil || cacheBytes > math.MaxInt64 {
		return fmt.Errorf("--page-cache-size %q: want a size such as 256MiB, or 0 for no cache", *pageCache)
	}
	format.SetPageCacheBytes(int64(cacheBytes))

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	fsys, err := openWarehouse(ctx, *warehouse, *ops.createWarehouse, log)
	if err != nil {
		return err
	}
	defer fsys.Close()
	ms, closeCatalog, err := catalogs.open(ctx, fsys)
	if err != nil {
		return err
	}
	defer func() { _ = closeCatalog() }()
	provider, err := catalog.NewProviderIn(ctx, fsys, ms)
	if err != nil {
		return err
	}
	metrics, stopMetrics, err := ops.serveMetrics(log)
	if err != nil {
		return err
	}
	defer stopMetrics()
	srv, err := server.New(server.Config{
		Listen:                   *listen,
		ReadOnly:                 *readOnly,
		RootPassword:             password,
		TLSCertFile:              *tlsCert,
		TLSKeyFile:               *tlsKey,
		RequireSecureTransport:   *requireTLS,
		MaxConnections:           *maxConns,
		MaxWaitConnections:       uint32(*maxWait),
		MaxWaitTimeout:           *maxWaitTimeout,
		ConnectTimeout:           *connectTimeout,
		MaxHandshakes:            *maxHandshakes,
		MaxUserConnections:       *maxUserConns,
		LoginFailuresBeforeDelay: *loginFailures,
		LoginDelayMin:            *loginDelayMin,
		LoginDelayMax:            *loginDelayMax,
		ConnReadTimeout:          *readTimeout,
		ConnWriteTimeout:         *writeTimeout,
		QueryMemoryLimit:         memoryLimit,
		MaxAllowedPacket:         packet,
		SecureFilePriv:           *secureFilePriv,
		LocalInfile:              *localInfile,
		DDLDialect:               *ddlDialect,
		ProtectedPaths:           localWarehouseDirs(*warehouse),
	}, provider, server.Options{
		Privileges: server.WarehousePrivileges(fsys),
		Logger:     log,
		SlowQuery:  time.Duration(*ops.slowQueryMS) * time.Millisecond,
		Metrics:    metrics,
	})
	if err != nil {
		return err
	}
	// The REST catalog authorises by this server's accounts and grants.
	stopREST, err := rest.serve(fsys, provider.Runtime(), ms, srv.Authorizer(), log)
	if err != nil {
		return err
	}
	stopREST = sync.OnceFunc(stopREST)
	defer stopREST()

	served := make(chan error, 1)
	go func() { served <- srv.Start() }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	// A second signal kills the process.
	stop()
	// The REST catalog stops first, so that the maintenance its last
	// commits started is among what the server's shutdown waits for.
	stopREST()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	err = srv.Shutdown(shutdownCtx)
	<-served
	return err
}

// queryMemoryLimit parses --query-memory-limit (empty: the server's
// default) and makes it the runtime's soft memory limit, so that garbage is
// collected before the live heap nears the limit, unless GOMEMLIMIT chose
// another.
func queryMemoryLimit(flag string) (uint64, error) {
	limit := server.DefaultQueryMemoryLimit()
	if flag != "" {
		n, err := humanize.ParseBytes(flag)
		if err != nil || n == 0 {
			return 0, fmt.Errorf("--query-memory-limit %q: want a size such as 512MiB or 4GiB", flag)
		}
		limit = n
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(int64(min(limit, math.MaxInt64)))
	}
	return limit, nil
}

// newLogger makes the process logger and routes the libraries' logs to it.
func newLogger(level, format string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("log level %q: want debug, info, warn or error", level)
	}
	handler, err := logHandler(os.Stderr, format, l)
	if err != nil {
		return nil, err
	}
	log := slog.New(handler)
	slog.SetDefault(log)
	server.RouteLibraryLogs(log)
	return log, nil
}

// readRootPassword takes the password from the flag or from a file (for
// secrets mounted as files); a file's trailing newline is not part of it.
func readRootPassword(password, file string) (string, error) {
	if file == "" {
		return password, nil
	}
	if password != "" {
		return "", errors.New("give the root password or a root password file, not both")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("root password file: %w", err)
	}
	password = strings.TrimRight(string(data), "\r\n")
	if password == "" {
		return "", fmt.Errorf("root password file %s is empty", file)
	}
	return password, nil
}
