package procedures

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/options"
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

// fastForward is CALL sys.fast_forward(table, branch): the table (or the
// branch the identifier names) takes the branch's snapshots, schemas and
// tags from the branch's earliest snapshot on; its own from there on go.
var fastForward = Procedure{
	Name:    "fast_forward",
	Params:  []string{"table", "branch"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		branch, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		// Java assumes no one commits meanwhile; the writes of this server
		// at least are known: a commit landing between the deletions and
		// the copies would be lost.
		if _, busy := t.OldestWrite(); busy {
			return nil, mysqlerr.ActiveTransaction("sys.fast_forward: %s has writes under way on this server (open transactions or running statements); commit or roll them back first", t.FullName())
		}
		if err := snapshot.FastForward(ctx, t.FS, t.Root, snapshot.BranchRoot(t.Root, t.Branch), t.Branch, branch); err != nil {
			return nil, fmt.Errorf("sys.fast_forward: %s: %w", t.FullName(), err)
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}
