package procedures

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
)

// deleteBranch is CALL sys.delete_branch(table, branch); branch may list
// several names separated by commas, as in Java. Every branch is checked
// before any is deleted.
var deleteBranch = Procedure{
	Name:    "delete_branch",
	Params:  []string{"table", "branch"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		raw, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		names := options.SplitList(raw)
		opts, err := t.Options(ctx)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			if err := snapshot.CheckBranchUnused(opts, name); err != nil {
				return nil, fmt.Errorf("sys.delete_branch: %s: %w", t.FullName(), err)
			}
			exists, err := snapshot.BranchExists(ctx, t.FS, t.Root, name)
			if err != nil {
				return nil, err
			}
			if !exists || name == snapshot.MainBranch {
				return nil, fmt.Errorf("sys.delete_branch: %s: branch name '%s' doesn't exist", t.FullName(), name)
			}
		}
		for _, name := range names {
			if err := snapshot.DropBranch(ctx, t.FS, t.Root, name); err != nil {
				return nil, fmt.Errorf("sys.delete_branch: %s: %w", t.FullName(), err)
			}
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}
