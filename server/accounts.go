package server

import (
	"context"
	"errors"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

var errAnonymousAccount = errors.New("anonymous accounts (an empty user name) are not supported")

// errAccountLimits refuses MySQL's per-account resource limits, which
// go-mysql-server would accept and ignore.
var errAccountLimits = mysql.NewSQLError(mysql.ERNotSupportedYet, mysql.SSClientError,
	"This version of MySQL doesn't yet support 'per-account resource limits (WITH MAX_...)': "+
		"the server-wide --max-user-connections bounds each account's connections")

// errPasswordPolicy refuses account locking and password policies, which
// go-mysql-server would accept and ignore: CREATE USER ... ACCOUNT LOCK
// created an account that logged in (and whose tokens worked).
var errPasswordPolicy = mysql.NewSQLError(mysql.ERNotSupportedYet, mysql.SSClientError,
	"This version of MySQL doesn't yet support 'account locking and password policies "+
		"(ACCOUNT LOCK, PASSWORD EXPIRE INTERVAL, PASSWORD HISTORY, PASSWORD REUSE INTERVAL, FAILED_LOGIN_ATTEMPTS)': "+
		"DROP USER or REVOKE to stop an account, sys.revoke_token for its tokens")

// errProxy refuses GRANT PROXY and REVOKE PROXY: there are no proxy users.
var errProxy = mysql.NewSQLError(mysql.ERNotSupportedYet, mysql.SSClientError,
	"This version of MySQL doesn't yet support 'proxy users (GRANT PROXY, REVOKE PROXY)'")

// prepareAccountStatement readies a statement that changes accounts or
// grants, before GMS plans it:
//   - CREATE USER and ALTER USER ... IDENTIFIED BY 'p' without a plugin use
//     caching_sha2_password, MySQL 8's default (GMS's is the unsalted
//     mysql_native_password, which stays available with IDENTIFIED WITH);
//   - SET PASSWORD without FOR (sqlext.CurrentAccount) names the session's
//     account;
//   - an empty user name is refused: no anonymous accounts; and so are
//     account resource limits and proxy grants, which GMS ignores or
//     fails on;
//   - the privileges are read fresh from the store, so that the change
//     applies to what other servers wrote (privilegeSync).
func prepareAccountStatement(ctx context.Context, privileges *privilegeSync, stmt ast.Statement) error {
	switch s := stmt.(type) {
	case *ast.GrantProxy, *ast.RevokeProxy:
		return errProxy
	case *ast.CreateUser:
		if hasLimits(s.AccountLimits) {
			return errAccountLimits
		}
		if s.Locked || hasPasswordPolicy(s.PasswordOptions) {
			return errPasswordPolicy
		}
	case *ast.DDL:
		if s.Auth.AuthType == ast.AuthType_ALTER_USER {
			if hasLimits(s.AccountLimits) {
				return errAccountLimits
			}
			if err := currentAccount(ctx, s); err != nil {
				return err
			}
		}
	}
	accounts, changes := accountsChanged(stmt)
	if !changes {
		return nil
	}
	for _, a := range accounts {
		if a.Name == "" {
			return errAnonymousAccount
		}
		defaultToSha2(a.Auth1)
	}
	return privileges.refresh(ctx, 0)
}

// currentAccount makes the ALTER USER of a SET PASSWORD without FOR name
// the session's account.
func currentAccount(ctx context.Context, s *ast.DDL) error {
	if s.User.Name != sqlext.CurrentAccount {
		return nil
	}
	sqlCtx, ok := ctx.(*sql.Context)
	if !ok || sqlCtx.Session == nil || sqlCtx.Session.Client().User == "" {
		return errors.New("SET PASSWORD without FOR needs a logged-in session")
	}
	c := sqlCtx.Session.Client()
	s.User = ast.AccountName{Name: c.User, Host: c.Address, AnyHost: c.Address == "%"}
	s.Auth.TargetNames = []string{c.User, c.Address}
	return nil
}

// hasLimits tells whether an account sets a resource limit; 0 means none.
func hasLimits(l *ast.AccountLimits) bool {
	if l == nil {
		return false
	}
	for _, v := range []*ast.SQLVal{l.MaxQueriesPerHour, l.MaxUpdatesPerHour, l.MaxConnectionsPerHour, l.MaxUserConnections} {
		if v != nil && string(v.Val) != "0" {
			return true
		}
	}
	return false
}

// hasPasswordPolicy tells whether options set a policy: what is left
// (PASSWORD EXPIRE NEVER or DEFAULT, REQUIRE CURRENT) is what every account
// has, a password that never expires and is never asked again.
func hasPasswordPolicy(o *ast.PasswordOptions) bool {
	if o == nil {
		return false
	}
	for _, v := range []*ast.SQLVal{o.ExpirationTime, o.History, o.ReuseInterval, o.FailedAttempts} {
		if v != nil && string(v.Val) != "0" {
			return true
		}
	}
	return false
}

// accountsChanged tells whether stmt changes accounts or grants, and returns
// the accounts it creates or sets a password of.
func accountsChanged(stmt ast.Statement) ([]ast.AccountWithAuth, bool) {
	switch s := stmt.(type) {
	case *ast.CreateUser:
		return s.Users, true
	case *ast.DDL:
		if s.Auth.AuthType == ast.AuthType_ALTER_USER {
			return []ast.AccountWithAuth{{AccountName: s.User, Auth1: s.Authentication}}, true
		}
	case *ast.RenameUser, *ast.DropUser, *ast.CreateRole, *ast.DropRole,
		*ast.GrantPrivilege, *ast.GrantRole,
		*ast.RevokePrivilege, *ast.RevokeAllPrivileges, *ast.RevokeRole:
		return nil, true
	case *ast.Flush:
		return nil, true
	}
	return nil, false
}

// defaultToSha2 gives a password without a plugin the default plugin.
func defaultToSha2(auth *ast.Authentication) {
	if auth != nil && auth.Plugin == "" && auth.Identity == "" {
		auth.Plugin = string(mysql.CachingSha2Password)
	}
}
