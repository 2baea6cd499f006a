package procedures

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// createTag is CALL sys.create_tag(table, tag, snapshot_id, time_retained):
// the snapshot (default: the latest) kept under a name, optionally for a
// while (time_retained in Paimon's duration syntax, e.g. '1 d').
var createTag = Procedure{
	Name:    "create_tag",
	Params:  []string{"table", "tag", "snapshot_id", "time_retained"},
	Aliases: map[string][]string{"snapshot_id": {"snapshot"}}, // Spark's name
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, sql.PrivilegeType_Insert)
		if err != nil {
			return nil, err
		}
		tag, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		id, byID, err := a.Int(2)
		if err != nil {
			return nil, err
		}
		var snap *spec.Snapshot
		if byID {
			if snap, err = t.Snapshots.Snapshot(ctx, id); err != nil {
				return nil, fmt.Errorf("sys.create_tag: %s: %w", t.FullName(), err)
			}
		} else {
			if snap, err = t.Snapshots.Latest(ctx); err != nil {
				return nil, err
			}
			if snap == nil {
				return nil, fmt.Errorf("sys.create_tag: %s has no snapshot to tag yet", t.FullName())
			}
		}
		var retained *time.Duration
		if a.Given(3) {
			raw, _ := a.String(3, false)
			d, err := options.ParseDuration(raw)
			if err != nil {
				return nil, mysqlerr.WrongArguments("sys.create_tag: argument 'time_retained': %w", err)
			}
			retained = &d
		}
		if err := t.Tags.Create(ctx, tag, snap, retained); err != nil {
			return nil, fmt.Errorf("sys.create_tag: %s: %w", t.FullName(), err)
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}
