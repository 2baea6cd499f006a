package mysqlerr

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/systables"
)

func TestFrom(t *testing.T) {
	plain := errors.New("disk on fire")
	for _, c := range []struct {
		name      string
		err       error
		num       int
		state     string
		unchanged bool
	}{
		{name: "core table not found, wrapped", err: fmt.Errorf("db.t: %w", schema.ErrTableNotFound), num: 1146, state: "42S02"},
		{name: "unknown system table", err: fmt.Errorf("%w: t$nope", systables.ErrUnknown), num: 1146, state: "42S02"},
		{name: "missing tag", err: fmt.Errorf("sys.delete_tag: %w", snapshot.ErrNoTag), num: 1210, state: "HY000"},
		{name: "cancelled", err: fmt.Errorf("scan: %w", context.Canceled), num: 1317, state: "70100"},
		// go-mysql-server's own errors after its cast: 1105 or HY000.
		{name: "gms unknown column", err: sql.CastSQLError(sql.ErrColumnNotFound.New("x")), num: 1054, state: "42S22"},
		{name: "gms table not found", err: sql.CastSQLError(sql.ErrTableNotFound.New("t")), num: 1146, state: "42S02"},
		{name: "gms unknown database", err: sql.CastSQLError(sql.ErrDatabaseNotFound.New("d")), num: 1049, state: "42000"},
		{name: "already right", err: mysql.NewSQLError(mysql.ERAccessDeniedError, mysql.SSAccessDeniedError, "no"), num: 1045, state: "28000", unchanged: true},
		{name: "generic stays generic", err: sql.CastSQLError(plain), num: 1105, state: "HY000", unchanged: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := From(c.err)
			var se *mysql.SQLError
			if !errors.As(got, &se) {
				t.Fatalf("From(%v) = %T %v, want a *mysql.SQLError", c.err, got, got)
			}
			if se.Num != c.num || se.State != c.state {
				t.Fatalf("From(%v) = %d (%s), want %d (%s)", c.err, se.Num, se.State, c.num, c.state)
			}
			if c.unchanged && got != c.err {
				t.Fatalf("From changed an error that was already MySQL's: %v", got)
			}
			if want := errors.Unwrap(c.err); want != nil && se.Message != c.err.Error() {
				t.Fatalf("message %q, want %q", se.Message, c.err.Error())
			}
		})
	}
	if got := From(plain); got != plain {
		t.Fatalf("From(%v) = %v, want it unchanged", plain, got)
	}
	if From(nil) != nil {
		t.Fatal("From(nil) is not nil")
	}
}

// TestFromGivesSentences: go-mysql-server's and vitess's 1105s get MySQL's
// numbers, and lose internal codes and Go's format artefacts.
func TestFromGivesSentences(t *testing.T) {
	for _, c := range []struct {
		name  string
		err   error
		num   int
		state string
		msg   string
	}{
		{"procedure argument", WrongArguments("sys.x: argument 'a' = '%s' is not an integer", "q"), 1210, "HY000", "sys.x: argument 'a' = 'q' is not an integer"},
		{"wrapped argument error", fmt.Errorf("call: %w", WrongArguments("bad")), 1210, "HY000", "call: bad"},
		{"syntax error", mysql.NewSQLError(1105, "HY000", "syntax error at position 6 near 'SELEC'"), 1064, "42000",
			"You have an error in your SQL syntax near 'SELEC' (at character 6)"},
		{"internal code", mysql.NewSQLError(1105, "HY000", "unknown error: Code: INVALID_ARGUMENT syntax error at position 3 near 'x'"), 1064, "42000",
			"You have an error in your SQL syntax near 'x' (at character 3)"},
		{"SQLError inside a 1105", mysql.NewSQLError(1105, "HY000", "%s", "CALL p: unknown argument \"x\" (errno 1210) (sqlstate HY000)"), 1210, "HY000",
			"CALL p: unknown argument \"x\""},
		{"format artefacts", mysql.NewSQLError(1105, "HY000", "%s", "bad expression #%!d(MISSING) here"), 1105, "HY000", "bad expression here"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var se *mysql.SQLError
			if !errors.As(From(c.err), &se) {
				t.Fatalf("From(%v) is not a *mysql.SQLError", c.err)
			}
			if se.Num != c.num || se.State != c.state || se.Message != c.msg {
				t.Fatalf("From(%v) = %d (%s) %q, want %d (%s) %q", c.err, se.Num, se.State, se.Message, c.num, c.state, c.msg)
			}
		})
	}
}
