package server

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// sysVarsAdmin is MySQL's dynamic privilege for SET GLOBAL. go-mysql-server
// honours dynamic privileges but cannot grant this one, so GRANT and REVOKE
// naming it are completed here.
const sysVarsAdmin = "system_variables_admin"

// grantOrRevoke runs a GRANT or REVOKE that names SYSTEM_VARIABLES_ADMIN:
// go-mysql-server runs the other privileges (rest, nil when there are
// none), then apply changes each user.
func (g guardedExec) grantOrRevoke(ctx *sql.Context, users []plan.UserName, level plan.PrivilegeLevel, rest sql.Node, row sql.Row, apply func(*mysql_db.User)) (sql.RowIter, error) {
	if level.Database != "*" || level.TableRoutine != "*" {
		return nil, sql.ErrGrantRevokeIllegalPrivilege.New()
	}
	mdb := g.files.access.mdb
	admin := mdb.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(sql.PrivilegeCheckSubject{Database: "mysql"}, sql.PrivilegeType_Update))
	if !admin && !g.files.access.hasGlobal(ctx, sql.PrivilegeType_Super) {
		return nil, sql.ErrPrivilegeCheckFailed.New(userHost(ctx))
	}
	if rest != nil {
		iter, err := g.inner.Build(ctx, rest, row)
		if err == nil {
			_, err = sql.RowIterToRows(ctx, iter)
		}
		if err != nil {
			return nil, err
		}
	}
	ed := mdb.Editor()
	defer ed.Close()
	for _, u := range users {
		user := mdb.GetUser(ed, u.Name, u.Host, false)
		if user == nil {
			return nil, sql.ErrGrantUserDoesNotExist.New()
		}
		apply(user)
	}
	if err := mdb.Persist(ctx, ed); err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

// withoutSysVarsAdmin returns privs without SYSTEM_VARIABLES_ADMIN, and
// whether it was there.
func withoutSysVarsAdmin(privs []plan.Privilege) ([]plan.Privilege, bool) {
	var rest []plan.Privilege
	found := false
	for _, p := range privs {
		if p.Type == plan.PrivilegeType_Dynamic && p.Dynamic == sysVarsAdmin {
			found = true
			continue
		}
		rest = append(rest, p)
	}
	return rest, found
}

// dynamicGrants completes GRANT and REVOKE of SYSTEM_VARIABLES_ADMIN; ok is
// false for any other statement.
func (g guardedExec) dynamicGrants(ctx *sql.Context, n sql.Node, row sql.Row) (iter sql.RowIter, ok bool, err error) {
	switch n := n.(type) {
	case *plan.Grant:
		return g.completeDynamic(ctx, n.Privileges, n.Users, n.PrivilegeLevel, row,
			func(rest []plan.Privilege) sql.Node {
				nn := *n
				nn.Privileges = rest
				return &nn
			},
			func(u *mysql_db.User) { u.PrivilegeSet.AddGlobalDynamic(n.WithGrantOption, sysVarsAdmin) })
	case *plan.Revoke:
		return g.completeDynamic(ctx, n.Privileges, n.Users, n.PrivilegeLevel, row,
			func(rest []plan.Privilege) sql.Node {
				nn := *n
				nn.Privileges = rest
				return &nn
			},
			func(u *mysql_db.User) { u.PrivilegeSet.RemoveGlobalDynamic(sysVarsAdmin) })
	}
	return nil, false, nil
}

// completeDynamic runs the statement with privs when they name
// SYSTEM_VARIABLES_ADMIN; withPrivs makes the statement with the others.
func (g guardedExec) completeDynamic(ctx *sql.Context, privs []plan.Privilege, users []plan.UserName, level plan.PrivilegeLevel, row sql.Row,
	withPrivs func([]plan.Privilege) sql.Node, apply func(*mysql_db.User)) (sql.RowIter, bool, error) {
	rest, found := withoutSysVarsAdmin(privs)
	if !found {
		return nil, false, nil
	}
	var restNode sql.Node
	if len(rest) > 0 {
		restNode = withPrivs(rest)
	}
	iter, err := g.grantOrRevoke(ctx, users, level, restNode, row, apply)
	return iter, true, err
}
