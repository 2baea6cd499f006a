package expire

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// readTags reads the branch's own tags (Java at this commit reads main's:
// apache/paimon#9867), sorted by snapshot id. A tag deleted meanwhile is
// skipped; any other failure fails the run before anything is deleted, as
// in Java: a tag we cannot read may protect any file.
func (r *run) readTags(ctx context.Context) ([]*spec.Snapshot, error) {
	names, err := r.t.Tags.Names(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: list tags: %w", r.t.FullName(), err)
	}
	tags := make([]*spec.Snapshot, len(names))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for i, name := range names {
		g.Go(func() error {
			tag, err := r.t.Tags.Get(gctx, name)
			if errors.Is(err, snapshot.ErrNoTag) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: %w", r.t.FullName(), err)
			}
			tags[i] = &tag.Snapshot
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	out := tags[:0]
	for _, s := range tags {
		if s != nil {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// previousTag is the tag with the largest id strictly below id, or nil.
// Files deleted by snapshot id's delta were live in id-1; if any earlier
// tag holds one, the closest one does, since a removed file never comes
// back.
func previousTag(tags []*spec.Snapshot, id int64) *spec.Snapshot {
	i := sort.Search(len(tags), func(i int) bool { return tags[i].ID >= id })
	if i == 0 {
		return nil
	}
	return tags[i-1]
}

// skippingTags are the tags whose metadata files a run must keep: the
// closest tag at or before begin, and every tag inside (begin, end). Tags
// at or after end share nothing with expired snapshots that end does not.
func skippingTags(tags []*spec.Snapshot, begin, end int64) []*spec.Snapshot {
	right := sort.Search(len(tags), func(i int) bool { return tags[i].ID >= end }) - 1
	if right < 0 {
		return nil
	}
	left := max(sort.Search(len(tags), func(i int) bool { return tags[i].ID > begin })-1, 0)
	return tags[left : right+1]
}

// fileKey names a data file within its table as tag protection compares
// them: partition, bucket and file name, whatever the level.
func fileKey(part []byte, bucket int32, name string) string {
	b := make([]byte, 0, 8+len(part)+len(name))
	b = binary.BigEndian.AppendUint32(b, uint32(len(part)))
	b = append(b, part...)
	b = binary.BigEndian.AppendUint32(b, uint32(bucket))
	return string(append(b, name...))
}

// identity is FileEntry.Identifier as a compact key that starts with the
// entry's fileKey: the embedded file index (up to 500 bytes per file) is
// replaced by its SHA-256, so that a huge tag's merge stays small.
func identity(e *spec.ManifestEntry) (key string, nameLen int) {
	name := fileKey(e.Partition, e.Bucket, e.File.FileName)
	b := []byte(name)
	b = binary.BigEndian.AppendUint32(b, uint32(e.File.Level))
	b = binary.BigEndian.AppendUint32(b, uint32(len(e.File.ExtraFiles)))
	for _, x := range e.File.ExtraFiles {
		b = binary.BigEndian.AppendUint32(b, uint32(len(x)))
		b = append(b, x...)
	}
	if e.File.EmbeddedIndex != nil {
		sum := sha256.Sum256(e.File.EmbeddedIndex)
		b = append(append(b, 1), sum[:]...)
	} else {
		b = append(b, 0)
	}
	if p := e.File.ExternalPath; p != nil {
		b = append(append(b, 1), *p...)
	}
	return string(b), len(name)
}

// skipper holds the fileKeys of the data files a tag references.
type skipper map[string]struct{}

func (s skipper) holds(key string) bool {
	_, ok := s[key]
	return ok
}

// tagManifests lists the manifests of a tag's base and delta lists.
func (r *run) tagManifests(ctx context.Context, tag *spec.Snapshot) ([]spec.ManifestFileMeta, error) {
	var metas []spec.ManifestFileMeta
	for _, list := range []string{tag.BaseManifestList, tag.DeltaManifestList} {
		m, err := r.read.manifestList(ctx, list)
		if err != nil {
			return nil, err
		}
		metas = append(metas, m...)
	}
	return metas, nil
}

// buildSkipper merges a tag's base and delta manifests as FileEntry
// .mergeEntries does and keeps the names of the surviving entries (ADDs,
// and DELETEs whose ADD is not in the tag). Manifests are read in
// parallel and merged by counting: ADD +1, DELETE -1, so that the merge
// does not depend on which manifest arrives first; a count outside -1..1
// is a file added twice, which Java rejects, and so do we.
func (r *run) buildSkipper(ctx context.Context, tag *spec.Snapshot) (skipper, error) {
	metas, err := r.tagManifests(ctx, tag)
	if err != nil {
		return nil, err
	}
	type net struct {
		count   int32
		nameLen int
	}
	var mu sync.Mutex
	merged := map[string]net{}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for _, m := range metas {
		g.Go(func() error {
			local := map[string]net{}
			err := r.read.eachEntry(gctx, m.FileName, func(e *spec.ManifestEntry) {
				key, n := identity(e)
				v := local[key]
				v.nameLen = n
				if e.Kind == spec.FileAdd {
					v.count++
				} else {
					v.count--
				}
				local[key] = v
			})
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			for k, v := range local {
				w := merged[k]
				w.count += v.count
				w.nameLen = v.nameLen
				merged[k] = w
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	s := skipper{}
	for k, v := range merged {
		switch {
		case v.count > 1 || v.count < -1:
			return nil, fmt.Errorf("the tag on snapshot %d adds a data file twice", tag.ID)
		case v.count != 0:
			s[k[:v.nameLen]] = struct{}{}
		}
	}
	return s, nil
}
