package maintenance

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// AfterCommit runs the maintenance cfg asks for on t, written with schema
// sch, after a commit to it succeeded. It never fails: the commit is
// published, so what goes wrong is logged as a warning and left to the
// next commit. With snapshot.expire.execution-mode = async it returns at
// once and the work runs in the background, one run at a time per table
// (commits meanwhile ask for one more run).
func AfterCommit(ctx context.Context, t *table.Table, sch *spec.TableSchema, cfg *Config) {
	if cfg == nil || cfg.WriteOnly {
		return
	}
	st := table.StateOf[tableState](t)
	if !cfg.Async {
		// Statements committing together each run it, one after the
		// other: concurrent runs would only race for the same files.
		st.runMu.Lock()
		defer st.runMu.Unlock()
		logResult(t, Run(context.WithoutCancel(ctx), t, sch, cfg, t.Runtime.Now))
		return
	}
	st.mu.Lock()
	st.next = &request{t, sch, cfg}
	if st.background {
		st.mu.Unlock()
		return
	}
	st.background = true
	st.mu.Unlock()
	// The loop outlives the statement: it keeps nothing of its context.
	// The runtime counts it, so that shutdown waits for it
	// (table.Runtime.Wait).
	t.Runtime.Go(func() { st.loop(context.Background()) })
}

type request struct {
	t   *table.Table
	sch *spec.TableSchema
	cfg *Config
}

// tableState serialises the maintenance runs of one table in this
// process (table.StateOf); in the background, it is Java's single
// maintenance thread.
type tableState struct {
	runMu      sync.Mutex // held by a run
	mu         sync.Mutex // guards the fields below
	background bool       // a background loop is running
	next       *request   // the newest request the loop has not started
}

func (st *tableState) loop(ctx context.Context) {
	for {
		st.mu.Lock()
		req := st.next
		st.next = nil
		if req == nil {
			st.background = false
			st.mu.Unlock()
			return
		}
		st.mu.Unlock()
		logResult(req.t, st.runGuarded(ctx, req))
	}
}

// runGuarded is one background run: a panic, which would end the server
// from this goroutine, is reported as a warning instead (Java's
// maintenance thread catches every Throwable too).
func (st *tableState) runGuarded(ctx context.Context, req *request) (rep Report) {
	st.runMu.Lock()
	defer st.runMu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("maintenance stopped: %v", p))
		}
	}()
	return Run(ctx, req.t, req.sch, req.cfg, req.t.Runtime.Now)
}

// Report is what one maintenance run did.
type Report struct {
	TagsCreated, TagsDeleted []string
	Partitions               []ExpiredPartition
	Consumers                []string
	Snapshots                expire.Result
	Changelogs               expire.Result // decoupled tables only
	// Warnings are the steps that failed or kept something back; the
	// other steps still ran.
	Warnings []string
}

func logResult(t *table.Table, rep Report) {
	for _, w := range rep.Warnings {
		slog.Warn("table maintenance after commit", "table", t.FullName(), "warning", w)
	}
}

// run is one maintenance run.
type run struct {
	t     *table.Table
	sch   *spec.TableSchema
	cfg   *Config
	snaps *snapshot.Manager // a fresh one: its cache must not outlive the run
	now   func() time.Time
	rep   *Report
}

func (r *run) log(format string, args ...any) {
	slog.Info("table maintenance: "+fmt.Sprintf(format, args...), "table", r.t.FullName())
}

func (r *run) warn(format string, args ...any) {
	r.rep.Warnings = append(r.rep.Warnings, fmt.Sprintf(format, args...))
}

// Run is the maintenance of TableCommitImpl.maintain, in Java's order:
// automatic tags, tag expiry, partition expiration, consumer expiration
// (first, so that expired consumers do not hold snapshots back), then
// snapshot and changelog expiration. A failing step is reported in the
// warnings and the following steps still run. now is the clock.
func Run(ctx context.Context, t *table.Table, sch *spec.TableSchema, cfg *Config, now func() time.Time) Report {
	var rep Report
	if cfg.WriteOnly {
		return rep
	}
	r := &run{t: t, sch: sch, cfg: cfg, now: now, rep: &rep,
		snaps: snapshot.NewManager(t.FS, snapshot.BranchRoot(t.Root, t.Branch))}
	step := func(name string, f func(context.Context) error) {
		if err := f(ctx); err != nil {
			r.warn("%s: %v", name, err)
		}
	}
	switch cfg.Tags.Mode {
	case options.TagModeProcessTime, options.TagModeWatermark:
		step("automatic tag creation", r.autoTags)
	case options.TagModeBatch:
		step("batch tag creation", r.batchTag)
	}
	if cfg.Tags.TimeExpire {
		step("tag expiration", r.expireTags)
	}
	if p := cfg.Partitions; p != nil && partitionsDue(table.StateOf[partitionCheck](t), p, now()) {
		step("partition expiration", func(ctx context.Context) error {
			dropped, warnings, err := ExpirePartitions(ctx, t, sch, p, now())
			rep.Partitions = dropped
			for _, d := range dropped {
				r.log("dropped expired partition %s", d)
			}
			rep.Warnings = append(rep.Warnings, warnings...)
			return err
		})
	}
	if d := cfg.ConsumerExpiration; d != nil {
		step("consumer expiration", func(ctx context.Context) error {
			ids, err := t.Consumers.ExpireUnmodifiedSince(ctx, now().Add(-*d))
			rep.Consumers = ids
			for _, id := range ids {
				r.log("deleted consumer '%s', not updated for %s", id, *d)
			}
			return err
		})
	}
	step("snapshot expiration", func(ctx context.Context) error {
		scfg := cfg.Snapshots
		scfg.Now = now
		idle := table.StateOf[expiryState](t)
		if idle.notDue(ctx, r.snaps, scfg, now()) {
			return nil
		}
		res, err := expire.Expire(ctx, t, scfg, false)
		if err == nil && res.Expired == 0 && len(res.Warnings) == 0 {
			idle.note(ctx, r.snaps, scfg)
		} else {
			idle.forget()
		}
		rep.Snapshots = res
		stats.SnapshotsExpired.Add(int64(res.Expired))
		stats.ExpiredFilesDeleted.Add(int64(res.Files()))
		if res.Expired > 0 {
			r.log("expired snapshots %d to %d", res.From, res.To-1)
		}
		rep.Warnings = append(rep.Warnings, res.Warnings...)
		return err
	})
	if cfg.Snapshots.ChangelogDecoupled {
		step("changelog expiration", func(ctx context.Context) error {
			scfg := cfg.Snapshots
			scfg.Now = now
			res, err := expire.ExpireChangelogs(ctx, t, scfg)
			rep.Changelogs = res
			if res.Expired > 0 {
				r.log("expired changelogs %d to %d", res.From, res.To-1)
			}
			rep.Warnings = append(rep.Warnings, res.Warnings...)
			return err
		})
	}
	return rep
}
