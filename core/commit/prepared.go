package commit

import (
	"context"
	"errors"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// PublishPrepared commits a snapshot another process prepared — the
// snapshot a client of the REST catalog posts after writing its manifests
// and manifest lists itself (Java's CatalogSnapshotCommit) — through the
// same claim as every commit of paimon-sql: snapshot-N created only if
// absent, once its base is proven still there, the id proven new after the
// creation, then the LATEST and EARLIEST hints.
//
// When the id was taken or its base is gone, an append of new files to an
// append table is rebased onto the latest snapshot, as the client's own
// retry would do it (rebase.go). Otherwise it reports false with a nil
// error: the client must prepare the snapshot again on a fresh latest
// snapshot. An error
// means the commit failed; with OutcomeUnknown(err) the snapshot may exist.
func PublishPrepared(ctx context.Context, t *table.Table, snap *spec.Snapshot) (bool, error) {
	if snap.ID < 1 {
		return false, fmt.Errorf("%s: snapshot id %d: ids start at 1", t.FullName(), snap.ID)
	}
	if snap.CommitUser == "" {
		return false, fmt.Errorf("%s: snapshot %d has no commit user", t.FullName(), snap.ID)
	}
	// The committer is used for its claim only: no options are read.
	c := &Committer{t: t, user: snap.CommitUser, names: newNames()}
	err := c.publish(ctx, snap)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, errSnapshotExists), errors.Is(err, errStaleBase):
		// An append of new files is rebased onto the latest snapshot, as
		// the client's retry would (rebase.go).
		_, err := publishRebased(ctx, t, snap)
		if errors.Is(err, errNotRebased) {
			return false, nil
		}
		return err == nil, err
	}
	return false, err
}
