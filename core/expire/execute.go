package expire

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
)

// maxFailureWarnings bounds the failed deletions a Result spells out; the
// others are only counted.
const maxFailureWarnings = 10

// execute deletes one phase's files in parallel, quietly: a failed delete
// is counted and reported, never fatal, as Java's deleteQuietly. A dry run
// records the files instead. Only cancellation stops it.
func (r *run) execute(ctx context.Context, phase Phase, dels []deletion) error {
	var mu sync.Mutex // orders the progress calls
	done := 0
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.cfg.threads())
	if r.dry {
		g.SetLimit(1) // nothing to wait for, and Paths keep the plan's order
	}
	for _, d := range dels {
		g.Go(func() error {
			if _, err := r.apply(gctx, d); err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			done++
			r.progress(phase, done, len(dels))
			return nil
		})
	}
	return g.Wait()
}

// apply deletes one file (records it, in a dry run) and accounts for it.
// ok tells whether the file is gone; err is only ever a cancellation.
func (r *run) apply(ctx context.Context, d deletion) (ok bool, err error) {
	if !r.dry {
		err = r.delete(ctx, d.target)
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
	}
	if !r.dry && err == nil {
		slog.Debug("expiration deleted a file", "table", r.t.FullName(), "path", d.path, "kind", d.kind.String(), "by", r.judgedBy)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case err != nil:
		r.res.Failed++
		if r.res.Failed <= maxFailureWarnings {
			r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("could not delete %s: %v", d.path, err))
		}
	case r.dry:
		r.res.Paths = append(r.res.Paths, Deletion{Kind: d.kind, Path: d.path})
		fallthrough
	default:
		c := &r.res.Deleted[d.kind]
		c.Files++
		c.Bytes += d.size
	}
	return err == nil, nil
}

func (r *run) delete(ctx context.Context, t target) error {
	if !t.external {
		return r.t.FS.Delete(ctx, t.path)
	}
	f, key, err := r.ext.Resolve(ctx, t.path)
	if err != nil {
		return err
	}
	return f.Delete(ctx, key)
}

func (r *run) progress(phase Phase, done, total int) {
	if r.cfg.Progress != nil {
		r.cfg.Progress(Progress{Phase: phase, Done: done, Total: total})
	}
}

// cleanEmptyDirectories removes the bucket directories files were deleted
// from when they are left empty, then their partition directories from the
// deepest up, as FileDeletionBase.cleanEmptyDirectories does. Only local
// warehouses have directories; a directory that is not empty stays.
func (r *run) cleanEmptyDirectories(buckets map[bucketRef]bool) {
	byPart := map[string][]int32{}
	for b := range buckets {
		byPart[b.part] = append(byPart[b.part], b.bucket)
	}
	parts := make([]string, 0, len(byPart))
	for p := range byPart {
		parts = append(parts, p)
	}
	sort.Strings(parts)
	// levels[i] holds directories i+1 partition keys deep, tried after all
	// partitions, deepest level first.
	var levels []map[string]bool
	for _, p := range parts {
		for _, b := range byPart[p] {
			dir, err := r.layout.bucketDir([]byte(p), b)
			if err == nil {
				_ = r.t.FS.RemoveEmptyDir(dir)
			}
		}
		dirs, err := r.layout.partitionDirs([]byte(p))
		if err != nil || len(dirs) == 0 {
			continue
		}
		if r.t.FS.RemoveEmptyDir(dirs[len(dirs)-1]) != nil {
			continue
		}
		for i, d := range dirs[:len(dirs)-1] {
			for len(levels) <= i {
				levels = append(levels, map[string]bool{})
			}
			levels[i][d] = true
		}
	}
	for i := len(levels) - 1; i >= 0; i-- {
		for d := range levels[i] {
			_ = r.t.FS.RemoveEmptyDir(d)
		}
	}
}

// writeEarliest writes the EARLIEST hint, retrying as Java's commitHint
// does (three attempts).
func (r *run) writeEarliest(ctx context.Context, id int64) error {
	var err error
	for range 3 {
		if err = r.snaps.WriteEarliestHint(ctx, id); err == nil || ctx.Err() != nil {
			return err
		}
	}
	return err
}

// raiseLatestHint rewrites a LATEST hint below end, the first snapshot
// kept, with the latest id listed. Such a hint names an expired snapshot,
// and Java trusts it when its successor is gone too: a Java writer would
// then re-create an expired id (docs/README.md, decision 7). Best effort:
// a hint that stays is what Java leaves.
func (r *run) raiseLatestHint(ctx context.Context, end int64) {
	if hint, ok := r.snaps.LatestHint(ctx); !ok || hint >= end {
		return
	}
	// The listing, not LatestID: the hint names a snapshot that is gone.
	if ids, err := r.snaps.IDs(ctx); err == nil && len(ids) > 0 && ids[len(ids)-1] >= end {
		_ = r.snaps.WriteLatestHint(ctx, ids[len(ids)-1])
	}
}

// earliestHintMissing tells whether the EARLIEST hint is missing or
// unreadable, the only case a run that expires nothing rewrites it. Like
// Java's readHint, any read failure counts as missing, and the content is
// read with its line breaks removed, then parsed as a signed decimal.
func (r *run) earliestHintMissing(ctx context.Context) bool {
	data, err := r.t.FS.ReadFile(ctx, r.snaps.Dir()+"/"+snapshot.Earliest)
	if err != nil {
		return true
	}
	_, err = strconv.ParseInt(strings.NewReplacer("\n", "", "\r", "").Replace(string(data)), 10, 64)
	return err != nil
}
