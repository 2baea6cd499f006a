package commit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// attempt is one try at creating snapshot-N and the metadata files it
// wrote for it.
type attempt struct {
	id        int64
	files     fileSet
	deltaList string
}

// tryOnce is Java's tryCommitOnce on top of latest (nil for an empty
// table): conflict checks when asked — the checks of index files it
// replaces always —, then the metadata files, then the
// atomic creation of snapshot-N. Its error is errSnapshotExists (lost the
// race) or errStaleBase (the base was expired), with the files removed; an
// *uncertainError (files kept, see cleanUncertain); or fatal (files
// removed).
func (c *Committer) tryOnce(ctx context.Context, run *commitRun, cs *commitSpec, latest *spec.Snapshot) (_ *spec.Snapshot, _ *attempt, err error) {
	att := &attempt{id: 1}
	var nextRowID int64
	if latest != nil {
		att.id = latest.ID + 1
		nextRowID = spec.Int64OrZero(latest.NextRowID)
	}
	defer func() {
		var unsure *uncertainError
		if err != nil && !errors.As(err, &unsure) {
			c.removeFiles(context.WithoutCancel(ctx), &att.files, fmt.Sprintf("try for snapshot %d failed: %v", att.id, err))
		}
	}()

	ch, err := cs.changes(ctx, latest)
	if err != nil {
		return nil, att, err
	}
	delta := ch.Files
	discard := c.opts.discardDuplicates && cs.kind == spec.KindAppend
	if latest != nil && (discard || cs.detectConflicts) {
		if delta, err = c.checkConflicts(ctx, run, cs, latest, ch, discard); err != nil {
			return nil, att, err
		}
	}

	if err := c.checkIndexChanges(ctx, run, latest, ch.Index); err != nil {
		return nil, att, err
	}

	w := c.metaWriter(run)
	snap, err := c.prepareSnapshot(ctx, run, cs, w, latest, att, delta, ch, nextRowID)
	if err != nil {
		return nil, att, fmt.Errorf("%s: prepare snapshot %d: %w", c.t.FullName(), att.id, err)
	}
	if err := c.checkPresent(ctx, run, delta, ch, att); err != nil {
		return nil, att, err
	}
	if err := c.publish(ctx, snap); err != nil {
		return nil, att, err
	}
	return snap, att, nil
}

// checkConflicts reads the live files of the changed partitions in latest,
// drops duplicates of them from an APPEND when commit.discard-duplicate-files
// is set, and runs the conflict checks when the spec asks for them. It
// returns the file changes to commit.
func (c *Committer) checkConflicts(ctx context.Context, run *commitRun, cs *commitSpec, latest *spec.Snapshot, ch Changes, discard bool) ([]spec.ManifestEntry, error) {
	live, err := run.liveEntries(ctx, latest)
	if err != nil {
		return nil, err
	}
	changed := changedPartitions(ch.Files, ch.Index)
	var base []spec.ManifestEntry
	for _, e := range live {
		if changed[string(e.Partition)] {
			base = append(base, e)
		}
	}
	delta := ch.Files
	if discard {
		present := make(map[spec.Identifier]bool, len(base))
		for _, e := range base {
			present[e.Identifier()] = true
		}
		delta = nil
		for _, e := range ch.Files {
			if !present[e.Identifier()] {
				delta = append(delta, e)
			}
		}
	}
	if !cs.detectConflicts {
		return delta, nil
	}
	var latestIndex []spec.IndexManifestEntry
	if run.bucketUnaware && c.opts.deletionVectors {
		if latestIndex, err = c.indexEntries(ctx, latest); err != nil {
			return nil, err
		}
	}
	if err := run.checker().check(latest, base, delta, ch.Index, latestIndex, cs.kind); err != nil {
		return nil, fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	return delta, nil
}

// checkIndexChanges runs checkIndexChanges for every commit with index
// changes that replace or remove files, whatever its kind and whether it
// is otherwise conflict-checked: replacing an index file another commit
// replaced first would lose that commit's changes to it.
func (c *Committer) checkIndexChanges(ctx context.Context, run *commitRun, latest *spec.Snapshot, index []spec.IndexManifestEntry) error {
	replaces := false
	for _, e := range index {
		if e.Kind == spec.FileDelete || !byFileName(e, run.bucketUnaware) {
			replaces = true
			break
		}
	}
	if !replaces {
		return nil
	}
	var latestIndex []spec.IndexManifestEntry
	if latest != nil {
		var err error
		if latestIndex, err = c.indexEntries(ctx, latest); err != nil {
			return fmt.Errorf("%s: read index manifest of snapshot %d: %w", c.t.FullName(), latest.ID, err)
		}
	}
	if err := checkIndexChanges(latest, index, latestIndex, run.bucketUnaware, run.partKeys, run.partTypes); err != nil {
		return fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	return nil
}

func (c *Committer) metaWriter(run *commitRun) *metaWriter {
	return &metaWriter{t: c.t, names: c.names, opts: c.opts.writeOpts, targetSize: c.opts.targetFileSize, partTypes: run.partTypes}
}

// removeFiles deletes metadata files no snapshot references, best effort:
// what stays behind is an orphan for Java's orphan-file cleanup. why is
// logged with each file at debug level.
func (c *Committer) removeFiles(ctx context.Context, files *fileSet, why string) {
	for _, name := range files.names {
		if c.t.FS.Delete(ctx, c.t.ManifestPath(name)) == nil {
			slog.Debug("commit removed a file of a failed try", "table", c.t.FullName(), "path", c.t.ManifestPath(name), "why", why)
		}
	}
	files.names = nil
}
