// Package orphan removes the files of a Paimon table that nothing
// references, as Java Paimon's LocalOrphanFilesClean does: files that failed
// writes, rolled-back statements and interrupted expirations leave behind.
//
// A run lists the candidates first: every file older than the cut-off in
// manifest/, index/, statistics/, the bucket directories (under the table,
// its data-file.path-directory and its data-file.external-paths), and the
// non-snapshot files of each branch's snapshot/ and changelog/ directories.
// Only then does it read what references files: every snapshot, tag and
// long-lived changelog of the table and of each branch (a snapshot a
// consumer retains is one of them), with their manifest lists, manifests,
// index manifests, index files and statistics, and the data, changelog and
// extra files live in them (live.go). A candidate whose name none of them
// uses is removed (names are UUIDs, unique in a table, as Java matches
// them). Listing before reading is what makes a commit that lands during
// the run harmless: what it references is either in a snapshot the run
// reads, or written after the listing began. The holders are read in
// rounds until a listing shows none unread (used.go): a snapshot expired
// before the run read it hands what it named on to newer ones only.
//
// Differences from Java: a data file that the manifests of every holder
// naming it add and then delete is removed (Java keeps it: live.go); any
// read failure of what references files aborts the run before anything is
// deleted (Java skips a missing manifest list or manifest; here a missing
// one is skipped only when the snapshot, tag or changelog naming it is gone
// too, expired meanwhile); the cut-off never reaches past a write under
// way on the table, in this process or in another (its in-flight marker:
// core/table.BeginWrite), nor past now minus a clock margin.
package orphan

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// ClockMargin is kept between now (or the start of a write under way) and
// the cut-off: a file's modification time comes from the storage's clock,
// which may lag ours.
const ClockMargin = time.Second

// Config is one run's settings.
type Config struct {
	// OlderThan is the cut-off: only files modified before it are removed.
	OlderThan time.Time
	DryRun    bool
	// Parallelism bounds the concurrent reads and deletes (0: the CPUs).
	Parallelism int
	// Progress, when set, is told of each file deleted.
	Progress func(done, total int)
}

func (c *Config) threads() int {
	if c.Parallelism > 0 {
		return c.Parallelism
	}
	return runtime.NumCPU()
}

// File is one orphan file: a warehouse path, or an absolute URI for one
// under an external data path.
type File struct {
	Path string
	Size int64
}

// Result is what a run removed (or would remove, in a dry run).
type Result struct {
	DryRun bool
	Files  []File // the orphans, sorted by path
	Bytes  int64  // their total size
	// Failed counts orphans that could not be deleted; Warnings say why,
	// and what was not looked at.
	Failed   int
	Warnings []string
}

// Clean removes the orphan files of t (all its branches) older than
// cfg.OlderThan.
func Clean(ctx context.Context, t *table.Table, cfg Config) (Result, error) {
	res := Result{DryRun: cfg.DryRun}
	// The writes under way elsewhere first: a file their commits will
	// reference is either written after this, or covered by a marker.
	// Whether a process's markers are still renewed is judged by real
	// time; how old a file is, by the table runtime's clock.
	wall := time.Now()
	inFlight, err := table.InFlightMarkers(ctx, t.FS, t.Root, wall)
	if err != nil {
		return res, fmt.Errorf("%s: %w; nothing was deleted", t.FullName(), err)
	}
	cutoff := effectiveCutoff(t, cfg.OlderThan, t.Runtime.Now(), inFlight.Oldest)
	r := &run{t: t, cfg: &cfg, cutoff: cutoff, res: &res}
	r.removeDeadMarkers(ctx, inFlight.Dead)
	branches, err := r.branchRoots(ctx)
	if err != nil {
		return res, err
	}
	candidates, err := r.listCandidates(ctx, branches)
	if err != nil || len(candidates) == 0 {
		return res, err
	}
	// The branches again: one created during the listing counts too.
	if branches, err = r.branchRoots(ctx); err != nil {
		return res, err
	}
	used, err := r.usedNames(ctx, branches)
	if err != nil {
		return res, fmt.Errorf("%s: %w; nothing was deleted", t.FullName(), err)
	}
	// Last, the reads under way: files they use that no snapshot lists any
	// more are not orphans yet.
	if id, branch, held, err := r.readOfExpiredSnapshot(ctx, wall); err != nil || held {
		if err == nil {
			r.warn("a read of snapshot %d of branch '%s', expired since, is under way: nothing was deleted; run again once it ended", id, branch)
		}
		return res, err
	}
	for _, c := range candidates {
		if !used[c.name] {
			res.Files = append(res.Files, c.File)
			res.Bytes += c.Size
		}
	}
	return res, r.delete(ctx)
}

// readOfExpiredSnapshot finds a read under way (core/table.ReadOf) of a
// snapshot that is no longer listed: an expiration that met it deleted the
// snapshot files but kept every file it had planned to delete, which the
// read may still open and which now look like orphans (core/expire). Which
// of them the read needs is unknown, so a run that finds one deletes
// nothing (less, never more).
func (r *run) readOfExpiredSnapshot(ctx context.Context, now time.Time) (id int64, branch string, held bool, err error) {
	branches, err := snapshot.Branches(ctx, r.t.FS, r.t.Root)
	if err != nil {
		return 0, "", false, fmt.Errorf("%s: list branches: %w; nothing was deleted", r.t.FullName(), err)
	}
	names := []string{snapshot.MainBranch}
	for _, b := range branches {
		names = append(names, b.Name)
	}
	for _, name := range names {
		low, ok, _, err := table.ReadMarkers(ctx, r.t.FS, r.t.Root, name, now)
		if err != nil {
			return 0, "", false, fmt.Errorf("%s: %w; nothing was deleted", r.t.FullName(), err)
		}
		if !ok {
			continue
		}
		earliest, exists, err := snapshot.NewManager(r.t.FS, snapshot.BranchRoot(r.t.Root, name)).EarliestID(ctx)
		if err != nil {
			return 0, "", false, fmt.Errorf("%s: %w; nothing was deleted", r.t.FullName(), err)
		}
		if !exists || low < earliest {
			return low, name, true, nil
		}
	}
	return 0, "", false, nil
}

// effectiveCutoff is olderThan, moved back before now and the writes this
// process has under way on the table by ClockMargin, and before the oldest
// write under way elsewhere (zero: none) by table.InFlightMargin.
func effectiveCutoff(t *table.Table, olderThan, now, elsewhere time.Time) time.Time {
	cutoff := olderThan
	if limit := now.Add(-ClockMargin); limit.Before(cutoff) {
		cutoff = limit
	}
	if start, ok := t.OldestWrite(); ok {
		if limit := start.Add(-ClockMargin); limit.Before(cutoff) {
			cutoff = limit
		}
	}
	if !elsewhere.IsZero() {
		if limit := elsewhere.Add(-table.InFlightMargin); limit.Before(cutoff) {
			cutoff = limit
		}
	}
	return cutoff
}

// removeDeadMarkers deletes the in-flight markers of processes that died
// (not in a dry run); one that cannot be deleted only holds the next
// cleanups back.
func (r *run) removeDeadMarkers(ctx context.Context, dead []string) {
	if r.cfg.DryRun {
		return
	}
	for _, p := range dead {
		if err := r.t.FS.Delete(ctx, p); err != nil {
			r.warn("could not delete the dead in-flight marker %s: %v", p, err)
		}
	}
}
