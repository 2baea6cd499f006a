package server

import (
	"context"
	"log/slog"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"

	"github.com/paimon-sql/paimon-sql/restcatalog"
)

// TokenAuthorizer is restcatalog.Authorizer over the server's accounts:
// a bearer token made by CALL sys.create_token logs in as its account, and
// a REST call is allowed by the grants that allow the SQL it stands for,
// checked by the same code (access) on the same privileges, which it reads
// as fresh as a statement does (privilegesMaxAge: a REVOKE, DROP USER or
// revoke_token on another server holds here within that time).
type TokenAuthorizer struct {
	mdb        *mysql_db.MySQLDb
	privileges *privilegeSync
	access     *access
	wrap       func(*sql.BaseSession) sql.Session
	log        *slog.Logger
}

var _ restcatalog.Authorizer = (*TokenAuthorizer)(nil)

// Authorizer checks the REST catalog's calls against this engine's
// accounts and grants.
func (e *Engine) Authorizer() *TokenAuthorizer { return e.tokens }

// Authorizer checks the REST catalog's calls against this server's
// accounts and grants.
func (s *Server) Authorizer() *TokenAuthorizer { return s.tokens }

// Authenticate implements restcatalog.Authorizer: the account holding the
// token, if it may log in (not a role, not locked). Anything else is
// restcatalog.ErrUnauthenticated, with no hint of which part was wrong.
func (t *TokenAuthorizer) Authenticate(ctx context.Context, bearerToken string) (restcatalog.Account, error) {
	id, ok := tokenID(bearerToken)
	if !ok {
		return restcatalog.Account{}, restcatalog.ErrUnauthenticated
	}
	t.refresh(ctx)
	rd := t.mdb.Reader()
	defer rd.Close()
	var found *mysql_db.User
	rd.VisitUsers(func(u *mysql_db.User) {
		if found != nil || u.Attributes == nil || !strings.Contains(*u.Attributes, id) || !mayLogIn(u) {
			return
		}
		tokens, err := accountTokens(u)
		if err != nil {
			t.log.Warn("cannot read the tokens of an account", "err", err)
			return
		}
		for _, tok := range tokens {
			if tok.ID == id && tok.matches(bearerToken) {
				found = u
				return
			}
		}
	})
	if found == nil {
		return restcatalog.Account{}, restcatalog.ErrUnauthenticated
	}
	return restcatalog.Account{User: found.User, Host: found.Host}, nil
}

// mayLogIn tells whether an account may log in: a login refuses an empty
// name, a role and a locked account (authServer.account).
func mayLogIn(u *mysql_db.User) bool {
	return u.User != "" && !u.IsRole && !u.Locked
}

// Allowed implements restcatalog.Authorizer with the checks of the SQL
// side: the account's grants and those of its roles, global, on the
// database or on the table, names compared as the catalog finds them
// (access.grantsOn). An account dropped or locked since it authenticated
// holds nothing, and a privilege name MySQL does not know is refused.
func (t *TokenAuthorizer) Allowed(ctx context.Context, a restcatalog.Account, priv restcatalog.Privilege, db, table string) bool {
	p, ok := sql.PrivilegeTypeFromString(strings.ToUpper(string(priv)))
	if !ok {
		return false
	}
	t.refresh(ctx)
	if !t.accountMayLogIn(a) {
		return false
	}
	sctx := t.sessionOf(ctx, a)
	if db == "" {
		all := t.mdb.UserActivePrivilegeSet(sctx)
		return all.Has(sql.PrivilegeType_Super) || all.Has(p)
	}
	return t.access.names(sctx).grantsOn(db, table).has(p)
}

func (t *TokenAuthorizer) accountMayLogIn(a restcatalog.Account) bool {
	rd := t.mdb.Reader()
	defer rd.Close()
	u, ok := rd.GetUser(mysql_db.UserPrimaryKey{User: a.User, Host: a.Host})
	return ok && mayLogIn(u)
}

// sessionOf is a context whose session is the account's, as a connection
// of it has after logging in.
func (t *TokenAuthorizer) sessionOf(ctx context.Context, a restcatalog.Account) *sql.Context {
	sess := t.wrap(sql.NewBaseSessionWithClientServer("rest", sql.Client{User: a.User, Address: a.Host}, 0))
	return sql.NewContext(ctx, sql.WithSession(sess))
}

// refresh reads what other servers changed; a store that cannot be read
// leaves the loaded privileges, as at a login.
func (t *TokenAuthorizer) refresh(ctx context.Context) {
	if err := t.privileges.refresh(ctx, privilegesMaxAge); err != nil {
		t.log.Warn("cannot read the privileges store; using the loaded privileges", "err", err)
	}
}
