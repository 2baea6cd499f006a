package expire

import (
	"context"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// deletion is one planned file deletion.
type deletion struct {
	kind Kind
	target
	size int64 // 0 when the metadata records none
}

// filePlan is the data or changelog files a run deletes, without
// duplicates, in the order planned.
type filePlan struct {
	dels    []deletion
	seen    map[string]bool
	buckets map[bucketRef]bool
}

func newFilePlan() *filePlan {
	return &filePlan{seen: map[string]bool{}, buckets: map[bucketRef]bool{}}
}

func (p *filePlan) add(d deletion) {
	if !p.seen[d.path] {
		p.seen[d.path] = true
		p.dels = append(p.dels, d)
	}
}

// addFile plans f and its extra files, the size counted on f, and makes
// f's bucket directory a candidate for removal unless f is external.
func (p *filePlan) addFile(kind Kind, f pendingFile) {
	if !f.targets[0].external {
		p.buckets[f.bucket] = true
	}
	for i, t := range f.targets {
		d := deletion{kind: kind, target: t}
		if i == 0 {
			d.size = f.size
		}
		p.add(d)
	}
}

// pendingFile is a data file a delta deletes, with what deciding and doing
// its deletion needs.
type pendingFile struct {
	key string // fileKey, for tag protection
	// appended tells that a write added the file (file source APPEND, or
	// none recorded), so that it is also a changelog file when the table
	// has no changelog-producer.
	appended bool
	bucket   bucketRef
	size     int64
	targets  []target // the file, then its extra files
}

func newPendingFile(e *spec.ManifestEntry, targets []target) pendingFile {
	return pendingFile{
		key:      fileKey(e.Partition, e.Bucket, e.File.FileName),
		appended: e.File.FileSource == nil || *e.File.FileSource == spec.SourceAppend,
		bucket:   bucketRef{string(e.Partition), e.Bucket},
		size:     e.File.FileSize,
		targets:  targets,
	}
}

// planDataFiles plans the data files deleted by the deltas of the
// snapshots in (begin, end]: files the expired snapshots used and neither
// end nor a tag still uses (docs/design/expire-snapshots.md §2.4). begin's own delta
// is left out: what it deleted was used only by begin-1, handled by the run
// that expired begin-1.
func (r *run) planDataFiles(ctx context.Context, collected []*spec.Snapshot, begin, end int64, tags []*spec.Snapshot) (*filePlan, error) {
	var todo []*spec.Snapshot
	skippers := map[int64]skipper{}
	for _, s := range collected {
		if s.ID > begin && s.ID <= end {
			todo = append(todo, s)
			if tag := previousTag(tags, s.ID); tag != nil {
				skippers[tag.ID] = nil
			}
		}
	}
	if err := r.buildSkippers(ctx, tags, skippers); err != nil {
		return nil, err
	}
	plans := make([][]pendingFile, len(todo))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for i, s := range todo {
		var skip skipper
		if tag := previousTag(tags, s.ID); tag != nil {
			if skip = skippers[tag.ID]; skip == nil {
				r.warn("kept the data files deleted by snapshot %d: the files of the tag on snapshot %d could not be read", s.ID, tag.ID)
				continue
			}
		}
		g.Go(func() error {
			plans[i] = r.deltaDeletions(gctx, s, skip)
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	plan := newFilePlan()
	for _, files := range plans {
		for _, f := range files {
			plan.addFile(KindData, f)
		}
	}
	return plan, nil
}

// buildSkippers builds, in parallel, the skipper of every tag whose id is
// a key of skippers. A tag whose files cannot be read keeps a nil skipper:
// the snapshots it guards then delete no data file at all.
func (r *run) buildSkippers(ctx context.Context, tags []*spec.Snapshot, skippers map[int64]skipper) error {
	byID := map[int64]*spec.Snapshot{}
	for _, t := range tags {
		byID[t.ID] = t
	}
	built := make(chan struct {
		id int64
		s  skipper
	}, len(skippers))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for id := range skippers {
		g.Go(func() error {
			s, err := r.buildSkipper(gctx, byID[id])
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				r.warn("could not read the data files of the tag on snapshot %d: %v", id, err)
			}
			built <- struct {
				id int64
				s  skipper
			}{id, s}
			return nil
		})
	}
	err := g.Wait()
	close(built)
	for b := range built {
		skippers[b.id] = b.s
	}
	return err
}

// deltaDeletions plans the files one snapshot's delta deletes. Any read
// failure cancels the whole plan of that snapshot: a missing manifest may
// hold the ADD that cancels a DELETE.
func (r *run) deltaDeletions(ctx context.Context, s *spec.Snapshot, skip skipper) []pendingFile {
	metas, err := r.read.manifestList(ctx, s.DeltaManifestList)
	if err != nil {
		r.warn("kept the data files deleted by snapshot %d: %v", s.ID, err)
		return nil
	}
	deleted := map[string]pendingFile{}
	var order []string
	added := map[string]bool{}
	var planErr error
	for _, m := range metas {
		err := r.read.eachEntry(ctx, m.FileName, func(e *spec.ManifestEntry) {
			file, err := r.layout.dataFile(e)
			if err != nil {
				planErr = err
				return
			}
			if e.Kind == spec.FileAdd {
				added[file.path] = true
				return
			}
			if _, ok := deleted[file.path]; !ok {
				order = append(order, file.path)
			}
			deleted[file.path] = newPendingFile(e, append([]target{file}, extraFiles(e, file)...))
		})
		if err == nil {
			err = planErr
		}
		if err != nil {
			r.warn("kept the data files deleted by snapshot %d: %v", s.ID, err)
			return nil
		}
	}
	var out []pendingFile
	for _, path := range order {
		f := deleted[path]
		// An ADD of the same path anywhere in the delta is a level upgrade:
		// the file lives on at another level. Java cancels the pair only when
		// the DELETE comes first; we keep the file in either order.
		if added[path] || (skip != nil && skip.holds(f.key)) || (r.keepAppended() && f.appended) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// keepAppended tells whether snapshot expiration keeps the files writes
// added: on a decoupled table without changelog-producer they are the
// changelog, which ExpireChangelogs deletes (SnapshotDeletion).
func (r *run) keepAppended() bool {
	return r.cfg.ChangelogDecoupled && !r.cfg.ProduceChangelog && !r.changelogRun
}

// planChangelogFiles plans the changelog files of the expired snapshots:
// every ADD of their changelog manifests. Tags do not protect them. A
// changelog manifest that cannot be read is left out on its own, as Java
// does: its files are unique to it, so nothing else is at risk.
func (r *run) planChangelogFiles(ctx context.Context, expired []*spec.Snapshot) (*filePlan, error) {
	plans := make([][]pendingFile, len(expired))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for i, s := range expired {
		if s.ChangelogManifestList == nil {
			continue
		}
		g.Go(func() error {
			plans[i] = r.changelogAdds(gctx, s)
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	plan := newFilePlan()
	for _, files := range plans {
		for _, f := range files {
			plan.addFile(KindChangelog, f)
		}
	}
	return plan, nil
}

func (r *run) changelogAdds(ctx context.Context, s *spec.Snapshot) []pendingFile {
	metas, err := r.read.manifestList(ctx, *s.ChangelogManifestList)
	if err != nil {
		r.warn("kept the changelog files of snapshot %d: %v", s.ID, err)
		return nil
	}
	var out []pendingFile
	for _, m := range metas {
		var files []pendingFile
		var planErr error
		err := r.read.eachEntry(ctx, m.FileName, func(e *spec.ManifestEntry) {
			if e.Kind != spec.FileAdd {
				return
			}
			file, err := r.layout.dataFile(e)
			if err != nil {
				planErr = err
				return
			}
			files = append(files, newPendingFile(e, []target{file}))
		})
		if err == nil {
			err = planErr
		}
		if err != nil {
			r.warn("kept the changelog files of manifest %s of snapshot %d: %v", m.FileName, s.ID, err)
			continue
		}
		out = append(out, files...)
	}
	return out
}
