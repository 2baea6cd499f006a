package warehouse

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// CheckTableName refuses a table name that Java refuses ('$' separates
// system tables and branches) or that does not map to one directory and
// back: path separators, a leading '.', control characters, escape-like
// sequences, invalid UTF-8.
func CheckTableName(name string) error {
	if strings.ContainsAny(name, "/\\$") {
		return fmt.Errorf("table name %+q cannot hold '/', '\\' or '$'", name)
	}
	return checkPathName("table", name)
}

// CheckDatabaseName refuses a database name that does not map to one
// "<name>.db" directory and back: path separators, a '.', control
// characters, escape-like sequences, invalid UTF-8.
func CheckDatabaseName(name string) error {
	if strings.ContainsAny(name, "/\\.") {
		return fmt.Errorf("database name %+q cannot hold '/', '\\' or '.'", name)
	}
	return checkPathName("database", name)
}

func checkPathName(what, name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%s name cannot be empty", what)
	case !utf8.ValidString(name):
		return fmt.Errorf("%s name %+q is not valid UTF-8", what, name)
	case strings.HasPrefix(name, "."):
		return fmt.Errorf("%s name %+q cannot start with '.'", what, name)
	}
	if err := fs.CheckComponent(name); err != nil {
		return fmt.Errorf("%s name %w", what, err)
	}
	return nil
}
