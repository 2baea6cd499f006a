package procedures

import (
	"fmt"
	"maps"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/maintenance"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
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
		dropped, warnings, err := maintenance.ExpirePartitions(ctx, t, sch, cfg, t.Runtime.Now())
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
