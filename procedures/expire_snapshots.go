package procedures

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// expireSnapshots is CALL sys.expire_snapshots(table, retain_max,
// retain_min, older_than, max_deletes, options, dry_run): Java's snapshot
// expiration. Unset arguments come from the table's options. It returns one
// row, deleted_snapshots_count; a dry run deletes nothing and reports what
// it would delete as warnings (SHOW WARNINGS).
var expireSnapshots = Procedure{
	Name:    "expire_snapshots",
	Params:  []string{"table", "retain_max", "retain_min", "older_than", "max_deletes", "options", "dry_run"},
	Returns: resultSchema("deleted_snapshots_count", bigintResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		req, err := ParseExpireArgs(a, sqlext.SessionLocation(ctx))
		if err != nil {
			return nil, err
		}
		progress := newProgressReporter(ctx, env, "expire_snapshots", t.FullName())
		res, err := RunExpire(ctx, t, req, func(p expire.Progress) { progress.report("deleting "+string(p.Phase), p.Done, p.Total) })
		if err != nil {
			return nil, err
		}
		if req.DryRun {
			// SHOW WARNINGS lists the newest first: add the summary last.
			lines := DescribeExpire(res, 20)
			for i := len(lines) - 1; i >= 0; i-- {
				ctx.Warn(1642, "%s", lines[i])
			}
		} else {
			changed(env, t)
			if res.StoppedAtLimit > 0 {
				lines := DescribeExpire(expire.Result{StoppedAtLimit: res.StoppedAtLimit, Expired: res.Expired, From: res.From, To: res.To}, 0)
				ctx.Warn(1642, "%s", lines[len(lines)-1])
			}
			if res.HeldByRead > 0 {
				ctx.Warn(1642, "%s", heldByRead(res.HeldByRead))
			}
		}
		return []sql.Row{{int64(res.Expired)}}, nil
	},
}

// ExpireArgs are expire_snapshots arguments given by position, without the
// table ("" for unset), as the command line passes them.
func ExpireArgs(values ...string) Args {
	return Args{proc: expireSnapshots.Name, names: expireSnapshots.Params, values: append([]string{""}, values...)}
}

// ExpireRequest is a parsed expire_snapshots call (also the command line's).
type ExpireRequest struct {
	Overrides expire.Overrides
	DryRun    bool
}

// ParseExpireArgs reads the arguments after the table, naming the bad one.
// older_than is epoch milliseconds or 'yyyy-MM-dd HH:mm:ss[.SSS]' in loc.
func ParseExpireArgs(a Args, loc *time.Location) (ExpireRequest, error) {
	var req ExpireRequest
	for _, arg := range []struct {
		i   int
		dst **int
	}{{1, &req.Overrides.RetainMax}, {2, &req.Overrides.RetainMin}, {4, &req.Overrides.MaxDeletes}} {
		i, dst := arg.i, arg.dst
		n, ok, err := a.Int(i)
		if err != nil {
			return req, err
		}
		if ok {
			if n < 1 || n > 1<<31-1 {
				return req, mysqlerr.WrongArguments("sys.expire_snapshots: argument '%s' = %d must be between 1 and 2147483647", a.names[i], n)
			}
			v := int(n)
			*dst = &v
		}
	}
	if mx, mn := req.Overrides.RetainMax, req.Overrides.RetainMin; mx != nil && mn != nil && *mx < *mn {
		return req, mysqlerr.WrongArguments("sys.expire_snapshots: retain_max (%d) must not be below retain_min (%d)", *mx, *mn)
	}
	if a.Given(3) {
		raw, _ := a.String(3, false)
		t, err := parseInstant(raw, loc)
		if err != nil {
			return req, mysqlerr.WrongArguments("sys.expire_snapshots: argument 'older_than' = '%s': %w", raw, err)
		}
		req.Overrides.OlderThan = &t
	}
	if a.Given(5) {
		raw, _ := a.String(5, false)
		opts, err := options.ParseKeyValues(raw)
		if err != nil {
			return req, mysqlerr.WrongArguments("sys.expire_snapshots: argument 'options': %w", err)
		}
		req.Overrides.Options = opts
	}
	if a.Given(6) {
		raw, _ := a.String(6, false)
		b, err := parseBool(raw)
		if err != nil {
			return req, mysqlerr.WrongArguments("sys.expire_snapshots: argument 'dry_run' = '%s': %w", raw, err)
		}
		req.DryRun = b
	}
	return req, nil
}

// RunExpire resolves the configuration of a call and expires.
func RunExpire(ctx *sql.Context, t *table.Table, req ExpireRequest, progress func(expire.Progress)) (expire.Result, error) {
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		return expire.Result{}, err
	}
	cfg, err := expire.NewProcedureConfig(sch.Options, req.Overrides)
	if err != nil {
		if hint := retainMinHint(t, sch.Options, req.Overrides); hint != "" {
			return expire.Result{}, mysqlerr.WrongArguments("sys.expire_snapshots: %s: %s", t.FullName(), hint)
		}
		return expire.Result{}, fmt.Errorf("sys.expire_snapshots: %s: %w", t.FullName(), err)
	}
	cfg.Progress = progress
	res, err := expire.Expire(ctx, t, cfg, req.DryRun)
	if !req.DryRun {
		stats.SnapshotsExpired.Add(int64(res.Expired))
		stats.ExpiredFilesDeleted.Add(int64(res.Files()))
	}
	if err != nil {
		return res, fmt.Errorf("sys.expire_snapshots: %s: %w", t.FullName(), err)
	}
	return res, nil
}

// retainMinHint explains a retain_max below the table's retain_min (10 by
// default, so the natural CALL sys.expire_snapshots('db.t', 5) is refused,
// as Java refuses it): which argument to pass. "" for any other refusal.
func retainMinHint(t *table.Table, opts options.Options, o expire.Overrides) string {
	if o.RetainMax == nil || o.RetainMin != nil {
		return ""
	}
	base, err := expire.NewProcedureConfig(opts, expire.Overrides{})
	if err != nil || int64(*o.RetainMax) >= base.RetainMin {
		return ""
	}
	return fmt.Sprintf("retain_max %d is below the %d snapshots the table keeps at least (its option %s, %d by default); "+
		"pass retain_min too, no greater than retain_max: CALL sys.expire_snapshots(`table` => '%s', retain_max => %d, retain_min => %d)",
		*o.RetainMax, base.RetainMin, options.SnapshotNumRetainedMin.Key, options.SnapshotNumRetainedMin.Default, t.FullName(), *o.RetainMax, *o.RetainMax)
}

// DescribeExpire summarises a result: the range, the files by kind, and up
// to maxPaths paths of a dry run.
func DescribeExpire(res expire.Result, maxPaths int) []string {
	verb := "deleted"
	if res.DryRun {
		verb = "would delete"
	}
	var out []string
	if res.Expired == 0 {
		out = append(out, fmt.Sprintf("%s no snapshot: nothing is old enough under the retention settings", verb))
	} else {
		out = append(out, fmt.Sprintf("%s snapshots %d to %d (%d snapshots)", verb, res.From, res.To-1, res.Expired))
	}
	var kinds []string
	for _, k := range expire.Kinds() {
		if c := res.Deleted[k]; c.Files > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s files (%d bytes)", c.Files, k, c.Bytes))
		}
	}
	if len(kinds) > 0 {
		out = append(out, verb+" "+strings.Join(kinds, ", "))
	}
	for i, d := range res.Paths {
		if i == maxPaths {
			out = append(out, fmt.Sprintf("... and %d more files", len(res.Paths)-maxPaths))
			break
		}
		out = append(out, fmt.Sprintf("%s %s file %s", verb, d.Kind, d.Path))
	}
	if res.StoppedAtLimit > 0 {
		out = append(out, fmt.Sprintf("stopped at the limit of %d snapshots a run (snapshot.expire.limit) with more snapshots due: "+
			"run it again, or raise the limit with max_deletes (--max-deletes)", res.StoppedAtLimit))
	}
	if res.HeldByRead > 0 {
		out = append(out, heldByRead(res.HeldByRead))
	}
	return append(out, res.Warnings...)
}

// heldByRead says why retention left snapshots: a statement still reads
// them (docs/maintenance.md, 2.4).
func heldByRead(from int64) string {
	return fmt.Sprintf("snapshot %d and later are kept while a read under way uses them; they expire in a later run", from)
}
