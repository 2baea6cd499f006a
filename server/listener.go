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
		if err == nil {
			boundSendBuffer(c)
			return c, nil
		}
		if l.closed.Load() || errors.Is(err, net.ErrClosed) {
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

// sendBuffer is the kernel send buffer of a client connection. Linux grows
// a TCP send buffer up to net.ipv4.tcp_wmem's maximum (4 MiB by default)
// while the client does not read: a client that stops reading after one
// row of a large SELECT made its scan produce about 4 MB of rows (130,000
// rows of a small table) into the kernel first, each of those scans holding
// its open files' pages and dictionaries all that time, before the scan
// blocks and suspends its file (core/read). A fixed buffer (the kernel
// doubles it) makes a stalled scan block after a few thousand rows.
const sendBuffer = 128 << 10

// boundSendBuffer sets a TCP connection's send buffer to sendBuffer; other
// connections (tests' pipes) are left alone.
func boundSendBuffer(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(sendBuffer) // best effort: the kernel's autotuned buffer otherwise
	}
}
