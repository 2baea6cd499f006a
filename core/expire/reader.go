package expire

import (
	"bytes"
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// reader reads manifests with at most a fixed number in flight, whatever
// the number of goroutines asking: planning fans out over snapshots and
// manifests, and a semaphore held only around one read (never while
// waiting for other work) bounds I/O and memory without deadlocks.
type reader struct {
	t   *table.Table
	sem chan struct{}
}

func newReader(t *table.Table, parallel int) *reader {
	return &reader{t: t, sem: make(chan struct{}, parallel)}
}

// with runs fn holding a read slot. A decoder panic on a corrupt file
// becomes an error: it must make the run delete less, not crash it.
func (r *reader) with(ctx context.Context, what, name string, fn func([]byte) error) (err error) {
	select {
	case r.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-r.sem }()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %s %s: cannot decode: %v", r.t.FullName(), what, name, p)
		}
	}()
	data, err := r.t.FS.ReadFile(ctx, r.t.ManifestPath(name))
	if err != nil {
		return fmt.Errorf("%s: %s: %w", r.t.FullName(), what, err)
	}
	if err := fn(data); err != nil {
		return fmt.Errorf("%s: %s %s: %w", r.t.FullName(), what, name, err)
	}
	return nil
}

func (r *reader) manifestList(ctx context.Context, name string) (metas []spec.ManifestFileMeta, err error) {
	err = r.with(ctx, "manifest list", name, func(data []byte) error {
		metas, err = manifest.ReadManifestList(bytes.NewReader(data))
		return err
	})
	return metas, err
}

// eachEntry streams the entries of one manifest: only one decoded entry
// is alive at a time.
func (r *reader) eachEntry(ctx context.Context, name string, fn func(*spec.ManifestEntry)) error {
	return r.with(ctx, "manifest", name, func(data []byte) error {
		return manifest.EachManifestEntry(bytes.NewReader(data), func(e spec.ManifestEntry) error {
			fn(&e)
			return nil
		})
	})
}

func (r *reader) indexManifest(ctx context.Context, name string) (entries []spec.IndexManifestEntry, err error) {
	err = r.with(ctx, "index manifest", name, func(data []byte) error {
		entries, err = manifest.ReadIndexManifest(bytes.NewReader(data))
		return err
	})
	return entries, err
}
