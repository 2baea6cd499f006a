package commit

import (
	"context"
	"errors"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// A prepared snapshot (PublishPrepared) whose id was taken is rebased onto
// the latest snapshot when that is what the client's own retry would do
// with no conflict to find: Java's FileStoreCommitImpl, when its commit
// loses the race, reads the latest snapshot again, checks its changes for
// conflicts, and writes a new snapshot latest+1 whose base manifest list
// is the latest's data manifests (merged by the manifest options) and whose
// delta is its own changes, unchanged. For an APPEND of new files only
// (every delta entry an ADD) to an append table without row tracking,
// deletion vectors or index files, no conflict exists, so the server does
// the same and spares the client the round trips it loses under a busy SQL
// workload (Java's commit.max-retries would otherwise run out).
//
// Anything else is answered as before (the client prepares the snapshot
// again): a primary-key table (its files' sequence numbers order the
// merge), OVERWRITE and COMPACT, DELETE entries, a changelog or index
// manifest, a schema change since, row tracking (first row ids are given
// from the base), or a commit that already landed (the same commit user
// and identifier among the snapshots after the posted base, as Java's retry
// checks), or one whose snapshots in between were expired (that cannot be
// told), or an OVERWRITE since its base (a rescale changes a partition's
// bucket count).

// maxRebases bounds the rebases of one posted snapshot; each is lost only
// to another commit created meanwhile.
const maxRebases = 20

// errNotRebased is a prepared snapshot that is not rebased: the client
// prepares it again.
var errNotRebased = errors.New("not rebased")

// publishRebased rebases snap onto the latest snapshot and publishes it,
// again when another commit takes the id first. It returns the snapshot
// published, or errNotRebased when snap is not one to rebase.
func publishRebased(ctx context.Context, t *table.Table, snap *spec.Snapshot) (*spec.Snapshot, error) {
	sch, err := t.Schemas.Schema(ctx, snap.SchemaID)
	if err != nil {
		return nil, errors.Join(errNotRebased, err) // dropped or renamed meanwhile
	}
	opts := options.Options(sch.Options)
	if !rebasable(sch, opts, snap) {
		return nil, errNotRebased
	}
	c, err := New(t, snap.CommitUser, opts)
	if err != nil {
		return nil, errNotRebased // options this server does not follow: the client decides
	}
	if ok, err := c.onlyAdds(ctx, snap); err != nil || !ok {
		return nil, errors.Join(errNotRebased, err)
	}
	partTypes, err := partitionTypes(sch)
	if err != nil {
		return nil, err
	}
	w := &metaWriter{t: t, names: c.names, opts: c.opts.writeOpts, targetSize: c.opts.targetFileSize, partTypes: partTypes}
	for range maxRebases {
		latest, err := t.Snapshots.Latest(ctx)
		if err != nil {
			return nil, err
		}
		if latest == nil || latest.ID < snap.ID || latest.SchemaID != snap.SchemaID || latest.IndexManifest != nil {
			return nil, errNotRebased
		}
		if done, err := c.landedOrOverwrittenSince(ctx, snap, latest); err != nil || done {
			return nil, errors.Join(errNotRebased, err)
		}
		var files fileSet
		next, err := c.rebased(ctx, w, snap, latest, &files)
		if err == nil {
			err = c.publish(ctx, next)
		}
		switch {
		case err == nil:
			return next, nil
		case errors.Is(err, errSnapshotExists), errors.Is(err, errStaleBase):
			c.removeFiles(ctx, &files, fmt.Sprintf("rebase onto snapshot %d lost the race: %v", latest.ID, err)) // another commit took latest+1: again
		default:
			var unsure *uncertainError
			if !errors.As(err, &unsure) {
				c.removeFiles(ctx, &files, fmt.Sprintf("rebase onto snapshot %d failed: %v", latest.ID, err))
			}
			return nil, err
		}
	}
	return nil, errNotRebased
}

// rebasable tells from the posted snapshot and its schema whether the
// commit is an append of new files that no commit can conflict with.
func rebasable(sch *spec.TableSchema, opts options.Options, snap *spec.Snapshot) bool {
	r := opts.Reader()
	return len(sch.PrimaryKeys) == 0 && snap.CommitKind == spec.KindAppend &&
		snap.ChangelogManifestList == nil && snap.IndexManifest == nil &&
		!options.RowTrackingEnabled.Read(r) && !options.DeletionVectorsEnabled.Read(r) && r.Err() == nil
}

// onlyAdds tells whether every entry of snap's delta adds a file.
func (c *Committer) onlyAdds(ctx context.Context, snap *spec.Snapshot) (bool, error) {
	metas, err := scan.ReadManifestList(ctx, c.t, snap.DeltaManifestList)
	if err != nil {
		return false, err
	}
	for _, m := range metas {
		if m.NumDeletedFiles > 0 {
			return false, nil
		}
		entries, err := scan.ReadManifest(ctx, c.t, m.FileName)
		if err != nil {
			return false, err
		}
		for _, e := range entries {
			if e.Kind != spec.FileAdd {
				return false, nil
			}
		}
	}
	return true, nil
}

// landedOrOverwrittenSince tells whether snap's commit is already among the snapshots
// from its own id to latest (same commit user and identifier), as Java's
// retry checks before committing again. A snapshot expired in between
// cannot be checked: it counts as landed, so that nothing is applied twice.
// An OVERWRITE in between counts too: it may have changed a partition's
// bucket count (a rescale), which Java's retry checks the files against;
// the client's retry then decides.
func (c *Committer) landedOrOverwrittenSince(ctx context.Context, snap, latest *spec.Snapshot) (bool, error) {
	for id := snap.ID; id <= latest.ID; id++ {
		s := latest
		if id < latest.ID {
			var err error
			if s, err = c.t.Snapshots.Snapshot(ctx, id); errors.Is(err, snapshot.ErrNoSnapshot) {
				return true, nil
			} else if err != nil {
				return false, err
			}
		}
		if s.CommitUser == snap.CommitUser && s.CommitIdentifier == snap.CommitIdentifier || s.CommitKind == spec.KindOverwrite {
			return true, nil
		}
	}
	return false, nil
}

// rebased is snap as Java's retry would write it on latest: id latest+1,
// a base manifest list of latest's data manifests merged as the table's
// manifest options say, the posted delta unchanged, the totals, watermark,
// statistics and next row id carried on from latest, and the time now.
func (c *Committer) rebased(ctx context.Context, w *metaWriter, snap, latest *spec.Snapshot, files *fileSet) (*spec.Snapshot, error) {
	before, err := c.dataManifests(ctx, latest)
	if err != nil {
		return nil, err
	}
	baseList, baseSize, err := c.writeBaseList(ctx, w, before, files)
	if err != nil {
		return nil, err
	}
	next := *snap
	next.ID = latest.ID + 1
	next.BaseManifestList, next.BaseManifestListSize = baseList, &baseSize
	total := spec.Int64OrZero(latest.TotalRecordCount) + spec.Int64OrZero(snap.DeltaRecordCount)
	next.TotalRecordCount = &total
	if lw := latest.Watermark; lw != nil && (next.Watermark == nil || *lw > *next.Watermark) {
		next.Watermark = lw
	}
	if latest.NextRowID != nil {
		next.NextRowID = latest.NextRowID
	}
	if next.Statistics, err = c.inheritedStatistics(ctx, latest, snap.SchemaID); err != nil {
		return nil, err
	}
	next.TimeMillis = c.t.Runtime.Now().UnixMilli()
	return &next, nil
}

// partitionTypes are the types of sch's partition keys.
func partitionTypes(sch *spec.TableSchema) ([]types.DataType, error) {
	fields, err := sch.Project(sch.PartitionKeys)
	if err != nil {
		return nil, err
	}
	out := make([]types.DataType, len(fields))
	for i, f := range fields {
		out[i] = f.Type
	}
	return out, nil
}
