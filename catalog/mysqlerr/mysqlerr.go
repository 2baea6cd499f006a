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
	"regexp"

	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/systables"
)

// coreErrors are the core errors with a MySQL number, checked in order.
var coreErrors = []struct {
	err error
	num int
}{
	{table.ErrNotFound, mysql.ERNoSuchTable},
	{systables.ErrUnknown, mysql.ERNoSuchTable},
	// A snapshot, tag or expiration setting a statement names that is not
	// there or not valid: MySQL's "Incorrect arguments".
	{snapshot.ErrNoSnapshot, mysql.ERWrongArguments},
	{snapshot.ErrNoTag, mysql.ERWrongArguments},
	{expire.ErrInvalid, mysql.ERWrongArguments},
	{context.Canceled, mysql.ERQueryInterrupted},
}

// sqlStates are the SQLSTATEs MySQL sends with the numbers paimon-sql and
// go-mysql-server use (MySQL's errmsg-utf8.txt); a number not here is
// HY000. go-mysql-server sends HY000 for all of them.
var sqlStates = map[int]string{
	mysql.ERNoSuchTable:           mysql.SSUnknownTable,      // 42S02
	mysql.ERBadTable:              mysql.SSUnknownTable,      // 42S02
	mysql.ERBadFieldError:         mysql.SSBadFieldError,     // 42S22
	mysql.ERTableExists:           "42S01",                   // ER_TABLE_EXISTS_ERROR
	mysql.ERBadDb:                 mysql.SSClientError,       // 42000
	mysql.ERDupEntry:              mysql.SSDupKey,            // 23000
	mysql.ERBadNullError:          mysql.SSDupKey,            // 23000
	erTableAccessDenied:           mysql.SSClientError,       // 42000
	mysql.ERDBAccessDenied:        mysql.SSClientError,       // 42000
	mysql.ERSpecifiedAccessDenied: mysql.SSClientError,       // 42000
	mysql.ERAccessDeniedError:     mysql.SSAccessDeniedError, // 28000
	mysql.ERQueryInterrupted:      "70100",
	mysql.ERParseError:            mysql.SSClientError, // 42000
	mysql.ERSyntaxError:           mysql.SSClientError, // 42000
	mysql.ERNonUniq:               "23000",             // ER_NON_UNIQ_ERROR
}

// erTableAccessDenied is ER_TABLEACCESS_DENIED_ERROR, which vitess does not name.
const erTableAccessDenied = 1142

// unknownColumn matches go-mysql-server's messages for an unknown column,
// which it sends as the generic error 1105: clients and BI tools look for
// MySQL's 1054.
var unknownColumn = regexp.MustCompile(`^(column ".*" could not be found in any table in scope|table ".*" does not have column ".*")$`)

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
		num := se.Num
		if num == mysql.ERUnknownError && unknownColumn.MatchString(se.Message) {
			num = mysql.ERBadFieldError
		}
		state := se.State
		if s, ok := sqlStates[num]; ok && (state == "" || state == mysql.SSUnknownSQLState) {
			state = s
		}
		if num == se.Num && state == se.State {
			return err
		}
		return mysql.NewSQLError(num, state, "%s", se.Message)
	}
	for _, c := range coreErrors {
		if errors.Is(err, c.err) {
			return mysql.NewSQLError(c.num, sqlState(c.num), "%s", err.Error())
		}
	}
	return err
}

func sqlState(num int) string {
	if s, ok := sqlStates[num]; ok {
		return s
	}
	return mysql.SSUnknownSQLState
}
