package expire

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// NewTagConfig resolves what DeleteTag reads of a table's options: the
// number of concurrent file operations and whether emptied directories go.
// The retention options are not read: deleting a tag does not depend on
// them, and a table whose retention Expire refuses can still drop tags.
func NewTagConfig(tableOptions options.Options) (Config, error) {
	r := tableOptions.Reader()
	c := Config{
		Threads:               options.FileOperationThreadNum.Read(r),
		CleanEmptyDirectories: options.SnapshotCleanEmptyDirectories.Read(r),
	}
	if err := r.Err(); err != nil {
		return Config{}, invalidOption(err)
	}
	return c, nil
}

// DeleteTag deletes tag name of t (the branch t was opened on) as Java's
// TagManager.deleteTag does. When the tag's snapshot still exists, only the
// tag file goes: the snapshot holds the same files. Otherwise the tag file
// goes first, then — unless another tag is on the same snapshot — the data
// files the tag reads and its manifest lists, manifests, index manifest,
// index files and statistics file, minus everything its neighbours use
// (TagDeletion with the skippers of the closest snapshot or tag on each
// side). Only cfg.Threads, cfg.CleanEmptyDirectories and cfg.Progress are
// read (see NewTagConfig).
//
// A file of the tag that a remaining snapshot or tag uses is also used by
// the closest one on the same side, since a file removed from a table never
// comes back; the neighbours therefore protect all of them. Unlike Java:
//   - the left neighbour is the closest tag OR snapshot below the tag, and
//     the right one the closest above it (Java takes the earliest snapshot,
//     which may lie below the tag when snapshot files are missing);
//   - whatever cannot be read or decided makes the call delete less: when
//     the snapshots, the tags, the branches or the long-lived changelogs
//     cannot be listed or read, when the table has other branches (they
//     share files with this one) or long-lived changelogs (they may use the
//     tag's manifests and data files), or when no neighbour remains, only
//     the tag file is deleted, and Result.Warnings says why; an unreadable
//     manifest of a neighbour keeps the files of that kind, and an
//     unreadable data manifest of the tag keeps all its data files;
//   - only the files the tag reads are deleted, not the files its manifests
//     record as deleted without their addition.
//
// A missing tag gives an error wrapping snapshot.ErrNoTag, and an unreadable
// one an error: nothing is deleted then. An error after the tag file went
// is only ever a cancellation.
func DeleteTag(ctx context.Context, t *table.Table, name string, cfg Config) (Result, error) {
	var res Result
	if strings.TrimSpace(name) == "" {
		return res, fmt.Errorf("tag name must not be blank")
	}
	tag, err := t.Tags.Get(ctx, name)
	if err != nil {
		return res, err
	}
	r := &run{
		t: t, cfg: &cfg, res: &res, ext: fs.NewResolver(),
		snaps: snapshot.NewManager(t.FS, snapshot.BranchRoot(t.Root, t.Branch)),
		read:  newReader(t, cfg.threads()),
	}
	defer r.ext.Close()
	tagged := &tag.Snapshot
	// Everything that decides whether files go is read before the tag file
	// is deleted: afterwards the other tags could no longer be told from it.
	keep, clean := r.tagNeighbours(ctx, name, tagged)
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if err := t.Tags.Delete(ctx, name); err != nil {
		return res, fmt.Errorf("%s: delete tag '%s': %w", t.FullName(), name, err)
	}
	if !clean {
		return res, nil
	}
	return res, r.cleanTag(ctx, tagged, keep)
}

// tagNeighbours decides whether deleting the tag on tagged may delete
// files and returns the snapshots whose files must stay: the closest
// snapshot or tag below it and the closest one above it. clean is false
// when only the tag file may go; a warning then says why, unless the
// reason is the normal one (the snapshot exists, or another tag is on it).
func (r *run) tagNeighbours(ctx context.Context, name string, tagged *spec.Snapshot) (keep []*spec.Snapshot, clean bool) {
	skip := func(format string, args ...any) ([]*spec.Snapshot, bool) {
		if ctx.Err() == nil {
			r.warn("deleted only the file of tag '%s': "+format, append([]any{name}, args...)...)
		}
		return nil, false
	}
	exists, err := r.snaps.Exists(ctx, tagged.ID)
	switch {
	case err != nil:
		return skip("could not tell whether snapshot %d exists: %v", tagged.ID, err)
	case exists:
		return nil, false // the snapshot holds every file of the tag
	}

	sch, err := r.t.LatestSchema(ctx)
	if err != nil {
		return skip("%v", err)
	}
	if err := manifest.CheckFormat(options.ManifestFormat.Text(sch.Options)); err != nil {
		return skip("%v", err)
	}
	if r.layout, err = newLayout(r.t, sch); err != nil {
		return skip("%v", err)
	}

	// Branches share the table's files: this one's tags and snapshots say
	// nothing of what theirs use.
	if r.t.Branch != snapshot.MainBranch {
		return skip("it belongs to branch %s, which shares its files with the main branch", r.t.Branch)
	}
	branches, err := snapshot.Branches(ctx, r.t.FS, r.t.Root)
	switch {
	case err != nil:
		return skip("could not list the branches: %v", err)
	case len(branches) > 0:
		return skip("the table has branches (%s, ...), which may use its files", branches[0].Name)
	}
	// Long-lived changelogs keep the manifests and files of expired
	// snapshots, tagged ones included.
	changelogs, err := r.t.FS.List(ctx, snapshot.BranchRoot(r.t.Root, r.t.Branch)+"/changelog")
	if err != nil {
		return skip("could not list the changelogs: %v", err)
	}
	for _, e := range changelogs {
		if _, ok := schema.ParseFileID(e.Name, snapshot.ChangelogPrefix); ok && !e.IsDir {
			return skip("the table has long-lived changelogs (%s), which may use its files", e.Name)
		}
	}

	tags, err := r.readTags(ctx)
	if err != nil {
		return skip("%v", err)
	}
	var left, right *spec.Snapshot
	others := 0
	for _, s := range tags {
		switch {
		case s.ID < tagged.ID:
			left = s
		case s.ID > tagged.ID && right == nil:
			right = s
		case s.ID == tagged.ID:
			others++
		}
	}
	if others > 1 {
		return nil, false // another tag on the same snapshot keeps its files
	}
	ids, err := r.snaps.IDs(ctx)
	if err != nil {
		return skip("could not list the snapshots: %v", err)
	}
	i := sort.Search(len(ids), func(i int) bool { return ids[i] >= tagged.ID })
	if i < len(ids) && ids[i] == tagged.ID {
		return skip("snapshot %d appeared", tagged.ID)
	}
	read := func(id int64) (*spec.Snapshot, error) {
		s, err := r.snaps.Snapshot(ctx, id)
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			// Expired meanwhile: its files are no longer known to be safe
			// to judge from the snapshot that was listed.
			return nil, fmt.Errorf("snapshot %d disappeared while reading it", id)
		}
		return s, err
	}
	if i > 0 && (left == nil || ids[i-1] > left.ID) {
		if left, err = read(ids[i-1]); err != nil {
			return skip("%v", err)
		}
	}
	if i < len(ids) && (right == nil || ids[i] < right.ID) {
		if right, err = read(ids[i]); err != nil {
			return skip("%v", err)
		}
	}
	for _, s := range []*spec.Snapshot{left, right} {
		if s != nil {
			keep = append(keep, s)
		}
	}
	if len(keep) == 0 {
		return skip("no snapshot and no other tag remains to tell which files are still used")
	}
	return keep, true
}

// cleanTag deletes the data files, then the metadata files of the deleted
// tag on tagged that none of keep uses, as TagManager.doClean does. The
// two steps are independent: a skipper that cannot be built cancels only
// its own step.
func (r *run) cleanTag(ctx context.Context, tagged *spec.Snapshot, keep []*spec.Snapshot) error {
	r.judgedBy = fmt.Sprintf("a deleted tag on snapshot %d, %d neighbours kept", tagged.ID, len(keep))
	data, err := r.planTagDataFiles(ctx, tagged, keep)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		r.warn("kept the data files of the tag on snapshot %d: %v", tagged.ID, err)
	default:
		if err := r.execute(ctx, PhaseData, data.dels); err != nil {
			return err
		}
		if r.cfg.CleanEmptyDirectories {
			r.cleanEmptyDirectories(data.buckets)
		}
	}

	claims, err := r.skippingSet(ctx, keep)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		r.warn("kept every manifest, index and statistics file of the tag on snapshot %d: %v", tagged.ID, err)
		return nil
	}
	// Changelog manifests are not the tag's to delete (TagDeletion leaves
	// them to snapshot and changelog expiration).
	noChangelog := *tagged
	noChangelog.ChangelogManifestList, noChangelog.ChangelogManifestListSize = nil, nil
	meta, err := r.snapshotMetadata(ctx, &noChangelog, claims)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		r.warn("kept the index files and index manifest of the tag on snapshot %d and every other manifest of it: %v", tagged.ID, err)
		return nil
	}
	return r.execute(ctx, PhaseMetadata, meta)
}

// planTagDataFiles plans the data files (and their extra files) the tag
// on tagged reads and no snapshot of keep reads.
func (r *run) planTagDataFiles(ctx context.Context, tagged *spec.Snapshot, keep []*spec.Snapshot) (*filePlan, error) {
	var used []skipper
	for _, s := range keep {
		skip, err := r.buildSkipper(ctx, s)
		if err != nil {
			return nil, fmt.Errorf("could not read the data files of snapshot %d, which stays: %w", s.ID, err)
		}
		used = append(used, skip)
	}
	files, err := r.tagDataFiles(ctx, tagged)
	if err != nil {
		return nil, err
	}
	plan := newFilePlan()
next:
	for _, f := range files {
		for _, skip := range used {
			if skip.holds(f.key) {
				continue next
			}
		}
		plan.addFile(KindData, f)
	}
	return plan, nil
}

// tagDataFiles lists the data files a tag reads: its base and delta
// manifests merged by counting, as buildSkipper does, keeping the entries
// whose ADD is not cancelled, sorted by path. Any read failure fails it.
func (r *run) tagDataFiles(ctx context.Context, tag *spec.Snapshot) ([]pendingFile, error) {
	metas, err := r.tagManifests(ctx, tag)
	if err != nil {
		return nil, err
	}
	type net struct {
		count int32
		file  *pendingFile // from the ADD entry
	}
	var mu sync.Mutex
	merged := map[string]net{}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for _, m := range metas {
		g.Go(func() error {
			local := map[string]net{}
			var planErr error
			err := r.read.eachEntry(gctx, m.FileName, func(e *spec.ManifestEntry) {
				key, _ := identity(e)
				v := local[key]
				if e.Kind != spec.FileAdd {
					v.count--
					local[key] = v
					return
				}
				v.count++
				if v.file == nil {
					file, err := r.layout.dataFile(e)
					if err != nil {
						planErr = err
						return
					}
					f := newPendingFile(e, append([]target{file}, extraFiles(e, file)...))
					v.file = &f
				}
				local[key] = v
			})
			if err == nil {
				err = planErr
			}
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			for k, v := range local {
				w := merged[k]
				w.count += v.count
				if w.file == nil {
					w.file = v.file
				}
				merged[k] = w
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []pendingFile
	for _, v := range merged {
		switch {
		case v.count > 1 || v.count < -1:
			return nil, fmt.Errorf("the tag on snapshot %d adds a data file twice", tag.ID)
		case v.count == 1 && v.file != nil:
			out = append(out, *v.file)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].targets[0].path < out[j].targets[0].path })
	return out, nil
}
