package orphan

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// maxFailureWarnings bounds the failed deletions a Result spells out.
const maxFailureWarnings = 10

// delete deletes the orphans of the result in parallel (nothing in a dry
// run). A failed delete is counted and reported, as Java's deleteQuietly;
// only the end of ctx stops the run. It then removes the bucket and
// partition directories left empty.
func (r *run) delete(ctx context.Context) error {
	if r.cfg.DryRun || len(r.res.Files) == 0 {
		return nil
	}
	var mu sync.Mutex // orders the progress calls
	done := 0
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for _, f := range r.res.Files {
		g.Go(func() error {
			err := fs.DeleteAt(gctx, r.t.FS, f.Path)
			if gctx.Err() != nil {
				return gctx.Err()
			}
			if err != nil {
				r.failed(f.Path, err)
			} else {
				slog.Debug("orphan cleanup deleted a file", "table", r.t.FullName(), "path", f.Path, "by", r.judgedBy)
			}
			mu.Lock()
			defer mu.Unlock()
			done++
			if r.cfg.Progress != nil {
				r.cfg.Progress(done, len(r.res.Files))
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	r.removeEmptyDirs()
	return nil
}

func (r *run) failed(path string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.res.Failed++
	if r.res.Failed <= maxFailureWarnings {
		r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("could not delete %s: %v", path, err))
	}
}

// removeEmptyDirs removes the bucket directories of the warehouse that
// deletions left empty, then their partition directories up to the table,
// as Java's cleanEmptyDataDirectory. A directory that is not empty stays.
func (r *run) removeEmptyDirs() {
	dirs := map[string]bool{}
	for _, f := range r.res.Files {
		dir := f.Path[:strings.LastIndexByte(f.Path, '/')]
		if !fs.IsURI(f.Path) && strings.HasPrefix(dir[strings.LastIndexByte(dir, '/')+1:], "bucket-") {
			dirs[dir] = true
		}
	}
	for len(dirs) > 0 {
		parents := map[string]bool{}
		for dir := range dirs {
			if r.t.FS.RemoveEmptyDir(dir) != nil {
				continue
			}
			parent := dir[:strings.LastIndexByte(dir, '/')]
			if strings.HasPrefix(parent, r.t.Root+"/") && strings.Contains(parent[strings.LastIndexByte(parent, '/')+1:], "=") {
				parents[parent] = true
			}
		}
		dirs = parents
	}
}
