package orphan

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// holder is a file that references table files: a snapshot, a tag or a
// long-lived changelog, of main or of a branch.
type holder struct {
	path string // the snapshot, tag or changelog file
	snap *spec.Snapshot
}

// used collects the names the holders reference, and the holders that
// name a file that does not exist.
type used struct {
	mu        sync.Mutex
	names     map[string]bool
	manifests map[string][]int       // manifest -> the holders listing it
	data      map[int][]string       // holder -> its base and delta manifests
	nets      map[string]manifestNet // manifest -> its entries, netted
	broken    map[int]string         // holder -> a missing file it names
}

func (u *used) add(names ...string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, n := range names {
		u.names[n] = true
	}
}

func (u *used) missing(holder int, name string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.broken[holder] = name
}

// usedNames reads every holder of every branch and returns the names of
// the files they reference: manifest lists, manifests, data, changelog
// and extra files of every entry (ADD or DELETE), index manifests, index
// files and statistics. A file that does not exist is tolerated only when
// the holder naming it is gone too (expired or deleted during the run);
// any other failure fails the run.
//
// It reads in rounds until a listing shows no holder it has not tried.
// A holder listed but gone when read (or whose files went before they were
// read) was expired by a newer snapshot, which may be the only one left to
// name what it named: a commit takes over the manifests and files of its
// base. Reading every snapshot listed since, up to one that was read
// whole while it was the latest, covers them: a snapshot committed later
// names only files of that one or files written after the candidates were
// listed (or by writes whose in-flight markers held the cut-off back).
func (r *run) usedNames(ctx context.Context, branches []string) (map[string]bool, error) {
	u := &used{names: map[string]bool{}, manifests: map[string][]int{}, data: map[int][]string{}, nets: map[string]manifestNet{}, broken: map[int]string{}}
	var holders []holder
	tried := map[string]bool{} // holder paths
	rounds := 0
	for ; ; rounds++ {
		var fresh []holder
		listedNew := false
		for _, root := range branches {
			h, anyNew, err := r.holders(ctx, root, tried)
			if err != nil {
				return nil, err
			}
			fresh = append(fresh, h...)
			listedNew = listedNew || anyNew
		}
		if !listedNew {
			break
		}
		if rounds == maxReadRounds {
			return nil, fmt.Errorf("snapshots were committed faster than %d rounds of reading them could follow", maxReadRounds)
		}
		if err := r.readHolders(ctx, u, len(holders), fresh); err != nil {
			return nil, err
		}
		holders = append(holders, fresh...)
	}
	newest := int64(0)
	for _, h := range holders {
		if strings.HasPrefix(path.Base(h.path), "snapshot-") {
			newest = max(newest, h.snap.ID)
		}
	}
	r.judgedBy = fmt.Sprintf("cut-off %s, %d snapshots, tags and changelogs read in %d rounds, the newest snapshot read %d",
		r.cutoff.UTC().Format(time.RFC3339Nano), len(holders), rounds, newest)
	u.addLiveFiles()
	for i, name := range u.broken {
		exists, err := r.t.FS.Exists(ctx, holders[i].path)
		if err != nil {
			return nil, err
		}
		if exists {
			return nil, fmt.Errorf("%s references %s, which does not exist", holders[i].path, name)
		}
	}
	return u.names, nil
}

// maxReadRounds bounds the rounds of usedNames: a table committed to
// without a pause longer than a round can take fails the run, which then
// deletes nothing.
const maxReadRounds = 20

// readHolders reads the holders of one round, numbered from first on, and
// the manifests they list that no earlier round read.
func (r *run) readHolders(ctx context.Context, u *used, first int, holders []holder) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for i, h := range holders {
		g.Go(func() error { return r.readHolder(gctx, u, first+i, h.snap) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	var todo []string
	for name, users := range u.manifests {
		if _, read := u.nets[name]; !read && users[len(users)-1] >= first {
			todo = append(todo, name) // not read before, and listed by this round
		}
	}
	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for _, name := range todo {
		g.Go(func() error { return r.readManifest(gctx, u, name, u.manifests[name]) })
	}
	return g.Wait()
}

// holders reads the snapshots, tags and changelogs of one branch root
// whose paths are not in tried, and adds the paths it listed to tried;
// anyNew tells whether it listed one not tried before. One deleted after
// the listing is skipped.
func (r *run) holders(ctx context.Context, root string, tried map[string]bool) (_ []holder, anyNew bool, _ error) {
	before := len(tried)
	snaps := snapshot.NewManager(r.t.FS, root)
	ids, err := snaps.IDs(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("list snapshots: %w", err)
	}
	var todo []int64
	for _, id := range ids {
		if p := snaps.Path(id); !tried[p] {
			tried[p], todo = true, append(todo, id)
		}
	}
	read := make([]*holder, len(todo))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for i, id := range todo {
		g.Go(func() error {
			s, err := snaps.Snapshot(gctx, id)
			if errors.Is(err, snapshot.ErrNoSnapshot) {
				return nil
			}
			read[i] = &holder{path: snaps.Path(id), snap: s}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, false, err
	}
	var out []holder
	for _, h := range read {
		if h != nil {
			out = append(out, *h)
		}
	}
	tags := snapshot.NewTagManager(r.t.FS, root)
	all, err := tags.All(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("read tags: %w", err)
	}
	for _, tag := range all {
		if p := tags.Path(tag.Name); !tried[p] {
			tried[p] = true
			out = append(out, holder{path: p, snap: &tag.Snapshot})
		}
	}
	changelogs, err := r.changelogs(ctx, root+"/changelog", tried)
	return append(out, changelogs...), len(tried) > before, err
}

// changelogs reads the long-lived changelog files (changelog-<id>) of a
// branch not in tried, kept after their snapshots expired; they are
// snapshot files.
func (r *run) changelogs(ctx context.Context, dir string, tried map[string]bool) ([]holder, error) {
	entries, err := r.t.FS.List(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("list changelogs: %w", err)
	}
	var out []holder
	for _, e := range entries {
		if e.IsDir || !strings.HasPrefix(e.Name, snapshot.ChangelogPrefix) {
			continue
		}
		p := dir + "/" + e.Name
		if tried[p] {
			continue
		}
		tried[p] = true
		data, err := r.t.FS.ReadFile(ctx, p)
		if fs.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		s, err := spec.ParseSnapshot(data)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", p, err)
		}
		out = append(out, holder{path: p, snap: s})
	}
	return out, nil
}

// readHolder records the metadata files one holder names and queues its
// manifests: those of its base and delta lists make its data files, those
// of its changelog list only add changelog files.
func (r *run) readHolder(ctx context.Context, u *used, i int, s *spec.Snapshot) error {
	for _, list := range []string{s.BaseManifestList, s.DeltaManifestList} {
		if err := r.readList(ctx, u, i, list, true); err != nil {
			return err
		}
	}
	if s.ChangelogManifestList != nil {
		if err := r.readList(ctx, u, i, *s.ChangelogManifestList, false); err != nil {
			return err
		}
	}
	if s.IndexManifest != nil {
		if err := r.readIndexManifest(ctx, u, i, *s.IndexManifest); err != nil {
			return err
		}
	}
	if s.Statistics != nil {
		u.add(*s.Statistics)
	}
	return nil
}

// readList records a manifest list and its manifests, as manifests of
// holder i's data when data is set.
func (r *run) readList(ctx context.Context, u *used, i int, list string, data bool) error {
	u.add(list)
	var metas []spec.ManifestFileMeta
	err := r.readMeta(ctx, list, func(b []byte) (err error) {
		metas, err = manifest.ReadManifestList(bytes.NewReader(b))
		return err
	})
	if fs.IsNotExist(err) {
		u.missing(i, list)
		return nil
	}
	if err != nil {
		return err
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, m := range metas {
		u.names[m.FileName] = true
		u.manifests[m.FileName] = append(u.manifests[m.FileName], i)
		if data {
			u.data[i] = append(u.data[i], m.FileName)
		}
	}
	return nil
}

// readIndexManifest records an index manifest and its index files.
func (r *run) readIndexManifest(ctx context.Context, u *used, i int, name string) error {
	u.add(name)
	var entries []spec.IndexManifestEntry
	err := r.readMeta(ctx, name, func(b []byte) (err error) {
		entries, err = manifest.ReadIndexManifest(bytes.NewReader(b))
		return err
	})
	if fs.IsNotExist(err) {
		u.missing(i, name)
		return nil
	}
	for _, e := range entries {
		u.add(e.FileName)
	}
	return err
}

// readManifest nets the entries of one manifest by file name: ADD +1,
// DELETE -1 (live.go).
func (r *run) readManifest(ctx context.Context, u *used, name string, users []int) error {
	net := manifestNet{net: map[string]int32{}, extras: map[string][]string{}}
	err := r.readMeta(ctx, name, func(data []byte) error {
		return manifest.EachManifestEntry(bytes.NewReader(data), func(e spec.ManifestEntry) error {
			net.count(&e)
			return nil
		})
	})
	if fs.IsNotExist(err) {
		for _, i := range users {
			u.missing(i, name)
		}
		return nil
	}
	u.mu.Lock()
	u.nets[name] = net
	u.mu.Unlock()
	return err
}

// readMeta reads a file of manifest/ and decodes it; a decoder panic on a
// corrupt file becomes an error, which fails the run.
func (r *run) readMeta(ctx context.Context, name string, decode func([]byte) error) (err error) {
	data, err := r.t.FS.ReadFile(ctx, r.t.ManifestPath(name))
	if err != nil {
		return err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: cannot decode: %v", r.t.ManifestPath(name), p)
		}
	}()
	if err := decode(data); err != nil {
		return fmt.Errorf("%s: %w", r.t.ManifestPath(name), err)
	}
	return nil
}
