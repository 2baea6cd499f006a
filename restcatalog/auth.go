package restcatalog

import (
	"context"
	"errors"
)

// Account is the paimon-sql account a bearer token belongs to, as 'user'@'host'.
type Account struct{ User, Host string }

// Privilege is what a REST call needs, named as MySQL's grants name it.
type Privilege string // "SELECT", "INSERT", "DELETE", "CREATE", "DROP", "ALTER", "EXECUTE"

// ErrUnauthenticated is the error for no token, an unknown or a revoked one (answered 401).
var ErrUnauthenticated = errors.New("restcatalog: unauthenticated")

// Authorizer maps bearer tokens to accounts and checks grants as the SQL side does.
type Authorizer interface {
	Authenticate(ctx context.Context, bearerToken string) (Account, error)
	// Allowed reports whether the account holds priv on db.table; table "" asks at database
	// level, db "" at global level.
	Allowed(ctx context.Context, a Account, priv Privilege, db, table string) bool
}

// The privileges REST calls ask for.
const (
	PrivSelect  Privilege = "SELECT"
	PrivInsert  Privilege = "INSERT"
	PrivDelete  Privilege = "DELETE"
	PrivCreate  Privilege = "CREATE"
	PrivDrop    Privilege = "DROP"
	PrivAlter   Privilege = "ALTER"
	PrivExecute Privilege = "EXECUTE"
)

// PrivUpdate is what resetting a consumer needs, as sys.reset_consumer.
const PrivUpdate Privilege = "UPDATE"
