package procedures

import (
	"fmt"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// renameTag is CALL sys.rename_tag(table, tag, target_tag) (Flink names
// the arguments tagName and targetTagName; both are accepted). It returns
// Flink's line, "Rename [a] to [b] successfully.".
var renameTag = Procedure{
	Name:    "rename_tag",
	Params:  []string{"table", "tag", "target_tag"},
	Aliases: map[string][]string{"tag": {"tagName"}, "target_tag": {"targetTagName"}},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		// The old name goes, as with delete_tag: INSERT and DELETE.
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		from, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		to, err := a.String(2, true)
		if err != nil {
			return nil, err
		}
		if err := t.Tags.Rename(ctx, from, to); err != nil {
			return nil, fmt.Errorf("sys.rename_tag: %s: %w", t.FullName(), err)
		}
		changed(env, t)
		return []sql.Row{{fmt.Sprintf("Rename [%s] to [%s] successfully.", from, to)}}, nil
	},
}

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
		var snap *snapshot.Snapshot
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

// expireTags is CALL sys.expire_tags(table, older_than): Java's
// TagTimeExpire. It deletes the tags whose time_retained has passed and,
// with older_than, those created before it, each with the files only it
// kept alive (as delete_tag). It returns a row per expired tag, or Java's
// single row 'No expired tags.'.
var expireTags = Procedure{
	Name:    "expire_tags",
	Params:  []string{"table", "older_than"},
	Returns: resultSchema("expired_tags", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		olderThan, err := parseTagOlderThan(a)
		if err != nil {
			return nil, err
		}
		opts, err := t.Options(ctx)
		if err != nil {
			return nil, err
		}
		cfg, err := expire.NewTagConfig(opts)
		if err != nil {
			return nil, fmt.Errorf("sys.expire_tags: %s: %w", t.FullName(), err)
		}
		progress := newProgressReporter(ctx, env, "expire_tags", t.FullName())
		cfg.Progress = func(p expire.Progress) { progress.report("deleting "+string(p.Phase), p.Done, p.Total) }
		expired, err := expire.ExpireTags(ctx, t, expire.TagExpiry{
			Now: expire.WallClock(time.Now(), time.Local), OlderThan: olderThan, Zone: time.Local, Config: cfg,
		})
		if len(expired) > 0 {
			changed(env, t)
		}
		for _, e := range expired {
			for _, w := range e.Warnings {
				ctx.Warn(1642, "%s", w)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("sys.expire_tags: %s: %w", t.FullName(), err)
		}
		if len(expired) == 0 {
			return []sql.Row{{"No expired tags."}}, nil
		}
		rows := make([]sql.Row, len(expired))
		for i, e := range expired {
			rows[i] = sql.Row{e.Name}
		}
		return rows, nil
	},
}

// parseTagOlderThan reads expire_tags' older_than as a wall clock (a UTC
// time), the form of tag creation times, which are the local time of the
// process that created the tag: 'yyyy-MM-dd HH:mm:ss[.SSS]' compares as
// written, as in Java; epoch milliseconds are turned into the server's
// local time, where paimon-sql writes creation times.
func parseTagOlderThan(a Args) (*time.Time, error) {
	if !a.Given(1) {
		return nil, nil
	}
	raw, _ := a.String(1, false)
	t, err := parseInstant(raw, time.UTC)
	if err != nil {
		return nil, mysqlerr.WrongArguments("sys.%s: argument 'older_than' = '%s': %w", a.proc, raw, err)
	}
	if _, err := strconv.ParseInt(raw, 10, 64); err == nil {
		t = expire.WallClock(t, time.Local)
	}
	return &t, nil
}
