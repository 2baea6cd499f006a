package procedures

import (
	"fmt"
	"maps"
	"math"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/maintenance"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// expirePartitions is CALL sys.expire_partitions(table, expiration_time,
// timestamp_formatter, timestamp_pattern, expire_strategy, max_expires,
// options): Java's partition expiration run once, now, whatever
// partition.expiration-check-interval says. The arguments override the
// table's partition.* options. One row per partition dropped ("k=v, k2=v2"),
// or the single row 'No expired partitions.', as in Java.
var expirePartitions = Procedure{
	Name:    "expire_partitions",
	Params:  []string{"table", "expiration_time", "timestamp_formatter", "timestamp_pattern", "expire_strategy", "max_expires", "options"},
	Returns: resultSchema("expired_partitions", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		sch, err := t.LatestSchema(ctx)
		if err != nil {
			return nil, err
		}
		if len(sch.PartitionKeys) == 0 {
			// Java: "Both the partition expiration time and partition field can not be null."
			return nil, mysqlerr.WrongArguments("sys.expire_partitions: %s is not partitioned: it has no partitions to expire", t.FullName())
		}
		opts := maps.Clone(sch.Options)
		if opts == nil {
			opts = map[string]string{}
		}
		if a.Given(6) {
			raw, _ := a.String(6, false)
			dyn, err := options.ParseKeyValues(raw)
			if err != nil {
				return nil, mysqlerr.WrongArguments("sys.expire_partitions: argument 'options': %w", err)
			}
			maps.Copy(opts, dyn)
		}
		if a.Given(1) {
			v, _ := a.String(1, false)
			if _, err := options.ParseDuration(v); err != nil {
				return nil, fmt.Errorf("sys.expire_partitions: argument 'expiration_time' = '%s': %w", v, err)
			}
		}
		for i, key := range map[int]string{1: options.PartitionExpirationTime.Key, 2: options.PartitionTimestampFormatter.Key,
			3: options.PartitionTimestampPattern.Key, 4: options.PartitionExpirationStrategy.Key} {
			if a.Given(i) {
				opts[key], _ = a.String(i, false)
			}
		}
		if n, ok, err := a.Int(5); err != nil {
			return nil, err
		} else if ok {
			if n < 0 || n > 1<<31-1 {
				return nil, mysqlerr.WrongArguments("sys.expire_partitions: argument 'max_expires' = %d must be between 0 and 2147483647", n)
			}
			opts[options.PartitionExpirationMaxNum.Key] = strconv.FormatInt(n, 10)
		}
		// A dedicated run checks now (Java sets the interval to 0).
		opts[options.PartitionExpirationCheckInterval.Key] = "0"
		cfg, err := maintenance.ParsePartitionConfig(opts, len(sch.PartitionKeys) > 0)
		if err != nil {
			return nil, fmt.Errorf("sys.expire_partitions: %s: %w", t.FullName(), err)
		}
		if cfg == nil {
			return nil, mysqlerr.WrongArguments("sys.expire_partitions: %s has no expiration time: give the argument expiration_time (such as '7 d'), or set the table option %s", t.FullName(), options.PartitionExpirationTime.Key)
		}
		dropped, warnings, err := maintenance.ExpirePartitions(ctx, t, sch, cfg, time.Now())
		for _, w := range warnings {
			ctx.Warn(1642, "%s", w)
		}
		if len(dropped) > 0 {
			changed(env, t)
		}
		if err != nil {
			return nil, fmt.Errorf("sys.expire_partitions: %s: %w", t.FullName(), err)
		}
		if len(dropped) == 0 {
			return []sql.Row{{"No expired partitions."}}, nil
		}
		rows := make([]sql.Row, len(dropped))
		for i, p := range dropped {
			rows[i] = sql.Row{p.String()}
		}
		return rows, nil
	},
}

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
