package expire

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// selectRange chooses the ids to expire, [earliest, end), by Java's rules
// in Java's order (docs/design/expire-snapshots.md §1.3). ok is false when the table has
// no snapshot. end <= earliest means nothing expires.
func (r *run) selectRange(ctx context.Context) (earliest, end int64, ok bool, err error) {
	// The clock is read before any file access, as Java does.
	cutoff := r.cfg.cutoffMillis()
	latest, ok, err := r.snaps.LatestID(ctx)
	if err != nil || !ok {
		return 0, 0, false, wrapErr("find the latest snapshot", err)
	}
	earliest, ok, err = r.snaps.EarliestID(ctx)
	if err != nil || !ok {
		return 0, 0, false, wrapErr("find the earliest snapshot", err)
	}
	// Below lo, snapshot.num-retained.max expires without a time check.
	lo := max(latest-r.cfg.RetainMax+1, earliest)
	// From maxExclusive on, everything is kept: the newest RetainMin ...
	maxExclusive := latest - r.cfg.RetainMin + 1
	// ... the snapshot the slowest consumer reads next and after (unless
	// consumers hold back only changelogs) ...
	if !r.cfg.ConsumerChangelogOnly {
		next, err := r.minNextSnapshot(ctx)
		if err != nil {
			return 0, 0, false, err
		}
		maxExclusive = min(maxExclusive, next)
	}
	var held int64 // the cap reads under way set (0: none)
	// ... the snapshots reads under way in any process use (read after
	// latest: a read whose marker is not seen plans on latest or later) ...
	if read, ok, err := r.readsUnderWay(ctx); err != nil {
		return 0, 0, false, err
	} else if ok && read < maxExclusive {
		maxExclusive, held = read, read
	}
	// ... and what snapshot.expire.limit leaves out, counted from earliest.
	limit := earliest + r.cfg.MaxDeletes
	limited := limit < maxExclusive
	maxExclusive = min(maxExclusive, limit)
	end, err = r.timeLimit(ctx, lo, maxExclusive, cutoff)
	if err == nil && held > 0 && end == held && lo > end {
		// Without the read, more would have expired (below lo, by
		// retain_max, without a time check): say why they stay.
		r.res.HeldByRead = end
	}
	if err == nil && limited && end == limit {
		// The limit stopped the run: it says so when the next snapshot is
		// due as well (its successor old enough, or below lo).
		next, nextErr := r.timeLimit(ctx, max(lo, end), end+1, cutoff)
		if nextErr == nil && next > end {
			r.res.StoppedAtLimit = r.cfg.MaxDeletes
		}
	}
	return earliest, end, true, err
}

// timeLimit is the time rule: from lo, snapshot id expires only while its
// successor id+1 was committed strictly before the cutoff; the first one
// whose successor is too young stops the range. A missing successor never
// stops it. Successors are read ahead in parallel batches; an error is only
// reported when the rule reaches that snapshot, so reading ahead never
// fails a run Java would complete.
func (r *run) timeLimit(ctx context.Context, lo, maxExclusive, cutoff int64) (int64, error) {
	batch := int64(r.cfg.threads())
	for start := lo; start < maxExclusive; start += batch {
		n := min(batch, maxExclusive-start)
		snaps := make([]*spec.Snapshot, n)
		errs := make([]error, n)
		var g errgroup.Group
		for i := range n {
			g.Go(func() error {
				snaps[i], errs[i] = r.snaps.Snapshot(ctx, start+i+1)
				return nil
			})
		}
		_ = g.Wait()
		for i := range n {
			id := start + i
			switch {
			case errors.Is(errs[i], snapshot.ErrNoSnapshot):
				continue
			case errs[i] != nil:
				return 0, fmt.Errorf("%s: time rule at snapshot %d: %w", r.t.FullName(), id+1, errs[i])
			case cutoff <= snaps[i].TimeMillis:
				return id, nil
			}
		}
	}
	return maxExclusive, nil
}

// minNextSnapshot is the smallest next snapshot of the consumers, or the
// largest int64 when there is none.
func (r *run) minNextSnapshot(ctx context.Context) (int64, error) {
	consumers, err := r.t.Consumers.All(ctx)
	if err != nil {
		return 0, fmt.Errorf("%s: read consumers: %w", r.t.FullName(), err)
	}
	next := int64(math.MaxInt64)
	for _, c := range consumers {
		next = min(next, c.NextSnapshot)
	}
	return next, nil
}

// readsUnderWay is the lowest snapshot that reads under way on the branch
// use (core/table.BeginRead), in any process; the markers of processes
// that died are deleted (not in a dry run).
func (r *run) readsUnderWay(ctx context.Context) (int64, bool, error) {
	low, ok, dead, err := table.ReadMarkers(ctx, r.t.FS, r.t.Root, r.t.Branch, time.Now())
	if err != nil {
		return 0, false, fmt.Errorf("%s: %w", r.t.FullName(), err)
	}
	if !r.dry {
		for _, p := range dead {
			_ = r.t.FS.Delete(ctx, p) // only holds expiration back
		}
	}
	return low, ok, nil
}

func wrapErr(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}
