//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package server

import (
	"crypto/tls"
	"errors"
	"net"
	"syscall"

	"github.com/dolthub/vitess/go/netutil"
)

// clientClosed tells whether the client closed its end of conn, with a
// non-blocking peek at the socket: end of file or a reset means gone, data
// (a pipelined command) or nothing yet means still there. The peek consumes
// nothing, so it is safe while vitess reads the connection. A connection
// the server closed (KILL, shutdown) has no client to answer either.
func clientClosed(conn net.Conn) bool {
	sc := socketOf(conn)
	if sc == nil {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	closed := false
	if err := raw.Control(func(fd uintptr) {
		var b [1]byte
		n, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case err == nil:
			closed = n == 0
		case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.EINTR):
		default:
			closed = true
		}
	}); err != nil {
		return true
	}
	return closed
}

// socketOf unwraps vitess's timeouts and TLS down to the socket.
func socketOf(conn net.Conn) syscall.Conn {
	for {
		switch c := conn.(type) {
		case netutil.ConnWithTimeouts:
			conn = c.Conn
		case *netutil.ConnWithTimeouts:
			conn = c.Conn
		case *tls.Conn:
			conn = c.NetConn()
		case syscall.Conn:
			return c
		default:
			return nil
		}
	}
}
