package tests

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	vtmysql "github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/server"
)

// Issue 25 item 5: statements and string results are bounded by
// max_allowed_packet, 64 MiB by default as in MySQL, and the query memory
// limit counts the statement's text.

func TestMaxAllowedPacketBoundsStringResults(t *testing.T) {
	e := startServer(t, nil)
	wantRows(t, e.db, split("67108864"), "SELECT @@max_allowed_packet")
	c := oneConn(t, e.db)
	for _, tc := range []struct {
		sql, fn string
		// args is the bytes of arguments, which are built; CONCAT and
		// CONCAT_WS also convert each argument to text, a copy each.
		args uint64
	}{
		{"SELECT LPAD('a', 100 << 20, 'b')", "lpad", 0},
		{"SELECT RPAD('a', 20 << 20, 'b')", "rpad", 0}, // 80 MiB in utf8mb4, as MySQL counts
		{"SELECT REPEAT('ab', 40 << 20)", "repeat", 0},
		{"SELECT SPACE(100 << 20)", "space", 0},
		{"SELECT CONCAT(REPEAT('a', 40 << 20), REPEAT('b', 40 << 20))", "concat", 160 << 20},
		{"SELECT CONCAT_WS(',', REPEAT('a', 40 << 20), REPEAT('b', 40 << 20))", "concat_ws", 160 << 20},
		{"SELECT REPLACE(REPEAT('a', 1 << 20), 'a', REPEAT('b', 100))", "replace", 1 << 20},
	} {
		var n int
		growth := peakHeapGrowth(func() {
			res, err := query(c, "SELECT x IS NULL FROM ("+tc.sql+" AS x) t")
			if err != nil {
				t.Errorf("%s: %v", tc.sql, err)
				return
			}
			if len(res.rows) != 1 || res.rows[0][0] != "1" {
				t.Errorf("%s: %v, want NULL", tc.sql, res.rows)
			}
			n = len(res.rows)
		})
		if n == 0 {
			continue
		}
		want := "Warning|1301|Result of " + tc.fn + "() was larger than max_allowed_packet (67108864) - truncated"
		if got := strings.Join(mustQuery(t, c, "SHOW WARNINGS").rows[0], "|"); got != want {
			t.Errorf("%s: warning %q, want %q", tc.sql, got, want)
		}
		if growth > tc.args+48<<20 {
			t.Errorf("%s: the live heap grew by %d MiB, want the result never built", tc.sql, growth>>20)
		}
	}
	wantRows(t, c, split("1000000|1000000"), "SELECT LENGTH(LPAD('a', 1000000, 'b')), LENGTH(SPACE(1000000))")

	// Settable, as in MySQL: new sessions take the global value.
	sqlRun(t, e.db, "SET GLOBAL max_allowed_packet = 1048576")
	small := oneConn(t, e.open("+00:00", false))
	wantRows(t, small, split("1|0"), "SELECT REPEAT('a', 1048577) IS NULL, REPEAT('a', 1048576) IS NULL")
	// A statement larger than max_allowed_packet is refused, and its
	// connection closed, as in MySQL.
	big := "SELECT LENGTH('" + strings.Repeat("a", 2<<20) + "')"
	if _, err := small.ExecContext(context.Background(), big); mysqlErrNumber(err) != 1153 {
		t.Errorf("a 2 MiB statement with max_allowed_packet 1 MiB: %v, want error 1153", err)
	}
	if _, err := small.ExecContext(context.Background(), "SELECT 1"); err == nil {
		t.Errorf("the connection still serves after error 1153, want it closed")
	}
	wantRows(t, e.db, split("1"), "SELECT 1")
}

// The query memory limit counts the statement's text: a statement whose
// copies would take the heap above it is refused before it runs.
func TestQueryMemoryLimitCountsStatementText(t *testing.T) {
	srv := startServerWith(t, server.Config{QueryMemoryLimit: settledHeap() + 96<<20, MaxAllowedPacket: 1 << 30})
	c, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	big := "SELECT LENGTH('" + strings.Repeat("a", 30<<20) + "')"
	_, err = c.ExecContext(context.Background(), big)
	if mysqlErrNumber(err) != 1041 || !strings.Contains(err.Error(), "query memory limit exceeded") {
		t.Errorf("a 30 MiB statement under a 96 MiB budget: %v, want error 1041 query memory limit exceeded", err)
	}
	wantRows(t, c, split("1000"), "SELECT LENGTH('"+strings.Repeat("a", 1000)+"')")
}

// A command longer than max_allowed_packet is refused from its packet
// headers, before it is read whole: three clients each sending a 300 MiB
// statement (in 16 MiB packets, as clients split it) get error 1153 and the
// server's heap grows by about max_allowed_packet per client, not by the
// statements (vitess joined them whole first: 1.7 GB). Statements under the
// limit that span packets still run, and the server serves on.
//
// The clients share one packet of text, made before the heap is measured,
// so that the growth measured is the server's: what it holds of the
// packets read, at most max_allowed_packet a connection, and one packet
// (16 MiB) of slack each for what the reads keep besides.
func TestMaxAllowedPacketBoundsCommandsBeforeReading(t *testing.T) {
	e := startServer(t, nil)
	const clients, size = 3, 300 << 20
	chunk := bytes.Repeat([]byte("x"), maxPacket)
	copy(chunk, "\x03SELECT '")
	errs := make([]error, clients)
	growth := peakHeapGrowth(func() {
		var wg sync.WaitGroup
		for i := range clients {
			wg.Go(func() { errs[i] = sendHugeQuery(e, chunk, size) })
		}
		wg.Wait()
	})
	for i, err := range errs {
		if err != nil {
			t.Errorf("client %d: %v", i, err)
		}
	}
	t.Logf("%d clients sending %d MiB statements: the live heap grew by at most %d MiB", clients, size>>20, growth>>20)
	if limit := uint64(clients * (server.DefaultMaxAllowedPacket + maxPacket)); growth > limit {
		t.Errorf("the live heap grew by %d MiB, want under %d MiB", growth>>20, limit>>20)
	}
	// A statement of several packets under the limit runs.
	text := strings.Repeat("a", 40<<20)
	wantRows(t, e.db, split(strconv.Itoa(len(text))), "SELECT LENGTH('"+text+"')")
}

// maxPacket is the largest packet of the protocol: clients split a longer
// command into packets of this length.
const maxPacket = 1<<24 - 1

// sendHugeQuery logs in as root without TLS and streams a COM_QUERY of size
// bytes in maxPacket packets without building it (each packet is chunk, the
// command byte and the start of the text, then filler), then reads the
// answer, which must be error 1153 followed by the end of the connection.
func sendHugeQuery(e *env, chunk []byte, size int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := vtmysql.Connect(ctx, &vtmysql.ConnParams{Host: "127.0.0.1", Port: e.port(), Uname: "root"})
	if err != nil {
		return err
	}
	defer c.Close()
	// The server stops reading once it answers; a write error after that
	// is expected, the answer still arrives.
	for sent, seq := 0, byte(0); sent <= size; seq++ {
		n := min(maxPacket, size-sent)
		header := []byte{byte(n), byte(n >> 8), byte(n >> 16), seq}
		if _, err := c.Conn.Write(header); err != nil {
			break
		}
		if _, err := c.Conn.Write(chunk[:n]); err != nil {
			break
		}
		sent += n
		if n < maxPacket {
			break
		}
	}
	_ = c.Conn.SetReadDeadline(time.Now().Add(time.Minute))
	var header [4]byte
	if _, err := io.ReadFull(c.Conn, header[:]); err != nil {
		return fmt.Errorf("no answer: %v", err)
	}
	answer := make([]byte, int(header[0])|int(header[1])<<8|int(header[2])<<16)
	if _, err := io.ReadFull(c.Conn, answer); err != nil || len(answer) < 9 || answer[0] != 0xff {
		return fmt.Errorf("answer %q (%v), want an error packet", answer[:min(len(answer), 64)], err)
	}
	if code := int(answer[1]) | int(answer[2])<<8; code != 1153 || !strings.Contains(string(answer), "max_allowed_packet") {
		return fmt.Errorf("error %d %q, want 1153", code, answer[3:])
	}
	_ = c.Conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := c.Conn.Read(header[:]); !errors.Is(err, io.EOF) && !errors.Is(err, syscall.ECONNRESET) {
		return fmt.Errorf("after error 1153: read %d bytes, %v; want the connection closed", n, err)
	}
	return nil
}

// Before it logs in, a client may send at most 1 MiB (vitess reads a
// handshake packet of any length whole): one that claims a 16 MiB
// handshake response is cut off before it has sent it.
func TestHandshakeBoundedBeforeLogin(t *testing.T) {
	e := startServer(t, nil)
	conn, err := net.Dial("tcp", e.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var header [4]byte
	if _, err := io.ReadFull(conn, header[:]); err != nil {
		t.Fatal(err)
	}
	greeting := make([]byte, int(header[0])|int(header[1])<<8|int(header[2])<<16)
	if _, err := io.ReadFull(conn, greeting); err != nil {
		t.Fatal(err)
	}
	n := 1<<24 - 2
	_ = conn.SetWriteDeadline(time.Now().Add(30 * time.Second))
	sent, err := conn.Write(append([]byte{byte(n), byte(n >> 8), byte(n >> 16), 1}, make([]byte, n)...))
	if err == nil {
		t.Errorf("the server read a %d MiB handshake response whole, want it cut off after 1 MiB", n>>20)
	}
	t.Logf("sent %d KiB of the handshake response before: %v", sent>>10, err)
	wantRows(t, e.db, split("1"), "SELECT 1")
}
