package procedures

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// rollbackToTimestamp is CALL sys.rollback_to_timestamp(table, timestamp):
// rollback_to the latest snapshot committed at or before timestamp (epoch
// milliseconds). It returns previous_snapshot_id and current_snapshot_id.
var rollbackToTimestamp = Procedure{
	Name:   "rollback_to_timestamp",
	Params: []string{"table", "timestamp"},
	Returns: sql.Schema{
		{Name: "previous_snapshot_id", Type: bigintResult},
		{Name: "current_snapshot_id", Type: bigintResult},
	},
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		millis, ok, err := a.Int(1)
		if err != nil {
			return nil, fmt.Errorf("%w (epoch milliseconds)", err)
		}
		if !ok {
			return nil, mysqlerr.WrongArguments("sys.rollback_to_timestamp: argument 'timestamp' is required")
		}
		latest, err := t.Snapshots.Latest(ctx)
		if err != nil {
			return nil, err
		}
		if latest == nil {
			return nil, fmt.Errorf("sys.rollback_to_timestamp: %s has no snapshot to roll back", t.FullName())
		}
		target, err := t.Snapshots.AtOrBefore(ctx, millis)
		if err != nil {
			return nil, err
		}
		if target == nil {
			return nil, fmt.Errorf("sys.rollback_to_timestamp: %s: no snapshot was committed at or before %d", t.FullName(), millis)
		}
		if err := t.Snapshots.Rollback(ctx, target.ID); err != nil {
			return nil, fmt.Errorf("sys.rollback_to_timestamp: %s: %w", t.FullName(), err)
		}
		changed(env, t)
		return []sql.Row{{latest.ID, target.ID}}, nil
	},
}
