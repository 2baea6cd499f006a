package procedures

// Parsers of argument values that several procedures share.

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// parseInstant reads an older_than argument: epoch milliseconds, or an
// instant in loc in the forms AS OF reads (sqlext.ParseInstant).
func parseInstant(s string, loc *time.Location) (time.Time, error) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return time.UnixMilli(n), nil
	}
	if t, ok := sqlext.ParseInstant(s, loc); ok {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("not epoch milliseconds nor %s", sqlext.InstantForms)
}

func parseBool(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("not a boolean (true or false)")
}
