package procedures

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// createBranch is CALL sys.create_branch(table, branch, tag,
// ignoreIfExists): a new branch of the table (or, for 'db.t$branch_b', of
// branch b's directory) starting at a tag, or empty with the latest schema.
// ignoreIfExists = true makes an existing branch a success.
var createBranch = Procedure{
	Name:    "create_branch",
	Params:  []string{"table", "branch", "tag", "ignoreIfExists"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, sql.PrivilegeType_Insert) // as create_tag
		if err != nil {
			return nil, err
		}
		name, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		tag, _ := a.String(2, false)
		ignore := false
		if a.Given(3) {
			raw, _ := a.String(3, false)
			if ignore, err = parseBool(raw); err != nil {
				return nil, mysqlerr.WrongArguments("sys.create_branch: argument 'ignoreIfExists' = '%s': %w", raw, err)
			}
		}
		if ignore {
			exists, err := snapshot.BranchExists(ctx, t.FS, t.Root, name)
			if err != nil {
				return nil, err
			}
			if exists {
				return []sql.Row{{"Success"}}, nil
			}
		}
		if err := snapshot.CreateBranch(ctx, t.FS, t.Root, snapshot.BranchRoot(t.Root, t.Branch), name, tag); err != nil {
			return nil, fmt.Errorf("sys.create_branch: %s: %w", t.FullName(), err)
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}
