package server

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
)

// access checks privileges with names compared the way the catalog finds
// databases and tables: exactly first, ignoring case only when no name
// matches exactly. go-mysql-server keys grants by lower-cased names, so on
// its own a grant on shop.pub would also open shop.Pub, a different Paimon
// table. Here a grant applies to an object only when the grant's name and
// the statement's name designate the same one.
type access struct {
	mdb      *mysql_db.MySQLDb
	provider sql.DatabaseProvider
}

// names resolves names for one check, remembering the listings it read.
type names struct {
	a      *access
	ctx    *sql.Context
	dbs    map[string]string
	tables map[string][]string
}

func (a *access) names(ctx *sql.Context) *names {
	return &names{a: a, ctx: ctx, dbs: map[string]string{}, tables: map[string][]string{}}
}

// database is the name of the database name designates, or name itself when
// there is none.
func (n *names) database(name string) string {
	if found, ok := n.dbs[name]; ok {
		return found
	}
	found := name
	if db, err := n.a.provider.Database(n.ctx, name); err == nil {
		found = db.Name()
	}
	n.dbs[name] = found
	return found
}

// table is the name of the table name designates in database db (a
// resolved name), or name itself when there is none.
func (n *names) table(db, name string) string {
	list, ok := n.tables[db]
	if !ok {
		if d, err := n.a.provider.Database(n.ctx, db); err == nil {
			list, _ = d.GetTableNames(n.ctx)
		}
		n.tables[db] = list
	}
	if found, ok := matchName(list, name); ok {
		return found
	}
	return name
}

// matchName finds name in list: exactly, else ignoring case (as the
// catalog does).
func matchName(list []string, name string) (string, bool) {
	for _, n := range list {
		if n == name {
			return n, true
		}
	}
	for _, n := range list {
		if strings.EqualFold(n, name) {
			return n, true
		}
	}
	return "", false
}

// grants are the user's privileges that apply to one database or table.
type grants struct {
	all   mysql_db.PrivilegeSet
	db    sql.PrivilegeSetDatabase // empty when the grant names another database
	table sql.PrivilegeSetTable    // empty when the grant names another table
}

var (
	noDatabaseGrants = mysql_db.NewPrivilegeSet().Database("")
	noTableGrants    = noDatabaseGrants.Table("")
)

// grantsOn returns the user's grants on db.table (table "" for the database
// alone); db "" is the current database.
func (n *names) grantsOn(db, table string) grants {
	if db == "" {
		db = n.ctx.GetCurrentDatabase()
	}
	g := grants{all: n.a.mdb.UserActivePrivilegeSet(n.ctx), db: noDatabaseGrants, table: noTableGrants}
	if g.all.Has(sql.PrivilegeType_Super) {
		return g // holds everything: no names to resolve
	}
	dbName := n.database(db)
	dbSet := g.all.Database(dbName)
	if n.database(dbSet.Name()) != dbName {
		return g
	}
	g.db = dbSet
	if table == "" {
		return g
	}
	tableName := n.table(dbName, table)
	if tblSet := dbSet.Table(tableName); n.table(dbName, tblSet.Name()) == tableName {
		g.table = tblSet
	}
	return g
}

// has tells whether the grants hold every privilege of privs.
func (g grants) has(privs ...sql.PrivilegeType) bool {
	if g.all.Has(sql.PrivilegeType_Super) {
		return true
	}
	for _, p := range privs {
		if !g.all.Has(p) && !g.db.Has(p) && !g.table.Has(p) {
			return false
		}
	}
	return true
}

// tableLevel are the privileges that apply to tables; databaseLevel adds
// the ones that apply to a database only. Other global privileges (FILE,
// PROCESS...) do not make tables or databases visible, as in MySQL.
var (
	tableLevel = []sql.PrivilegeType{sql.PrivilegeType_Select, sql.PrivilegeType_Insert, sql.PrivilegeType_Update,
		sql.PrivilegeType_Delete, sql.PrivilegeType_Create, sql.PrivilegeType_Drop, sql.PrivilegeType_References,
		sql.PrivilegeType_Index, sql.PrivilegeType_Alter, sql.PrivilegeType_CreateView, sql.PrivilegeType_ShowView,
		sql.PrivilegeType_Trigger}
	databaseLevel = append([]sql.PrivilegeType{sql.PrivilegeType_CreateTempTable, sql.PrivilegeType_LockTables,
		sql.PrivilegeType_Execute, sql.PrivilegeType_CreateRoutine, sql.PrivilegeType_AlterRoutine,
		sql.PrivilegeType_Event, sql.PrivilegeType_ShowDB}, tableLevel...)
)

// privilegeHolder is a global, database or table privilege set.
type privilegeHolder interface {
	Has(...sql.PrivilegeType) bool
}

// hasAnyOf tells whether set holds one of privs.
func hasAnyOf(set privilegeHolder, privs []sql.PrivilegeType) bool {
	for _, p := range privs {
		if set.Has(p) {
			return true
		}
	}
	return false
}

// any tells whether the grants hold some privilege on the object, which
// makes it visible (SHOW TABLES, SHOW DATABASES, information_schema).
func (g grants) any(table bool) bool {
	if g.all.Has(sql.PrivilegeType_Super) {
		return true
	}
	if table {
		return hasAnyOf(g.all, tableLevel) || hasAnyOf(g.db, tableLevel) || g.table.HasPrivileges()
	}
	return hasAnyOf(g.all, databaseLevel) || g.db.HasPrivileges()
}

// allowed tells whether the session's user holds every priv on db.table.
func (a *access) allowed(ctx *sql.Context, db, table string, privs ...sql.PrivilegeType) bool {
	if !a.mdb.Enabled() {
		return true
	}
	return a.names(ctx).grantsOn(db, table).has(privs...)
}

// hasGlobal tells whether the session's user holds a global privilege, or
// one of the dynamic ones.
func (a *access) hasGlobal(ctx *sql.Context, priv sql.PrivilegeType, dynamic ...string) bool {
	if !a.mdb.Enabled() {
		return true
	}
	if a.mdb.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(sql.PrivilegeCheckSubject{}, priv)) {
		return true
	}
	for _, d := range dynamic {
		if a.mdb.UserHasPrivileges(ctx, sql.NewDynamicPrivilegedOperation(d)) {
			return true
		}
	}
	return false
}

// baseTable is the table a system table or branch name reads: t for
// t$snapshots, t$branch_dev and t$branch_dev$files. Paimon table names
// cannot hold a `$`: the catalog splits names there.
func baseTable(name string) string {
	base, _, _ := strings.Cut(name, "$")
	return base
}

// userHost is the session's user as errors name it.
func userHost(ctx *sql.Context) string {
	c := ctx.Session.Client()
	return mysql_db.User{User: c.User, Host: c.Address}.UserHostToString("'")
}
