package mysqlerr

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
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
		{name: "core table not found, wrapped", err: fmt.Errorf("db.t: %w", table.ErrNotFound), num: 1146, state: "42S02"},
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
