package procedures

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// rollbackTo is CALL sys.rollback_to(table, tag, snapshot_id): the table
// goes back to a tag or a snapshot; newer snapshots and tags are removed
// (their data files stay for orphan cleanup, as in Java).
var rollbackTo = Procedure{
	Name:    "rollback_to",
	Params:  []string{"table", "tag", "snapshot_id"},
	Aliases: map[string][]string{"tag": {"version"}, "snapshot_id": {"snapshot"}}, // Spark's names
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		tag, _ := a.String(1, false)
		id, byID, err := a.Int(2)
		if err != nil {
			return nil, err
		}
		switch {
		case tag != "" && byID:
			return nil, mysqlerr.WrongArguments("sys.rollback_to: give either 'tag' or 'snapshot_id', not both")
		case tag != "":
			if err := rollbackToTag(ctx, t, tag); err != nil {
				return nil, fmt.Errorf("sys.rollback_to: %s: %w", t.FullName(), err)
			}
		case byID:
			if err := t.Snapshots.Rollback(ctx, id); err != nil {
				return nil, fmt.Errorf("sys.rollback_to: %s: %w", t.FullName(), err)
			}
		default:
			return nil, mysqlerr.WrongArguments("sys.rollback_to: give a 'tag' or a 'snapshot_id' to roll back to")
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}

// rollbackToTag rolls t back to tag; with no such tag, a numeric name is a
// snapshot id (rollback_to(t, '5') means snapshot 5), and any other name fails.
func rollbackToTag(ctx *sql.Context, t *table.Table, tag string) error {
	_, err := t.Tags.Get(ctx, tag)
	switch {
	case err == nil:
		return t.Snapshots.RollbackToTag(ctx, tag)
	case !errors.Is(err, snapshot.ErrNoTag):
		return err
	}
	n, perr := strconv.ParseInt(tag, 10, 64)
	if perr != nil {
		return fmt.Errorf("tag '%s' does not exist", tag)
	}
	return t.Snapshots.Rollback(ctx, n)
}
