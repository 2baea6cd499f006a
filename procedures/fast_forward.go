package procedures

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

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
