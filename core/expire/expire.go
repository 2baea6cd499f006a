package expire

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
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
	// changelogRun marks a run of ExpireChangelogs.
	changelogRun bool
	// judgedBy says, in the debug log of each deletion, what the run
	// decided by (the range expired and the snapshot kept).
	judgedBy string
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
// The steps plan what ExpireSnapshotsImpl.expireUntil deletes — data
// files, changelog files, empty directories, and, only if the files of the
// kept snapshot and tags could be read, manifests, index and statistics
// files — but delete the snapshot files first, in ascending order, then
// move the EARLIEST hint, then delete the planned files (expireUntil).
// Unlike Java, a missing end snapshot stops the run before anything is
// deleted, and a snapshot file that cannot be deleted stops the run with
// the hint on it. An error or a crash leaves the table consistent: every
// snapshot still listed has all its files.
func Expire(ctx context.Context, t *table.Table, cfg Config, dryRun bool) (Result, error) {
	res := Result{DryRun: dryRun}
	if err := cfg.validate(); err != nil {
		return res, err
	}
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		return res, err
	}
	opts := sch.Options
	if err := manifest.CheckFormat(options.ManifestFormat.Text(opts)); err != nil {
		return res, fmt.Errorf("%s: %w, so it cannot tell which files are still used; nothing was expired", t.FullName(), err)
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
// Unlike Java it plans every deletion first, then deletes the snapshot
// files, moves EARLIEST, and only then deletes the files the plan holds:
// at every point of a run, the snapshots a reader can list reference only
// files that exist (docs/README.md, decision 8). A complete run deletes
// the same files as Java; one cut short leaves files that no snapshot
// references, for orphan-file cleanup.
func (r *run) expireUntil(ctx context.Context, earliest, end int64) error {
	collected, err := r.collect(ctx, earliest, end)
	if err != nil || len(collected) == 0 {
		return err
	}
	begin := collected[0].ID
	if collected[len(collected)-1].ID != end {
		// Java deletes the data files first and stops only before the
		// metadata. That is harmless when a concurrent run expired past end,
		// but when end is a hole, the older snapshots that stay would lose
		// files they read. Stopping here deletes less in both cases.
		r.warn("snapshot %d, the end of the range, does not exist: nothing was expired", end)
		return nil
	}
	expired := collected[:len(collected)-1]
	r.judgedBy = fmt.Sprintf("snapshots %d to %d expired, kept from %d", begin, end-1, end)
	tags, err := r.readTags(ctx)
	if err != nil {
		return err
	}
	plan, err := r.plan(ctx, collected, tags)
	if err != nil {
		return err
	}
	// Deleting starts only while the end snapshot exists: another run may
	// have expired past it meanwhile, and the files are then no longer
	// ours to judge.
	if exists, err := r.snaps.Exists(ctx, end); err != nil || !exists {
		r.warn("snapshot %d disappeared: nothing was expired", end)
		return err
	}

	stuck, err := r.deleteSnapshots(ctx, expired)
	if err != nil {
		return err
	}
	if stuck != 0 {
		return r.finishStuck(ctx, collected, tags, stuck)
	}
	r.res.Expired = len(expired)
	if len(expired) > 0 {
		r.res.From, r.res.To = begin, end
	}
	var hintErr error
	if !r.dry {
		if hintErr = r.writeEarliest(ctx, end); hintErr != nil {
			hintErr = fmt.Errorf("%s: expired snapshots %d to %d but could not write the EARLIEST hint: %w", r.t.FullName(), begin, end-1, hintErr)
		}
		r.raiseLatestHint(ctx, end)
	}
	if held, err := r.readStartedSince(ctx, end); err != nil || held > 0 {
		if err == nil {
			r.res.HeldByRead = held
			r.warn("a read of snapshot %d started during the run: the files of the expired snapshots stay, for orphan-file cleanup", held)
		}
		return errors.Join(err, hintErr)
	}
	if err := r.deleteFiles(ctx, plan); err != nil {
		return err
	}
	return hintErr
}

// readStartedSince reads the read markers again once the snapshot files
// are deleted: a read of an expired snapshot whose marker the range
// selection did not see, but which found its snapshot still there after
// writing its marker (core/table.ReadOf), wrote that marker before the
// snapshot file was deleted, so it is seen now. It returns the lowest
// snapshot below end such a read uses, 0 when there is none: the planned
// files then stay (deleting less, never more).
func (r *run) readStartedSince(ctx context.Context, end int64) (int64, error) {
	low, ok, err := r.readsUnderWay(ctx)
	if err != nil || !ok || low >= end {
		return 0, err
	}
	return low, nil
}

// finishStuck ends a run whose snapshot stuck could not be deleted: the
// snapshots from stuck on stay listed, so it deletes only what a run
// ending at stuck would, moves the hint to stuck, and fails so that the
// next run finishes the work.
func (r *run) finishStuck(ctx context.Context, collected []*spec.Snapshot, tags []*spec.Snapshot, stuck int64) error {
	i := slices.IndexFunc(collected, func(s *spec.Snapshot) bool { return s.ID == stuck })
	plan, err := r.plan(ctx, collected[:i+1], tags)
	if err != nil {
		return err
	}
	r.res.Expired, r.res.From, r.res.To = r.res.Deleted[KindSnapshot].Files, collected[0].ID, stuck
	if err := r.writeEarliest(ctx, stuck); err != nil {
		return fmt.Errorf("%s: could not delete snapshot %d nor write the EARLIEST hint: %w", r.t.FullName(), stuck, err)
	}
	if err := r.deleteFiles(ctx, plan); err != nil {
		return err
	}
	return fmt.Errorf("%s: could not delete snapshot %d (see the warnings): run the expiration again to finish it", r.t.FullName(), stuck)
}

// expirePlan is every file that expiring the snapshots before the last of
// a collected range deletes, by phase.
type expirePlan struct {
	data, changelog *filePlan
	metadata        []deletion // none when the skipping set could not be built
}

// plan plans the deletions of expiring collected but its last snapshot,
// the end: data files deleted by the deltas after the first one, the
// changelog files of the expired snapshots, and the manifests, index and
// statistics files that neither the end snapshot nor a tag needs.
func (r *run) plan(ctx context.Context, collected []*spec.Snapshot, tags []*spec.Snapshot) (*expirePlan, error) {
	begin, endSnap := collected[0].ID, collected[len(collected)-1]
	expired := collected[:len(collected)-1]
	p := &expirePlan{}
	var err error
	if p.data, err = r.planDataFiles(ctx, collected, begin, endSnap.ID, tags); err != nil {
		return nil, err
	}
	if r.cfg.ChangelogDecoupled {
		// The changelog files outlive the snapshot (ExpireChangelogs).
		p.changelog = newFilePlan()
	} else if p.changelog, err = r.planChangelogFiles(ctx, expired); err != nil {
		return nil, err
	}
	keep := append(append([]*spec.Snapshot{}, skippingTags(tags, begin, endSnap.ID)...), endSnap)
	claims, err := r.skippingSet(ctx, keep)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		r.warn("kept every manifest, index and statistics file of the expired snapshots: %v", err)
		return p, nil
	}
	if p.metadata, err = r.planMetadata(ctx, expired, claims); err != nil {
		return nil, err
	}
	return p, nil
}

// deleteFiles applies a plan in Java's order: data files, changelog
// files, empty directories, then the metadata.
func (r *run) deleteFiles(ctx context.Context, p *expirePlan) error {
	if err := r.execute(ctx, PhaseData, p.data.dels); err != nil {
		return err
	}
	if err := r.execute(ctx, PhaseChangelog, p.changelog.dels); err != nil {
		return err
	}
	if r.cfg.CleanEmptyDirectories && !r.dry {
		for b := range p.changelog.buckets {
			p.data.buckets[b] = true
		}
		r.cleanEmptyDirectories(p.data.buckets)
	}
	return r.execute(ctx, PhaseMetadata, p.metadata)
}

// collect reads the snapshots in [earliest, end] in parallel, ascending,
// dropping missing ones. Any other read failure fails the run before
// anything is deleted.
func (r *run) collect(ctx context.Context, earliest, end int64) ([]*spec.Snapshot, error) {
	snaps := make([]*spec.Snapshot, end-earliest+1)
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
// order, so that an interrupted run leaves a contiguous suffix, and a
// writer can tell a gone base from a new one (core/commit). It stops at
// the first file it cannot delete and returns that id (0 when all went):
// Java goes on quietly and moves the hint past a snapshot file whose
// manifests are gone, where listings still find it.
func (r *run) deleteSnapshots(ctx context.Context, expired []*spec.Snapshot) (int64, error) {
	for i, s := range expired {
		if r.cfg.ChangelogDecoupled && !r.dry {
			// Java's commitChangelog: the snapshot lives on as changelog-N.
			if err := r.keepChangelog(ctx, s); err != nil {
				return 0, fmt.Errorf("%s: write the changelog of snapshot %d: %w", r.t.FullName(), s.ID, err)
			}
		}
		path := r.snaps.Path(s.ID)
		// No metadata records a snapshot file's size: the report reads it
		// (0 when it cannot, which the deletion then reports).
		size, _ := r.t.FS.Size(ctx, path)
		ok, err := r.apply(ctx, deletion{kind: KindSnapshot, target: target{path: path}, size: size})
		if err != nil || !ok {
			return s.ID, err
		}
		r.progress(PhaseSnapshots, i+1, len(expired))
	}
	return 0, nil
}
