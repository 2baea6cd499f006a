package commit

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// snapshotVersion is Snapshot.CURRENT_VERSION.
const snapshotVersion = 3

// prepareSnapshot writes the metadata of snapshot att.id in Java's order —
// merged base manifests and base list, delta manifests and list, changelog
// manifests and list, index manifest — and returns the snapshot with every
// field computed as FileStoreCommitImpl.tryCommitOnce does.
func (c *Committer) prepareSnapshot(ctx context.Context, run *commitRun, cs *commitSpec, w *metaWriter, latest *spec.Snapshot, att *attempt, delta []spec.ManifestEntry, ch Changes, nextRowID int64) (*spec.Snapshot, error) {
	files := &att.files
	var before []spec.ManifestFileMeta
	var prevTotal int64
	watermark := run.watermark
	var prevIndex *string
	if latest != nil {
		var err error
		if before, err = c.dataManifests(ctx, latest); err != nil {
			return nil, err
		}
		prevTotal = spec.Int64OrZero(latest.TotalRecordCount)
		if lw := latest.Watermark; lw != nil && (watermark == nil || *lw > *watermark) {
			watermark = lw
		}
		prevIndex = latest.IndexManifest
	}

	baseList, baseSize, err := c.writeBaseList(ctx, w, before, files)
	if err != nil {
		return nil, err
	}

	if c.opts.rowTracking {
		if delta, nextRowID, err = assignRowTracking(att.id, nextRowID, delta); err != nil {
			return nil, err
		}
	}
	var deltaCount int64
	for _, e := range delta {
		if e.Kind == spec.FileAdd {
			deltaCount += e.File.RowCount
		} else {
			deltaCount -= e.File.RowCount
		}
	}
	deltaMetas, err := w.writeManifests(ctx, delta, files)
	if err != nil {
		return nil, err
	}
	deltaList, deltaSize, err := w.writeManifestList(ctx, deltaMetas, files)
	if err != nil {
		return nil, err
	}
	att.deltaList = deltaList

	snap := &spec.Snapshot{
		Version: snapshotVersion, ID: att.id,
		BaseManifestList: baseList, BaseManifestListSize: &baseSize,
		DeltaManifestList: deltaList, DeltaManifestListSize: &deltaSize,
		CommitUser: c.user, CommitIdentifier: run.identifier, CommitKind: cs.kind,
		DeltaRecordCount: &deltaCount, Watermark: watermark, NextRowID: &nextRowID,
	}
	total := prevTotal + deltaCount
	snap.TotalRecordCount = &total
	if len(run.properties) > 0 {
		snap.Properties = run.properties
	}

	if len(ch.Changelog) > 0 {
		metas, err := w.writeManifests(ctx, ch.Changelog, files)
		if err != nil {
			return nil, err
		}
		name, size, err := w.writeManifestList(ctx, metas, files)
		if err != nil {
			return nil, err
		}
		var count int64
		for _, e := range ch.Changelog {
			count += e.File.RowCount
		}
		snap.ChangelogManifestList, snap.ChangelogManifestListSize, snap.ChangelogRecordCount = &name, &size, &count
	}

	if snap.IndexManifest, err = w.nextIndexManifest(ctx, prevIndex, ch.Index, run.bucketUnaware, files); err != nil {
		return nil, err
	}
	sch, err := c.t.Schemas.Latest(ctx)
	if err != nil {
		return nil, err
	}
	if sch == nil {
		return nil, fmt.Errorf("table has no schema")
	}
	snap.SchemaID = sch.ID
	if snap.Statistics, err = c.inheritedStatistics(ctx, latest, sch.ID); err != nil {
		return nil, err
	}
	snap.TimeMillis = c.t.Runtime.Now().UnixMilli()
	return snap, nil
}

// assignRowTracking is Java's RowTrackingCommitUtils for row-tracking
// tables: files without sequence numbers get the snapshot id as both, and
// new appended files get consecutive first row ids from the table's next
// row id, which it returns advanced.
func assignRowTracking(id, next int64, delta []spec.ManifestEntry) ([]spec.ManifestEntry, int64, error) {
	out := make([]spec.ManifestEntry, len(delta))
	for i, e := range delta {
		f := &e.File
		if f.MinSequenceNumber == 0 {
			f.MinSequenceNumber, f.MaxSequenceNumber = id, id
		}
		if f.FileSource == nil {
			return nil, 0, fmt.Errorf("file %s has no file source, which row tracking needs", f.FileName)
		}
		if *f.FileSource == spec.SourceAppend && f.FirstRowID == nil && !slices.Contains(f.WriteCols, "_ROW_ID") {
			// Blob and vector-store files share row ids with their data
			// file; paimon-sql writes neither.
			if strings.HasSuffix(f.FileName, ".blob") || strings.Contains(f.FileName, ".vector.") {
				return nil, 0, fmt.Errorf("file %s: row ids of blob and vector-store files are not supported", f.FileName)
			}
			first := next
			f.FirstRowID = &first
			next += f.RowCount
		}
		out[i] = e
	}
	return out, next, nil
}

// inheritedStatistics keeps the latest snapshot's statistics file while it
// was computed for the current schema.
func (c *Committer) inheritedStatistics(ctx context.Context, latest *spec.Snapshot, schemaID int64) (*string, error) {
	if latest == nil || latest.Statistics == nil {
		return nil, nil
	}
	data, err := c.t.FS.ReadFile(ctx, c.t.StatisticsPath(*latest.Statistics))
	if err != nil {
		return nil, fmt.Errorf("read statistics of snapshot %d: %w", latest.ID, err)
	}
	stats, err := spec.ParseStatistics(data)
	if err != nil {
		return nil, fmt.Errorf("parse statistics %s: %w", *latest.Statistics, err)
	}
	if stats.SchemaID != schemaID {
		return nil, nil
	}
	return latest.Statistics, nil
}

// tableDirectory is what the commits into one table directory (the table
// and all its branches) share in this process (table.DirectoryStateOf):
// the lock that serialises the creation of a snapshot file with its
// verification and the LATEST hint that follows, so that the hint never
// moves back when commits race (creation itself is atomic: core/fs), and
// so that a rename of the table's or a branch's directory (HoldTable)
// never falls between a commit's base check and its creation.
type tableDirectory struct{ createMu sync.Mutex }

func tableLock(t *table.Table) *sync.Mutex {
	return &table.DirectoryStateOf[tableDirectory](t).createMu
}

// HoldTable takes this process's commit lock of t's table directory (all
// its branches): no snapshot of it is created here until release is
// called, and a commit that was waiting checks its base again, so that it
// fails, acknowledging nothing, when the directory was renamed meanwhile.
// A rename of the table or of a branch holds it, as SQL RENAME holds the
// catalog's lock. Only opens through the same table.Runtime are excluded.
func HoldTable(t *table.Table) (release func()) {
	lock := tableLock(t)
	lock.Lock()
	return lock.Unlock
}

// publish creates snapshot-N if absent — the atomic step — once its base is
// proven to be still there, proves after the creation that N is a new id
// (commit_claim.go), and then updates the hints: LATEST, and EARLIEST when
// missing.
func (c *Committer) publish(ctx context.Context, snap *spec.Snapshot) error {
	data, err := spec.MarshalSnapshot(snap)
	if err != nil {
		return err
	}
	// The catalog's lock (JDBC, Hive) excludes the other processes' commits
	// to the table, as Java's writers take it: on an object store the
	// creation below may not be atomic between them. Nothing is created
	// when it cannot be taken.
	unlockCatalog := func() error { return nil }
	if c.t.Lock != nil {
		if unlockCatalog, err = c.t.Lock(ctx); err != nil {
			return fmt.Errorf("%s: commit lock: %w", c.t.FullName(), err)
		}
	}
	lock := tableLock(c.t)
	lock.Lock()
	// The base is checked under the locks: a rename of the table's
	// directory (HoldTable, or the catalog's lock) between this check and
	// the creation would put the snapshot where no one reads it.
	baseErr := c.checkBase(ctx, snap)
	if baseErr == nil {
		err = c.t.FS.CreateExclusive(ctx, c.t.Snapshots.Path(snap.ID), data)
		if fs.IsExist(err) {
			err = c.existing(ctx, snap)
		}
		if err == nil {
			err = c.verifyClaim(ctx, snap)
		}
		if err == nil {
			c.writeLatestHint(ctx, snap.ID)
		}
	}
	lock.Unlock()
	// A lock that cannot be released expires (lock-acquire-timeout): the
	// snapshot stays committed, and others wait for it meanwhile.
	_ = unlockCatalog()
	if baseErr != nil {
		return baseErr // nothing was created
	}
	var unsure *uncertainError
	switch {
	case err == nil:
		c.ensureEarliestHint(ctx)
		return nil
	case errors.Is(err, errStaleBase), errors.Is(err, errSnapshotExists), errors.As(err, &unsure):
		return err
	default:
		return &uncertainError{err: fmt.Errorf("%s: create snapshot %d: %w", c.t.FullName(), snap.ID, err)}
	}
}

// existing judges a creation of snap that found the file there: another
// commit's (a lost race), or snap itself, when the store's client retried
// a create whose first try landed and whose reply was lost (S3 answers
// the retry of a conditional PUT with 412). Then the snapshot is this
// commit's, to be verified as created; its files must stay. When the file
// cannot be read, that is not known: an uncertain outcome, files kept.
func (c *Committer) existing(ctx context.Context, snap *spec.Snapshot) error {
	cur, err := c.t.Snapshots.Snapshot(ctx, snap.ID)
	switch {
	case errors.Is(err, snapshot.ErrNoSnapshot):
		// Created, then expired (or rolled back) meanwhile: whether it was
		// this commit's cannot be told any more, and a retry could commit
		// the same changes twice.
		return &uncertainError{final: true, err: fmt.Errorf("%s: create snapshot %d found it there, and it was gone when read: check the table before writing again", c.t.FullName(), snap.ID)}
	case err != nil:
		return &uncertainError{err: fmt.Errorf("%s: create snapshot %d found it there, and reading it failed: %w", c.t.FullName(), snap.ID, err)}
	case cur.DeltaManifestList == snap.DeltaManifestList:
		return nil
	}
	return &existsError{id: snap.ID, user: cur.CommitUser, kind: cur.CommitKind}
}

// writeLatestHint points LATEST at id unless a newer snapshot exists
// already. Under the lock, so that this process never moves LATEST back;
// and never late: Java trusts a LATEST hint whose successor does not exist,
// so a hint written after newer snapshots were created and expired would
// lead a Java writer to re-create an expired id. A failed hint is
// harmless: readers check it against the listing.
func (c *Committer) writeLatestHint(ctx context.Context, id int64) {
	if newer, err := c.t.Snapshots.Exists(ctx, id+1); err == nil && !newer {
		_ = c.t.Snapshots.WriteLatestHint(ctx, id)
	}
}

func (c *Committer) ensureEarliestHint(ctx context.Context) {
	path := c.t.Snapshots.Dir() + "/" + snapshot.Earliest
	if ok, err := c.t.FS.Exists(ctx, path); err != nil || ok {
		return
	}
	if id, ok, err := c.t.Snapshots.EarliestID(ctx); err == nil && ok {
		_ = c.t.Snapshots.WriteEarliestHint(ctx, id)
	}
}

// writeBaseList merges the data manifests a new snapshot keeps as the
// table's manifest options say and writes them as its base manifest list.
func (c *Committer) writeBaseList(ctx context.Context, w *metaWriter, manifests []spec.ManifestFileMeta, files *fileSet) (name string, size int64, err error) {
	merged, err := w.mergeManifests(ctx, manifests, mergeConfig{
		targetSize: c.opts.targetFileSize, minCount: c.opts.mergeMinCount, fullCompaction: c.opts.fullCompactionSize,
	}, files)
	if err != nil {
		return "", 0, fmt.Errorf("merge manifests: %w", err)
	}
	return w.writeManifestList(ctx, merged, files)
}
