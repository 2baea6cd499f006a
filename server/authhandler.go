package server

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// tablePrivileges are the privileges of the statement kinds that name
// tables, for the check of exact names.
var tablePrivileges = map[string][]sql.PrivilegeType{
	ast.AuthType_SELECT:      {sql.PrivilegeType_Select},
	ast.AuthType_INSERT:      {sql.PrivilegeType_Insert},
	ast.AuthType_UPDATE:      {sql.PrivilegeType_Update},
	ast.AuthType_DELETE:      {sql.PrivilegeType_Delete},
	ast.AuthType_REPLACE:     {sql.PrivilegeType_Insert, sql.PrivilegeType_Delete},
	ast.AuthType_ALTER:       {sql.PrivilegeType_Alter},
	ast.AuthType_CREATE:      {sql.PrivilegeType_Create},
	ast.AuthType_DROP:        {sql.PrivilegeType_Drop},
	ast.AuthType_INDEX:       {sql.PrivilegeType_Index},
	ast.AuthType_TRIGGER:     {sql.PrivilegeType_Trigger},
	ast.AuthType_CREATE_VIEW: {sql.PrivilegeType_CreateView},
	ast.AuthType_FOREIGN_KEY: {sql.PrivilegeType_References},
	ast.AuthType_LOCK:        {sql.PrivilegeType_Select, sql.PrivilegeType_LockTables},
	sqlext.AuthTruncate:      {sql.PrivilegeType_Drop, sql.PrivilegeType_Insert, sql.PrivilegeType_Delete},
}

// authHandler is go-mysql-server's authorization with Paimon's names: a
// system table or branch (t$snapshots, t$branch_dev) is allowed by the
// privilege on its table as well as by a grant on its own name, and a grant
// applies only to the database and table its name designates (see access).
// go-mysql-server checks first; this only narrows.
type authHandler struct {
	inner  sql.AuthorizationHandler
	access *access
}

var _ sql.AuthorizationHandler = authHandler{}

// NewQueryState implements sql.AuthorizationHandler.
func (h authHandler) NewQueryState(ctx *sql.Context) sql.AuthorizationQueryState {
	return h.inner.NewQueryState(ctx)
}

// HandleAuth implements sql.AuthorizationHandler.
func (h authHandler) HandleAuth(ctx *sql.Context, state sql.AuthorizationQueryState, auth ast.AuthInformation) error {
	switch auth.AuthType {
	case ast.AuthType_PROCESS:
		// SHOW PROCESSLIST: as in MySQL, everyone may run it and sees the
		// other users' statements only with PROCESS (guardedExec).
		return nil
	case ast.AuthType_SUPER:
		// KILL, the one statement vitess marks SUPER: as in MySQL, one's
		// own connections need no privilege (access.killAllowed).
		return nil
	}
	err := h.handle(ctx, state, auth)
	if base, ok := withBaseTables(auth); err != nil && ok && h.handle(ctx, state, base) == nil {
		return nil
	}
	return err
}

func (h authHandler) handle(ctx *sql.Context, state sql.AuthorizationQueryState, auth ast.AuthInformation) error {
	if auth.AuthType == sqlext.AuthTruncate {
		for _, t := range []string{ast.AuthType_DROP, ast.AuthType_DELETE} {
			one := auth
			one.AuthType = t
			if err := h.inner.HandleAuth(ctx, state, one); err != nil {
				return err
			}
		}
	} else if err := h.inner.HandleAuth(ctx, state, auth); err != nil {
		return err
	}
	if !h.access.mdb.Enabled() {
		return nil
	}
	if auth.AuthType == ast.AuthType_ALTER_USER {
		return h.alterUser(ctx, auth)
	}
	if auth.AuthType == ast.AuthType_GRANT_PRIVILEGE {
		return h.grantNames(ctx, auth)
	}
	return h.exactNames(ctx, auth)
}

// alterUser narrows go-mysql-server's check of ALTER USER and SET
// PASSWORD, which lets a user change every account of the same name: as
// in MySQL, one's own account needs no privilege, another account CREATE
// USER or UPDATE on mysql.
func (h authHandler) alterUser(ctx *sql.Context, auth ast.AuthInformation) error {
	c := ctx.Session.Client()
	host := "%"
	if len(auth.TargetNames) > 1 && auth.TargetNames[1] != "" {
		host = auth.TargetNames[1]
	}
	if len(auth.TargetNames) > 0 && auth.TargetNames[0] == c.User && host == c.Address {
		return nil
	}
	if h.access.mdb.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(sql.PrivilegeCheckSubject{}, sql.PrivilegeType_CreateUser)) ||
		h.access.mdb.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(sql.PrivilegeCheckSubject{Database: "mysql"}, sql.PrivilegeType_Update)) {
		return nil
	}
	return sql.ErrPrivilegeCheckFailed.New(userHost(ctx))
}

// withBaseTables replaces system table and branch names by their table's;
// false when there are none.
func withBaseTables(auth ast.AuthInformation) (ast.AuthInformation, bool) {
	step := 0
	switch auth.TargetType {
	case ast.AuthTargetType_SingleTableIdentifier, ast.AuthTargetType_TableColumn:
		step = len(auth.TargetNames) // only the first pair
	case ast.AuthTargetType_MultipleTableIdentifiers:
		step = 2
	default:
		return auth, false
	}
	names := append([]string(nil), auth.TargetNames...)
	changed := false
	for i := 1; i < len(names); i += step {
		names[i] = baseTable(names[i])
		changed = changed || names[i] != auth.TargetNames[i]
	}
	auth.TargetNames = names
	return auth, changed
}

// exactNames checks again, with exact names, the statements that name
// tables or databases.
func (h authHandler) exactNames(ctx *sql.Context, auth ast.AuthInformation) error {
	privs, ok := tablePrivileges[auth.AuthType]
	if !ok {
		return nil
	}
	n := h.access.names(ctx)
	var targets [][2]string
	switch auth.TargetType {
	case ast.AuthTargetType_DatabaseIdentifiers:
		for _, db := range auth.TargetNames {
			targets = append(targets, [2]string{db, ""})
		}
	case ast.AuthTargetType_SingleTableIdentifier:
		targets = append(targets, [2]string{auth.TargetNames[0], auth.TargetNames[1]})
	case ast.AuthTargetType_MultipleTableIdentifiers:
		for i := 0; i+1 < len(auth.TargetNames); i += 2 {
			targets = append(targets, [2]string{auth.TargetNames[i], auth.TargetNames[i+1]})
		}
	}
	for _, t := range targets {
		if strings.EqualFold(t[0], sql.InformationSchemaDatabaseName) {
			continue
		}
		if !n.grantsOn(t[0], t[1]).has(privs...) {
			return sql.ErrPrivilegeCheckFailed.New(userHost(ctx))
		}
	}
	return nil
}

// grantNames refuses a GRANT on a database or table whose name differs only
// in case from one the user already holds grants on: go-mysql-server would
// merge both into one entry, opening one object with the other's grants.
func (h authHandler) grantNames(ctx *sql.Context, auth ast.AuthInformation) error {
	g, ok := auth.Extra.(*plan.Grant)
	if !ok || g.PrivilegeLevel.Database == "*" || g.PrivilegeLevel.Database == "" {
		return nil
	}
	rd := h.access.mdb.Reader()
	defer rd.Close()
	for _, u := range g.Users {
		user := h.access.mdb.GetUser(rd, u.Name, u.Host, false)
		if user == nil {
			continue
		}
		dbSet := user.PrivilegeSet.Database(g.PrivilegeLevel.Database)
		clash := dbSet.HasPrivileges() && dbSet.Name() != g.PrivilegeLevel.Database
		if tbl := g.PrivilegeLevel.TableRoutine; !clash && tbl != "*" && tbl != "" {
			tblSet := dbSet.Table(tbl)
			clash = tblSet.HasPrivileges() && tblSet.Name() != tbl
		}
		if clash {
			return fmt.Errorf("cannot grant on %s.%s to %s: it already holds grants on a name differing only in case, "+
				"and grants are stored ignoring case; revoke those first", g.PrivilegeLevel.Database, g.PrivilegeLevel.TableRoutine, user.UserHostToString("'"))
		}
	}
	return nil
}

// HandleAuthNode implements sql.AuthorizationHandler.
func (h authHandler) HandleAuthNode(ctx *sql.Context, state sql.AuthorizationQueryState, node sql.AuthorizationCheckerNode) error {
	return h.inner.HandleAuthNode(ctx, state, node)
}

// CheckDatabase implements sql.AuthorizationHandler: the database is visible
// when the user holds some privilege in it.
func (h authHandler) CheckDatabase(ctx *sql.Context, state sql.AuthorizationQueryState, dbName string) error {
	if err := h.inner.CheckDatabase(ctx, state, dbName); err != nil {
		return err
	}
	return h.visibleDatabase(ctx, dbName)
}

// CheckSchema implements sql.AuthorizationHandler (MySQL has no schemas).
func (h authHandler) CheckSchema(ctx *sql.Context, state sql.AuthorizationQueryState, dbName, schemaName string) error {
	if err := h.inner.CheckSchema(ctx, state, dbName, schemaName); err != nil {
		return err
	}
	return h.visibleDatabase(ctx, dbName)
}

// CheckTable implements sql.AuthorizationHandler: the table is visible when
// the user holds some privilege on it (SHOW TABLES, information_schema).
func (h authHandler) CheckTable(ctx *sql.Context, state sql.AuthorizationQueryState, dbName, schemaName, tableName string) error {
	err := h.checkTable(ctx, state, dbName, schemaName, tableName)
	if base := baseTable(tableName); err != nil && base != tableName && h.checkTable(ctx, state, dbName, schemaName, base) == nil {
		return nil
	}
	return err
}

func (h authHandler) checkTable(ctx *sql.Context, state sql.AuthorizationQueryState, dbName, schemaName, tableName string) error {
	if err := h.inner.CheckTable(ctx, state, dbName, schemaName, tableName); err != nil {
		return err
	}
	if !h.access.mdb.Enabled() || strings.EqualFold(dbName, sql.InformationSchemaDatabaseName) {
		return nil
	}
	if !h.access.names(ctx).grantsOn(dbName, tableName).any(true) {
		return sql.ErrTableAccessDeniedForUser.New(userHost(ctx), tableName)
	}
	return nil
}

func (h authHandler) visibleDatabase(ctx *sql.Context, dbName string) error {
	if !h.access.mdb.Enabled() || strings.EqualFold(dbName, sql.InformationSchemaDatabaseName) {
		return nil
	}
	if !h.access.names(ctx).grantsOn(dbName, "").any(false) {
		return sql.ErrDatabaseAccessDeniedForUser.New(userHost(ctx), dbName)
	}
	return nil
}
