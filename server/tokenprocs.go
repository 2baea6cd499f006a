package server

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/procedures"
)

// The token procedures, CALL sys.create_token, sys.revoke_token and
// sys.list_tokens (docs/operations.md, "Bearer tokens"). Like every CALL
// sys.*, they need EXECUTE on sys. Then, as for passwords in MySQL, a user
// manages the tokens of his own account with no further privilege, and
// those of other accounts with CREATE USER or UPDATE on mysql (what ALTER
// USER of another account needs); listing other accounts' tokens needs
// CREATE USER or SELECT on mysql.

// erCannotUser is MySQL's ER_CANNOT_USER ("Operation %s failed for %s"),
// which vitess does not name.
const erCannotUser = 1396

// tokenProcedures runs the token procedures on the engine's privileges.
type tokenProcedures struct {
	mdb        *mysql_db.MySQLDb
	privileges *privilegeSync
	access     *access
}

// registerTokenProcedures adds the token procedures to a provider that
// takes procedures (the Paimon catalog, which serves CALL sys.*).
func registerTokenProcedures(provider sql.DatabaseProvider, tp *tokenProcedures) {
	r, ok := provider.(interface {
		RegisterProcedure(sql.ExternalStoredProcedureDetails, []string)
	})
	if !ok {
		return
	}
	for _, p := range tp.all() {
		r.RegisterProcedure(p.Details(nil), p.NamedParams())
	}
}

var tokenRows = sql.Schema{
	{Name: "user", Type: gtypes.LongText},
	{Name: "host", Type: gtypes.LongText},
	{Name: "id", Type: gtypes.LongText},
	{Name: "name", Type: gtypes.LongText},
}

func (tp *tokenProcedures) all() []procedures.Procedure {
	withToken := append(slices.Clone(tokenRows), &sql.Column{Name: "token", Type: gtypes.LongText})
	listed := append(slices.Clone(tokenRows), &sql.Column{Name: "created", Type: gtypes.DatetimeMaxPrecision},
		&sql.Column{Name: "created_by", Type: gtypes.LongText})
	return []procedures.Procedure{
		{Name: "create_token", Params: []string{"account", "name"}, Returns: withToken, Run: tp.create},
		{Name: "revoke_token", Params: []string{"id", "account"}, Returns: tokenRows, Run: tp.revoke},
		{Name: "list_tokens", Params: []string{"account"}, Returns: listed, ReadOnly: true, Run: tp.list},
	}
}

// create makes a token for the account (the caller's when not given) and
// returns it: the only time it is shown.
func (tp *tokenProcedures) create(ctx *sql.Context, _ *procedures.Env, args procedures.Args) ([]sql.Row, error) {
	target, name, err := tp.targetAndName(ctx, args)
	if err != nil {
		return nil, err
	}
	if err := tp.privileges.refresh(ctx, 0); err != nil {
		return nil, err
	}
	token, stored, err := newToken(name, userHost(ctx), time.Now())
	if err != nil {
		return nil, err
	}
	ed := tp.mdb.Editor()
	defer ed.Close()
	u, ok := ed.GetUser(target)
	if !ok {
		return nil, mysql.NewSQLError(erCannotUser, "HY000", "Operation CREATE TOKEN failed for %s", accountName(target))
	}
	if !mayLogIn(u) {
		return nil, mysqlerr.WrongArguments("sys.create_token: %s cannot log in (a role or a locked account): %v", accountName(target), errNotTokenAccount)
	}
	tokens, err := accountTokens(u)
	if err != nil {
		return nil, err
	}
	if err := tp.save(ctx, ed, u, append(tokens, stored)); err != nil {
		return nil, err
	}
	return []sql.Row{{u.User, u.Host, stored.ID, stored.Name, token}}, nil
}

func (tp *tokenProcedures) targetAndName(ctx *sql.Context, args procedures.Args) (mysql_db.UserPrimaryKey, string, error) {
	target, err := tp.target(ctx, args, 0)
	if err != nil {
		return target, "", err
	}
	name, _ := args.String(1, false)
	if len(name) > 255 {
		return target, "", mysqlerr.WrongArguments("sys.create_token: argument 'name' is longer than 255 characters")
	}
	return target, name, nil
}

// revoke removes the token id, or with no id every token of the account;
// it returns the tokens revoked.
func (tp *tokenProcedures) revoke(ctx *sql.Context, _ *procedures.Env, args procedures.Args) ([]sql.Row, error) {
	id, _ := args.String(0, false)
	if !args.Given(0) && !args.Given(1) {
		return nil, mysqlerr.WrongArguments("sys.revoke_token: give the token's 'id', or an 'account' to revoke all its tokens")
	}
	if full, ok := tokenID(id); ok {
		id = full // the whole token given: its id
	}
	var target *mysql_db.UserPrimaryKey
	if args.Given(1) || !tp.mayManageOthers(ctx) {
		t, err := tp.target(ctx, args, 1)
		if err != nil {
			return nil, err
		}
		target = &t
	}
	if err := tp.privileges.refresh(ctx, 0); err != nil {
		return nil, err
	}
	ed := tp.mdb.Editor()
	defer ed.Close()
	var rows []sql.Row
	var changed []*mysql_db.User
	var kept [][]storedToken
	var visitErr error
	ed.VisitUsers(func(u *mysql_db.User) {
		if target != nil && userKey(u) != *target {
			return
		}
		tokens, err := accountTokens(u)
		if err != nil {
			visitErr = err
			return
		}
		var keep []storedToken
		for _, t := range tokens {
			if id == "" || t.ID == id {
				rows = append(rows, sql.Row{u.User, u.Host, t.ID, t.Name})
			} else {
				keep = append(keep, t)
			}
		}
		if len(keep) != len(tokens) {
			changed, kept = append(changed, u), append(kept, keep)
		}
	})
	if visitErr != nil {
		return nil, visitErr
	}
	if id != "" && len(rows) == 0 {
		return nil, mysqlerr.WrongArguments("sys.revoke_token: no token with id '%s'%s", id, ofAccount(target))
	}
	for i, u := range changed {
		if err := tp.put(u, kept[i], ed); err != nil {
			return nil, err
		}
	}
	if len(changed) > 0 {
		if err := tp.mdb.Persist(ctx, ed); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

func ofAccount(target *mysql_db.UserPrimaryKey) string {
	if target == nil {
		return ""
	}
	return " of " + accountName(*target)
}

// list shows the tokens, without their secrets or hashes: the caller's, or
// the account's, or with no account and the right to, every account's.
func (tp *tokenProcedures) list(ctx *sql.Context, _ *procedures.Env, args procedures.Args) ([]sql.Row, error) {
	var target *mysql_db.UserPrimaryKey
	if args.Given(0) || !tp.mayListOthers(ctx) {
		t, err := tp.accountArg(ctx, args, 0)
		if err != nil {
			return nil, err
		}
		if !tp.isOwn(ctx, t) && !tp.mayListOthers(ctx) {
			return nil, accessDeniedNeeding("CREATE USER or SELECT on mysql")
		}
		target = &t
	}
	if err := tp.privileges.refresh(ctx, privilegesMaxAge); err != nil {
		return nil, err
	}
	rd := tp.mdb.Reader()
	defer rd.Close()
	var rows []sql.Row
	var visitErr error
	rd.VisitUsers(func(u *mysql_db.User) {
		if target != nil && userKey(u) != *target {
			return
		}
		tokens, err := accountTokens(u)
		if err != nil {
			visitErr = err
		}
		for _, t := range tokens {
			rows = append(rows, sql.Row{u.User, u.Host, t.ID, t.Name, t.Created, t.CreatedBy})
		}
	})
	slices.SortFunc(rows, func(a, b sql.Row) int {
		return cmp.Or(strings.Compare(a[0].(string), b[0].(string)), strings.Compare(a[1].(string), b[1].(string)),
			a[4].(time.Time).Compare(b[4].(time.Time)), strings.Compare(a[2].(string), b[2].(string)))
	})
	return rows, visitErr
}

// save gives u the tokens and saves the privileges; a failed save keeps
// nothing (privilegeSync restores the privileges before they are used).
func (tp *tokenProcedures) save(ctx *sql.Context, ed *mysql_db.Editor, u *mysql_db.User, tokens []storedToken) error {
	if err := tp.put(u, tokens, ed); err != nil {
		return err
	}
	return tp.mdb.Persist(ctx, ed)
}

func (tp *tokenProcedures) put(u *mysql_db.User, tokens []storedToken, ed *mysql_db.Editor) error {
	nu := mysql_db.UserCopy(u)
	if err := setAccountTokens(nu, tokens); err != nil {
		return err
	}
	// GMS's PutUser keeps an entry that differs: remove it first.
	ed.RemoveUser(userKey(u))
	ed.PutUser(nu)
	return nil
}

// target is the account argument i names, the caller's when not given,
// which the caller may manage the tokens of.
func (tp *tokenProcedures) target(ctx *sql.Context, args procedures.Args, i int) (mysql_db.UserPrimaryKey, error) {
	t, err := tp.accountArg(ctx, args, i)
	if err != nil {
		return t, err
	}
	if !tp.isOwn(ctx, t) && !tp.mayManageOthers(ctx) {
		return t, accessDeniedNeeding("CREATE USER or UPDATE on mysql")
	}
	return t, nil
}

func (tp *tokenProcedures) accountArg(ctx *sql.Context, args procedures.Args, i int) (mysql_db.UserPrimaryKey, error) {
	if !args.Given(i) {
		c := ctx.Session.Client()
		return mysql_db.UserPrimaryKey{User: c.User, Host: c.Address}, nil
	}
	s, _ := args.String(i, false)
	user, host, err := parseAccount(s)
	if err != nil {
		return mysql_db.UserPrimaryKey{}, mysqlerr.WrongArguments("sys.%s: argument 'account' = '%s': %v", tokenProcedureOf(i), s, err)
	}
	return mysql_db.UserPrimaryKey{User: user, Host: host}, nil
}

// tokenProcedureOf names the procedure in an argument error (the account
// is the first argument of create_token and list_tokens, the second of
// revoke_token).
func tokenProcedureOf(accountArg int) string {
	if accountArg == 1 {
		return "revoke_token"
	}
	return "create_token or sys.list_tokens"
}

func (tp *tokenProcedures) isOwn(ctx *sql.Context, t mysql_db.UserPrimaryKey) bool {
	c := ctx.Session.Client()
	return t.User == c.User && t.Host == c.Address
}

func (tp *tokenProcedures) mayManageOthers(ctx *sql.Context) bool {
	return tp.access.hasGlobal(ctx, sql.PrivilegeType_CreateUser) ||
		tp.mdb.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(sql.PrivilegeCheckSubject{Database: "mysql"}, sql.PrivilegeType_Update))
}

func (tp *tokenProcedures) mayListOthers(ctx *sql.Context) bool {
	return tp.access.hasGlobal(ctx, sql.PrivilegeType_CreateUser) ||
		tp.mdb.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(sql.PrivilegeCheckSubject{Database: "mysql"}, sql.PrivilegeType_Select))
}

// accessDeniedNeeding is MySQL's ER_SPECIFIC_ACCESS_DENIED_ERROR.
func accessDeniedNeeding(what string) error {
	return mysql.NewSQLError(mysql.ERSpecifiedAccessDenied, mysql.SSClientError,
		"Access denied; you need (at least one of) the %s privilege(s) for this operation (another account's tokens)", what)
}

func accountName(k mysql_db.UserPrimaryKey) string {
	return mysql_db.User{User: k.User, Host: k.Host}.UserHostToString("'")
}

// parseAccount reads an account as MySQL writes it: user or user@host,
// each part bare or quoted with ', " or `; no host is '%'.
func parseAccount(s string) (user, host string, err error) {
	s = strings.TrimSpace(s)
	user, rest, err := accountPart(s)
	if err != nil {
		return "", "", err
	}
	host = "%"
	if rest != "" {
		if rest[0] != '@' {
			return "", "", errors.New("write 'user' or 'user'@'host'")
		}
		if host, rest, err = accountPart(rest[1:]); err != nil {
			return "", "", err
		}
		if rest != "" {
			return "", "", errors.New("write 'user' or 'user'@'host'")
		}
	}
	if user == "" {
		return "", "", errAnonymousAccount
	}
	return user, host, nil
}

// accountPart reads a user or host name at the start of s and returns the
// rest: a quoted name (a doubled quote stands for one), or the text up to
// the last '@' (a user) or the end.
func accountPart(s string) (string, string, error) {
	if s == "" {
		return "", "", nil
	}
	if q := s[0]; q == '\'' || q == '"' || q == '`' {
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			if s[i] != q {
				b.WriteByte(s[i])
				continue
			}
			if i+1 < len(s) && s[i+1] == q {
				b.WriteByte(q)
				i++
				continue
			}
			return b.String(), s[i+1:], nil
		}
		return "", "", errors.New("unterminated quote")
	}
	if at := strings.LastIndexByte(s, '@'); at >= 0 {
		return s[:at], s[at:], nil
	}
	return s, "", nil
}
