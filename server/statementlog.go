package server

import (
	"log/slog"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/internal/redact"
)

// statementLog writes the per-statement log lines and metrics: an audit
// line for every statement that changes data, schema, users or runs a
// procedure (INFO, or WARN when it failed), a "statement failed" line for
// other failures, and a "slow statement" line above the slow threshold.
type statementLog struct {
	log     *slog.Logger
	slow    time.Duration // 0: no slow-statement log
	metrics *Metrics      // nil: no metrics
}

// maxLoggedQuery bounds the query text in a log line.
const maxLoggedQuery = 1024

// done logs and counts one statement run on c since start; err is the
// statement's final error.
func (s *statementLog) done(c *mysql.Conn, query string, start time.Time, err *error) {
	elapsed := time.Since(start)
	kind := statementKind(query)
	s.metrics.statement(kind, *err, elapsed)
	slow := s.slow > 0 && elapsed >= s.slow
	if !auditedKinds[kind] && *err == nil && !slow {
		return
	}
	attrs := []any{"conn", c.ConnectionID, "user", c.User, "kind", kind, "duration_ms", millis(elapsed)}
	text, secrets := loggedQuery(query)
	switch {
	case auditedKinds[kind] && *err == nil:
		s.log.Info("audit", append(attrs, "outcome", "ok", "query", text)...)
	case auditedKinds[kind]:
		s.log.Warn("audit", append(attrs, "outcome", "error", "error", loggedError(*err, secrets), "query", text)...)
	case *err != nil:
		s.log.Warn("statement failed", append(attrs, "error", loggedError(*err, secrets), "query", text)...)
	}
	if slow {
		s.log.Warn("slow statement", append(attrs, "query", text)...)
	}
}

// doneMulti is done for one statement of a multi-statement packet: query
// holds it and the rest, which the statement's own log line leaves out.
func (s *statementLog) doneMulti(c *mysql.Conn, query string, rest *string, start time.Time, err *error) {
	s.done(c, strings.TrimSuffix(query, *rest), start, err)
}

// prepared logs a statement that failed to prepare; a prepared statement
// is logged and counted when it is executed.
func (s *statementLog) prepared(c *mysql.Conn, query string, err *error) {
	if *err != nil {
		text, secrets := loggedQuery(query)
		s.log.Warn("statement failed", "conn", c.ConnectionID, "user", c.User, "kind", statementKind(query),
			"phase", "prepare", "error", loggedError(*err, secrets), "query", text)
	}
}

func millis(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}

// auditedKinds are the statement kinds with an audit line.
var auditedKinds = map[string]bool{"ddl": true, "dml": true, "call": true, "dcl": true}

// statementKinds maps a statement's first keyword to its kind, the label
// of the statements metric (a fixed set, so the metric stays small).
var statementKinds = map[string]string{
	"select": "select", "with": "select", "table": "select", "values": "select",
	"insert": "dml", "replace": "dml", "update": "dml", "delete": "dml", "load": "dml",
	"create": "ddl", "alter": "ddl", "drop": "ddl", "rename": "ddl", "truncate": "ddl",
	"call":  "call",
	"grant": "dcl", "revoke": "dcl",
	"show": "show", "describe": "show", "desc": "show", "explain": "show",
	"set": "session", "use": "session", "begin": "session", "start": "session", "commit": "session",
	"rollback": "session", "savepoint": "session", "release": "session", "lock": "session", "unlock": "session",
	"kill": "session",
}

// statementKind classifies a statement by its first keyword, after
// comments, blanks and opening parentheses. CREATE/ALTER/DROP USER and SET
// PASSWORD are "dcl": they change who may do what.
func statementKind(query string) string {
	words := leadingWords(query, 2)
	if len(words) == 0 {
		return "other"
	}
	kind, ok := statementKinds[words[0]]
	if !ok {
		return "other"
	}
	if len(words) > 1 && (words[1] == "user" || words[1] == "role" || (words[0] == "set" && words[1] == "password")) {
		return "dcl"
	}
	return kind
}

// leadingWords returns up to n lower-case words at the start of query.
func leadingWords(query string, n int) []string {
	q := skipComments(query)
	var words []string
	for len(words) < n {
		q = strings.TrimLeftFunc(q, func(r rune) bool { return unicode.IsSpace(r) || r == '(' })
		end := strings.IndexFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && r != '_' })
		if end < 0 {
			end = len(q)
		}
		if end == 0 {
			break
		}
		words = append(words, strings.ToLower(q[:end]))
		q = q[end:]
	}
	return words
}

// skipComments drops leading blanks and /* */, -- and # comments.
func skipComments(q string) string {
	for {
		q = strings.TrimLeftFunc(q, unicode.IsSpace)
		switch {
		case strings.HasPrefix(q, "/*"):
			end := strings.Index(q, "*/")
			if end < 0 {
				return ""
			}
			q = q[end+2:]
		case strings.HasPrefix(q, "--"), strings.HasPrefix(q, "#"):
			end := strings.IndexByte(q, '\n')
			if end < 0 {
				return ""
			}
			q = q[end+1:]
		default:
			return q
		}
	}
}

// loggedQuery is the query as logged: secrets masked (redact.Statement),
// blanks collapsed to one space (a query is one line of the log), at most
// maxLoggedQuery bytes; and the secrets, for loggedError.
func loggedQuery(query string) (string, []string) {
	query, secrets := redact.Statement(query)
	query = collapseBlanks(query, maxLoggedQuery+utf8.UTFMax)
	if len(query) > maxLoggedQuery {
		cut := maxLoggedQuery
		for cut > 0 && !utf8.RuneStart(query[cut]) {
			cut--
		}
		query = query[:cut] + "…"
	}
	return query, secrets
}

// loggedError is a statement's error as logged: a syntax error quotes the
// statement near the fault, so the statement's secrets are masked in it.
func loggedError(err error, secrets []string) string {
	return redact.Text(err.Error(), secrets)
}

// collapseBlanks trims q and turns each run of blanks (space, tab, line
// breaks, form feed) into one space; it stops once the result is longer
// than limit, as the log cuts it anyway.
func collapseBlanks(q string, limit int) string {
	var b strings.Builder
	blank := false
	for i := 0; i < len(q) && b.Len() <= limit; i++ {
		switch c := q[i]; c {
		case ' ', '\t', '\n', '\r', '\f': // regexp's \s, which the log used
			blank = b.Len() > 0
		default:
			if blank {
				b.WriteByte(' ')
				blank = false
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}
