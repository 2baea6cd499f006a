package procedures

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// expireChangelogs is CALL sys.expire_changelogs(table, retain_max,
// retain_min, older_than, max_deletes, delete_all): the long-lived
// changelogs of a decoupled table (changelog/changelog-N) expired as
// Java's ExpireChangelogsProcedure does. As in Java the table's changelog.*
// options are not read: without arguments nothing expires (retain_max
// unbounded, retain_min 1, no time limit); older_than is epoch
// milliseconds or 'yyyy-MM-dd HH:mm:ss[.SSS]' in the session time zone.
// delete_all deletes every long-lived changelog. One row: the number of
// changelog ids expired, or Java's message for delete_all.
var expireChangelogs = Procedure{
	Name:    "expire_changelogs",
	Params:  []string{"table", "retain_max", "retain_min", "older_than", "max_deletes", "delete_all"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		retention := expire.ChangelogRetention{RetainMax: math.MaxInt32, RetainMin: 1, TimeRetained: time.Duration(math.MaxInt64), MaxDeletes: math.MaxInt32}
		for i, dst := range map[int]*int64{1: &retention.RetainMax, 2: &retention.RetainMin, 4: &retention.MaxDeletes} {
			n, ok, err := a.Int(i)
			if err != nil {
				return nil, err
			}
			if ok {
				if n < 1 || n > math.MaxInt32 {
					return nil, mysqlerr.WrongArguments("sys.expire_changelogs: argument '%s' = %d must be between 1 and 2147483647", a.names[i], n)
				}
				*dst = n
			}
		}
		if retention.RetainMax < retention.RetainMin {
			return nil, mysqlerr.WrongArguments("sys.expire_changelogs: retain_max (%d) must not be below retain_min (%d)", retention.RetainMax, retention.RetainMin)
		}
		if a.Given(3) {
			raw, _ := a.String(3, false)
			at, err := parseInstant(raw, sqlext.SessionLocation(ctx))
			if err != nil {
				return nil, mysqlerr.WrongArguments("sys.expire_changelogs: argument 'older_than' = '%s': %w", raw, err)
			}
			retention.OlderThan = &at
		}
		all := false
		if a.Given(5) {
			raw, _ := a.String(5, false)
			if all, err = parseBool(raw); err != nil {
				return nil, mysqlerr.WrongArguments("sys.expire_changelogs: argument 'delete_all' = '%s': %w", raw, err)
			}
		}
		sch, err := t.LatestSchema(ctx)
		if err != nil {
			return nil, err
		}
		cfg, err := expire.NewConfig(sch.Options, expire.Overrides{})
		if err != nil {
			return nil, fmt.Errorf("sys.expire_changelogs: %s: %w", t.FullName(), err)
		}
		cfg.Changelog = retention
		var res expire.Result
		if all {
			res, err = expire.ExpireAllChangelogs(ctx, t, cfg)
		} else {
			res, err = expire.ExpireChangelogs(ctx, t, cfg)
		}
		for _, w := range res.Warnings {
			ctx.Warn(1642, "%s", w)
		}
		if res.Expired > 0 {
			changed(env, t)
		}
		if err != nil {
			return nil, fmt.Errorf("sys.expire_changelogs: %s: %w", t.FullName(), err)
		}
		if all {
			return []sql.Row{{"Delete all separated changelogs success."}}, nil
		}
		return []sql.Row{{strconv.Itoa(res.Expired)}}, nil
	},
}
