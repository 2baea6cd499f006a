package procedures

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// replaceTag is CALL sys.replace_tag(table, tag, snapshot_id,
// time_retained): an existing tag moved to another snapshot (default: the
// latest) with a new retention (default: none). Spark names snapshot_id
// 'snapshot'; both are accepted.
var replaceTag = Procedure{
	Name:    "replace_tag",
	Params:  []string{"table", "tag", "snapshot_id", "time_retained"},
	Aliases: map[string][]string{"snapshot_id": {"snapshot"}},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		// The tag's old snapshot may lose its last reference: as deleting.
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		req, err := parseTagArgs(a)
		if err != nil {
			return nil, err
		}
		var snap *spec.Snapshot
		if req.snapshotID != nil {
			snap, err = t.Snapshots.TaggedSnapshot(ctx, *req.snapshotID)
		} else if snap, err = t.Snapshots.Latest(ctx); err == nil && snap == nil {
			err = fmt.Errorf("cannot replace tag because latest snapshot doesn't exist")
		}
		if err != nil {
			return nil, fmt.Errorf("sys.replace_tag: %s: %w", t.FullName(), err)
		}
		if err := t.Tags.Replace(ctx, req.tag, snap, req.retained); err != nil {
			return nil, fmt.Errorf("sys.replace_tag: %s: %w", t.FullName(), err)
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}

// tagArgs are the arguments after the table of replace_tag.
type tagArgs struct {
	tag        string
	snapshotID *int64
	retained   *time.Duration
}

func parseTagArgs(a Args) (tagArgs, error) {
	var r tagArgs
	var err error
	if r.tag, err = a.String(1, true); err != nil {
		return r, err
	}
	if id, ok, err := a.Int(2); err != nil {
		return r, err
	} else if ok {
		if id < 1 {
			return r, mysqlerr.WrongArguments("sys.%s: argument '%s' = %d must be at least 1", a.proc, a.names[2], id)
		}
		r.snapshotID = &id
	}
	if a.Given(3) {
		raw, _ := a.String(3, false)
		d, err := options.ParseDuration(raw)
		if err != nil {
			return r, mysqlerr.WrongArguments("sys.%s: argument 'time_retained': %w", a.proc, err)
		}
		r.retained = &d
	}
	return r, nil
}
