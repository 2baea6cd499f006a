package expire

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// claims is the skipping set of docs/design/expire-snapshots.md §2.8, shared by the
// planners of all expired snapshots: file names (manifest lists,
// manifests, index manifests, index files, statistics) a kept snapshot or
// tag uses, plus those already planned. Claiming a name succeeds once, so
// every file is deleted at most once and never while still used.
type claims struct {
	mu    sync.Mutex
	names map[string]struct{}
}

func (c *claims) add(name string) {
	c.mu.Lock()
	c.names[name] = struct{}{}
	c.mu.Unlock()
}

func (c *claims) claim(name string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.names[name]; ok {
		return false
	}
	c.names[name] = struct{}{}
	return true
}

// skippingSet collects the metadata file names the end snapshot and the
// skipping tags use. Any read failure fails it: the caller then deletes no
// metadata file at all, as Java does.
func (r *run) skippingSet(ctx context.Context, keep []*spec.Snapshot) (*claims, error) {
	c := &claims{names: map[string]struct{}{}}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for _, s := range keep {
		g.Go(func() error {
			for _, list := range []string{s.BaseManifestList, s.DeltaManifestList} {
				if r.changelogRun {
					// A long-lived changelog whose snapshot expiration
					// deleted its data manifest lists (ChangelogDeletion
					// reads only the lists that exist).
					if ok, err := r.t.FS.Exists(gctx, r.t.ManifestPath(list)); err != nil {
						return err
					} else if !ok {
						continue
					}
				}
				metas, err := r.read.manifestList(gctx, list)
				if err != nil {
					return err
				}
				c.add(list)
				for _, m := range metas {
					c.add(m.FileName)
				}
			}
			if s.IndexManifest != nil {
				entries, err := r.read.indexManifest(gctx, *s.IndexManifest)
				if r.changelogRun && fs.IsNotExist(err) {
					// Gone with the changelog's snapshot, as its
					// data manifest lists may be.
					err = nil
				}
				if err != nil {
					return err
				}
				c.add(*s.IndexManifest)
				for _, e := range entries {
					c.add(e.FileName)
				}
			}
			if s.Statistics != nil {
				c.add(*s.Statistics)
			}
			return nil
		})
	}
	return c, g.Wait()
}

// planMetadata plans, per expired snapshot, its manifest lists and their
// manifests (base, delta, changelog), its index manifest and index files
// and its statistics file, minus what the skipping set holds (§2.9).
func (r *run) planMetadata(ctx context.Context, expired []*spec.Snapshot, c *claims) ([]deletion, error) {
	plans := make([][]deletion, len(expired))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for i, s := range expired {
		g.Go(func() (err error) {
			plans[i], err = r.snapshotMetadata(gctx, s, c)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []deletion
	for _, p := range plans {
		out = append(out, p...)
	}
	return out, nil
}

func (r *run) snapshotMetadata(ctx context.Context, s *spec.Snapshot, c *claims) ([]deletion, error) {
	var out []deletion
	list := func(name string, size *int64) {
		// An unreadable list still goes, but its manifests are not known:
		// they stay behind as orphans (Java does the same).
		metas, err := r.read.manifestList(ctx, name)
		if err != nil {
			r.warn("kept the manifests of list %s of snapshot %d: %v", name, s.ID, err)
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
	// A decoupled table keeps what its long-lived changelog reads: the
	// changelog manifests, and without changelog-producer the data
	// manifest lists too (FileDeletionBase.cleanUnusedManifests).
	if !r.cfg.ChangelogDecoupled || r.cfg.ProduceChangelog {
		list(s.BaseManifestList, s.BaseManifestListSize)
		list(s.DeltaManifestList, s.DeltaManifestListSize)
	}
	if s.ChangelogManifestList != nil && !r.cfg.ChangelogDecoupled {
		list(*s.ChangelogManifestList, s.ChangelogManifestListSize)
	}
	if s.IndexManifest != nil {
		entries, err := r.read.indexManifest(ctx, *s.IndexManifest)
		switch {
		case fs.IsNotExist(err):
			// Shared with a neighbour that deleted it first: nothing to do.
		case err != nil:
			return nil, err
		default:
			for i := range entries {
				e := &entries[i]
				if !c.claim(e.FileName) {
					continue
				}
				t, err := r.layout.indexFile(e)
				if err != nil {
					r.warn("kept index file %s of snapshot %d: %v", e.FileName, s.ID, err)
					continue
				}
				out = append(out, deletion{kind: KindIndex, target: t, size: e.FileSize})
			}
			if c.claim(*s.IndexManifest) {
				out = append(out, deletion{kind: KindIndexManifest, target: target{path: r.t.ManifestPath(*s.IndexManifest)}})
			}
		}
	}
	if s.Statistics != nil && c.claim(*s.Statistics) {
		out = append(out, deletion{kind: KindStatistics, target: target{path: r.t.StatisticsPath(*s.Statistics)}})
	}
	return out, nil
}
