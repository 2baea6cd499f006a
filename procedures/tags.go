package procedures

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
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
		var snap *snapshot.Snapshot
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

// deleteTag is CALL sys.delete_tag(table, tag); tag may list several
// names separated by commas, as in Java.
var deleteTag = Procedure{
	Name:    "delete_tag",
	Params:  []string{"table", "tag"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		tags, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		opts, err := t.Options(ctx)
		if err != nil {
			return nil, err
		}
		cfg, err := expire.NewTagConfig(opts)
		if err != nil {
			return nil, fmt.Errorf("sys.delete_tag: %s: %w", t.FullName(), err)
		}
		for _, name := range options.SplitList(tags) {
			// The files only this tag kept alive go with it, as in Java.
			res, err := expire.DeleteTag(ctx, t, name, cfg)
			for _, w := range res.Warnings {
				ctx.Warn(1642, "%s", w)
			}
			if err != nil {
				return nil, fmt.Errorf("sys.delete_tag: %s: %w", t.FullName(), err)
			}
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}

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
