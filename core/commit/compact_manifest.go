package commit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/stats"
)

// CompactManifests is Java's FileStoreCommitImpl.compactManifest (CALL
// sys.compact_manifest): the data manifests of the latest snapshot are
// fully compacted — every manifest smaller than manifest.target-file-size
// or holding DELETE entries is rewritten without the cancelled ADD/DELETE
// pairs — and committed as a COMPACT snapshot with the same files, an
// empty delta and the latest snapshot's other fields. It returns nil when
// the table has no snapshot or compaction would change nothing. Losing the
// race for the snapshot id retries on the new latest snapshot, until
// commit.max-retries or commit.timeout.
func (c *Committer) CompactManifests(ctx context.Context) (*spec.Snapshot, error) {
	start := time.Now()
	for retry := 0; ; retry++ {
		latest, err := c.t.Snapshots.Latest(ctx)
		if err != nil || latest == nil {
			return nil, err
		}
		snap, err := c.compactManifestsOnce(ctx, latest)
		if err == nil {
			if snap != nil {
				stats.Commits.Add(1)
			}
			return snap, nil
		}
		if !c.retryable(ctx, err, latest) {
			return nil, err
		}
		if (c.opts.timeout > 0 && time.Since(start) > c.opts.timeout) || retry >= c.opts.maxRetries {
			return nil, fmt.Errorf("%s: manifest compaction failed after %v with %d retries; other jobs may be committing to the table: %w",
				c.t.FullName(), time.Since(start).Round(time.Millisecond), retry, err)
		}
		if err := sleep(ctx, c.retryWait(retry)); err != nil {
			return nil, err
		}
		stats.CommitRetries.Add(1)
	}
}

// compactManifestsOnce is compactManifestOnce on top of latest. The files it
// wrote are removed on failure, unless the snapshot's creation may have
// succeeded.
func (c *Committer) compactManifestsOnce(ctx context.Context, latest *spec.Snapshot) (_ *spec.Snapshot, err error) {
	run, err := c.newRun(ctx, Request{Identifier: BatchIdentifier, SchemaID: latest.SchemaID})
	if err != nil {
		return nil, err
	}
	var files fileSet
	defer func() {
		var unsure *uncertainError
		if err != nil && !errors.As(err, &unsure) {
			c.removeFiles(context.WithoutCancel(ctx), &files, fmt.Sprintf("manifest compaction on snapshot %d failed: %v", latest.ID, err))
		}
	}()
	before, err := c.dataManifests(ctx, latest)
	if err != nil {
		return nil, err
	}
	w := c.metaWriter(run)
	// Java's arguments: at least one manifest per merge and a full
	// compaction whenever any manifest must change.
	after, err := w.mergeManifests(ctx, before, mergeConfig{targetSize: c.opts.targetFileSize, minCount: 1, fullCompaction: 1}, &files)
	if err != nil {
		return nil, fmt.Errorf("%s: merge manifests: %w", c.t.FullName(), err)
	}
	if sameManifests(before, after) {
		return nil, nil
	}
	baseList, baseSize, err := w.writeManifestList(ctx, after, &files)
	if err != nil {
		return nil, err
	}
	deltaList, deltaSize, err := w.writeManifestList(ctx, nil, &files)
	if err != nil {
		return nil, err
	}
	var zero int64
	snap := &spec.Snapshot{
		Version: snapshotVersion, ID: latest.ID + 1, SchemaID: latest.SchemaID,
		BaseManifestList: baseList, BaseManifestListSize: &baseSize,
		DeltaManifestList: deltaList, DeltaManifestListSize: &deltaSize,
		IndexManifest: latest.IndexManifest,
		CommitUser:    c.user, CommitIdentifier: BatchIdentifier, CommitKind: spec.KindCompact,
		TimeMillis:       c.t.Runtime.Now().UnixMilli(),
		TotalRecordCount: latest.TotalRecordCount, DeltaRecordCount: &zero,
		Watermark: latest.Watermark, Statistics: latest.Statistics, Properties: latest.Properties,
		NextRowID: latest.NextRowID,
	}
	if err := c.publish(ctx, snap); err != nil {
		return nil, err
	}
	return snap, nil
}

// sameManifests tells whether two manifest lists hold the same manifests,
// in any order (Java compares them as sets).
func sameManifests(a, b []spec.ManifestFileMeta) bool {
	names := make(map[string]bool, len(a))
	for _, m := range a {
		names[m.FileName] = true
	}
	if len(a) != len(b) {
		return false
	}
	for _, m := range b {
		if !names[m.FileName] {
			return false
		}
	}
	return true
}
