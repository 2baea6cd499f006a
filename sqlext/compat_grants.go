package sqlext

// go-mysql-server v0.20.0 lacks MySQL's rule that every user may see their own grants.

import ast "github.com/dolthub/vitess/go/vt/sqlparser"

// Client compatibility (GMS v0.20.0): SHOW GRANTS, SHOW GRANTS FOR
// CURRENT_USER[()]. GMS requires SELECT on the mysql database for every
// SHOW GRANTS; MySQL lets every user see their own grants. Metabase (v0.55+)
// runs SHOW GRANTS FOR CURRENT_USER at every sync and shows no table when it
// fails, so a user with SELECT on one database only saw nothing. Other
// users' grants still need SELECT on mysql.
func fixShowGrants(g *ast.ShowGrants) {
	if g.For == nil && len(g.Using) == 0 {
		g.Auth = ast.AuthInformation{AuthType: ast.AuthType_IGNORE}
	}
}
