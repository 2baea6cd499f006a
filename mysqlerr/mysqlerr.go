// Package mysqlerr is the one mapping from paimon-sql's errors to the MySQL
// errors clients see: the error number and SQLSTATE MySQL itself would send.
// Clients, drivers and BI tools branch on them (1146 "table doesn't exist",
// 1054 "unknown column"), so an error must not fall back to the generic 1105
// when MySQL has a number for it.
//
// The catalog, the procedures and the system tables map the core errors they
// return (go-mysql-server keeps only the message of an error it does not
// know); the server maps every error on its way to the client, which gives
// go-mysql-server's own errors MySQL's numbers and SQLSTATEs.
package mysqlerr

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/analyzer/analyzererrors"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/mysql"
	goerrors "gopkg.in/src-d/go-errors.v1"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/format/orc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/systables"
)

// ErrWrongArguments marks an error about the arguments a statement gives
// (a procedure's): MySQL's 1210 ER_WRONG_ARGUMENTS, "Incorrect arguments".
var ErrWrongArguments = errors.New("incorrect arguments")

// WrongArguments returns an error with the message of format and args that
// is ErrWrongArguments (its message does not repeat it).
func WrongArguments(format string, args ...any) error {
	return argumentError{fmt.Errorf(format, args...)}
}

type argumentError struct{ error }

// TableAccessDenied is MySQL's 1142 ER_TABLEACCESS_DENIED_ERROR ("<command>
// command denied to user ... for table ...") with the message of format
// and args.
func TableAccessDenied(format string, args ...any) error {
	return mysql.NewSQLError(erTableAccessDenied, sqlState(erTableAccessDenied), format, args...)
}

// ErrActiveTransaction marks a statement refused while transactions or
// statements of the server write to its table: MySQL's 1192
// ER_LOCK_OR_ACTIVE_TRANSACTION.
var ErrActiveTransaction = errors.New("active transaction")

// ActiveTransaction returns an error with the message of format and args
// that is ErrActiveTransaction.
func ActiveTransaction(format string, args ...any) error {
	return activeError{fmt.Errorf(format, args...)}
}

type activeError struct{ error }

func (e activeError) Is(target error) bool { return target == ErrActiveTransaction }
func (e activeError) Unwrap() error        { return e.error }

func (e argumentError) Is(target error) bool { return target == ErrWrongArguments }
func (e argumentError) Unwrap() error        { return e.error }

// coreErrors are the core errors with a MySQL number, checked in order.
var coreErrors = []struct {
	err error
	num int
}{
	{schema.ErrTableNotFound, mysql.ERNoSuchTable},
	{systables.ErrUnknown, mysql.ERNoSuchTable},
	// A snapshot, tag or expiration setting a statement names that is not
	// there or not valid: MySQL's "Incorrect arguments".
	{snapshot.ErrNoSnapshot, mysql.ERWrongArguments},
	{snapshot.ErrNoTag, mysql.ERWrongArguments},
	{expire.ErrInvalid, mysql.ERWrongArguments},
	{ErrWrongArguments, mysql.ERWrongArguments},
	{ErrActiveTransaction, erLockOrActiveTransaction},
	{context.Canceled, mysql.ERQueryInterrupted},
	// A value the table's file format cannot store exactly: MySQL's
	// "Incorrect datetime value" for a value its column cannot hold.
	{orc.ErrPreEpochFraction, mysql.ERTruncatedWrongValue},
}

// sqlStates are the SQLSTATEs MySQL sends with the numbers paimon-sql and
// go-mysql-server use (MySQL's errmsg-utf8.txt); a number not here is
// HY000. go-mysql-server sends HY000 for all of them.
var sqlStates = map[int]string{
	mysql.ERNoSuchTable:             mysql.SSUnknownTable,      // 42S02
	mysql.ERBadTable:                mysql.SSUnknownTable,      // 42S02
	mysql.ERBadFieldError:           mysql.SSBadFieldError,     // 42S22
	mysql.ERTableExists:             "42S01",                   // ER_TABLE_EXISTS_ERROR
	mysql.ERBadDb:                   mysql.SSClientError,       // 42000
	mysql.ERDupEntry:                mysql.SSDupKey,            // 23000
	mysql.ERBadNullError:            mysql.SSDupKey,            // 23000
	erTableAccessDenied:             mysql.SSClientError,       // 42000
	mysql.ERDBAccessDenied:          mysql.SSClientError,       // 42000
	mysql.ERSpecifiedAccessDenied:   mysql.SSClientError,       // 42000
	mysql.ERAccessDeniedError:       mysql.SSAccessDeniedError, // 28000
	mysql.ERQueryInterrupted:        "70100",
	mysql.ERParseError:              mysql.SSClientError, // 42000
	mysql.ERSyntaxError:             mysql.SSClientError, // 42000
	mysql.ERNonUniq:                 "23000",             // ER_NON_UNIQ_ERROR
	mysql.ERWrongValueCountOnRow:    "21S01",
	mysql.ERDupFieldName:            "42S21",
	mysql.ERSPDoesNotExist:          mysql.SSClientError, // 42000
	mysql.ERWrongFieldWithGroup:     mysql.SSClientError, // 42000
	mysql.ERMixOfGroupFuncAndFields: mysql.SSClientError, // 42000
	mysql.ERNotSupportedYet:         mysql.SSClientError, // 42000
	mysql.ERTruncatedWrongValue:     "22007",
	mysql.ERNoDb:                    mysql.SSNoDB,           // 3D000
	mysql.ERDataOutOfRange:          mysql.SSDataOutOfRange, // 22003
	mysql.ERWrongValueForVar:        mysql.SSClientError,    // 42000
	mysql.ERUnknownCharacterSet:     mysql.SSClientError,    // 42000
	erWrongParamcountToNativeFct:    mysql.SSClientError,    // 42000
	erNonuniqTable:                  mysql.SSClientError,    // 42000
	erDerivedMustHaveAlias:          mysql.SSClientError,    // 42000
	mysql.ERSubqueryNo1Row:          "21000",
}

// erTableAccessDenied is ER_TABLEACCESS_DENIED_ERROR, which vitess does not name.
const erTableAccessDenied = 1142

// erClientLocalFilesDisabled is ER_CLIENT_LOCAL_FILES_DISABLED (MySQL 8.0.21+).
const erClientLocalFilesDisabled = 3948

// LocalFilesDisabled is MySQL's refusal of LOAD DATA LOCAL INFILE when
// @@local_infile is off or the client does not allow local files.
func LocalFilesDisabled() error {
	return mysql.NewSQLError(erClientLocalFilesDisabled, mysql.SSClientError,
		"Loading local data is disabled; this must be enabled on both the client and server sides")
}

// erLockOrActiveTransaction is ER_LOCK_OR_ACTIVE_TRANSACTION, which vitess
// does not name.
const erLockOrActiveTransaction = 1192

// erWrongValue is ER_WRONG_VALUE ("Incorrect ... value"): a table option
// given a value its parser refuses.
const erWrongValue = 1525

// erWrongParamcountToNativeFct is ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT (a
// built-in function called with the wrong number of arguments), which
// vitess does not name.
const erWrongParamcountToNativeFct = 1582

// erNonuniqTable is ER_NONUNIQ_TABLE (two tables of a FROM under one
// name), which vitess does not name.
const erNonuniqTable = 1066

// erDerivedMustHaveAlias is ER_DERIVED_MUST_HAVE_ALIAS, which vitess does
// not name.
const erDerivedMustHaveAlias = 1248

// erOptionPreventsStatement is ER_OPTION_PREVENTS_STATEMENT (MySQL's
// answer to a write under --read-only), which vitess does not name.
const erOptionPreventsStatement = 1290

// erFieldInGroupingNotGroupBy is ER_FIELD_IN_GROUPING_NOT_GROUP_BY (a
// GROUPING() argument the query does not group by), which vitess does not
// name.
const erFieldInGroupingNotGroupBy = 3580

// gmsErrors are go-mysql-server's errors that it sends as the generic 1105
// where MySQL has a number, which clients and BI tools branch on (1054
// "unknown column", 1050 "table exists"), matched by their kinds. Where
// MySQL's message is what tools match, rewrite makes it from the kind's
// arguments as printed (false: the error is not one MySQL numbers so);
// the rest keep GMS's message, whose words say the same.
var gmsErrors = []struct {
	kind    *goerrors.Kind
	num     int
	rewrite func(args []string) (string, bool)
}{
	{kind: sql.ErrColumnNotFound, num: mysql.ERBadFieldError, rewrite: metadataColumn},
	{kind: sql.ErrTableColumnNotFound, num: mysql.ERBadFieldError, rewrite: metadataColumn},
	{kind: sql.ErrInsertIntoMismatchValueCount, num: mysql.ERWrongValueCountOnRow,
		rewrite: func([]string) (string, bool) {
			return "Column count doesn't match value count: give a value for every column, or name the columns", true
		}},
	{kind: sql.ErrTableAlreadyExists, num: mysql.ERTableExists,
		rewrite: func(a []string) (string, bool) { return fmt.Sprintf("Table '%s' already exists", a[0]), true }},
	{kind: sql.ErrColumnExists, num: mysql.ERDupFieldName,
		rewrite: func(a []string) (string, bool) { return fmt.Sprintf("Duplicate column name '%s'", unquote(a[0])), true }},
	{kind: sql.ErrStoredProcedureDoesNotExist, num: mysql.ERSPDoesNotExist,
		rewrite: func(a []string) (string, bool) {
			return fmt.Sprintf("PROCEDURE %s does not exist (CALL sys.<name> runs paimon-sql's procedures; docs/sql.md section 10 lists them)", a[0]), true
		}},
	{kind: analyzererrors.ErrValidationGroupBy, num: mysql.ERWrongFieldWithGroup},
	{kind: analyzer.ErrNullLimit, num: mysql.ERWrongArguments},
	{kind: plan.ErrNotIndexable, num: mysql.ERNotSupportedYet,
		rewrite: func([]string) (string, bool) {
			return "CREATE INDEX is not supported: Paimon tables have no secondary indexes (SHOW INDEX shows their primary and partition keys)", true
		}},
	{kind: sql.ErrGroupingArgNotGrouped, num: erFieldInGroupingNotGroupBy},
	{kind: sql.ErrInvalidGroupingUse, num: mysql.ERInvalidGroupFuncUse},
	{kind: sql.ErrNoDatabaseSelected, num: mysql.ERNoDb,
		rewrite: func([]string) (string, bool) { return "No database selected", true }},
	// MySQL names the variable without its @@ and scope.
	{kind: sql.ErrUnknownSystemVariable, num: mysql.ERUnknownSystemVariable,
		rewrite: func(a []string) (string, bool) {
			return fmt.Sprintf("Unknown system variable '%s'", variableScope.ReplaceAllString(a[0], "")), true
		}},
	// A result past its type's range (go-mysql-server's arithmetic, POW,
	// EXP, unary minus of BIGINT's lowest value); a value out of its
	// column's range is another error.
	{kind: sql.ErrValueOutOfRange, num: mysql.ERDataOutOfRange,
		rewrite: func(a []string) (string, bool) {
			typ := strings.TrimSuffix(a[0], " value")
			if typ != "DOUBLE" && typ != "BIGINT" && typ != "BIGINT UNSIGNED" {
				return "", false
			}
			return fmt.Sprintf("%s value is out of range in '%s'", typ, a[1]), true
		}},
	{kind: sql.ErrFunctionNotFound, num: mysql.ERSPDoesNotExist,
		rewrite: func(a []string) (string, bool) { return fmt.Sprintf("FUNCTION %s does not exist", a[0]), true }},
	{kind: sql.ErrInvalidArgumentNumber, num: erWrongParamcountToNativeFct,
		rewrite: func(a []string) (string, bool) {
			return fmt.Sprintf("Incorrect parameter count in the call to native function '%s'", a[0]), true
		}},
	{kind: sql.ErrInvalidSystemVariableValue, num: mysql.ERWrongValueForVar},
	{kind: sql.ErrCharSetUnknown, num: mysql.ERUnknownCharacterSet,
		rewrite: func(a []string) (string, bool) {
			return fmt.Sprintf("Unknown character set: '%s'", strings.Trim(a[0], "'")), true
		}},
	{kind: sql.ErrCollationUnknown, num: mysql.ERUnknownCollation,
		rewrite: func(a []string) (string, bool) {
			return fmt.Sprintf("Unknown collation: '%s'", strings.Trim(a[0], "'")), true
		}},
	{kind: sql.ErrDuplicateAliasOrTable, num: erNonuniqTable,
		rewrite: func(a []string) (string, bool) {
			return fmt.Sprintf("Not unique table/alias: '%s'", strings.Trim(a[0], "'")), true
		}},
	{kind: sql.ErrExpectedSingleRow, num: mysql.ERSubqueryNo1Row,
		rewrite: func([]string) (string, bool) { return "Subquery returns more than 1 row", true }},
	{kind: sql.ErrReadOnly, num: erOptionPreventsStatement,
		rewrite: func([]string) (string, bool) {
			return "The server is running with the --read-only option so it cannot execute this statement", true
		}},
}

// metadataColumn names Paimon's metadata columns of Spark's reads, which
// no table here has, in an unknown column's message; other columns keep
// GMS's message.
func metadataColumn(a []string) (string, bool) {
	column := unquote(a[len(a)-1])
	if i := strings.LastIndexByte(column, '.'); i >= 0 {
		column = column[i+1:]
	}
	switch strings.ToLower(column) {
	case "__paimon_file_path", "__paimon_partition", "__paimon_bucket", "__paimon_row_index":
		return fmt.Sprintf("Unknown column '%s': Paimon's metadata columns of Spark's reads (__paimon_file_path, __paimon_partition, __paimon_bucket, __paimon_row_index) are not served by paimon-sql; "+
			"t$files lists each data file with its partition, bucket and row count", column), true
	}
	return "", true
}

// unquote removes the quotes %q put around an argument.
func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

// variableScope is the @@ and scope before a system variable's name.
var variableScope = regexp.MustCompile(`(?i)^@@(?:session\.|global\.|local\.|persist\.|persist_only\.)?`)

// kindPatterns match the message of each kind of gmsErrors with its
// arguments as groups: the texts of errors that go-mysql-server's
// handler turned into a 1105 before paimon-sql saw them (COM_STMT_PREPARE)
// are matched to the same kinds.
var kindPatterns = func() map[*goerrors.Kind]*regexp.Regexp {
	verb := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
	out := make(map[*goerrors.Kind]*regexp.Regexp, len(gmsErrors))
	for _, g := range gmsErrors {
		parts := verb.Split(g.kind.Message, -1)
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		out[g.kind] = regexp.MustCompile(`(?s)^` + strings.Join(parts, `(.*?)`) + `$`)
	}
	return out
}()

// fromGMSKind returns the MySQL number and message of an error of
// go-mysql-server whose text is msg, when it is one of gmsErrors: err, of
// that kind, or nil when only the text is left and the kind's message
// tells it. ok is false for any other error.
func fromGMSKind(err error, msg string) (num int, message string, ok bool) {
	var gerr *goerrors.Error
	if err != nil && !errors.As(err, &gerr) {
		return 0, "", false
	}
	for _, g := range gmsErrors {
		if gerr != nil && !g.kind.Is(gerr) {
			continue
		}
		m := kindPatterns[g.kind].FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		if g.rewrite == nil {
			return g.num, msg, true
		}
		text, applies := g.rewrite(m[1:])
		if !applies {
			return 0, "", false
		}
		if text == "" {
			text = msg
		}
		return g.num, text, true
	}
	return 0, "", false
}

// vitessMessages are the vitess parser's errors MySQL numbers, which
// carry no kind: their texts are all there is.
var vitessMessages = []struct {
	re  *regexp.Regexp
	num int
	// message, when set, is the message from the submatches.
	message func(m []string) string
}{
	{re: regexp.MustCompile(`(?s)^syntax error at position (\d+)(?: near '(.*)')?$`), num: mysql.ERParseError,
		message: func(m []string) string {
			return fmt.Sprintf("You have an error in your SQL syntax near '%s' (at character %s)", m[2], m[1])
		}},
	{re: regexp.MustCompile(`^Every derived table must have its own alias`), num: erDerivedMustHaveAlias},
}

// internalPrefix matches what vitess puts before a message it has no MySQL
// number for: "unknown error: " and its internal code ("Code: UNAVAILABLE").
var internalPrefix = regexp.MustCompile(`^(?:unknown error: )?(?:Code: [A-Z_]+\s+)?`)

// embedded matches the text of a *mysql.SQLError that an error wrapping it
// kept when go-mysql-server turned it into a 1105: its number and SQLSTATE.
var embedded = regexp.MustCompile(`(?s)^(.*) \(errno (\d+)\) \(sqlstate (\w+)\)$`)

// missingArgs matches Go's marks of a format verb without a value.
var missingArgs = regexp.MustCompile(`\s*#?%!\w\(MISSING\)`)

// From returns err as the MySQL error MySQL would send for it: a core error
// with a MySQL number becomes that *mysql.SQLError (with err's message), as
// does an error of go-mysql-server whose kind MySQL numbers; a
// *mysql.SQLError gets MySQL's number and SQLSTATE where go-mysql-server
// fell back to 1105 or HY000; anything else is returned as it is.
func From(err error) error {
	if err == nil {
		return nil
	}
	var se *mysql.SQLError
	if errors.As(err, &se) {
		return fromSQLError(err, se)
	}
	for _, c := range coreErrors {
		if errors.Is(err, c.err) {
			return mysql.NewSQLError(c.num, sqlState(c.num), "%s", err.Error())
		}
	}
	var bad *options.ValueError
	if errors.As(err, &bad) {
		return mysql.NewSQLError(erWrongValue, sqlState(erWrongValue), "%s", err.Error())
	}
	if num, msg, ok := fromGMSKind(err, err.Error()); ok {
		return mysql.NewSQLError(num, sqlState(num), "%s", missingArgs.ReplaceAllString(msg, ""))
	}
	return err
}

// fromSQLError gives se (which err is or wraps) MySQL's number and
// SQLSTATE where go-mysql-server or vitess left 1105 or HY000.
func fromSQLError(err error, se *mysql.SQLError) error {
	num, msg := se.Num, internalPrefix.ReplaceAllString(se.Message, "")
	state := se.State
	if m := embedded.FindStringSubmatch(msg); m != nil && num == mysql.ERUnknownError {
		if n, err := strconv.Atoi(m[2]); err == nil {
			num, state, msg = n, m[3], m[1]
		}
	}
	// go-mysql-server numbers these, in messages of its own.
	if num == mysql.ERUnknownError || num == mysql.ERMixOfGroupFuncAndFields || num == mysql.ERSubqueryNo1Row {
		if n, text, ok := fromGMSKind(nil, msg); ok {
			num, msg = n, text
		} else {
			for _, v := range vitessMessages {
				if m := v.re.FindStringSubmatch(msg); m != nil {
					num = v.num
					if v.message != nil {
						msg = v.message(m)
					}
					break
				}
			}
		}
	}
	msg = missingArgs.ReplaceAllString(msg, "")
	if s, ok := sqlStates[num]; ok && (state == "" || state == mysql.SSUnknownSQLState) {
		state = s
	}
	if num == se.Num && state == se.State && msg == se.Message {
		return err
	}
	return mysql.NewSQLError(num, state, "%s", msg)
}

func sqlState(num int) string {
	if s, ok := sqlStates[num]; ok {
		return s
	}
	return mysql.SSUnknownSQLState
}
