package server

import (
	"context"
	"errors"

	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

var errAnonymousAccount = errors.New("anonymous accounts (an empty user name) are not supported")

// prepareAccountStatement readies a statement that changes accounts or
// grants, before GMS plans it:
//   - CREATE USER and ALTER USER ... IDENTIFIED BY 'p' without a plugin use
//     caching_sha2_password, MySQL 8's default (GMS's is the unsalted
//     mysql_native_password, which stays available with IDENTIFIED WITH);
//   - an empty user name is refused: no anonymous accounts;
//   - the privileges are read fresh from the store, so that the change
//     applies to what other servers wrote (privilegeSync).
func prepareAccountStatement(ctx context.Context, privileges *privilegeSync, stmt ast.Statement) error {
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
		*ast.GrantPrivilege, *ast.GrantRole, *ast.GrantProxy,
		*ast.RevokePrivilege, *ast.RevokeAllPrivileges, *ast.RevokeRole, *ast.RevokeProxy:
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
