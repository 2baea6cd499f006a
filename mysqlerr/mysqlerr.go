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

	"github.com/dolthub/vitess/go/mysql"

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
}

// erTableAccessDenied is ER_TABLEACCESS_DENIED_ERROR, which vitess does not name.
const erTableAccessDenied = 1142

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

// gmsMessages are go-mysql-server's messages for errors it sends as the
// generic 1105 where MySQL has a number, which clients and BI tools branch
// on (1054 "unknown column", 1064 "syntax error"). Where MySQL's message is
// what tools match (its syntax error's opening words), it replaces GMS's;
// the rest keep GMS's message, whose words say the same.
var gmsMessages = []struct {
	re  *regexp.Regexp
	num int
	// message, when set, is the message from the submatches.
	message func(m []string) string
}{
	// Paimon's metadata columns of Spark's reads, which no table here has.
	{re: regexp.MustCompile(`(?i)^(?:column "(?:\w+\.)?(__paimon_(?:file_path|partition|bucket|row_index))" could not be found in any table in scope|table ".*" does not have column "(__paimon_(?:file_path|partition|bucket|row_index))")$`),
		num: mysql.ERBadFieldError,
		message: func(m []string) string {
			return fmt.Sprintf("Unknown column '%s%s': Paimon's metadata columns of Spark's reads (__paimon_file_path, __paimon_partition, __paimon_bucket, __paimon_row_index) are not served by paimon-sql; "+
				"t$files lists each data file with its partition, bucket and row count", m[1], m[2])
		}},
	{re: regexp.MustCompile(`^(column ".*" could not be found in any table in scope|table ".*" does not have column ".*")$`), num: mysql.ERBadFieldError},
	{re: regexp.MustCompile(`(?s)^syntax error at position (\d+)(?: near '(.*)')?$`), num: mysql.ERParseError,
		message: func(m []string) string {
			return fmt.Sprintf("You have an error in your SQL syntax near '%s' (at character %s)", m[2], m[1])
		}},
	{re: regexp.MustCompile(`^number of values does not match number of columns provided$`), num: mysql.ERWrongValueCountOnRow,
		message: func([]string) string {
			return "Column count doesn't match value count: give a value for every column, or name the columns"
		}},
	{re: regexp.MustCompile(`^table with name (.+) already exists$`), num: mysql.ERTableExists,
		message: func(m []string) string { return fmt.Sprintf("Table '%s' already exists", m[1]) }},
	{re: regexp.MustCompile(`^Column "(.+)" already exists$`), num: mysql.ERDupFieldName,
		message: func(m []string) string { return fmt.Sprintf("Duplicate column name '%s'", m[1]) }},
	{re: regexp.MustCompile(`^stored procedure "(.+)" does not exist$`), num: mysql.ERSPDoesNotExist,
		message: func(m []string) string {
			return fmt.Sprintf("PROCEDURE %s does not exist (CALL sys.<name> runs paimon-sql's procedures; docs/sql.md section 10 lists them)", m[1])
		}},
	{re: regexp.MustCompile(`^expression '.*' doesn't appear in the group by expressions$`), num: mysql.ERWrongFieldWithGroup},
	{re: regexp.MustCompile(`^Incorrect arguments to `), num: mysql.ERWrongArguments},
	{re: regexp.MustCompile(`^the table is not indexable$`), num: mysql.ERNotSupportedYet,
		message: func([]string) string {
			return "CREATE INDEX is not supported: Paimon tables have no secondary indexes (SHOW INDEX shows their primary and partition keys)"
		}},
	{re: regexp.MustCompile(`^Argument #\d+ of GROUPING function is not in GROUP BY$`), num: erFieldInGroupingNotGroupBy},
	{re: regexp.MustCompile(`^Invalid use of group function`), num: mysql.ERInvalidGroupFuncUse},
	{re: regexp.MustCompile(`^no database selected$`), num: mysql.ERNoDb,
		message: func([]string) string { return "No database selected" }},
	// MySQL names the variable without its @@ and scope.
	{re: regexp.MustCompile(`(?i)^Unknown system variable '(?:@@(?:session\.|global\.|local\.|persist\.|persist_only\.)?)?(.*)'$`), num: mysql.ERUnknownSystemVariable,
		message: func(m []string) string { return fmt.Sprintf("Unknown system variable '%s'", m[1]) }},
	// A result past its type's range (go-mysql-server's arithmetic, POW,
	// EXP, unary minus of BIGINT's lowest value).
	{re: regexp.MustCompile(`(?s)^(DOUBLE|BIGINT UNSIGNED|BIGINT)(?: value)? out of range for (.*)$`), num: mysql.ERDataOutOfRange,
		message: func(m []string) string { return fmt.Sprintf("%s value is out of range in '%s'", m[1], m[2]) }},
	{re: regexp.MustCompile(`^function: '(.*)' not found$`), num: mysql.ERSPDoesNotExist,
		message: func(m []string) string { return fmt.Sprintf("FUNCTION %s does not exist", m[1]) }},
	{re: regexp.MustCompile(`^function '(.*)' expected .* arguments?, \d+ received$`), num: erWrongParamcountToNativeFct,
		message: func(m []string) string {
			return fmt.Sprintf("Incorrect parameter count in the call to native function '%s'", m[1])
		}},
	{re: regexp.MustCompile(`(?s)^Variable '.*' can't be set to the value of '.*'$`), num: mysql.ERWrongValueForVar},
	{re: regexp.MustCompile(`^Unknown character set: '?(.*?)'?$`), num: mysql.ERUnknownCharacterSet,
		message: func(m []string) string { return fmt.Sprintf("Unknown character set: '%s'", m[1]) }},
	{re: regexp.MustCompile(`^Unknown collation: '?(.*?)'?$`), num: mysql.ERUnknownCollation,
		message: func(m []string) string { return fmt.Sprintf("Unknown collation: '%s'", m[1]) }},
	{re: regexp.MustCompile(`^Not unique table/alias: '?(.*?)'?$`), num: erNonuniqTable,
		message: func(m []string) string { return fmt.Sprintf("Not unique table/alias: '%s'", m[1]) }},
	{re: regexp.MustCompile(`^Every derived table must have its own alias`), num: erDerivedMustHaveAlias},
	{re: regexp.MustCompile(`^database server is set to read only mode$`), num: erOptionPreventsStatement,
		message: func([]string) string {
			return "The server is running with the --read-only option so it cannot execute this statement"
		}},
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
// with a MySQL number becomes that *mysql.SQLError (with err's message), a
// *mysql.SQLError gets MySQL's number and SQLSTATE where go-mysql-server
// fell back to 1105 or HY000, anything else is returned as it is.
func From(err error) error {
	if err == nil {
		return nil
	}
	var se *mysql.SQLError
	if errors.As(err, &se) {
		num, msg := se.Num, internalPrefix.ReplaceAllString(se.Message, "")
		state := se.State
		if m := embedded.FindStringSubmatch(msg); m != nil && num == mysql.ERUnknownError {
			if n, err := strconv.Atoi(m[2]); err == nil {
				num, state, msg = n, m[3], m[1]
			}
		}
		for _, g := range gmsMessages {
			if num != mysql.ERUnknownError && num != mysql.ERMixOfGroupFuncAndFields {
				break
			}
			if m := g.re.FindStringSubmatch(msg); m != nil {
				num = g.num
				if g.message != nil {
					msg = g.message(m)
				}
				break
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
	for _, c := range coreErrors {
		if errors.Is(err, c.err) {
			return mysql.NewSQLError(c.num, sqlState(c.num), "%s", err.Error())
		}
	}
	var bad *options.ValueError
	if errors.As(err, &bad) {
		return mysql.NewSQLError(erWrongValue, sqlState(erWrongValue), "%s", err.Error())
	}
	return err
}

func sqlState(num int) string {
	if s, ok := sqlStates[num]; ok {
		return s
	}
	return mysql.SSUnknownSQLState
}
