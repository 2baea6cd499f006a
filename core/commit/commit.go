// Package commit commits changes to Paimon tables exactly as Java Paimon
// 1.4.2 does (FileStoreCommitImpl), so that Java, Flink and Spark read the
// result as their own: manifests, manifest lists, the index manifest and a
// snapshot-N created only if absent, with retries, conflict checks, manifest
// merging and overwrite semantics (docs/design/format.md §3, §4, §9).
package commit

import (
	"context"
	"fmt"
	"math"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// BatchIdentifier is the commit identifier of batch writes (Java's
// BatchWriteBuilder.COMMIT_IDENTIFIER).
const BatchIdentifier int64 = math.MaxInt64

// Changes are file changes of one kind of a commit.
type Changes struct {
	// Files are data-file entries: ADD for new files, DELETE (with the
	// identifier the file was added with) for removed ones.
	Files []spec.ManifestEntry
	// Changelog are ADD entries of changelog files.
	Changelog []spec.ManifestEntry
	// Index are ADD and DELETE entries of index files (deletion vectors,
	// hash indexes, global indexes).
	Index []spec.IndexManifestEntry
}

func (c Changes) empty() bool {
	return len(c.Files) == 0 && len(c.Changelog) == 0 && len(c.Index) == 0
}

// Request is what one Commit call publishes: Java's ManifestCommittable.
type Request struct {
	// Identifier is BatchIdentifier for batch writes, else e.g. a checkpoint
	// id; with the commit user it recognises a retried commit.
	Identifier int64
	// SchemaID is the schema the writer used; partition and primary-key
	// types for decoding partitions and keys come from it.
	SchemaID int64
	// Append holds new files and row-level changes: an APPEND snapshot, or
	// OVERWRITE when it deletes files or carries deletion vectors.
	Append Changes
	// Compact holds compaction results: a COMPACT snapshot after the first.
	Compact Changes
	// Overwrite, when set, makes the first snapshot an OVERWRITE that also
	// deletes the live files of its scope. Changelog files are not
	// committed then, as in Java.
	Overwrite *Overwrite
	// CheckAppendConflicts checks an APPEND for conflicts too (Java's
	// appendCommitCheckConflict, for row-level operations).
	CheckAppendConflicts bool
	// Watermark, when set, is merged into the snapshot's (the larger wins).
	Watermark *int64
	// Properties are stored in the snapshot; empty means none.
	Properties map[string]string
}

// Committer commits to one table (or branch) for one commit user.
// Concurrent Commit calls are safe; each publishes its own snapshots.
type Committer struct {
	t     *table.Table
	user  string
	opts  commitOptions
	names *names
}

// New returns a committer for t. commitUser identifies the writing
// job in the snapshots (Java uses a random UUID per job); it must differ
// between committers that run at the same time, as retried commits are
// recognised by it. opts are the table options in effect, dynamic options
// included.
func New(t *table.Table, commitUser string, opts options.Options) (*Committer, error) {
	if commitUser == "" {
		return nil, fmt.Errorf("%s: commit user must not be empty", t.FullName())
	}
	co, err := parseCommitOptions(opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	return &Committer{t: t, user: commitUser, opts: co, names: newNames()}, nil
}

// Commit publishes c as Java does: first the APPEND (or OVERWRITE)
// snapshot of the append changes — skipped when they are empty and
// snapshot.ignore-empty-commit is on (the default) —, then a COMPACT
// snapshot of the compact changes. It returns the last snapshot created,
// nil when there was nothing to commit. A *ConflictError means the commit
// was given up: with a snapshot returned, the first snapshot was created
// and only the COMPACT one given up; without, nothing was left behind. After another error the snapshot
// may still have been created (a lost reply): a caller that tries again
// must first look for its commit identifier among the snapshots, as a
// restarted Java job does (filterCommitted).
func (c *Committer) Commit(ctx context.Context, cm Request) (*spec.Snapshot, error) {
	if err := validate(cm); err != nil {
		return nil, fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	cm.Append, cm.Compact = cm.Append.normalized(), cm.Compact.normalized()
	run, err := c.newRun(ctx, cm)
	if err != nil {
		return nil, err
	}
	var last *spec.Snapshot
	first, err := c.firstSpec(run, cm)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	if first != nil {
		if last, err = c.tryCommit(ctx, run, first); err != nil {
			return nil, err
		}
	}
	if !cm.Compact.empty() {
		compact := cm.Compact
		if cm.Overwrite != nil {
			compact.Changelog = nil // an overwrite commits no changelog
		}
		s, err := c.tryCommit(ctx, run, run.spec(spec.KindCompact, true, fixed(compact)))
		if err != nil {
			return last, err // the APPEND snapshot, when it was created
		}
		last = s
	}
	return last, nil
}

// firstSpec plans the APPEND or OVERWRITE snapshot; nil when there is none.
func (c *Committer) firstSpec(run *commitRun, cm Request) (*commitSpec, error) {
	if cm.Overwrite == nil {
		if c.opts.ignoreEmptyCommit && cm.Append.empty() {
			return nil, nil
		}
		kind, detect := spec.KindAppend, cm.CheckAppendConflicts
		if shouldBeOverwrite(cm.Append) {
			kind, detect = spec.KindOverwrite, true
		}
		return run.spec(kind, detect, fixed(cm.Append)), nil
	}
	filter, skip, err := overwriteScope(*cm.Overwrite, c.opts.dynamicOverwrite, run.partKeys, run.partTypes, cm.Append.Files)
	if err != nil || skip {
		return nil, err
	}
	files := cm.Append.Files
	if cm.Compact.empty() && c.opts.overwriteUpgrade {
		if files, err = upgradeOverwrite(files, run.keyTypes, int32(c.opts.numLevels-1)); err != nil {
			return nil, err
		}
	}
	added := Changes{Files: files, Index: cm.Append.Index}
	return run.spec(spec.KindOverwrite, true, func(ctx context.Context, latest *spec.Snapshot) (Changes, error) {
		if latest == nil {
			return added, nil
		}
		live, err := run.liveEntries(ctx, latest)
		if err != nil {
			return Changes{}, err
		}
		liveIndex, err := c.indexEntries(ctx, latest)
		if err != nil {
			return Changes{}, err
		}
		return overwriteChanges(live, liveIndex, filter, c.opts.bucket == bucket.Postpone, added)
	}), nil
}

// shouldBeOverwrite is Java's rule: append changes that delete files or
// carry deletion vectors rewrite existing data, so they commit as OVERWRITE
// and are conflict-checked.
func shouldBeOverwrite(ch Changes) bool {
	for _, e := range ch.Files {
		if e.Kind == spec.FileDelete {
			return true
		}
	}
	for _, e := range ch.Index {
		if e.IndexType == scan.IndexDeletionVectors {
			return true
		}
	}
	return false
}

func validate(cm Request) error {
	for _, ch := range []Changes{cm.Append, cm.Compact} {
		for _, e := range ch.Files {
			if e.Kind != spec.FileAdd && e.Kind != spec.FileDelete {
				return fmt.Errorf("file %s has kind %s", e.File.FileName, e.Kind)
			}
		}
		for _, e := range ch.Changelog {
			if e.Kind != spec.FileAdd {
				return fmt.Errorf("changelog file %s must be added, not %s", e.File.FileName, e.Kind)
			}
		}
		for _, e := range ch.Index {
			if e.Kind != spec.FileAdd && e.Kind != spec.FileDelete {
				return fmt.Errorf("index file %s has kind %s", e.FileName, e.Kind)
			}
		}
	}
	return nil
}

// normalized gives entries of unpartitioned tables the empty partition row
// when the caller left it nil, so that they match the entries read back.
func (c Changes) normalized() Changes {
	fix := func(entries []spec.ManifestEntry) []spec.ManifestEntry {
		out := make([]spec.ManifestEntry, len(entries))
		for i, e := range entries {
			if e.Partition == nil {
				e.Partition = binrow.Empty()
			}
			out[i] = e
		}
		return out
	}
	c.Files, c.Changelog = fix(c.Files), fix(c.Changelog)
	index := make([]spec.IndexManifestEntry, len(c.Index))
	for i, e := range c.Index {
		if e.Partition == nil {
			e.Partition = binrow.Empty()
		}
		index[i] = e
	}
	c.Index = index
	return c
}

// fixed provides the same changes whatever the latest snapshot.
func fixed(ch Changes) func(context.Context, *spec.Snapshot) (Changes, error) {
	return func(context.Context, *spec.Snapshot) (Changes, error) { return ch, nil }
}
