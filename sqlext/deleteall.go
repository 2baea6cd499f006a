package sqlext

// go-mysql-server v0.20.0 lacks DELETE FROM db.t without WHERE and without a current database: GMS's truncate rewrite looks up the current database and fails.

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// truncateInstead returns TRUNCATE TABLE db.t for DELETE FROM db.t without
// WHERE when the session has no current database: go-mysql-server turns
// that DELETE into a truncate by looking up the current database, and
// fails with "database not found" when there is none. Both become the same
// Paimon OVERWRITE commit.
func truncateInstead(ctx context.Context, stmt ast.Statement) (string, bool) {
	sqlCtx, ok := ctx.(*sql.Context)
	if !ok || sqlCtx.GetCurrentDatabase() != "" {
		return "", false
	}
	del, ok := stmt.(*ast.Delete)
	if !ok || del.Where != nil || del.Limit != nil || del.With != nil || len(del.Targets) > 0 || len(del.TableExprs) != 1 {
		return "", false
	}
	aliased, ok := del.TableExprs[0].(*ast.AliasedTableExpr)
	if !ok {
		return "", false
	}
	name, ok := aliased.Expr.(ast.TableName)
	if !ok || name.DbQualifier.IsEmpty() {
		return "", false
	}
	return "TRUNCATE TABLE " + ast.String(name), true
}
