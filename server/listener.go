package server

import (
	"errors"
	"log/slog"
	"net"
	"sync/atomic"
	"time"
)

// retryListener retries temporary Accept errors (such as running out of file
// descriptors): vitess stops serving for good on any Accept error.
type retryListener struct {
	net.Listener
	log    *slog.Logger
	closed atomic.Bool
}

func (l *retryListener) Accept() (net.Conn, error) {
	backoff := 5 * time.Millisecond
	for {
		c, err := l.Listener.Accept()
		if err == nil || l.closed.Load() || errors.Is(err, net.ErrClosed) {
			return c, err
		}
		l.log.Warn("accept failed, retrying", "err", err, "retry_in", backoff)
		time.Sleep(backoff)
		backoff = min(2*backoff, time.Second)
	}
}

func (l *retryListener) Close() error {
	l.closed.Store(true)
	return l.Listener.Close()
}
