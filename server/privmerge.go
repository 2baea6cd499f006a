package server

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
)

// privileges is a decoded store content: accounts (users and roles) and
// role grants, by key.
type privileges struct {
	users map[mysql_db.UserPrimaryKey]*mysql_db.User
	edges map[mysql_db.RoleEdgesPrimaryKey]*mysql_db.RoleEdge
}

// decodePrivileges reads a content serialized by GMS; empty is no account.
func decodePrivileges(data []byte) (privileges, error) {
	p := privileges{users: map[mysql_db.UserPrimaryKey]*mysql_db.User{}, edges: map[mysql_db.RoleEdgesPrimaryKey]*mysql_db.RoleEdge{}}
	if len(data) == 0 {
		return p, nil
	}
	db := mysql_db.CreateEmptyMySQLDb()
	ed := db.Editor()
	defer ed.Close()
	if err := db.OverwriteUsersAndGrantData(sql.NewEmptyContext(), ed, data); err != nil {
		return p, err
	}
	ed.VisitUsers(func(u *mysql_db.User) { p.users[userKey(u)] = u })
	ed.VisitRoleEdges(func(e *mysql_db.RoleEdge) { p.edges[edgeKey(e)] = e })
	return p, nil
}

func userKey(u *mysql_db.User) mysql_db.UserPrimaryKey {
	return mysql_db.UserPrimaryKey{Host: u.Host, User: u.User}
}

func edgeKey(e *mysql_db.RoleEdge) mysql_db.RoleEdgesPrimaryKey {
	return mysql_db.RoleEdgesPrimaryKey{FromHost: e.FromHost, FromUser: e.FromUser, ToHost: e.ToHost, ToUser: e.ToUser}
}

// mergePrivileges applies the change from base to ours onto theirs, a
// newer content written by another server: each account and role grant
// that ours added, changed or removed with respect to base is added,
// replaced or removed in theirs; everything else is theirs. Two servers
// changing the same account at the same moment keep ours for that account.
func mergePrivileges(base, ours, theirs []byte) ([]byte, error) {
	b, err := decodePrivileges(base)
	if err != nil {
		return nil, err
	}
	o, err := decodePrivileges(ours)
	if err != nil {
		return nil, err
	}
	db := mysql_db.CreateEmptyMySQLDb()
	ed := db.Editor()
	defer ed.Close()
	if len(theirs) > 0 {
		if err := db.OverwriteUsersAndGrantData(sql.NewEmptyContext(), ed, theirs); err != nil {
			return nil, err
		}
	}
	// GMS's Put adds an entry unless an equal one exists: an account or
	// role grant that differs from theirs must replace it, not join it (two
	// accounts of one name make every lookup of it panic).
	mergeChanges(b.users, o.users, mysql_db.UserEquals, func(u *mysql_db.User) {
		u = withMergedTokens(b.users[userKey(u)], u, ed)
		ed.RemoveUser(userKey(u))
		ed.PutUser(u)
	}, ed.RemoveUser)
	mergeChanges(b.edges, o.edges, mysql_db.RoleEdgeEquals, func(e *mysql_db.RoleEdge) {
		ed.RemoveRoleEdge(edgeKey(e))
		ed.PutRoleEdge(e)
	}, ed.RemoveRoleEdge)
	return serializePrivileges(db, ed)
}

// withMergedTokens is the account ours (changed since base, nil when ours
// created it) as it goes into theirs, open in ed: with the tokens of both
// sides (mergeTokens); and when ours changed nothing but tokens, theirs's
// account with the merged tokens, so that a token created here does not
// undo a GRANT or REVOKE the other server made on the account meanwhile.
func withMergedTokens(base, ours *mysql_db.User, ed *mysql_db.Editor) *mysql_db.User {
	theirs, ok := ed.GetUser(userKey(ours))
	if !ok {
		return ours
	}
	baseTokens, err1 := tokensOrNone(base)
	ourTokens, err2 := accountTokens(ours)
	theirTokens, err3 := accountTokens(theirs)
	if err1 != nil || err2 != nil || err3 != nil {
		return ours // unreadable attributes: ours, as for any other change
	}
	out := mysql_db.UserCopy(ours)
	if base != nil && equalButTokens(base, ours) {
		out = mysql_db.UserCopy(theirs)
	}
	if setAccountTokens(out, mergeTokens(baseTokens, ourTokens, theirTokens)) != nil {
		return ours
	}
	return out
}

func tokensOrNone(u *mysql_db.User) ([]storedToken, error) {
	if u == nil {
		return nil, nil
	}
	return accountTokens(u)
}

// equalButTokens tells whether two versions of an account differ at most
// in their attributes, which only tokens change.
func equalButTokens(a, b *mysql_db.User) bool {
	a, b = mysql_db.UserCopy(a), mysql_db.UserCopy(b)
	a.Attributes, b.Attributes = nil, nil
	return mysql_db.UserEquals(a, b)
}

// serializePrivileges returns the content of db, a database of its own
// (serializing replaces its persister), open in ed.
func serializePrivileges(db *mysql_db.MySQLDb, ed *mysql_db.Editor) ([]byte, error) {
	var out captured
	db.SetPersister(&out)
	if err := db.Persist(sql.NewEmptyContext(), ed); err != nil {
		return nil, err
	}
	return out.data, nil
}

// mergeChanges puts the entries ours added or changed with respect to base
// and removes those it dropped.
func mergeChanges[K comparable, V any](base, ours map[K]V, equal func(V, V) bool, put func(V), remove func(K)) {
	for k, v := range ours {
		if was, ok := base[k]; !ok || !equal(was, v) {
			put(v)
		}
	}
	for k := range base {
		if _, ok := ours[k]; !ok {
			remove(k)
		}
	}
}

// captured is a persister that keeps what it is given.
type captured struct{ data []byte }

func (c *captured) Persist(_ *sql.Context, data []byte) error {
	c.data = data
	return nil
}
