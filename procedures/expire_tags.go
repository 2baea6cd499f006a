package procedures

import (
	"fmt"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

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
			Now: expire.WallClock(t.Runtime.Now(), time.Local), OlderThan: olderThan, Zone: time.Local, Config: cfg,
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
