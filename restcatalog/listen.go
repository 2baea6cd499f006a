package restcatalog

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// ListenConfig is where and how the REST catalog listens.
type ListenConfig struct {
	// Addr is host:port.
	Addr string
	// TLSCertFile and TLSKeyFile, both set, serve HTTPS; both empty, HTTP.
	TLSCertFile, TLSKeyFile string
}

// Serve serves h on cfg.Addr until the returned shutdown is called, with
// the HTTP limits of the metrics listener (server.ServeMetrics) plus read
// and idle timeouts, as a commit body is small.
func Serve(cfg ListenConfig, h http.Handler, log *slog.Logger) (net.Addr, func(context.Context) error, error) {
	if (cfg.TLSCertFile == "") != (cfg.TLSKeyFile == "") {
		return nil, nil, errors.New("REST catalog TLS needs both a certificate and a key file")
	}
	var tlsConfig *tls.Config
	if cfg.TLSCertFile != "" {
		cert, err := tls.LoadX509KeyPair(cfg.TLSCertFile, cfg.TLSKeyFile)
		if err != nil {
			return nil, nil, fmt.Errorf("REST catalog TLS: %w", err)
		}
		tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, nil, err
	}
	scheme := "http"
	if tlsConfig != nil {
		ln, scheme = tls.NewListener(ln, tlsConfig), "https"
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("REST catalog listener failed", "addr", cfg.Addr, "err", err)
		}
	}()
	log.Info("serving the REST catalog", "addr", ln.Addr().String(), "scheme", scheme)
	return ln.Addr(), srv.Shutdown, nil
}
