package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/server"
)

// shutdownTimeout is how long running queries get to finish after SIGTERM.
const shutdownTimeout = 30 * time.Second

func serve(ctx context.Context, args []string) error {
	f := newEnvFlags("serve")
	warehouse := f.String("warehouse", "", "warehouse URL: a path, file://, mem://, s3://bucket/prefix?region=..., gs://, azblob://\n"+
		"(default: a demo warehouse in $HOME/.paimon-sql/warehouse)")
	listen := f.String("listen", server.DefaultListen, "MySQL protocol address, host:port")
	readOnly := f.Bool("read-only", false, "reject every write")
	rootPassword := f.String("root-password", "", "password of root@'%' (required unless listening on loopback)")
	rootPasswordFile := f.String("root-password-file", "", "file holding the root password")
	tlsCert := f.String("tls-cert", "", "TLS certificate file (PEM)")
	tlsKey := f.String("tls-key", "", "TLS private key file (PEM)")
	requireTLS := f.Bool("require-secure-transport", false, "refuse clients without TLS")
	logLevel := f.String("log-level", "info", "debug, info, warn or error")
	ops := defineServiceFlags(f)
	maxConns := f.Uint64("max-connections", server.DefaultMaxConnections, "maximum concurrent clients")
	maxWait := f.Uint64("max-wait-connections", server.DefaultMaxWaitConnections, "clients that may wait for a connection slot when max-connections are busy")
	maxWaitTimeout := f.Duration("max-wait-timeout", server.DefaultMaxWaitTimeout, "how long a waiting client waits for a slot")
	readTimeout := f.Duration("conn-read-timeout", server.DefaultConnReadTimeout, "close a connection idle this long (also the longest wait for a client's next packet)")
	writeTimeout := f.Duration("conn-write-timeout", server.DefaultConnWriteTimeout, "close a connection whose client does not read results for this long")
	secureFilePriv := f.String("secure-file-priv", "", "the only directory LOAD_FILE, SELECT ... INTO OUTFILE/DUMPFILE and LOAD DATA INFILE may use\n"+
		"(users also need the FILE privilege; the warehouse and TLS files stay out of reach; unset: those statements are disabled)")
	if err := f.Parse(args); err != nil {
		return err
	}

	log, err := newLogger(*logLevel, *ops.logFormat)
	if err != nil {
		return err
	}
	password, err := readRootPassword(*rootPassword, *rootPasswordFile)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	fsys, err := openWarehouse(ctx, *warehouse, *ops.createWarehouse, log)
	if err != nil {
		return err
	}
	defer fsys.Close()
	provider, err := catalog.NewProvider(ctx, fsys)
	if err != nil {
		return err
	}
	metrics, stopMetrics, err := ops.serveMetrics(log)
	if err != nil {
		return err
	}
	defer stopMetrics()
	srv, err := server.New(server.Config{
		Listen:                 *listen,
		ReadOnly:               *readOnly,
		RootPassword:           password,
		TLSCertFile:            *tlsCert,
		TLSKeyFile:             *tlsKey,
		RequireSecureTransport: *requireTLS,
		MaxConnections:         *maxConns,
		MaxWaitConnections:     uint32(*maxWait),
		MaxWaitTimeout:         *maxWaitTimeout,
		ConnReadTimeout:        *readTimeout,
		ConnWriteTimeout:       *writeTimeout,
		SecureFilePriv:         *secureFilePriv,
		ProtectedPaths:         localWarehouseDirs(*warehouse),
	}, provider, server.Options{
		Privileges: privilegeStore{fsys},
		Logger:     log,
		SlowQuery:  time.Duration(*ops.slowQueryMS) * time.Millisecond,
		Metrics:    metrics,
	})
	if err != nil {
		return err
	}

	served := make(chan error, 1)
	go func() { served <- srv.Start() }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	// A second signal kills the process.
	stop()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	err = srv.Shutdown(shutdownCtx)
	<-served
	return err
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
