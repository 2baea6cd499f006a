package server

import (
	"log/slog"
	"net"
	"os"
	"testing"
	"time"
)

// A client that stops reading lets the server write at most a few hundred
// KiB into the kernel before its writes block: the send buffer does not
// grow to tcp_wmem's maximum (4 MiB on Linux), which kept a stalled
// client's scan producing rows.
func TestStalledClientBlocksWritesEarly(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &retryListener{Listener: ln, log: slog.New(slog.NewTextHandler(os.Stderr, nil))}
	defer l.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := l.Accept()
		if err == nil {
			accepted <- c
		}
		close(accepted)
	}()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	if err := client.(*net.TCPConn).SetReadBuffer(64 << 10); err != nil {
		t.Fatal(err)
	}
	c, ok := <-accepted
	if !ok {
		t.Fatal("accept failed")
	}
	defer c.Close()

	// Write until the writes block for half a second: the client reads
	// nothing, as a stalled client.
	chunk := make([]byte, 16<<10)
	written := 0
	for written < 64<<20 {
		if err := c.SetWriteDeadline(time.Now().Add(500 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		n, err := c.Write(chunk)
		written += n
		if err != nil {
			break
		}
	}
	t.Logf("%d bytes written before the writes blocked", written)
	if limit := 1 << 20; written > limit {
		t.Fatalf("%d bytes written to a client that reads nothing, want at most %d", written, limit)
	}
}
