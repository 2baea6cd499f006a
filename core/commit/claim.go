package commit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// A snapshot id is never reused (docs/README.md, decision 7). Java claims
// snapshot-N on the assumption that its view of the latest snapshot is
// fresh; when expiration runs elsewhere, a writer whose view is stale can
// re-create an id that was already created and expired, and its commit
// then sits below EARLIEST, lost. Expiration deletes snapshot files in
// ascending order and never the latest one, which gives two tests:
//
//   - before the claim, the base (N-1) still exists: then N was not yet
//     created and expired, as N-1 would have gone first;
//   - after the claim (before LATEST names it), EARLIEST is not above N and
//     N-1 still exists (or N is 1). When that fails, an expiration ran
//     around the claim: the claim is new if no snapshot above N exists (a
//     stale claim always has one, as the latest is never expired), stale
//     if one was created before it (by the storage's clock), and unknown
//     otherwise — the commit then fails and keeps its files.

// errStaleBase reports that the base of an attempt stopped being the
// latest snapshot before its claim counted: nothing is committed, and the
// commit retries on a fresh base.
var errStaleBase = errors.New("the base snapshot is no longer the latest: snapshots were expired meanwhile")

// existsError is a lost race for snapshot-N, naming the commit that won.
type existsError struct {
	id         int64
	user, kind string // empty when the winner could not be read
}

func (e *existsError) Error() string {
	if e.user == "" {
		return fmt.Sprintf("snapshot %d was created by another commit first", e.id)
	}
	return fmt.Sprintf("snapshot %d was created by another commit first (commit user %s, %s)", e.id, e.user, e.kind)
}

func (e *existsError) Unwrap() error { return errSnapshotExists }

// lostRace describes who took snapshot-id, best effort.
func (c *Committer) lostRace(ctx context.Context, id int64) error {
	e := &existsError{id: id}
	if s, err := c.t.Snapshots.Snapshot(ctx, id); err == nil {
		e.user, e.kind = s.CommitUser, s.CommitKind
	}
	return e
}

// checkBase is the test before claiming snap's id: its base still
// exists, or, for id 1, there is still no snapshot at all and the table's
// schema is still there (a table directory renamed away leaves none).
func (c *Committer) checkBase(ctx context.Context, snap *spec.Snapshot) error {
	id := snap.ID
	if id == 1 {
		ids, err := c.t.Snapshots.IDs(ctx)
		if err != nil {
			return fmt.Errorf("%s: list snapshots: %w", c.t.FullName(), err)
		}
		if len(ids) > 0 {
			return fmt.Errorf("snapshot %d appeared: %w", ids[len(ids)-1], errStaleBase)
		}
		ok, err := c.t.FS.Exists(ctx, c.t.Schemas.Path(snap.SchemaID))
		if err != nil {
			return fmt.Errorf("%s: check schema %d: %w", c.t.FullName(), snap.SchemaID, err)
		}
		if !ok {
			return fmt.Errorf("%s: schema %d is gone: the table was dropped or renamed: %w", c.t.FullName(), snap.SchemaID, schema.ErrTableNotFound)
		}
		return nil
	}
	ok, err := c.t.Snapshots.Exists(ctx, id-1)
	if err != nil {
		return fmt.Errorf("%s: check snapshot %d: %w", c.t.FullName(), id-1, err)
	}
	if !ok {
		return fmt.Errorf("snapshot %d is gone: %w", id-1, errStaleBase)
	}
	return nil
}

// verifyClaim is the test after snap was created: nil when its id is new,
// errStaleBase after undoing a stale claim, and a final *uncertainError
// when it cannot be told (the files stay; nothing is acknowledged).
func (c *Committer) verifyClaim(ctx context.Context, snap *spec.Snapshot) error {
	var v verdict
	var err error
	for range verifyAttempts { // a failed read must not fail a commit that happened
		if v, err = c.judgeClaim(ctx, snap); err == nil || ctx.Err() != nil {
			break
		}
	}
	if err == nil && v == claimNew && c.awaitPendingRename(ctx, snap.ID) {
		v, err = c.judgeClaim(ctx, snap)
	}
	switch {
	case err == nil && v == claimNew:
		return nil
	case err == nil && v == claimReplaced:
		return c.lostRace(ctx, snap.ID)
	case err == nil:
		if err = c.undoClaim(ctx, snap); err == nil {
			return fmt.Errorf("snapshot %d had existed and was expired: %w", snap.ID, errStaleBase)
		}
	}
	return &uncertainError{final: true, err: fmt.Errorf("%s: snapshot %d was created, but whether it is part of the table could not be told (%w): check the table before writing again", c.t.FullName(), snap.ID, err)}
}

// awaitPendingRename waits while the snapshot directory holds another
// writer's temporary file for id (Java's ".snapshot-N.<uuid>.tmp"): a Java
// writer that found the name free before the claim renames that file onto
// it, replacing the claimed snapshot. It reports whether it waited, so
// that the claim is judged again. A Java writer between its check and the
// creation of its temporary file is not seen: the window is that of one
// file creation.
func (c *Committer) awaitPendingRename(ctx context.Context, id int64) bool {
	prefix := "." + path.Base(c.t.Snapshots.Path(id)) + "."
	deadline := time.Now().Add(pendingRenameWait)
	for waited := false; ; waited = true {
		names, err := c.t.FS.Names(ctx, c.t.Snapshots.Dir())
		if err != nil {
			return waited
		}
		pending := slices.ContainsFunc(names, func(n string) bool {
			return strings.HasPrefix(n, prefix) && strings.HasSuffix(n, ".tmp")
		})
		if !pending || time.Now().After(deadline) || ctx.Err() != nil {
			return waited
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// pendingRenameWait bounds awaitPendingRename: a temporary file older than
// that is a writer that died before its rename.
const pendingRenameWait = 2 * time.Second

// verifyAttempts is how often verifyClaim tries its reads.
const verifyAttempts = 3

// verdict is what verifyClaim found out about a claim.
type verdict int

const (
	claimNew      verdict = iota
	claimStale            // the id had existed and was expired
	claimReplaced         // another writer replaced the file (see judgeClaim)
)

// judgeClaim judges the claim of snap: stale, or else new unless the file
// is no longer snap's. Java's local file system commit checks that the
// name is free and then renames onto it, which replaces a file created in
// between: a Java writer on the same disk can overwrite a snapshot just
// created, and the commit is then lost unless it is retried.
func (c *Committer) judgeClaim(ctx context.Context, snap *spec.Snapshot) (verdict, error) {
	stale, err := c.staleClaim(ctx, snap.ID)
	if err != nil || stale {
		return claimStale, err
	}
	cur, err := c.t.Snapshots.Snapshot(ctx, snap.ID)
	if err != nil {
		return claimNew, err
	}
	if cur.DeltaManifestList != snap.DeltaManifestList {
		return claimReplaced, nil
	}
	return claimNew, nil
}

// staleClaim tells whether the claim of id re-created an expired id: only
// a suspect claim is looked at further.
func (c *Committer) staleClaim(ctx context.Context, id int64) (bool, error) {
	suspect, err := c.claimSuspect(ctx, id)
	if err != nil || !suspect {
		return false, err
	}
	return c.claimStale(ctx, id)
}

// claimSuspect tells whether EARLIEST is above id or the base of id is
// gone: either may mean that id had existed before.
func (c *Committer) claimSuspect(ctx context.Context, id int64) (bool, error) {
	if earliest, ok := c.t.Snapshots.EarliestHint(ctx); ok && earliest > id {
		return true, nil
	}
	if id == 1 {
		return false, nil
	}
	ok, err := c.t.Snapshots.Exists(ctx, id-1)
	return !ok, err
}

// errUnknownOrder is a suspect claim without a snapshot above it that is
// older than it, nor a proof that there is none.
var errUnknownOrder = errors.New("a newer snapshot exists, created at the same time")

// claimStale decides a suspect claim of id by the snapshot files' creation
// times on the storage: stale when a snapshot above id was created before
// it, not stale when there is no snapshot above id, unknown otherwise.
func (c *Committer) claimStale(ctx context.Context, id int64) (bool, error) {
	entries, err := c.t.FS.List(ctx, c.t.Snapshots.Dir())
	if err != nil {
		return false, err
	}
	var mine time.Time
	var above []time.Time
	for _, e := range entries {
		n, ok := schema.ParseFileID(e.Name, "snapshot-")
		switch {
		case !ok || e.IsDir:
		case n == id:
			mine = e.ModTime
		case n > id:
			above = append(above, e.ModTime)
		}
	}
	if len(above) == 0 {
		return false, nil
	}
	if mine.IsZero() {
		return false, fmt.Errorf("snapshot %d was deleted right after its creation", id)
	}
	for _, m := range above {
		if m.Before(mine) {
			return true, nil
		}
	}
	return false, errUnknownOrder
}

// undoClaim deletes snapshot-N when it is still the one snap wrote.
func (c *Committer) undoClaim(ctx context.Context, snap *spec.Snapshot) error {
	cur, err := c.t.Snapshots.Snapshot(ctx, snap.ID)
	if errors.Is(err, snapshot.ErrNoSnapshot) {
		return nil
	}
	if err != nil {
		return err
	}
	if cur.DeltaManifestList != snap.DeltaManifestList {
		return fmt.Errorf("snapshot %d was replaced by another commit", snap.ID)
	}
	if err := c.t.FS.Delete(ctx, c.t.Snapshots.Path(snap.ID)); err != nil {
		return err
	}
	slog.Debug("commit deleted its claim of an expired snapshot id", "table", c.t.FullName(), "path", c.t.Snapshots.Path(snap.ID))
	return nil
}
