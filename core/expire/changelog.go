package expire

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// ChangelogRetention is the retention of long-lived changelogs, those a
// decoupled table keeps in changelog/ after their snapshots expired
// (ExpireChangelogImpl).
type ChangelogRetention struct {
	// RetainMax: changelogs more than this many ids below the latest
	// snapshot expire whatever their age.
	RetainMax int64
	// RetainMin: the changelogs of the newest RetainMin snapshot ids stay.
	RetainMin int64
	// TimeRetained: a changelog committed this long before the run may
	// expire. OlderThan, when set, replaces it.
	TimeRetained time.Duration
	// OlderThan is the procedure's cutoff: changelogs committed strictly
	// before it may expire.
	OlderThan *time.Time
	// MaxDeletes bounds a run to the ids [earliest, earliest+MaxDeletes)
	// (snapshot.expire.limit).
	MaxDeletes int64
}

// cutoffMillis is the commit time from which a changelog is kept.
func (c ChangelogRetention) cutoffMillis(now time.Time) int64 {
	if c.OlderThan != nil {
		return c.OlderThan.UnixMilli()
	}
	if c.TimeRetained > time.Duration(now.UnixNano()) {
		return math.MinInt64 // older than the epoch: nothing is old enough
	}
	return now.UnixMilli() - c.TimeRetained.Milliseconds()
}

func (c ChangelogRetention) validate() error {
	switch {
	case c.RetainMin < 1:
		return fmt.Errorf("%w: changelog retain_min must be at least 1, got %d", ErrInvalid, c.RetainMin)
	case c.RetainMax < c.RetainMin:
		return fmt.Errorf("%w: retainMax (%d) must not be less than retainMin (%d).", ErrInvalid, c.RetainMax, c.RetainMin) //nolint:staticcheck // ST1005: Java's message, word for word
	case c.MaxDeletes < 1:
		return fmt.Errorf("%w: max_deletes must be at least 1, got %d", ErrInvalid, c.MaxDeletes)
	}
	return nil
}

// keepChangelog writes snapshot s as changelog/changelog-N and points
// changelog/LATEST at it, before its snapshot file goes (Java's
// commitChangelog and commitLongLivedChangelogLatestHint).
func (r *run) keepChangelog(ctx context.Context, s *spec.Snapshot) error {
	cl := snapshot.NewChangelogManager(r.t.FS, snapshot.BranchRoot(r.t.Root, r.t.Branch))
	data, err := spec.MarshalSnapshot(s)
	if err != nil {
		return err
	}
	if err := r.t.FS.Write(ctx, cl.Path(s.ID), data); err != nil {
		return err
	}
	return cl.WriteLatestHint(ctx, s.ID)
}

// ExpireChangelogs expires the long-lived changelogs of t as
// ExpireChangelogImpl.expire does, by cfg.Changelog: the ids from the
// earliest changelog up to the first one kept by the count, consumer,
// limit and time rules, and never the latest changelog. For each expired
// changelog it deletes the changelog files (those of its changelog
// manifests, or, without any, the files its delta deleted that no tag
// keeps) and the manifests no kept snapshot, changelog or tag uses. Like
// Expire, it deletes the changelog-N files and moves changelog/EARLIEST
// first, then the files. It returns the ids expired in Result.From/To and
// their count in Result.Expired.
func ExpireChangelogs(ctx context.Context, t *table.Table, cfg Config) (Result, error) {
	var res Result
	if err := cfg.Changelog.validate(); err != nil {
		return res, err
	}
	r, cl, err := newChangelogRun(ctx, t, &cfg, &res)
	if err != nil {
		return res, err
	}
	defer r.ext.Close()
	cutoff := cfg.Changelog.cutoffMillis(cfg.now())
	latestSnap, ok, err := r.snaps.LatestID(ctx)
	if err != nil || !ok {
		return res, err
	}
	earliest, latest, ok, err := changelogRange(ctx, cl)
	if err != nil || !ok {
		return res, err
	}
	c := cfg.Changelog
	lo := max(latestSnap-c.RetainMax+1, earliest)
	maxExclusive := latestSnap - c.RetainMin + 1
	next, err := r.minNextSnapshot(ctx)
	if err != nil {
		return res, err
	}
	maxExclusive = min(maxExclusive, next, earliest+c.MaxDeletes, latest)
	end := maxExclusive
	for id := lo; id <= maxExclusive; id++ {
		s, err := cl.Snapshot(ctx, id)
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			continue
		}
		if err != nil {
			return res, err
		}
		if cutoff <= s.TimeMillis {
			end = id
			break
		}
	}
	if end <= earliest {
		return res, nil
	}
	endChangelog, err := cl.Snapshot(ctx, end)
	if err != nil {
		return res, fmt.Errorf("%s: changelog %d, the end of the range: %w", t.FullName(), end, err)
	}
	earliestSnapID, ok, err := r.snaps.EarliestID(ctx)
	if err != nil || !ok {
		return res, err
	}
	earliestSnap, err := r.snaps.Snapshot(ctx, earliestSnapID)
	if err != nil {
		return res, err
	}
	return res, r.expireChangelogRange(ctx, cl, earliest, end-1, []*spec.Snapshot{endChangelog, earliestSnap}, false)
}

// ExpireAllChangelogs deletes every long-lived changelog, as
// ExpireChangelogImpl.expireAll (CALL sys.expire_changelogs with
// delete_all): what the earliest snapshot or a tag uses stays.
func ExpireAllChangelogs(ctx context.Context, t *table.Table, cfg Config) (Result, error) {
	var res Result
	r, cl, err := newChangelogRun(ctx, t, &cfg, &res)
	if err != nil {
		return res, err
	}
	defer r.ext.Close()
	earliest, latest, ok, err := changelogRange(ctx, cl)
	if err != nil || !ok {
		return res, err
	}
	earliestSnapID, ok, err := r.snaps.EarliestID(ctx)
	if err != nil || !ok {
		return res, err
	}
	if latest >= earliestSnapID {
		return res, fmt.Errorf("%s: latest changelog id should be less than earliest snapshot id (%d >= %d): the table is damaged, nothing was deleted", t.FullName(), latest, earliestSnapID)
	}
	earliestSnap, err := r.snaps.Snapshot(ctx, earliestSnapID)
	if err != nil {
		return res, err
	}
	return res, r.expireChangelogRange(ctx, cl, earliest, latest, []*spec.Snapshot{earliestSnap}, true)
}

func newChangelogRun(ctx context.Context, t *table.Table, cfg *Config, res *Result) (*run, *snapshot.Manager, error) {
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		return nil, nil, err
	}
	lay, err := newLayout(t, sch)
	if err != nil {
		return nil, nil, err
	}
	root := snapshot.BranchRoot(t.Root, t.Branch)
	r := &run{
		t: t, cfg: cfg, res: res, layout: lay, ext: fs.NewResolver(), changelogRun: true,
		snaps: snapshot.NewManager(t.FS, root),
		read:  newReader(t, cfg.threads()),
	}
	return r, snapshot.NewChangelogManager(t.FS, root), nil
}

// changelogRange is the earliest and latest long-lived changelog ids.
func changelogRange(ctx context.Context, cl *snapshot.Manager) (earliest, latest int64, ok bool, err error) {
	if latest, ok, err = cl.LatestID(ctx); err != nil || !ok {
		return 0, 0, false, err
	}
	earliest, ok, err = cl.EarliestID(ctx)
	return earliest, latest, ok, err
}

// expireChangelogRange expires the changelogs [from, to]: keep are the
// snapshots and changelogs whose manifests stay besides the tags'. With
// all, the hints go too; otherwise changelog/EARLIEST moves to to+1.
func (r *run) expireChangelogRange(ctx context.Context, cl *snapshot.Manager, from, to int64, keep []*spec.Snapshot, all bool) error {
	var expired []*spec.Snapshot
	for id := from; id <= to; id++ {
		s, err := cl.Snapshot(ctx, id)
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", r.t.FullName(), err)
		}
		expired = append(expired, s)
	}
	tags, err := r.readTags(ctx)
	if err != nil {
		return err
	}
	files := newFilePlan()
	var withDelta []*spec.Snapshot
	for _, s := range expired {
		if s.ChangelogManifestList != nil {
			for _, f := range r.changelogAdds(ctx, s) {
				files.addFile(KindChangelog, f)
			}
		} else if r.listExists(ctx, s.DeltaManifestList) {
			withDelta = append(withDelta, s)
		}
	}
	if len(withDelta) > 0 {
		// The files a delta deleted, unless the previous tag keeps them.
		data, err := r.planDataFiles(ctx, withDelta, withDelta[0].ID-1, withDelta[len(withDelta)-1].ID, tags)
		if err != nil {
			return err
		}
		for _, d := range data.dels {
			files.add(d)
		}
		for b := range data.buckets {
			files.buckets[b] = true
		}
	}
	keep = append(keep, skippingTags(tags, from, to+1)...)
	claims, err := r.skippingSet(ctx, keep)
	if err != nil {
		return fmt.Errorf("%s: read the manifests kept: %w; nothing was expired", r.t.FullName(), err)
	}
	var metadata []deletion
	for _, s := range expired {
		metadata = append(metadata, r.changelogMetadata(ctx, s, claims)...)
	}
	if len(expired) > 0 {
		r.judgedBy = fmt.Sprintf("changelogs %d to %d expired", expired[0].ID, expired[len(expired)-1].ID)
	}
	for _, s := range expired {
		if ok, err := r.apply(ctx, deletion{kind: KindSnapshot, target: target{path: cl.Path(s.ID)}}); err != nil {
			return err
		} else if !ok {
			return fmt.Errorf("%s: could not delete changelog %d (see the warnings): run the expiration again", r.t.FullName(), s.ID)
		}
		r.res.Expired++
	}
	if len(expired) > 0 {
		r.res.From, r.res.To = expired[0].ID, expired[len(expired)-1].ID+1
	}
	if all {
		for _, hint := range []string{snapshot.Earliest, snapshot.Latest} {
			if err := r.t.FS.Delete(ctx, cl.Dir()+"/"+hint); err != nil {
				r.warn("could not delete changelog/%s: %v", hint, err)
			}
		}
	} else if err := cl.WriteEarliestHint(ctx, to+1); err != nil {
		return fmt.Errorf("%s: could not write changelog/EARLIEST: %w", r.t.FullName(), err)
	}
	if err := r.execute(ctx, PhaseChangelog, files.dels); err != nil {
		return err
	}
	if r.cfg.CleanEmptyDirectories {
		r.cleanEmptyDirectories(files.buckets)
	}
	return r.execute(ctx, PhaseMetadata, metadata)
}

// listExists tells whether a manifest list is still there: snapshot
// expiration deleted the data manifest lists of changelogs that have their
// own changelog files. When that cannot be told, the list counts as gone,
// so that its files are kept.
func (r *run) listExists(ctx context.Context, name string) bool {
	ok, err := r.t.FS.Exists(ctx, r.t.ManifestPath(name))
	if err != nil {
		r.warn("kept what manifest list %s references: %v", name, err)
	}
	return err == nil && ok
}

// changelogMetadata plans the manifest lists and manifests of an expired
// changelog (ChangelogDeletion.cleanUnusedManifests): its changelog list,
// or without one its delta and base lists. Index and statistics files
// went with the snapshot.
func (r *run) changelogMetadata(ctx context.Context, s *spec.Snapshot, c *claims) []deletion {
	var out []deletion
	list := func(name string, size *int64) {
		if !r.listExists(ctx, name) {
			return
		}
		metas, err := r.read.manifestList(ctx, name)
		if err != nil {
			r.warn("kept the manifests of list %s of changelog %d: %v", name, s.ID, err)
		}
		for _, m := range metas {
			if c.claim(m.FileName) {
				out = append(out, deletion{kind: KindManifest, target: target{path: r.t.ManifestPath(m.FileName)}, size: m.FileSize})
			}
		}
		if c.claim(name) {
			out = append(out, deletion{kind: KindManifestList, target: target{path: r.t.ManifestPath(name)}, size: spec.Int64OrZero(size)})
		}
	}
	if s.ChangelogManifestList != nil {
		list(*s.ChangelogManifestList, s.ChangelogManifestListSize)
		return out
	}
	list(s.DeltaManifestList, s.DeltaManifestListSize)
	list(s.BaseManifestList, s.BaseManifestListSize)
	return out
}
