package commit

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/stats"
)

// errSnapshotExists reports that another commit created snapshot-N first.
var errSnapshotExists = errors.New("snapshot already exists")

// uncertainError is a failed create of snapshot-N whose outcome is unknown:
// the snapshot may exist. The attempt's files are kept until that is known.
// A final one ends the commit: a retry could not tell it from its own
// success.
type uncertainError struct {
	err   error
	final bool
}

func (e *uncertainError) Error() string { return "uncertain snapshot commit: " + e.err.Error() }
func (e *uncertainError) Unwrap() error { return e.err }

// tryCommit is Java's tryCommit loop: attempt; when snapshot-N was taken or
// its creation failed, wait with exponential backoff and try again on the
// new latest snapshot, until commit.max-retries or commit.timeout. Before a
// retry it looks for a snapshot of this user, identifier and kind created
// since the previous try: then the commit happened already. Conflicts and
// failures while preparing metadata end the loop at once.
//
// After a try whose outcome is unknown, the commit fails as uncertain
// unless the next try is known to be safe: a retry that does not find the
// earlier snapshot although it may have been created (and expired since)
// would commit the same changes twice, and an error of the commit would
// let the caller delete files that snapshot references.
func (c *Committer) tryCommit(ctx context.Context, run *commitRun, cs *commitSpec) (_ *spec.Snapshot, err error) {
	// The commit's own manifests are files in flight too; a caller that
	// wrote data files has its own write under way since before them.
	defer c.t.BeginWrite()()
	start := time.Now()
	var uncertain []*attempt
	unresolved := false // the last uncertain try may have created its snapshot
	defer func() {
		c.cleanUncertain(context.WithoutCancel(ctx), uncertain)
		if err != nil && unresolved && !OutcomeUnknown(err) {
			err = &uncertainError{final: true, err: fmt.Errorf("%w (an earlier try may have created snapshot %d: check the table before writing again)", err, uncertain[len(uncertain)-1].id)}
		}
	}()

	var seen *spec.Snapshot // latest when the previous try failed
	for retry := 0; ; retry++ {
		latest, err := c.t.Snapshots.Latest(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: read latest snapshot: %w", c.t.FullName(), err)
		}
		if retry > 0 {
			done, err := c.findCommitted(ctx, seen, latest, run.identifier, cs.kind)
			if err != nil || done != nil {
				return done, err
			}
		}
		if unresolved {
			if err := c.notCreated(ctx, uncertain[len(uncertain)-1], latest); err != nil {
				return nil, err
			}
			unresolved = false
		}
		snap, att, err := c.tryOnce(ctx, run, cs, latest)
		if err == nil {
			stats.Commits.Add(1)
			return snap, nil
		}
		var unsure *uncertainError
		var conflict *ConflictError
		switch {
		case errors.As(err, &unsure):
			uncertain, unresolved = append(uncertain, att), true
			if unsure.final {
				return nil, err
			}
		case errors.As(err, &conflict):
			stats.CommitConflicts.Add(1)
			return nil, err
		case !c.retryable(ctx, err, latest):
			return nil, err
		}
		seen = latest
		if (c.opts.timeout > 0 && time.Since(start) > c.opts.timeout) || retry >= c.opts.maxRetries {
			return nil, fmt.Errorf("%s: commit failed after %v with %d retries; other jobs may be committing to the table: %w",
				c.t.FullName(), time.Since(start).Round(time.Millisecond), retry, err)
		}
		if err := sleep(ctx, c.retryWait(retry)); err != nil {
			return nil, err
		}
		stats.CommitRetries.Add(1)
	}
}

// retryable tells whether a failed attempt on latest is worth another on
// a fresh latest snapshot: it lost the race for the id, or its base was
// expired meanwhile — also while it read the base's manifests, which the
// expiration deleted.
func (c *Committer) retryable(ctx context.Context, err error, latest *spec.Snapshot) bool {
	if errors.Is(err, errSnapshotExists) || errors.Is(err, errStaleBase) {
		return true
	}
	if !fs.IsNotExist(err) || latest == nil {
		return false
	}
	exists, xerr := c.t.Snapshots.Exists(ctx, latest.ID)
	return xerr == nil && !exists
}

// notCreated checks, before a retry on latest, that the uncertain try a
// did not create its snapshot (findCommitted found none of this commit's):
// snapshot-N is another commit's, or absent while latest is below N. An
// absent snapshot-N with latest at or past it may have been this commit's,
// expired since: a final uncertain error.
func (c *Committer) notCreated(ctx context.Context, a *attempt, latest *spec.Snapshot) error {
	s, err := c.t.Snapshots.Snapshot(ctx, a.id)
	switch {
	case err == nil && s.DeltaManifestList != a.deltaList:
		return nil
	case err == nil:
		return &uncertainError{final: true, err: fmt.Errorf("%s: snapshot %d is this commit's, found only after its retry began: check the table before writing again", c.t.FullName(), a.id)}
	case !errors.Is(err, snapshot.ErrNoSnapshot):
		return err
	case latest == nil || latest.ID < a.id:
		return nil
	}
	return &uncertainError{final: true, err: fmt.Errorf("%s: whether snapshot %d, created and expired meanwhile, was this commit's cannot be told: check the table before writing again", c.t.FullName(), a.id)}
}

// findCommitted looks through the snapshots after seen (all of them when
// seen is nil) up to latest for one by this commit user with the same
// identifier and kind (Java's de-duplication of retried commits).
func (c *Committer) findCommitted(ctx context.Context, seen, latest *spec.Snapshot, identifier int64, kind string) (*spec.Snapshot, error) {
	if latest == nil {
		return nil, nil
	}
	from := int64(1)
	if seen != nil {
		from = seen.ID + 1
	}
	for id := from; id <= latest.ID; id++ {
		s, err := c.t.Snapshots.Snapshot(ctx, id)
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			continue // expired meanwhile
		}
		if err != nil {
			return nil, err
		}
		if s.CommitUser == c.user && s.CommitIdentifier == identifier && s.CommitKind == kind {
			return s, nil
		}
	}
	return nil, nil
}

// cleanUncertain removes the files of attempts whose snapshot creation
// failed without telling whether it happened, once it is known not to have:
// snapshot-N is another commit's (its delta list is not the attempt's), or
// absent with no snapshot at or past N. An absent snapshot-N with later
// ones may have landed and been expired since, while its manifests (the
// merged base ones above all) live on in the later snapshots' lists. When
// that cannot be told, the files stay: deleting files a snapshot might
// reference would corrupt the table, leaving orphans only wastes space.
func (c *Committer) cleanUncertain(ctx context.Context, attempts []*attempt) {
	for _, a := range attempts {
		s, err := c.t.Snapshots.Snapshot(ctx, a.id)
		switch {
		case err == nil && s.DeltaManifestList == a.deltaList:
			continue // it did land
		case err == nil:
			c.removeFiles(ctx, &a.files, fmt.Sprintf("uncertain try: snapshot %d is another commit's", a.id))
		case errors.Is(err, snapshot.ErrNoSnapshot):
			if latest, lerr := c.t.Snapshots.Latest(ctx); lerr == nil && (latest == nil || latest.ID < a.id) {
				c.removeFiles(ctx, &a.files, fmt.Sprintf("uncertain try: snapshot %d was never created (latest below it)", a.id)) // ids only grow
			}
		}
	}
}

// retryWait is Java's RetryWaiter: min-retry-wait doubled per retry, capped
// at max-retry-wait, plus up to 20% random jitter.
func (c *Committer) retryWait(retry int) time.Duration {
	wait := c.opts.maxRetryWait
	if retry < 62 {
		wait = min(c.opts.minRetryWait<<retry, c.opts.maxRetryWait)
		if wait < c.opts.minRetryWait { // overflow
			wait = c.opts.maxRetryWait
		}
	}
	jitter := max(time.Millisecond, wait/5)
	return wait + rand.N(jitter)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
