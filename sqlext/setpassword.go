package sqlext

// go-mysql-server v0.20.0 lacks SET PASSWORD: vitess reads `SET PASSWORD = 'x'` as an assignment to a column and refuses `SET PASSWORD FOR`.

import (
	"context"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
)

// CurrentAccount is the account name rewriteSetPassword writes for SET
// PASSWORD without FOR; the server replaces it by the session's account
// before the statement is planned. It is longer than MySQL's 32-character
// user names; were an account so named, the statement would still change
// only the caller's own password.
const CurrentAccount = "paimon-sql: the account of the session"

var errSetPasswordSyntax = mysql.NewSQLError(mysql.ERParseError, mysql.SSClientError,
	"You have an error in your SQL syntax: SET PASSWORD [FOR user] = 'auth_string'")

// rewriteSetPassword reads MySQL 8's SET PASSWORD [FOR user] = 'auth_string'
// as ALTER USER user IDENTIFIED BY 'auth_string', which go-mysql-server
// runs with the same privileges: one's own password always, another
// account's with CREATE USER or UPDATE on mysql. REPLACE, RETAIN CURRENT
// PASSWORD and TO RANDOM are refused as not supported.
func rewriteSetPassword(ctx context.Context, q string) (rewritten, bool, error) {
	words := codeWords(q, 2)
	if len(words) < 2 || !strings.EqualFold(words[0].text, "set") || !strings.EqualFold(words[1].text, "password") {
		return rewritten{}, false, nil
	}
	end := statementEnd(q, words[1].end)
	i := skipSpace(q, words[1].end)
	account := "'" + CurrentAccount + "'@'%'"
	if w, e := identAt(q, i); strings.EqualFold(w, "for") {
		eq := i
		for eq < end && q[eq] != '=' {
			if n := skipNonCode(q, eq); n > eq {
				eq = n
				continue
			}
			eq++
		}
		account = strings.TrimSpace(q[e:eq])
		i = eq
	}
	if i >= end || q[i] != '=' || account == "" {
		return rewritten{}, true, errSetPasswordSyntax
	}
	i = skipSpace(q, i+1)
	if w, e := identAt(q, i); strings.HasPrefix(w, "_") {
		i = skipSpace(q, e) // a charset introducer
	}
	if i >= end || q[i] != '\'' && q[i] != '"' {
		if w, _ := identAt(q, i); strings.EqualFold(w, "password") {
			return rewritten{}, true, mysql.NewSQLError(mysql.ERParseError, mysql.SSClientError,
				"You have an error in your SQL syntax: PASSWORD() was removed in MySQL 8; write SET PASSWORD [FOR user] = 'auth_string'")
		}
		return rewritten{}, true, errSetPasswordSyntax
	}
	value := q[i:skipQuoted(q, i)]
	if rest := strings.TrimSpace(stripComments(q[i+len(value) : end])); rest != "" {
		return rewritten{}, true, mysql.NewSQLError(mysql.ERNotSupportedYet, mysql.SSClientError,
			"This version of MySQL doesn't yet support 'SET PASSWORD ... %s'", firstWord(rest))
	}
	text := "ALTER USER " + account + " IDENTIFIED BY " + value
	return rewritten{text: text + q[end:], toQuery: func(n int) int { return n + end - len(text) }}, true, nil
}

// firstWord is the first word of s, for an error message.
func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}
