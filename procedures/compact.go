package procedures

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/compact"
	"github.com/paimon-sql/paimon-sql/core/maintenance"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// compactProc is CALL sys.compact(table, partitions, order_strategy,
// order_by, options, where, partition_idle_time, compact_strategy), with
// the argument names and order of Flink's CompactProcedure. paimon-sql
// runs table, partitions ('k1=v1,k2=v2;k1=v3'), options ('k=v,...' for
// this run) and compact_strategy ('full', the batch default, or 'minor');
// sort compaction and the streaming-only arguments are refused by name so
// that a call never silently does less than asked. It commits one COMPACT
// snapshot and returns a one-line summary.
var compactProc = Procedure{
	Name:    "compact",
	Params:  []string{"table", "partitions", "order_strategy", "order_by", "options", "where", "partition_idle_time", "compact_strategy"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		req, err := parseCompactArgs(a)
		if err != nil {
			return nil, err
		}
		t, err := a.Table(ctx, env, 0, sql.PrivilegeType_Select, sql.PrivilegeType_Insert) // as OPTIMIZE TABLE
		if err != nil {
			return nil, err
		}
		// Java's compaction commits run the maintenance of every commit.
		sch, err := t.LatestSchema(ctx)
		if err != nil {
			return nil, err
		}
		maint, err := maintenance.Parse(sch.Options, sch.PartitionKeys)
		if err != nil {
			return nil, fmt.Errorf("sys.compact: %s: %w", t.FullName(), err)
		}
		progress := newProgressReporter(ctx, env, "compact", t.FullName())
		req.Progress = func(done, total int) { progress.report("buckets compacted", done, total) }
		res, err := compact.Compact(ctx, t, req)
		if err != nil {
			return nil, fmt.Errorf("sys.compact: %w", err)
		}
		if res.Snapshot != nil {
			stats.Compactions.Add(1)
			stats.CompactedFiles.Add(int64(res.Rewritten))
			maintenance.AfterCommit(ctx, t, sch, maint)
			changed(env, t)
		}
		return []sql.Row{{res.String()}}, nil
	},
}

// parseCompactArgs checks every argument but the table before anything is
// read, naming the bad one.
func parseCompactArgs(a Args) (compact.Options, error) {
	var o compact.Options
	for _, i := range []int{2, 3, 5, 6} {
		if a.Given(i) {
			what := "is not supported by paimon-sql"
			switch a.names[i] {
			case "order_strategy", "order_by":
				what = "is not supported by paimon-sql (sort compaction)"
			case "partition_idle_time":
				what = "is not supported by paimon-sql (it applies to streaming compaction jobs)"
			case "where":
				what = "is not supported by paimon-sql: name the partitions with 'partitions' => 'k1=v1,k2=v2;k1=v3'"
			}
			return o, mysqlerr.WrongArguments("sys.compact: argument '%s' %s", a.names[i], what)
		}
	}
	if a.Given(1) {
		raw, _ := a.String(1, false)
		parts, err := compact.ParsePartitions(raw)
		if err != nil {
			return o, mysqlerr.WrongArguments("sys.compact: argument 'partitions': %w", err)
		}
		o.Partitions = parts
	}
	if a.Given(4) {
		raw, _ := a.String(4, false)
		opts, err := options.ParseKeyValues(raw)
		if err != nil {
			return o, mysqlerr.WrongArguments("sys.compact: argument 'options': %w", err)
		}
		if err := compact.CheckDynamic(opts); err != nil {
			return o, mysqlerr.WrongArguments("sys.compact: argument 'options': %w", err)
		}
		o.Dynamic = opts
	}
	if a.Given(7) {
		raw, _ := a.String(7, false)
		switch s := strings.ToLower(raw); s {
		case compact.StrategyFull, compact.StrategyMinor:
			o.Strategy = s
		default:
			return o, mysqlerr.WrongArguments("sys.compact: argument 'compact_strategy' = '%s' is not supported: use 'full' or 'minor'", raw)
		}
	}
	return o, nil
}
