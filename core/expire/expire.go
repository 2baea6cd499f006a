package expire

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// run is the state of one Expire call.
type run struct {
	t      *table.Table
	cfg    *Config
	snaps  *snapshot.Manager // a fresh one: its cache must not outlive the run
	read   *reader
	layout *layout
	ext    *fs.Resolver
	dry    bool
	res    *Result
	mu     sync.Mutex // guards res.Warnings
}

func (r *run) warn(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.res.Warnings = append(r.res.Warnings, fmt.Sprintf(format, args...))
}

// Expire expires snapshots of t (the branch t was opened on) as cfg says.
// With dryRun it plans exactly what a run would delete, reports it in
// Result.Paths, and deletes and writes nothing.
//
// The steps follow ExpireSnapshotsImpl.expireUntil: data files, changelog
// files, empty directories, then — only if the end snapshot still exists
// and the files of the kept snapshot and tags could be read — manifests,
// index and statistics files, then snapshot files in ascending order, and
// the EARLIEST hint last. Unlike Java, a missing end snapshot stops the run
// before anything is deleted, and a snapshot file that cannot be deleted
// stops the run with the hint on it. An error leaves the table consistent:
// whatever was deleted by then was used by no kept snapshot or tag.
func Expire(ctx context.Context, t *table.Table, cfg Config, dryRun bool) (Result, error) {
	res := Result{DryRun: dryRun}
	if err := cfg.validate(); err != nil {
		return res, err
	}
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		return res, err
	}
	opts := options.Options(sch.Options)
	if f := strings.ToLower(opts.Get(options.ManifestFormat, "avro")); f != "avro" {
		return res, fmt.Errorf("%s uses manifest.format=%s: paimon-sql reads only avro manifests, so it cannot tell which files are still used; nothing was expired", t.FullName(), f)
	}
	lay, err := newLayout(t, sch)
	if err != nil {
		return res, err
	}
	r := &run{
		t: t, cfg: &cfg, dry: dryRun, res: &res, layout: lay, ext: fs.NewResolver(),
		snaps: snapshot.NewManager(t.FS, snapshot.BranchRoot(t.Root, t.Branch)),
		read:  newReader(t, cfg.threads()),
	}
	defer r.ext.Close()
	earliest, end, ok, err := r.selectRange(ctx)
	if err != nil || !ok {
		return res, err
	}
	if end <= earliest {
		if !dryRun && r.earliestHintMissing(ctx) {
			return res, r.writeEarliest(ctx, earliest)
		}
		return res, nil
	}
	return res, r.expireUntil(ctx, earliest, end)
}

// expireUntil expires the snapshots in [earliest, end), end > earliest.
func (r *run) expireUntil(ctx context.Context, earliest, end int64) error {
	collected, err := r.collect(ctx, earliest, end)
	if err != nil || len(collected) == 0 {
		return err
	}
	begin := collected[0].ID
	endSnap := collected[len(collected)-1]
	if endSnap.ID != end {
		// Java deletes the data files first and stops only before the
		// metadata. That is harmless when a concurrent run expired past end,
		// but when end is a hole, the older snapshots that stay would lose
		// files they read. Stopping here deletes less in both cases.
		r.warn("snapshot %d, the end of the range, does not exist: nothing was expired", end)
		return nil
	}
	expired := collected[:len(collected)-1]
	tags, err := r.readTags(ctx)
	if err != nil {
		return err
	}

	data, err := r.planDataFiles(ctx, collected, begin, end, tags)
	if err != nil {
		return err
	}
	if err := r.execute(ctx, PhaseData, data.dels); err != nil {
		return err
	}
	changelog, err := r.planChangelogFiles(ctx, expired)
	if err != nil {
		return err
	}
	if err := r.execute(ctx, PhaseChangelog, changelog.dels); err != nil {
		return err
	}
	if r.cfg.CleanEmptyDirectories && !r.dry {
		for b := range changelog.buckets {
			data.buckets[b] = true
		}
		r.cleanEmptyDirectories(data.buckets)
	}

	// Metadata goes only while the end snapshot exists: another run may
	// have expired past it meanwhile, and its files are then no longer ours
	// to judge.
	if exists, err := r.snaps.Exists(ctx, end); err != nil || !exists {
		r.warn("snapshot %d disappeared: stopped before deleting metadata and snapshot files", end)
		return err
	}
	keep := append(append([]*snapshot.Snapshot{}, skippingTags(tags, begin, end)...), endSnap)
	claims, err := r.skippingSet(ctx, keep)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		r.warn("kept every manifest, index and statistics file of the expired snapshots: %v", err)
	default:
		meta, err := r.planMetadata(ctx, expired, claims)
		if err != nil {
			return err
		}
		if err := r.execute(ctx, PhaseMetadata, meta); err != nil {
			return err
		}
	}

	stuck, err := r.deleteSnapshots(ctx, expired)
	if err != nil {
		return err
	}
	if stuck != 0 {
		// The snapshots from stuck on are expired but still listed: the hint
		// names the first of them, and the next run finishes the work.
		r.res.Expired, r.res.From, r.res.To = r.res.Deleted[KindSnapshot].Files, begin, stuck
		if err := r.writeEarliest(ctx, stuck); err != nil {
			return fmt.Errorf("%s: could not delete snapshot %d nor write the EARLIEST hint: %w", r.t.FullName(), stuck, err)
		}
		return fmt.Errorf("%s: could not delete snapshot %d (see the warnings): run the expiration again to finish it", r.t.FullName(), stuck)
	}
	r.res.Expired = len(expired)
	if len(expired) > 0 {
		r.res.From, r.res.To = begin, end
	}
	if r.dry {
		return nil
	}
	if err := r.writeEarliest(ctx, end); err != nil {
		return fmt.Errorf("%s: expired snapshots %d to %d but could not write the EARLIEST hint: %w", r.t.FullName(), begin, end-1, err)
	}
	return nil
}

// collect reads the snapshots in [earliest, end] in parallel, ascending,
// dropping missing ones. Any other read failure fails the run before
// anything is deleted.
func (r *run) collect(ctx context.Context, earliest, end int64) ([]*snapshot.Snapshot, error) {
	snaps := make([]*snapshot.Snapshot, end-earliest+1)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for i := range snaps {
		g.Go(func() error {
			s, err := r.snaps.Snapshot(gctx, earliest+int64(i))
			if errors.Is(err, snapshot.ErrNoSnapshot) {
				return nil
			}
			snaps[i] = s
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, fmt.Errorf("%s: %w", r.t.FullName(), err)
	}
	out := snaps[:0]
	for _, s := range snaps {
		if s != nil {
			out = append(out, s)
		}
	}
	return out, nil
}

// deleteSnapshots deletes the snapshot files one by one in ascending
// order, so that an interrupted run leaves a contiguous suffix. It stops at
// the first file it cannot delete and returns that id (0 when all went):
// Java goes on quietly and moves the hint past a snapshot file whose
// manifests are gone, where listings still find it.
func (r *run) deleteSnapshots(ctx context.Context, expired []*snapshot.Snapshot) (int64, error) {
	for i, s := range expired {
		ok, err := r.apply(ctx, deletion{kind: KindSnapshot, target: target{path: r.snaps.Path(s.ID)}})
		if err != nil || !ok {
			return s.ID, err
		}
		r.progress(PhaseSnapshots, i+1, len(expired))
	}
	return 0, nil
}
