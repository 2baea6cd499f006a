package sqlext

// go-mysql-server v0.20.0 lacks a hook before vitess (v0.0.0-20250512224608)
// parses a server-side prepared statement: on COM_STMT_PREPARE, vitess's
// connection parses the text itself, to count the ? parameters, and answers
// a syntax error before the handler or the engine's parser sees it. So
// `CALL sys.p(name => ?)` failed through server-side prepared statements
// (node mysql2's execute, JDBC's useServerPrepStmts, Go's driver with
// arguments) while it worked as a text query.
//
// ReadPreparedCalls puts a reader between the connection and vitess's packet
// reader that rewrites the text of a COM_STMT_PREPARE of a CALL into the
// form vitess reads (the Paimon syntax of quoting.go: `=>` becomes `=`, names
// are quoted); the parser binds `name = value` arguments the same way. Only
// CALL, WITH ROLLUP and NULLS FIRST/LAST are rewritten: other rewrites carry
// what they read on the side channel of one statement, which a prepared
// statement, run later, would not see.
//
// vitess answers a syntax error in a COM_STMT_PREPARE itself, as 1105
// "unknown error" (its parser's error carries no MySQL number): the reader
// asks prepareError first and answers MySQL's 1064 with the parser's
// message, and vitess never sees the statement.
//
// vitess also answers COM_STATISTICS (mysqladmin status, mysql_stat()) with
// "command handling not implemented": the same reader answers it with the
// server's status line, as MySQL does, and vitess never sees it.
//
// vitess reads a command of any size whole (a command longer than 16 MiB
// comes in several packets, which it joins) before any check of ours runs:
// three clients sending 300 MiB statements took the server to 1.7 GB. The
// same reader follows the packet headers and refuses a command (or any
// logical packet) longer than max_allowed_packet as soon as its header says
// so, as MySQL does: error 1153, then the connection closes.

import (
	"bufio"
	"context"
	"io"
	"reflect"
	"unsafe"

	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

const (
	comStatistics  = 0x09
	comStmtPrepare = 0x16
	maxPacketSize  = 1<<24 - 1
)

// ReadPreparedCalls installs the reader on c. It must run while the client
// waits for an answer (during authentication, after the switch to TLS), so
// that no byte is buffered; it does nothing otherwise. ok tells whether it
// was installed. statistics is the answer to COM_STATISTICS; prepareError,
// when set, is the error vitess's parser would fail the text of a
// COM_STMT_PREPARE with, as MySQL sends it (nil when it parses); maxPacket
// is max_allowed_packet, asked at each command. The text of a
// COM_STMT_PREPARE is read under c.PrepareContext when set (a patch of
// vitess), so that it stops when the client goes away.
func ReadPreparedCalls(c *mysql.Conn, statistics func() string, prepareError func(ctx context.Context, query string) *mysql.SQLError, maxPacket func() int64) (ok bool) {
	// vitess reads through an unexported bufio.Reader over c.Conn (the TLS
	// connection once switched).
	f := reflect.ValueOf(c).Elem().FieldByName("bufferedReader")
	if !f.IsValid() || f.Type() != reflect.TypeOf((*bufio.Reader)(nil)) {
		return false
	}
	br := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface().(*bufio.Reader)
	if br == nil || br.Buffered() > 0 {
		return false
	}
	// Headers are read a few bytes at a time: buffered below the rewrite
	// too, so that they cost no system call each.
	br.Reset(&callRewriter{conn: c, src: bufio.NewReaderSize(c.Conn, 4096), answer: c.Conn, statistics: statistics, prepareError: prepareError, maxPacket: maxPacket})
	return true
}

// callRewriter passes the client's packets through, rewriting the text of
// COM_STMT_PREPARE packets of CALL statements vitess cannot parse.
type callRewriter struct {
	conn *mysql.Conn
	src  io.Reader
	// out is what is ready to be read; rest the bytes of the current
	// packet still to be passed through from src.
	out  []byte
	rest int
	hdr  [5]byte
	// answer is where COM_STATISTICS is answered (vitess is waiting for
	// the next command then, so nothing else writes), with statistics().
	answer       io.Writer
	statistics   func() string
	prepareError func(ctx context.Context, query string) *mysql.SQLError
	// maxPacket is max_allowed_packet, limit its value when the logical
	// packet being read started, logical that packet's length so far; it
	// continues while its packets are maxPacketSize long.
	maxPacket func() int64
	limit     int64
	logical   int64
	continues bool
}

func (r *callRewriter) Read(p []byte) (int, error) {
	if len(r.out) == 0 && r.rest == 0 {
		if err := r.next(); err != nil {
			return 0, err
		}
	}
	if len(r.out) > 0 {
		n := copy(p, r.out)
		r.out = r.out[n:]
		return n, nil
	}
	n, err := r.src.Read(p[:min(len(p), r.rest)])
	r.rest -= n
	return n, err
}

// next reads the next packet's header (and a COM_STMT_PREPARE whole).
func (r *callRewriter) next() error {
	var h [4]byte
	if _, err := io.ReadFull(r.src, h[:]); err != nil {
		return err
	}
	n := int(h[0]) | int(h[1])<<8 | int(h[2])<<16
	if err := r.bound(n, h[3]); err != nil {
		return err
	}
	// A command starts a new sequence; the packets of authentication and
	// of LOAD DATA LOCAL continue one.
	if h[3] != 0 || n == 0 || n == maxPacketSize {
		copy(r.hdr[:], h[:])
		r.out, r.rest = r.hdr[:4], n
		return nil
	}
	var first [1]byte
	if _, err := io.ReadFull(r.src, first[:]); err != nil {
		return err
	}
	if first[0] == comStatistics && n == 1 && r.statistics != nil {
		if err := r.reply([]byte(r.statistics())); err != nil {
			return err
		}
		return r.next()
	}
	if first[0] != comStmtPrepare {
		copy(r.hdr[:], h[:])
		r.hdr[4] = first[0]
		r.out, r.rest = r.hdr[:5], n-1
		return nil
	}
	payload := make([]byte, n)
	payload[0] = first[0]
	if _, err := io.ReadFull(r.src, payload[1:]); err != nil {
		return err
	}
	payload, se := r.readPrepare(payload)
	if se != nil {
		if err := r.reply(errorPacket(se)); err != nil {
			return err
		}
		return r.next()
	}
	n = len(payload)
	h[0], h[1], h[2] = byte(n), byte(n>>8), byte(n>>16)
	r.out, r.rest = append(h[:], payload...), 0
	return nil
}

// readPrepare rewrites the payload of a COM_STMT_PREPARE that vitess cannot
// read as it is (preparableCall), or returns the error to answer it with
// (prepareError). Both parse the whole text: under the connection's
// PrepareContext, they stop when the client goes away or the connection is
// closed (a parse of 15 MB takes seconds).
func (r *callRewriter) readPrepare(payload []byte) ([]byte, *mysql.SQLError) {
	ctx, stop := context.Background(), context.CancelFunc(func() {})
	if r.conn.PrepareContext != nil {
		ctx, stop = r.conn.PrepareContext(ctx)
	}
	defer stop()
	if text, ok := preparableCall(ctx, string(payload[1:])); ok && len(text)+1 < maxPacketSize {
		payload = append(payload[:1], text...)
	}
	if r.prepareError != nil {
		if se := r.prepareError(ctx, string(payload[1:])); se != nil {
			return payload, se
		}
	}
	return payload, nil
}

// reply answers the command just read with one packet (sequence 1), while
// vitess waits for the next command.
func (r *callRewriter) reply(payload []byte) error {
	n := len(payload)
	_, err := r.answer.Write(append([]byte{byte(n), byte(n >> 8), byte(n >> 16), 1}, payload...))
	return err
}

// errorPacket is the payload of MySQL's ERR packet for se.
func errorPacket(se *mysql.SQLError) []byte {
	state := se.State
	if len(state) != 5 {
		state = mysql.SSUnknownSQLState
	}
	msg := se.Message
	if len(msg) > maxPacketSize-9 {
		msg = msg[:maxPacketSize-9]
	}
	return append([]byte{0xff, byte(se.Num), byte(se.Num >> 8), '#'}, state+msg...)
}

// packetTooLarge is MySQL's ER_NET_PACKET_TOO_LARGE.
const packetTooLarge = 1153

// drainMax bounds what refuse reads and discards of a refused packet (1 GiB,
// the largest max_allowed_packet).
const drainMax = 1 << 30

// errPacketTooLarge ends the connection after a refused packet; vitess
// closes it quietly on io.EOF.
var errPacketTooLarge = io.EOF

// bound adds the packet of header length n and sequence id seq to the
// logical packet and refuses it past max_allowed_packet.
func (r *callRewriter) bound(n int, seq byte) error {
	if r.maxPacket == nil {
		return nil
	}
	if !r.continues {
		r.logical, r.limit = 0, r.maxPacket()
	}
	r.logical += int64(n)
	r.continues = n == maxPacketSize
	if r.logical <= r.limit {
		return nil
	}
	return r.refuse(n, seq)
}

// refuse answers error 1153 and ends the connection. It first reads and
// discards the rest of the packet (without keeping it, and at most
// drainMax bytes), because a client still sending would not read the
// answer: the client sees MySQL's error, not a broken pipe.
func (r *callRewriter) refuse(n int, seq byte) error {
	drained := int64(0)
	for drained < drainMax {
		m, err := io.CopyN(io.Discard, r.src, int64(n))
		drained += m
		if err != nil || n < maxPacketSize {
			break
		}
		var h [4]byte
		if _, err := io.ReadFull(r.src, h[:]); err != nil {
			break
		}
		n, seq = int(h[0])|int(h[1])<<8|int(h[2])<<16, h[3]
	}
	body := errorPacket(&mysql.SQLError{Num: packetTooLarge, State: "08S01", Message: "Got a packet bigger than 'max_allowed_packet' bytes"})
	packet := append([]byte{byte(len(body)), byte(len(body) >> 8), byte(len(body) >> 16), seq + 1}, body...)
	_, _ = r.answer.Write(packet)
	return errPacketTooLarge
}

// preparableCall is the text vitess parses for a CALL in Paimon's syntax,
// or for a query with WITH ROLLUP or NULLS FIRST/LAST (grouporder.go, which
// need no side channel); false for any other statement, or one vitess
// parses as it is. It runs before the statement exists (no KILL QUERY
// reaches it), on one packet (under 16 MiB), under ctx.
func preparableCall(ctx context.Context, q string) (string, bool) {
	var rewrites []textRewrite
	switch {
	case startsWithCall(q):
		rewrites = []textRewrite{rewriteNames}
	case containsFold(q, "ROLLUP") || containsFold(q, "NULLS"):
		rewrites = []textRewrite{rewriteWithRollup, rewriteNullsOrder}
	default:
		return "", false
	}
	if _, err := ast.ParseWithOptions(ctx, q, ast.ParserOptions{}); err == nil {
		return "", false
	}
	text, changed := q, false
	for _, rw := range rewrites {
		if r, ok, err := rw(ctx, text); ok && err == nil {
			text, changed = r.text, true
		}
	}
	if !changed {
		return "", false
	}
	if _, err := ast.ParseWithOptions(ctx, text, ast.ParserOptions{}); err != nil {
		return "", false
	}
	return text, true
}
