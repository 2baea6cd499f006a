package mysqlerr

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/analyzer/analyzererrors"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/mysql"
	goerrors "gopkg.in/src-d/go-errors.v1"

	"github.com/paimon-sql/paimon-sql/core/metastore"
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
		{name: "catalog table not found (JDBC, Hive)", err: fmt.Errorf("db.t: %w", metastore.ErrTableNotFound), num: 1146, state: "42S02"},
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

// go-mysql-server's errors that MySQL numbers are matched by their kinds
// on the result path, and by their kinds' messages after go-mysql-server's
// handler cast them (COM_STMT_PREPARE): both give the same error.
func TestFromGMSKinds(t *testing.T) {
	covered := map[*goerrors.Kind]bool{}
	for _, c := range []struct {
		kind  *goerrors.Kind
		args  []any
		num   int
		state string
		msg   string // "" keeps go-mysql-server's
	}{
		{sql.ErrColumnNotFound, []any{"x"}, 1054, "42S22", ""},
		{sql.ErrColumnNotFound, []any{"t.__paimon_bucket"}, 1054, "42S22", "Unknown column '__paimon_bucket': Paimon's metadata columns"},
		{sql.ErrTableColumnNotFound, []any{"t", "__PAIMON_FILE_PATH"}, 1054, "42S22", "Unknown column '__PAIMON_FILE_PATH': Paimon's metadata columns"},
		{sql.ErrInsertIntoMismatchValueCount, nil, 1136, "21S01", "Column count doesn't match value count"},
		{sql.ErrTableAlreadyExists, []any{"t"}, 1050, "42S01", "Table 't' already exists"},
		{sql.ErrColumnExists, []any{"c"}, 1060, "42S21", "Duplicate column name 'c'"},
		{sql.ErrStoredProcedureDoesNotExist, []any{"p"}, 1305, "42000", "PROCEDURE p does not exist (CALL sys.<name>"},
		{analyzererrors.ErrValidationGroupBy, []any{"v"}, 1055, "42000", ""},
		{analyzer.ErrNullLimit, nil, 1210, "HY000", ""},
		{plan.ErrNotIndexable, nil, 1235, "42000", "CREATE INDEX is not supported"},
		{sql.ErrGroupingArgNotGrouped, []any{1}, 3580, "HY000", ""},
		{sql.ErrInvalidGroupingUse, nil, 1111, "HY000", ""},
		{sql.ErrNoDatabaseSelected, nil, 1046, "3D000", "No database selected"},
		{sql.ErrUnknownSystemVariable, []any{"@@SESSION.nope"}, 1193, "HY000", "Unknown system variable 'nope'"},
		{sql.ErrValueOutOfRange, []any{"BIGINT value", "(a + b)"}, 1690, "22003", "BIGINT value is out of range in '(a + b)'"},
		{sql.ErrValueOutOfRange, []any{"DOUBLE", "pow"}, 1690, "22003", "DOUBLE value is out of range in 'pow'"},
		{sql.ErrFunctionNotFound, []any{"f"}, 1305, "42000", "FUNCTION f does not exist"},
		{sql.ErrInvalidArgumentNumber, []any{"abs", 1, 2}, 1582, "42000", "Incorrect parameter count in the call to native function 'abs'"},
		{sql.ErrInvalidSystemVariableValue, []any{"v", "x"}, 1231, "42000", ""},
		{sql.ErrCharSetUnknown, []any{"klingon"}, 1115, "42000", "Unknown character set: 'klingon'"},
		{sql.ErrCollationUnknown, []any{"'klingon_ci'"}, 1273, "HY000", "Unknown collation: 'klingon_ci'"},
		{sql.ErrDuplicateAliasOrTable, []any{"t"}, 1066, "42000", "Not unique table/alias: 't'"},
		{sql.ErrReadOnly, nil, 1290, "HY000", "The server is running with the --read-only option"},
		{sql.ErrExpectedSingleRow, nil, 1242, "21000", "Subquery returns more than 1 row"},
	} {
		covered[c.kind] = true
		raw := c.kind.New(c.args...)
		for _, in := range []error{raw, sql.CastSQLError(raw)} {
			var se *mysql.SQLError
			if !errors.As(From(in), &se) {
				t.Fatalf("From(%T %v) is not a *mysql.SQLError", in, in)
			}
			want := c.msg
			if want == "" {
				want = raw.Error()
			}
			if se.Num != c.num || se.State != c.state || !strings.HasPrefix(se.Message, want) {
				t.Errorf("From(%T %v) = %d (%s) %q, want %d (%s) %q...", in, in, se.Num, se.State, se.Message, c.num, c.state, want)
			}
		}
	}
	for _, g := range gmsErrors {
		if !covered[g.kind] {
			t.Errorf("no case for the kind %q", g.kind.Message)
		}
	}
}

// The kind decides on the result path: an error of another kind with the
// same words keeps its own number, and an out-of-range value of a column
// (not a result past DOUBLE's or BIGINT's range) is left to go-mysql-server.
func TestFromGMSKindsNotByWords(t *testing.T) {
	lookalike := goerrors.NewKind("no database selected").New()
	if got := From(lookalike); got != error(lookalike) {
		t.Errorf("From(another kind with the same text) = %v, want it unchanged", got)
	}
	column := sql.ErrValueOutOfRange.New(300, "tinyint")
	if got := From(column); got != error(column) {
		t.Errorf("From(%v) = %v, want it unchanged", column, got)
	}
	var se *mysql.SQLError
	if !errors.As(From(sql.CastSQLError(column)), &se) || se.Num != 1105 {
		t.Errorf("cast %v: %v, want 1105", column, se)
	}
}
