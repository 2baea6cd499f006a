package server

import (
	"errors"
	"regexp"

	"github.com/dolthub/vitess/go/mysql"
)

// unknownColumn matches go-mysql-server's messages for an unknown column,
// which it sends as the generic error 1105: clients and BI tools look for
// MySQL's 1054.
var unknownColumn = regexp.MustCompile(`^(column ".*" could not be found in any table in scope|table ".*" does not have column ".*")$`)

// mysqlErrorNumber gives errors the number MySQL uses for them where
// go-mysql-server falls back to 1105.
func mysqlErrorNumber(err error) error {
	var se *mysql.SQLError
	if !errors.As(err, &se) || se.Num != mysql.ERUnknownError {
		return err
	}
	if unknownColumn.MatchString(se.Message) {
		return mysql.NewSQLError(mysql.ERBadFieldError, mysql.SSBadFieldError, "%s", se.Message)
	}
	return err
}
