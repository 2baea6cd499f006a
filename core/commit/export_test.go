package commit

import (
	"context"
	"errors"
	"slices"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
)

// FilterCommitted returns the identifiers, ascending, that this commit
// user has not committed yet: those above the identifier of the user's
// latest snapshot (Java's filterCommitted). A job that failed with an
// uncertain outcome calls it before committing the same identifiers again.
func (c *Committer) FilterCommitted(ctx context.Context, identifiers []int64) ([]int64, error) {
	ids, err := c.t.Snapshots.IDs(ctx)
	if err != nil {
		return nil, err
	}
	sorted := slices.Sorted(slices.Values(identifiers))
	for i := len(ids) - 1; i >= 0; i-- {
		s, err := c.t.Snapshots.Snapshot(ctx, ids[i])
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if s.CommitUser == c.user {
			var out []int64
			for _, id := range sorted {
				if id > s.CommitIdentifier {
					out = append(out, id)
				}
			}
			return out, nil
		}
	}
	return sorted, nil
}
