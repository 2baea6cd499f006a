package procedures

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// resetConsumer is CALL sys.reset_consumer(table, consumer_id,
// next_snapshot_id); without next_snapshot_id the consumer is removed.
var resetConsumer = Procedure{
	Name:    "reset_consumer",
	Params:  []string{"table", "consumer_id", "next_snapshot_id"},
	Aliases: map[string][]string{"consumer_id": {"consumerId"}, "next_snapshot_id": {"nextSnapshotId"}}, // Spark's names
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, sql.PrivilegeType_Update)
		if err != nil {
			return nil, err
		}
		id, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		next, ok, err := a.Int(2)
		if err != nil {
			return nil, err
		}
		if ok {
			if next < 1 {
				return nil, mysqlerr.WrongArguments("sys.reset_consumer: argument 'next_snapshot_id' must be at least 1")
			}
			err = t.Consumers.Reset(ctx, id, next)
		} else {
			err = deleteConsumer(ctx, t, id)
		}
		if err != nil {
			return nil, fmt.Errorf("sys.reset_consumer: %s: %w", t.FullName(), err)
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}

// deleteConsumer removes consumer id of t, failing when it does not exist so
// that a misspelt id is not reported as removed.
func deleteConsumer(ctx *sql.Context, t *table.Table, id string) error {
	ok, err := t.Consumers.Exists(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("consumer '%s' does not exist", id)
	}
	return t.Consumers.Delete(ctx, id)
}
