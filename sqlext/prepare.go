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

import (
	"bufio"
	"io"
	"reflect"
	"strings"
	"unsafe"

	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

const (
	comStatistics  = 0x09
	comStmtPrepare = 0x16
	maxPacketSize  = 1<<24 - 1
)

// ReadPreparedCalls installs the rewrite on c. It must run while the client
// waits for an answer (during authentication, after the switch to TLS), so
// that no byte is buffered; it does nothing otherwise. ok tells whether it
// was installed. statistics is the answer to COM_STATISTICS; prepareError,
// when set, is the error vitess's parser would fail the text of a
// COM_STMT_PREPARE with, as MySQL sends it (nil when it parses).
func ReadPreparedCalls(c *mysql.Conn, statistics func() string, prepareError func(query string) *mysql.SQLError) (ok bool) {
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
	br.Reset(&callRewriter{src: bufio.NewReaderSize(c.Conn, 4096), answer: c.Conn, statistics: statistics, prepareError: prepareError})
	return true
}

// callRewriter passes the client's packets through, rewriting the text of
// COM_STMT_PREPARE packets of CALL statements vitess cannot parse.
type callRewriter struct {
	src io.Reader
	// out is what is ready to be read; rest the bytes of the current
	// packet still to be passed through from src.
	out  []byte
	rest int
	hdr  [5]byte
	// answer is where COM_STATISTICS is answered (vitess is waiting for
	// the next command then, so nothing else writes), with statistics().
	answer       io.Writer
	statistics   func() string
	prepareError func(query string) *mysql.SQLError
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
	if text, ok := preparableCall(string(payload[1:])); ok && len(text)+1 < maxPacketSize {
		payload = append(payload[:1], text...)
		n = len(payload)
		h[0], h[1], h[2] = byte(n), byte(n>>8), byte(n>>16)
	}
	if r.prepareError != nil {
		if se := r.prepareError(string(payload[1:])); se != nil {
			if err := r.reply(errorPacket(se)); err != nil {
				return err
			}
			return r.next()
		}
	}
	r.out, r.rest = append(h[:], payload...), 0
	return nil
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

// preparableCall is the text vitess parses for a CALL in Paimon's syntax,
// or for a query with WITH ROLLUP or NULLS FIRST/LAST (grouporder.go, which
// need no side channel); false for any other statement, or one vitess
// parses as it is.
func preparableCall(q string) (string, bool) {
	var rewrites []textRewrite
	switch upper := strings.ToUpper(q); {
	case startsWithCall(q):
		rewrites = []textRewrite{rewriteNames}
	case strings.Contains(upper, "ROLLUP") || strings.Contains(upper, "NULLS"):
		rewrites = []textRewrite{rewriteWithRollup, rewriteNullsOrder}
	default:
		return "", false
	}
	if _, err := ast.Parse(q); err == nil {
		return "", false
	}
	text, changed := q, false
	for _, rw := range rewrites {
		if r, ok, err := rw(text); ok && err == nil {
			text, changed = r.text, true
		}
	}
	if !changed {
		return "", false
	}
	if _, err := ast.Parse(text); err != nil {
		return "", false
	}
	return text, true
}
