package orphan

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// run is the state of one Clean call.
type run struct {
	t      *table.Table
	cfg    *Config
	cutoff time.Time
	res    *Result
	mu     sync.Mutex // guards res.Warnings and res.Failed
	// judgedBy says, in the debug log of each deletion, what the run
	// decided by (the cut-off and the snapshots read).
	judgedBy string
}

func (r *run) warn(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.res.Warnings = append(r.res.Warnings, fmt.Sprintf(format, args...))
}

// candidate is a file old enough to be an orphan.
type candidate struct {
	File
	name string
}

// branchRoots are the metadata roots of main and of every branch. A branch
// without a schema aborts the run, as in Java: what it references cannot
// be known.
func (r *run) branchRoots(ctx context.Context) ([]string, error) {
	branches, err := snapshot.Branches(ctx, r.t.FS, r.t.Root)
	if err != nil {
		return nil, fmt.Errorf("%s: list branches: %w", r.t.FullName(), err)
	}
	roots := []string{r.t.Root}
	for _, b := range branches {
		root := snapshot.BranchRoot(r.t.Root, b.Name)
		s, err := schema.NewManager(r.t.FS, root).Latest(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: branch '%s': %w", r.t.FullName(), b.Name, err)
		}
		if s == nil {
			return nil, fmt.Errorf("%s: branch '%s' has no schema: check it by hand; nothing was deleted", r.t.FullName(), b.Name)
		}
		roots = append(roots, root)
	}
	return roots, nil
}

// listCandidates lists the files old enough in every directory Java's
// cleanup looks at. A directory that cannot be listed is skipped with a
// warning: its files are only not deleted.
func (r *run) listCandidates(ctx context.Context, branches []string) ([]candidate, error) {
	sch, err := r.t.LatestSchema(ctx)
	if err != nil {
		return nil, err
	}
	opts := sch.Options
	dirs := []dirFilter{{dir: r.t.Root + "/manifest"}, {dir: r.t.Root + "/index"}, {dir: r.t.Root + "/statistics"}}
	for _, root := range branches {
		dirs = append(dirs,
			dirFilter{dir: root + "/snapshot", keepPrefix: "snapshot-"},
			dirFilter{dir: root + "/changelog", keepPrefix: snapshot.ChangelogPrefix})
	}
	dataRoots := []string{r.t.Root}
	if d := strings.Trim(options.DataFilePathDirectory.Text(opts), "/"); d != "" {
		dataRoots[0] = r.t.Root + "/" + d
	}
	for _, p := range strings.Split(options.DataFileExternalPaths.Text(opts), ",") {
		p, _, _ = strings.Cut(strings.TrimSpace(p), "?")
		if p == "" {
			continue
		}
		if err := fs.CheckExternalPath(p); err != nil {
			r.warn("skipped external data path: %v", err)
			continue
		}
		dataRoots = append(dataRoots, strings.TrimSuffix(p, "/"))
	}
	for _, root := range dataRoots {
		buckets, err := r.bucketDirs(ctx, root, len(sch.PartitionKeys))
		if err != nil {
			return nil, err
		}
		for _, b := range buckets {
			dirs = append(dirs, dirFilter{dir: b})
		}
	}
	return r.listAll(ctx, dirs)
}

// dirFilter is a directory whose files are candidates, except the files
// named keepPrefix* and the hints.
type dirFilter struct {
	dir        string // a warehouse path or an absolute URI
	keepPrefix string
}

func (d dirFilter) keeps(name string) bool {
	return d.keepPrefix != "" && (strings.HasPrefix(name, d.keepPrefix) || name == snapshot.Earliest || name == snapshot.Latest)
}

func (r *run) listAll(ctx context.Context, dirs []dirFilter) ([]candidate, error) {
	found := make([][]candidate, len(dirs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	for i, d := range dirs {
		g.Go(func() error {
			entries, err := r.list(gctx, d.dir)
			if err != nil {
				return err
			}
			for _, e := range entries {
				if e.IsDir || d.keeps(e.Name) || !e.ModTime.Before(r.cutoff) {
					continue
				}
				found[i] = append(found[i], candidate{File: File{Path: d.dir + "/" + e.Name, Size: e.Size}, name: e.Name})
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []candidate
	for _, f := range found {
		out = append(out, f...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// bucketDirs walks the partition directories (names holding '=') of a data
// root down to their bucket-* directories, as Java's listFileDirs.
func (r *run) bucketDirs(ctx context.Context, dir string, levels int) ([]string, error) {
	entries, err := r.list(ctx, dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		switch {
		case !e.IsDir:
		case levels == 0 && strings.HasPrefix(e.Name, "bucket-"):
			out = append(out, dir+"/"+e.Name)
		case levels > 0 && strings.Contains(e.Name, "="):
			sub, err := r.bucketDirs(ctx, dir+"/"+e.Name, levels-1)
			if err != nil {
				return nil, err
			}
			out = append(out, sub...)
		}
	}
	return out, nil
}

// list lists a directory of the warehouse or under an external path. A
// failure is a warning and an empty listing (ctx's end is an error).
func (r *run) list(ctx context.Context, dir string) ([]fs.FileInfo, error) {
	f, key, err := fs.At(ctx, r.t.FS, dir)
	var entries []fs.FileInfo
	if err == nil {
		entries, err = f.List(ctx, key)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		r.warn("skipped %s: %v", dir, err)
		return nil, nil
	}
	return entries, nil
}
