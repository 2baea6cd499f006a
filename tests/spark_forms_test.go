package tests

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestPreparedSyntaxErrorIs1064: a server-side prepared statement that does
// not parse fails as MySQL's does, 1064 with the parser's message, and the
// connection keeps working (vitess answered 1105 "unknown error").
func TestPreparedSyntaxErrorIs1064(t *testing.T) {
	e := startServer(t, nil)
	for _, q := range []string{"SELEC ?", "SELECT * FROM pk_09.pk_09 WHERE f0 = ? AND"} {
		_, err := e.db.Prepare(q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1064 || string(me.SQLState[:]) != "42000" ||
			!strings.HasPrefix(me.Message, "You have an error in your SQL syntax") {
			t.Errorf("PREPARE %s: %v, want 1064 (42000) You have an error in your SQL syntax", q, err)
		}
		if me != nil && strings.Contains(me.Message, "Code:") {
			t.Errorf("PREPARE %s: message %q", q, me.Message)
		}
	}
	// Prepared statements that parse still work, on the same connections.
	if res := mustQuery(t, e.db, "SELECT ? + 1", 41); res.rows[0][0] != "42" {
		t.Errorf("SELECT ? + 1: %v", res.rows)
	}
}
